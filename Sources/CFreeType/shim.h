// FreeType, the font rasteriser (Debian's libfreetype-dev): the snapshot renderer's text. Only
// Sources/Rendering/FreeTypeFace.swift imports this module (`internal import`), with /usr/include/freetype2 on its
// search path (Package.swift). The header only: the library is opened when first used (CLazyLibraries), not linked.
#include <ft2build.h>
#include FT_FREETYPE_H

// The FreeType functions the renderer calls, each as `F(RESULT, NAME, (PARAMETERS), (ARGUMENTS))` with FreeType's own
// prototype. The renderer calls them under names of DnDKit's own, `dndkit_FT_...`, defined in CLazyLibraries
// (FreeType.c) as forwarders to the library opened on first use: FreeType's header declares its functions with default
// visibility, so a forwarder named as FreeType's could not be hidden, and in a program that also uses FreeType (a GTK
// app: Pango, cairo) every FreeType call would reach DnDKit's forwarder. `FT_Init_FreeType` comes first: it loads the
// library.
#define CFREETYPE_FUNCTIONS(F) CFREETYPE_INIT(F) CFREETYPE_REST(F)
#define CFREETYPE_INIT(F) F(FT_Error, FT_Init_FreeType, (FT_Library * library), (library))
#define CFREETYPE_REST(F)                                                                                             \
    F(FT_Error, FT_Done_FreeType, (FT_Library library), (library))                                                    \
    F(FT_Error, FT_New_Face, (FT_Library library, const char *path, FT_Long index, FT_Face *face),                    \
        (library, path, index, face))                                                                                 \
    F(FT_Error, FT_Done_Face, (FT_Face face), (face))                                                                 \
    F(FT_Error, FT_Select_Charmap, (FT_Face face, FT_Encoding encoding), (face, encoding))                            \
    F(FT_Error, FT_Set_Pixel_Sizes, (FT_Face face, FT_UInt width, FT_UInt height), (face, width, height))             \
    F(FT_UInt, FT_Get_Char_Index, (FT_Face face, FT_ULong code), (face, code))                                        \
    F(FT_Error, FT_Load_Glyph, (FT_Face face, FT_UInt index, FT_Int32 flags), (face, index, flags))                   \
    F(FT_Error, FT_Render_Glyph, (FT_GlyphSlot slot, FT_Render_Mode mode), (slot, mode))

#define CFREETYPE_DECLARE(RESULT, NAME, PARAMETERS, ARGUMENTS) RESULT dndkit_##NAME PARAMETERS;
CFREETYPE_FUNCTIONS(CFREETYPE_DECLARE)

// `FT_LOAD_TARGET_LIGHT` is a function-like macro, which Swift cannot import. The flags are fixed here, never read
// from the user's fontconfig settings (hintstyle, antialias, rgba), so that the same text gives the same pixels for
// every user of a machine: outlines only (no embedded bitmaps), FreeType's light auto-hinting (vertical only, whole-
// pixel advances, so letters are evenly spaced at small sizes; the font's own instructions are not run), grey-scale
// anti-aliasing.
static inline FT_Int32 CFreeType_loadFlags(void) {
    return FT_LOAD_NO_BITMAP | FT_LOAD_FORCE_AUTOHINT | FT_LOAD_TARGET_LIGHT;
}
