// The system libmagic's header (Debian's libmagic-dev). The library itself is opened by the first `magic_open`
// (CLazyLibraries), not linked.
#include <magic.h>
