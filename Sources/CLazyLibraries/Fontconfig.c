// fontconfig's functions that the renderer (Sources/Rendering/FreeTypeFace.swift) calls, forwarded to
// libfontconfig.so.1 once `clazy_load(CLAZY_FONTCONFIG)` opened it (CLazyLoader.h says why). Each entry is the
// prototype of <fontconfig/fontconfig.h>, with the arguments passed on: F(RESULT, NAME, (PARAMETERS), (ARGUMENTS)), or
// V(NAME, (PARAMETERS), (ARGUMENTS)) for a function that returns nothing. A new call from Swift needs its line here.
#include "CLazyLoader.h"

#include <fontconfig/fontconfig.h>

#define CLAZY_FONTCONFIG_FUNCTIONS(F, V)                                                                              \
    V(FcConfigDestroy, (FcConfig *config), (config))                                                                  \
    F(FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind), (config, p, kind))              \
    V(FcDefaultSubstitute, (FcPattern *pattern), (pattern))                                                           \
    F(FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result), (config, p, result))              \
    F(FcConfig *, FcInitLoadConfigAndFonts, (void), ())                                                               \
    F(FcPattern *, FcNameParse, (const FcChar8 *name), (name))                                                        \
    V(FcPatternDestroy, (FcPattern *p), (p))                                                                          \
    F(FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i), (p, object, n, i))      \
    F(FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 **s), (p, object, n, s))

#define CLAZY_STATE clazy_fontconfig
CLAZY_DEFINE_STATE("libfontconfig.so.1", CLAZY_FONTCONFIG_FUNCTIONS)

CLAZY_FONTCONFIG_FUNCTIONS(CLAZY_FORWARD, CLAZY_FORWARD_VOID)
