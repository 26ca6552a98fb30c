// Shared libraries that only some commands use, loaded when first needed rather than at every start: libxcb (the X11
// host) and fontconfig (the renderer's font look-up).
//
// Why: each shared library an executable is linked with is opened, mapped and relocated by the dynamic loader before
// `main`, whatever the command. libxcb (with libXau, libXdmcp, libbsd and libmd) and fontconfig (with expat) cost
// `dnd-sim types identify FILE` about 0.5 ms of its start-up (issue 29; Benchmarks/README.md, "Start-up"), and that
// command never calls them. So the executable is not linked with them: this target defines each function DnDKit calls
// (the same name and prototype as in the library's header, which the Swift code imports as before through CXCB and
// CFontconfig) as a forwarder to the library's own, opened with `dlopen` on the first call of `clazy_load`.
//
// Rules: call `clazy_load` before the first call into a library, and treat a non-NULL answer as the library being
// unavailable (a typed error, or the fallback the caller has). A forwarder called while its library is not loaded
// stops the program with a message naming the library (a caller that skipped `clazy_load`), never calls through NULL.
// A function newly called from Swift fails to link ("undefined reference to `xcb_...`") until it is added to its
// library's list (CLAZY_XCB_FUNCTIONS in XCB.c, CLAZY_FONTCONFIG_FUNCTIONS in Fontconfig.c).
#pragma once

/// A library this target loads on first use.
typedef enum {
    /// libxcb.so.1, the X11 protocol library (the desktop host).
    CLAZY_XCB = 0,
    /// libfontconfig.so.1, which finds the font the renderer draws text with.
    CLAZY_FONTCONFIG = 1,
} clazy_library;

/// Loads `library` and every function DnDKit calls in it, once per process (later calls answer at once, from any
/// thread): `dlopen` of its versioned name, then `dlsym` of each function.
///
/// Returns NULL when the library is ready, or why it is not in words (`dlerror`'s text: the file not found, or a
/// function it lacks); the text lives as long as the process.
const char *clazy_load(clazy_library library);
