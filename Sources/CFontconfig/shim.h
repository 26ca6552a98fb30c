// fontconfig (Debian's libfontconfig-dev): finds the font file the snapshot renderer draws text with. Only
// Sources/Rendering/FreeTypeFace.swift imports this module. The header only: the library is opened when first used
// (CLazyLibraries), not linked.
#include <fontconfig/fontconfig.h>
