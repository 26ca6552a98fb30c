// FreeType's functions that the renderer (Sources/Rendering/FreeTypeFace.swift) calls, forwarded to libfreetype.so.6
// (CLazyLoader.h says why) under names of DnDKit's own, `dndkit_FT_...` (CFreeType's shim.h lists them and says why).
// `dndkit_FT_Init_FreeType`, which FreeTypeFace calls before any other, loads the library itself and fails as FreeType
// does (a non-zero error, FT_Err_Cannot_Open_Resource) when it cannot, which FreeTypeFace reports as
// `FontError(.unreadable)` (the renderer then draws its built-in font); the others take the library handle it gave.
// Each is checked against FreeType's own declaration (in /usr/include/freetype2, which Package.swift adds to this
// target's search path).
#include "CLazyLoader.h"

#include "../../CFreeType/shim.h"

// The library's list: CFREETYPE_FUNCTIONS under the loader's two-macro form.
#define CLAZY_FREETYPE_LIST(F, V) CFREETYPE_FUNCTIONS(F)
#define CLAZY_STATE clazy_freetype
CLAZY_DEFINE_STATE("libfreetype.so.6", CLAZY_FREETYPE_LIST)

// A forwarder under DnDKit's name, checked against FreeType's own declaration of the function.
#define CLAZY_FREETYPE_FORWARD(RESULT, NAME, PARAMETERS, ARGUMENTS)                                                   \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&NAME), RESULT(*) PARAMETERS),                             \
        #NAME " is forwarded with FreeType's prototype");                                                             \
    CLAZY_HIDDEN RESULT dndkit_##NAME PARAMETERS {                                                                    \
        RESULT(*function) PARAMETERS = (RESULT(*) PARAMETERS)clazy_function(&CLAZY_STATE, clazy_index_##NAME);        \
        return function ARGUMENTS;                                                                                    \
    }

// FT_Init_FreeType loads the library, and fails as FreeType does when it cannot.
_Static_assert(__builtin_types_compatible_p(__typeof__(&FT_Init_FreeType), FT_Error (*)(FT_Library *)),
    "FT_Init_FreeType is forwarded with FreeType's prototype");
CLAZY_HIDDEN FT_Error dndkit_FT_Init_FreeType(FT_Library *library) {
    if (clazy_open(&clazy_freetype) != NULL) return FT_Err_Cannot_Open_Resource;
    FT_Error (*function)(FT_Library *) =
        (FT_Error(*)(FT_Library *))clazy_function(&clazy_freetype, clazy_index_FT_Init_FreeType);
    return function(library);
}

CFREETYPE_REST(CLAZY_FREETYPE_FORWARD)
