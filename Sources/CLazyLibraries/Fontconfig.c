// fontconfig's functions that the renderer (Sources/Rendering/FreeTypeFace.swift) calls, forwarded to
// libfontconfig.so.1 once `clazy_load(CLAZY_FONTCONFIG)` opened it (CLazyLibraries.h says why). Each entry is the
// prototype of <fontconfig/fontconfig.h>, with the arguments passed on: F(RESULT, NAME, (PARAMETERS), (ARGUMENTS)), or
// V(NAME, (PARAMETERS), (ARGUMENTS)) for a function that returns nothing. A new call from Swift needs its line here.
#include "Loader.h"

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

enum { CLAZY_FONTCONFIG_FUNCTIONS(CLAZY_INDEX, CLAZY_INDEX_VOID) clazy_fontconfig_count };

static const char *const clazy_fontconfig_names[] = {CLAZY_FONTCONFIG_FUNCTIONS(CLAZY_NAME, CLAZY_NAME_VOID)};
static void *clazy_fontconfig_functions[clazy_fontconfig_count];

struct clazy_state clazy_fontconfig = {
    .library = CLAZY_FONTCONFIG,
    .soname = "libfontconfig.so.1",
    .names = clazy_fontconfig_names,
    .count = clazy_fontconfig_count,
    .functions = clazy_fontconfig_functions,
    .once = PTHREAD_ONCE_INIT,
};

#define CLAZY_FONTCONFIG_FORWARDER(RESULT, NAME, PARAMETERS, ARGUMENTS)                                              \
    CLAZY_FORWARDER(clazy_fontconfig, RESULT, NAME, PARAMETERS, ARGUMENTS)
#define CLAZY_FONTCONFIG_FORWARDER_VOID(NAME, PARAMETERS, ARGUMENTS)                                                 \
    CLAZY_FORWARDER_VOID(clazy_fontconfig, NAME, PARAMETERS, ARGUMENTS)
CLAZY_FONTCONFIG_FUNCTIONS(CLAZY_FONTCONFIG_FORWARDER, CLAZY_FONTCONFIG_FORWARDER_VOID)
