// The system libpng, found through pkg-config ("libpng", Debian package libpng-dev).
// Only the CPNG target includes this: libpng reports errors with longjmp, which Swift cannot survive.
#include <png.h>
