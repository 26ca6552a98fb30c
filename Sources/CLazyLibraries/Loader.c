// Opening the libraries of CLazyLibraries.h: one `dlopen` and the `dlsym` of each function, once per process.
#include "Loader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static struct clazy_state *clazy_state_of(clazy_library library) {
    switch (library) {
    case CLAZY_XCB: return &clazy_xcb;
    case CLAZY_FONTCONFIG: return &clazy_fontconfig;
    case CLAZY_MAGIC: return &clazy_magic;
    case CLAZY_FREETYPE: return &clazy_freetype;
    }
    return NULL;
}

/// Opens one library and finds each of its functions; on any failure keeps the reason and leaves the table empty.
static void clazy_open(struct clazy_state *state) {
    // RTLD_LOCAL: the library's symbols stay out of the global scope, where this target's forwarders of the same
    // names are; each function is taken from the library's own handle.
    void *handle = dlopen(state->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *error = dlerror();
        snprintf(state->problem, sizeof state->problem, "%s", error ? error : state->soname);
        return;
    }
    for (int index = 0; index < state->count; index++) {
        void *function = dlsym(handle, state->names[index]);
        if (function == NULL) {
            snprintf(
                state->problem, sizeof state->problem, "%s has no function %s", state->soname, state->names[index]);
            return;
        }
        state->functions[index] = function;
    }
    atomic_store_explicit(&state->loaded, 1, memory_order_release);
}

// pthread_once takes a function without arguments: one for each library.
static void clazy_open_xcb(void) { clazy_open(&clazy_xcb); }
static void clazy_open_fontconfig(void) { clazy_open(&clazy_fontconfig); }
static void clazy_open_magic(void) { clazy_open(&clazy_magic); }
static void clazy_open_freetype(void) { clazy_open(&clazy_freetype); }

const char *clazy_load(clazy_library library) {
    switch (library) {
    case CLAZY_XCB: pthread_once(&clazy_xcb.once, clazy_open_xcb); break;
    case CLAZY_FONTCONFIG: pthread_once(&clazy_fontconfig.once, clazy_open_fontconfig); break;
    case CLAZY_MAGIC: pthread_once(&clazy_magic.once, clazy_open_magic); break;
    case CLAZY_FREETYPE: pthread_once(&clazy_freetype.once, clazy_open_freetype); break;
    default: return "no such library";
    }
    struct clazy_state *state = clazy_state_of(library);
    return atomic_load_explicit(&state->loaded, memory_order_acquire) ? NULL : state->problem;
}

void *clazy_function(struct clazy_state *state, int index) {
    if (!atomic_load_explicit(&state->loaded, memory_order_acquire)) {
        // Not loaded by this target yet: a caller that skipped `clazy_load`, or, in a program that also links the
        // library itself (a GTK app links fontconfig, FreeType and libxcb), that library calling one of its own
        // exported functions, which the executable's forwarder of the same name interposes. Loading finds the copy
        // already in the process then, and the call goes on to it.
        const char *problem = clazy_load(state->library);
        if (problem != NULL) {
            fprintf(
                stderr, "%s was called, but %s cannot be loaded: %s\n", state->names[index], state->soname, problem);
            abort();
        }
    }
    return state->functions[index];
}
