// Opening a shared library when it is first needed rather than at every start (issue 29): the loader that
// CLazyLibraries (libxcb, fontconfig, FreeType: the tool layers) and CLazyMagic (libmagic: ContentTypes) share.
//
// Why: each shared library an executable is linked with is opened, mapped and relocated by the dynamic loader before
// `main`, whatever the command. `dnd-sim types identify PICTURE.png` mapped 20, 13 of them for libraries it never
// calls (Benchmarks/README.md, "Start-up"). So those are not linked: a library's file defines each function DnDKit
// calls in it (the same name and prototype as in the library's header, which the Swift code imports as before through
// CXCB, CFontconfig, CFreeType and CMagic) as a forwarder to the library's own, opened with `dlopen` on first use.
//
// Rules:
// - A library's first use loads it (`clazy_open`), and a caller treats a failure as the library being unavailable (a
//   typed error, or the fallback it has). A forwarder called first loads its library too, and stops the program with
//   a message naming it only when it cannot; it never calls through NULL.
// - The forwarders are hidden (CLAZY_HIDDEN): the executable's own calls bind to them when it is linked, and it never
//   exports them. A program that also uses one of these libraries (a GTK app, whose libX11 calls libxcb and whose
//   Pango calls fontconfig and FreeType, and which links DesktopX11 through DnDKitGTK) keeps reaching the real
//   functions; DnDKit's forwarders load the copy already in the process. FreeType's header declares its functions
//   with default visibility, which a definition cannot narrow, so its forwarders have names of their own
//   (`dndkit_FT_...`, CFreeType's shim.h).
// - Loading runs once per library, under the library's lock. A library whose loading calls back into its own
//   forwarders (none of these four does) would wait on that lock forever.
#pragma once

#include <pthread.h>
#include <stdatomic.h>

/// One library: its name, the functions DnDKit calls in it, and what loading it gave.
struct clazy_state {
    /// The versioned file name `dlopen` looks for (`libxcb.so.1`), as the executable's link would have recorded it.
    const char *soname;
    /// The functions' names, in the order of the library's list.
    const char *const *names;
    /// How many there are.
    int count;
    /// Their addresses in the library once loaded, in the same order.
    void **functions;
    /// Held while loading; `tried` and `problem` are written under it.
    pthread_mutex_t lock;
    /// Whether loading was tried (it is tried once).
    int tried;
    /// 1 once the library and every function were found: set (release) after the table is filled, read (acquire)
    /// before the table is used, so that a thread that did not load it sees the whole table.
    _Atomic int loaded;
    /// Why loading failed, in words.
    char problem[512];
};

/// Loads the library of `state` and every function DnDKit calls in it, once per process (later calls answer at
/// once, from any thread): `dlopen` of its versioned name, then `dlsym` of each function.
///
/// Returns NULL when the library is ready, or why it is not in words (`dlerror`'s text: the file not found, or a
/// function it lacks); the text lives as long as the process.
const char *clazy_open(struct clazy_state *state);

/// The address of function `index` of a library, loaded first if need be; stops the program with a message naming the
/// library if it cannot be loaded (a caller that skipped `clazy_open` and its answer).
void *clazy_function(struct clazy_state *state, int index);

/// The parts of a library's file, for a list of the form `F(RESULT, NAME, (PARAMETERS), (ARGUMENTS))` (with
/// `V(NAME, (PARAMETERS), (ARGUMENTS))` for functions that return nothing). The file names its state first
/// (`#define CLAZY_STATE clazy_xcb`), then `CLAZY_DEFINE_STATE("libxcb.so.1", LIST)` gives the index of each function
/// (`clazy_index_NAME`), the table of names, the table of addresses and the state, and `LIST(CLAZY_FORWARD,
/// CLAZY_FORWARD_VOID)` a forwarder for each: a function of the same name and prototype that calls the library's.
/// Forwarders are hidden: the executable's own calls bind to them when it is linked, and it never exports them, so that
/// a library in the process that calls the real function of the same name (GTK's libX11 calling libxcb, Pango calling
/// fontconfig and FreeType) still reaches the real one, not DnDKit's forwarder.
#define CLAZY_HIDDEN __attribute__((visibility("hidden")))
#define CLAZY_INDEX(RESULT, NAME, PARAMETERS, ARGUMENTS) clazy_index_##NAME,
#define CLAZY_INDEX_VOID(NAME, PARAMETERS, ARGUMENTS) clazy_index_##NAME,
#define CLAZY_NAME(RESULT, NAME, PARAMETERS, ARGUMENTS) #NAME,
#define CLAZY_NAME_VOID(NAME, PARAMETERS, ARGUMENTS) #NAME,
#define CLAZY_DEFINE_STATE(SONAME, LIST)                                                                              \
    enum { LIST(CLAZY_INDEX, CLAZY_INDEX_VOID) clazy_count };                                                         \
    static const char *const clazy_names[] = {LIST(CLAZY_NAME, CLAZY_NAME_VOID)};                                     \
    static void *clazy_functions[clazy_count];                                                                        \
    struct clazy_state CLAZY_STATE = {                                                                                \
        .soname = SONAME,                                                                                             \
        .names = clazy_names,                                                                                         \
        .count = clazy_count,                                                                                         \
        .functions = clazy_functions,                                                                                 \
        .lock = PTHREAD_MUTEX_INITIALIZER,                                                                            \
    };
#define CLAZY_FORWARD(RESULT, NAME, PARAMETERS, ARGUMENTS)                                                            \
    CLAZY_HIDDEN RESULT NAME PARAMETERS {                                                                             \
        RESULT(*function) PARAMETERS = (RESULT(*) PARAMETERS)clazy_function(&CLAZY_STATE, clazy_index_##NAME);        \
        return function ARGUMENTS;                                                                                    \
    }
#define CLAZY_FORWARD_VOID(NAME, PARAMETERS, ARGUMENTS)                                                               \
    CLAZY_HIDDEN void NAME PARAMETERS {                                                                               \
        void(*function) PARAMETERS = (void(*) PARAMETERS)clazy_function(&CLAZY_STATE, clazy_index_##NAME);            \
        function ARGUMENTS;                                                                                           \
    }
