// The loader's state for each library, shared by Loader.c and the library's forwarders (XCB.c, Fontconfig.c, Magic.c,
// FreeType.c).
#pragma once
#include "CLazyLibraries.h"

#include <pthread.h>
#include <stdatomic.h>

/// One library: its name, the functions DnDKit calls in it, and what loading it gave.
struct clazy_state {
    /// Which library it is, for `clazy_load`.
    clazy_library library;
    /// The versioned file name `dlopen` looks for (`libxcb.so.1`), as the executable's link would have recorded it.
    const char *soname;
    /// The functions' names, in the order of the library's list.
    const char *const *names;
    /// How many there are.
    int count;
    /// Their addresses in the library once loaded, in the same order.
    void **functions;
    pthread_once_t once;
    /// 1 once the library and every function were found: set (release) after the table is filled, read (acquire)
    /// before the table is used, so that a thread that did not run the `pthread_once` sees the whole table.
    _Atomic int loaded;
    /// Why loading failed, in words.
    char problem[512];
};

extern struct clazy_state clazy_xcb;
extern struct clazy_state clazy_fontconfig;
extern struct clazy_state clazy_magic;
extern struct clazy_state clazy_freetype;

/// The address of function `index` of a library, loaded first if need be; stops the program with a message naming the
/// library if it cannot be loaded (a caller that skipped `clazy_load` and its answer).
void *clazy_function(struct clazy_state *state, int index);

/// The parts of a library's file, for a list of the form `F(RESULT, NAME, (PARAMETERS), (ARGUMENTS))` (with
/// `V(NAME, (PARAMETERS), (ARGUMENTS))` for functions that return nothing). The file names its state first
/// (`#define CLAZY_STATE clazy_xcb`), then `CLAZY_DEFINE_STATE(CLAZY_XCB, "libxcb.so.1", LIST)` gives the index of each
/// function (`clazy_index_NAME`), the table of names, the table of addresses and the state, and `LIST(CLAZY_FORWARD,
/// CLAZY_FORWARD_VOID)` a forwarder for each: a function of the same name and prototype that calls the library's.
#define CLAZY_INDEX(RESULT, NAME, PARAMETERS, ARGUMENTS) clazy_index_##NAME,
#define CLAZY_INDEX_VOID(NAME, PARAMETERS, ARGUMENTS) clazy_index_##NAME,
#define CLAZY_NAME(RESULT, NAME, PARAMETERS, ARGUMENTS) #NAME,
#define CLAZY_NAME_VOID(NAME, PARAMETERS, ARGUMENTS) #NAME,
#define CLAZY_DEFINE_STATE(LIBRARY, SONAME, LIST)                                                                     \
    enum { LIST(CLAZY_INDEX, CLAZY_INDEX_VOID) clazy_count };                                                         \
    static const char *const clazy_names[] = {LIST(CLAZY_NAME, CLAZY_NAME_VOID)};                                     \
    static void *clazy_functions[clazy_count];                                                                        \
    struct clazy_state CLAZY_STATE = {                                                                                \
        .library = LIBRARY,                                                                                           \
        .soname = SONAME,                                                                                             \
        .names = clazy_names,                                                                                         \
        .count = clazy_count,                                                                                         \
        .functions = clazy_functions,                                                                                 \
        .once = PTHREAD_ONCE_INIT,                                                                                    \
    };
#define CLAZY_FORWARD(RESULT, NAME, PARAMETERS, ARGUMENTS)                                                            \
    RESULT NAME PARAMETERS {                                                                                          \
        RESULT(*function) PARAMETERS = (RESULT(*) PARAMETERS)clazy_function(&CLAZY_STATE, clazy_index_##NAME);        \
        return function ARGUMENTS;                                                                                    \
    }
#define CLAZY_FORWARD_VOID(NAME, PARAMETERS, ARGUMENTS)                                                               \
    void NAME PARAMETERS {                                                                                            \
        void(*function) PARAMETERS = (void(*) PARAMETERS)clazy_function(&CLAZY_STATE, clazy_index_##NAME);            \
        function ARGUMENTS;                                                                                           \
    }
