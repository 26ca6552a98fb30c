// Reading another program's bytes fast: the pipe under a GIO stream, and memory that grows by remapping. Here because
// Swift cannot import what they need: `mremap` is variadic, `MAP_FAILED` a cast macro, `F_SETPIPE_SZ` and
// `MREMAP_MAYMOVE` need _GNU_SOURCE, and GUnixInputStream's header is not on gtk4's include path.
#define _GNU_SOURCE 1

#include "CDnDKitGTK.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

int dndkit_stream_pipe_fd(GInputStream *stream) {
    // GUnixInputStream's header (gio/gunixinputstream.h) is in gio-unix-2.0, which gtk4's pkg-config does not put on
    // the include path: its type is found by name and its descriptor read through its "fd" property.
    GType unix_stream = g_type_from_name("GUnixInputStream");
    if (stream == NULL || unix_stream == 0 || !G_TYPE_CHECK_INSTANCE_TYPE(stream, unix_stream)) {
        return -1;
    }
    int fd = -1;
    g_object_get(stream, "fd", &fd, NULL);
    struct stat status;
    if (fd < 0 || fstat(fd, &status) != 0 || !S_ISFIFO(status.st_mode)) {
        return -1;
    }
    return fd;
}

int dndkit_pipe_prepare(int fd, int size) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
        return -1;
    }
    int current = fcntl(fd, F_GETPIPE_SZ);
    if (current < 0) {
        return -1;
    }
    // Past /proc/sys/fs/pipe-max-size or the user's pipe budget (EPERM), or smaller than what the pipe holds (EBUSY):
    // half as much, down to the size it has.
    for (int wanted = size; wanted > current; wanted /= 2) {
        int got = fcntl(fd, F_SETPIPE_SZ, wanted);
        if (got >= 0) {
            return got;
        }
        if (errno != EPERM && errno != EBUSY) {
            break;
        }
    }
    return current;
}

gssize dndkit_pipe_read(int fd, void *buffer, gsize count) {
    ssize_t got;
    do {
        got = read(fd, buffer, count);
    } while (got < 0 && errno == EINTR);
    if (got < 0 && errno == EWOULDBLOCK) {
        errno = EAGAIN;
    }
    return got;
}

void *dndkit_memory_map(gsize size) {
    void *address = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return address == MAP_FAILED ? NULL : address;
}

void *dndkit_memory_remap(void *address, gsize old_size, gsize new_size) {
    void *moved = mremap(address, old_size, new_size, MREMAP_MAYMOVE);
    return moved == MAP_FAILED ? NULL : moved;
}

int dndkit_memory_populate(void *address, gsize size) {
    return madvise(address, size, MADV_POPULATE_WRITE);
}

int dndkit_memory_shrink(void *address, gsize old_size, gsize new_size) {
    return mremap(address, old_size, new_size, 0) == MAP_FAILED ? -1 : 0;
}
