// FreeType, the font rasteriser (Debian's libfreetype-dev): the snapshot renderer's text. Only
// Sources/Rendering/FreeTypeFace.swift imports this module (`internal import`), with /usr/include/freetype2 on its
// search path (Package.swift). The header only: the library is opened when first used (CLazyLibraries), not linked.
#include <ft2build.h>
#include FT_FREETYPE_H

// `FT_LOAD_TARGET_LIGHT` is a function-like macro, which Swift cannot import. The flags are fixed here, never read
// from the user's fontconfig settings (hintstyle, antialias, rgba), so that the same text gives the same pixels for
// every user of a machine: outlines only (no embedded bitmaps), FreeType's light auto-hinting (vertical only, whole-
// pixel advances, so letters are evenly spaced at small sizes; the font's own instructions are not run), grey-scale
// anti-aliasing.
static inline FT_Int32 CFreeType_loadFlags(void) {
    return FT_LOAD_NO_BITMAP | FT_LOAD_FORCE_AUTOHINT | FT_LOAD_TARGET_LIGHT;
}
