// Opening the libraries of CLazyLoader.h: one `dlopen` and the `dlsym` of each function, once per process.
#include "CLazyLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/// Opens one library and finds each of its functions; on any failure keeps the reason, leaves the table unused and
/// closes the library again. Runs under the state's lock.
static void clazy_open_locked(struct clazy_state *state) {
    // RTLD_LOCAL: the library's symbols stay out of the global scope, where the forwarders of the same names are; each
    // function is taken from the library's own handle.
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
            dlclose(handle);
            return;
        }
        state->functions[index] = function;
    }
    atomic_store_explicit(&state->loaded, 1, memory_order_release);
}

const char *clazy_open(struct clazy_state *state) {
    if (atomic_load_explicit(&state->loaded, memory_order_acquire)) return NULL;
    pthread_mutex_lock(&state->lock);
    if (!state->tried) {
        state->tried = 1;
        clazy_open_locked(state);
    }
    pthread_mutex_unlock(&state->lock);
    return atomic_load_explicit(&state->loaded, memory_order_acquire) ? NULL : state->problem;
}

void *clazy_function(struct clazy_state *state, int index) {
    if (!atomic_load_explicit(&state->loaded, memory_order_acquire)) {
        // Not loaded yet: a caller that skipped `clazy_open`, or, in a program that also links the library itself,
        // that library calling one of its own exported functions, which the executable's forwarder of the same name
        // interposes. Loading finds the copy already in the process then, and the call goes on to it.
        const char *problem = clazy_open(state);
        if (problem != NULL) {
            fprintf(
                stderr, "%s was called, but %s cannot be loaded: %s\n", state->names[index], state->soname, problem);
            abort();
        }
    }
    return state->functions[index];
}
