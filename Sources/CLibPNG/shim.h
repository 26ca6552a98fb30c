// The system libpng, found through pkg-config ("libpng", Debian package libpng-dev), and the zlib it is
// built on (CPNG inflates and deflates the compressed ancillary chunks with it).
// Only the CPNG target includes this: libpng reports errors with longjmp, which Swift cannot survive.
#include <png.h>
#include <zlib.h>
