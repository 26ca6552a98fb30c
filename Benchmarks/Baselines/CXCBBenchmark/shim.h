// libxcb for the desktop benchmarks' own X client: the program that measures the window's answers from outside.
#include <poll.h>
#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb/xproto.h>
