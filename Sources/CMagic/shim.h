// The system libmagic, found through pkg-config ("libmagic", Debian package libmagic-dev).
#include <magic.h>
