// fontconfig (Debian's libfontconfig-dev): finds the font file the snapshot renderer draws text with. Only
// Sources/Rendering/FreeTypeFace.swift imports this module.
#include <fontconfig/fontconfig.h>
