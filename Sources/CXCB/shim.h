// libxcb, the X11 protocol library (Debian's libxcb1-dev): the only code DnDKit's desktop host talks to X with. The
// header only: the library is opened when first used (CLazyLibraries), not linked.
#include <poll.h>
#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb/xproto.h>
