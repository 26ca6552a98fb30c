// FreeType's functions that the renderer (Sources/Rendering/FreeTypeFace.swift) calls, forwarded to libfreetype.so.6
// (CLazyLoader.h says why). `FT_Init_FreeType`, which FreeTypeFace calls before any other, loads the library itself
// and fails as FreeType does (a non-zero error, FT_Err_Cannot_Open_Resource) when it cannot, which FreeTypeFace
// reports as `FontError(.unreadable)` (the renderer then draws its built-in font); the others take the library handle
// it gave. Each entry is the prototype of FreeType's header (found in /usr/include/freetype2, which Package.swift adds
// to this target's search path), so the compiler checks each forwarder against it.
#include "CLazyLoader.h"

#include <ft2build.h>
#include FT_FREETYPE_H

#define CLAZY_FREETYPE_INIT(F, V) F(FT_Error, FT_Init_FreeType, (FT_Library * library), (library))
#define CLAZY_FREETYPE_FUNCTIONS(F, V)                                                                                \
    F(FT_Error, FT_Done_FreeType, (FT_Library library), (library))                                                    \
    F(FT_Error, FT_New_Face, (FT_Library library, const char *path, FT_Long index, FT_Face *face),                    \
        (library, path, index, face))                                                                                 \
    F(FT_Error, FT_Done_Face, (FT_Face face), (face))                                                                 \
    F(FT_Error, FT_Select_Charmap, (FT_Face face, FT_Encoding encoding), (face, encoding))                            \
    F(FT_Error, FT_Set_Pixel_Sizes, (FT_Face face, FT_UInt width, FT_UInt height), (face, width, height))             \
    F(FT_UInt, FT_Get_Char_Index, (FT_Face face, FT_ULong code), (face, code))                                        \
    F(FT_Error, FT_Load_Glyph, (FT_Face face, FT_UInt index, FT_Int32 flags), (face, index, flags))                   \
    F(FT_Error, FT_Render_Glyph, (FT_GlyphSlot slot, FT_Render_Mode mode), (slot, mode))

#define CLAZY_STATE clazy_freetype
#define CLAZY_FREETYPE_FUNCTIONS_ALL(F, V) CLAZY_FREETYPE_INIT(F, V) CLAZY_FREETYPE_FUNCTIONS(F, V)
CLAZY_DEFINE_STATE("libfreetype.so.6", CLAZY_FREETYPE_FUNCTIONS_ALL)

FT_Error FT_Init_FreeType(FT_Library *library) {
    if (clazy_open(&clazy_freetype) != NULL) return FT_Err_Cannot_Open_Resource;
    FT_Error (*function)(FT_Library *) =
        (FT_Error(*)(FT_Library *))clazy_function(&clazy_freetype, clazy_index_FT_Init_FreeType);
    return function(library);
}

CLAZY_FREETYPE_FUNCTIONS(CLAZY_FORWARD, CLAZY_FORWARD_VOID)
