// libmagic's functions that ContentTypes (Sources/ContentTypes/Sniffing/MagicHandle.swift) calls, forwarded to
// libmagic.so.1 (CLazyLoader.h says why): identifying a PNG or any file the built-in signatures answer never opens
// it. `magic_open`, which MagicHandle calls before any other, loads the library itself and fails as libmagic documents
// (NULL, with errno set: ELIBACC) when it cannot, which MagicHandle reports as `libmagicUnavailable`; the others take
// the handle it returned. Each entry is the prototype of <magic.h>, with the arguments passed on.
#include "CLazyLoader.h"

#include <errno.h>
#include <magic.h>
#include <stddef.h>

#define CLAZY_MAGIC_OPEN(F, V) F(magic_t, magic_open, (int flags), (flags))
#define CLAZY_MAGIC_FUNCTIONS(F, V)                                                                                   \
    V(magic_close, (magic_t cookie), (cookie))                                                                        \
    F(const char *, magic_buffer, (magic_t cookie, const void *buffer, size_t length), (cookie, buffer, length))       \
    F(const char *, magic_error, (magic_t cookie), (cookie))                                                          \
    F(int, magic_load, (magic_t cookie, const char *filename), (cookie, filename))

#define CLAZY_STATE clazy_magic
#define CLAZY_MAGIC_FUNCTIONS_ALL(F, V) CLAZY_MAGIC_OPEN(F, V) CLAZY_MAGIC_FUNCTIONS(F, V)
CLAZY_DEFINE_STATE("libmagic.so.1", CLAZY_MAGIC_FUNCTIONS_ALL)

CLAZY_HIDDEN magic_t magic_open(int flags) {
    if (clazy_open(&clazy_magic) != NULL) {
        errno = ELIBACC;
        return NULL;
    }
    magic_t (*function)(int) = (magic_t(*)(int))clazy_function(&clazy_magic, clazy_index_magic_open);
    return function(flags);
}

CLAZY_MAGIC_FUNCTIONS(CLAZY_FORWARD, CLAZY_FORWARD_VOID)
