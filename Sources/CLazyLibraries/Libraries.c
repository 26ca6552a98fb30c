// `clazy_load`: which state each library of CLazyLibraries.h has.
#include "CLazyLibraries.h"

#include "CLazyLoader.h"

extern struct clazy_state clazy_xcb;
extern struct clazy_state clazy_fontconfig;
extern struct clazy_state clazy_freetype;

const char *clazy_load(clazy_library library) {
    switch (library) {
    case CLAZY_XCB: return clazy_open(&clazy_xcb);
    case CLAZY_FONTCONFIG: return clazy_open(&clazy_fontconfig);
    case CLAZY_FREETYPE: return clazy_open(&clazy_freetype);
    }
    return "no such library";
}
