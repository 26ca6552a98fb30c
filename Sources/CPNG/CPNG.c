#include "CPNG.h"

#include <png.h>

const char *cpng_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}
