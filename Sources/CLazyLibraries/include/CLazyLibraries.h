// Shared libraries that only some commands use, loaded when first needed rather than at every start: libxcb (the X11
// host), fontconfig and FreeType (the renderer's text) and libmagic (identifying what the built-in signatures do not).
//
// Why: each shared library an executable is linked with is opened, mapped and relocated by the dynamic loader before
// `main`, whatever the command. libxcb (with libXau, libXdmcp, libbsd and libmd), fontconfig (with expat), FreeType
// (with two brotli libraries) and libmagic (with liblzma and libbz2) were 13 of the 20 that `dnd-sim types identify
// PICTURE.png` mapped, and it calls none of them (issue 29; Benchmarks/README.md, "Start-up"). So nothing is linked
// with them: this target defines each function DnDKit calls (the same name and prototype as in the library's header,
// which the Swift code imports as before through CXCB, CFontconfig, CFreeType and CMagic) as a forwarder to the
// library's own, opened with `dlopen` on first use.
//
// Rules: call `clazy_load` before the first call into libxcb or fontconfig, and treat a non-NULL answer as the library
// being unavailable (a typed error, or the fallback the caller has); `magic_open` and `FT_Init_FreeType` load their
// library themselves and fail as the library documents when they cannot. Any other forwarder loads its library too if
// need be, and stops the program with a message naming it only when it cannot (a caller that skipped `clazy_load`);
// it never calls through NULL. So a program that also links one of these libraries itself (a GTK app: GTK links
// fontconfig, FreeType and, through libX11, libxcb), where the library's own calls of its exported functions may reach
// the executable's forwarders of the same names, works as before: they load the copy already in the process and call
// on to it. A function newly called from Swift fails to link ("undefined reference to `xcb_...`") until it is
// added to its library's list (CLAZY_XCB_FUNCTIONS in XCB.c, CLAZY_FONTCONFIG_FUNCTIONS in Fontconfig.c,
// CLAZY_FREETYPE_FUNCTIONS in FreeType.c, CLAZY_MAGIC_FUNCTIONS in Magic.c).
#pragma once

/// A library this target loads on first use.
typedef enum {
    /// libxcb.so.1, the X11 protocol library (the desktop host).
    CLAZY_XCB = 0,
    /// libfontconfig.so.1, which finds the font the renderer draws text with.
    CLAZY_FONTCONFIG = 1,
    /// libmagic.so.1, which identifies what the built-in signatures do not (text, for one). `magic_open` loads it.
    CLAZY_MAGIC = 2,
    /// libfreetype.so.6, which draws the renderer's text. `FT_Init_FreeType` loads it.
    CLAZY_FREETYPE = 3,
} clazy_library;

/// Loads `library` and every function DnDKit calls in it, once per process (later calls answer at once, from any
/// thread): `dlopen` of its versioned name, then `dlsym` of each function.
///
/// Returns NULL when the library is ready, or why it is not in words (`dlerror`'s text: the file not found, or a
/// function it lacks); the text lives as long as the process.
const char *clazy_load(clazy_library library);
