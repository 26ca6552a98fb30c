// FreeType's functions that the renderer (Sources/Rendering/FreeTypeFace.swift) calls, forwarded to libfreetype.so.6
// (CLazyLibraries.h says why). `FT_Init_FreeType`, which FreeTypeFace calls before any other, loads the library itself
// and fails as FreeType does (a non-zero error, 1: "cannot open resource") when it cannot, which FreeTypeFace reports
// as `FontError(.unreadable)` (the renderer then draws its built-in font); the others take the library handle it gave.
//
// The prototypes are written with the C types FreeType's own stand for (FT_Error is int, FT_UInt unsigned int,
// FT_Long long, FT_ULong unsigned long, FT_Int32 a 32-bit int, FT_Encoding and FT_Render_Mode enumerations passed as
// int, FT_Library, FT_Face and FT_GlyphSlot pointers), not with <ft2build.h>: its directory (/usr/include/freetype2)
// is not on this target's search path, and adding it would need an unsafe flag in a target the library products use.
#include "Loader.h"

#include <stdint.h>

#define CLAZY_FREETYPE_INIT(F, V) F(int, FT_Init_FreeType, (void **library), (library))
#define CLAZY_FREETYPE_FUNCTIONS(F, V)                                                                                \
    F(int, FT_Done_FreeType, (void *library), (library))                                                              \
    F(int, FT_New_Face, (void *library, const char *path, long index, void **face), (library, path, index, face))     \
    F(int, FT_Done_Face, (void *face), (face))                                                                        \
    F(int, FT_Select_Charmap, (void *face, int encoding), (face, encoding))                                           \
    F(int, FT_Set_Pixel_Sizes, (void *face, unsigned int width, unsigned int height), (face, width, height))          \
    F(unsigned int, FT_Get_Char_Index, (void *face, unsigned long code), (face, code))                                \
    F(int, FT_Load_Glyph, (void *face, unsigned int index, int32_t flags), (face, index, flags))                      \
    F(int, FT_Render_Glyph, (void *slot, int mode), (slot, mode))

#define CLAZY_STATE clazy_freetype
#define CLAZY_FREETYPE_FUNCTIONS_ALL(F, V) CLAZY_FREETYPE_INIT(F, V) CLAZY_FREETYPE_FUNCTIONS(F, V)
CLAZY_DEFINE_STATE(CLAZY_FREETYPE, "libfreetype.so.6", CLAZY_FREETYPE_FUNCTIONS_ALL)

int FT_Init_FreeType(void **library) {
    if (clazy_load(CLAZY_FREETYPE) != NULL) return 1;  // FT_Err_Cannot_Open_Resource
    int (*function)(void **) = (int (*)(void **))clazy_function(&clazy_freetype, clazy_index_FT_Init_FreeType);
    return function(library);
}

CLAZY_FREETYPE_FUNCTIONS(CLAZY_FORWARD, CLAZY_FORWARD_VOID)
