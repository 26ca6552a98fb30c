// libxcb (the X11 host), fontconfig and FreeType (the renderer's text), opened with `dlopen` when a command first
// needs them rather than linked (CLazyLoader.h says why and how). The tool layers use this target (DesktopX11 and
// Rendering; DnDKitGTK links them for its X11 pastes); its forwarders are hidden, so that another library in the
// same process (GTK's) never calls them.
//
// Call `clazy_load` before the first call into libxcb or fontconfig, and treat a non-NULL answer as the library being
// unavailable; `dndkit_FT_Init_FreeType` loads FreeType itself and fails as FreeType documents when it cannot. A
// function newly called from Swift fails to link ("undefined reference to `xcb_...`") until it is added to its
// library's list (CLAZY_XCB_FUNCTIONS in XCB.c, CLAZY_FONTCONFIG_FUNCTIONS in Fontconfig.c, CFREETYPE_FUNCTIONS in
// CFreeType's shim.h).
#pragma once

/// A library this target loads on first use.
typedef enum {
    /// libxcb.so.1, the X11 protocol library (the desktop host).
    CLAZY_XCB = 0,
    /// libfontconfig.so.1, which finds the font the renderer draws text with.
    CLAZY_FONTCONFIG = 1,
    /// libfreetype.so.6, which draws the renderer's text. `FT_Init_FreeType` loads it.
    CLAZY_FREETYPE = 2,
} clazy_library;

/// Loads `library` and every function DnDKit calls in it, once per process (later calls answer at once, from any
/// thread).
///
/// Returns NULL when the library is ready, or why it is not in words (`dlerror`'s text: the file not found, or a
/// function it lacks); the text lives as long as the process.
const char *clazy_load(clazy_library library);
