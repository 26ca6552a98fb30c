// Reading another program's bytes fast: the pipe under a GIO stream, memory that grows by remapping, and a thread that
// faults it in ahead of the reads. Here because Swift cannot import what they need: `mremap` is variadic, `MAP_FAILED`
// a cast macro, `F_SETPIPE_SZ` and `MREMAP_MAYMOVE` need _GNU_SOURCE, and GUnixInputStream's header is not on gtk4's
// include path; and the populator is a plain thread (not Swift's pool, after which libdispatch wakes an idle process
// every second) that must be joined before its mapping moves.
#define _GNU_SOURCE 1

#include "CDnDKitGTK.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
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

// The populator: one thread per large read, which the reader tells how far it has read; everything it shares with the
// reader is under `lock`. It works on `[populated, goal)` with the lock released, one step at a time, so a stop waits
// for one step at most (1 MiB: about 0.5 ms here).
struct DnDKitPopulator {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t moved;
    char *base;
    gsize page;
    gsize capacity;  // a whole number of pages
    gsize populated; // bytes from the start faulted in, a whole number of pages
    gsize read;      // bytes the reader has read
    int stop;
};

enum { populator_step = 1 << 20, populator_most_ahead = 16 << 20 };

static gsize populator_goal(const DnDKitPopulator *populator) {
    gsize ahead = populator->read < populator_step ? populator_step : populator->read;
    if (ahead > populator_most_ahead) ahead = populator_most_ahead;
    gsize goal = (populator->read + ahead + populator->page - 1) / populator->page * populator->page;
    return goal < populator->capacity ? goal : populator->capacity;
}

static void *populator_run(void *argument) {
    DnDKitPopulator *populator = argument;
    pthread_mutex_lock(&populator->lock);
    while (!populator->stop) {
        gsize goal = populator_goal(populator);
        if (populator->populated >= goal) {
            pthread_cond_wait(&populator->moved, &populator->lock);
            continue;
        }
        gsize start = populator->populated;
        gsize size = goal - start < populator_step ? goal - start : populator_step;
        pthread_mutex_unlock(&populator->lock);
        int failed = madvise(populator->base + start, size, MADV_POPULATE_WRITE) != 0;
        pthread_mutex_lock(&populator->lock);
        if (failed) break; // an older kernel: the reader's copies fault the pages in
        populator->populated = start + size;
    }
    pthread_mutex_unlock(&populator->lock);
    return NULL;
}

DnDKitPopulator *dndkit_populator_start(void *base, gsize populated, gsize capacity) {
    DnDKitPopulator *populator = calloc(1, sizeof *populator);
    if (populator == NULL) return NULL;
    long page = sysconf(_SC_PAGESIZE);
    populator->page = page > 0 ? (gsize)page : 4096;
    gsize whole = populated / populator->page * populator->page;
    populator->base = base;
    populator->capacity = capacity;
    populator->populated = whole < capacity ? whole : capacity;
    populator->read = populated;
    pthread_mutex_init(&populator->lock, NULL);
    pthread_cond_init(&populator->moved, NULL);
    if (pthread_create(&populator->thread, NULL, populator_run, populator) != 0) {
        pthread_cond_destroy(&populator->moved);
        pthread_mutex_destroy(&populator->lock);
        free(populator);
        return NULL;
    }
    return populator;
}

void dndkit_populator_advance(DnDKitPopulator *populator, gsize count) {
    pthread_mutex_lock(&populator->lock);
    populator->read = count;
    pthread_cond_signal(&populator->moved);
    pthread_mutex_unlock(&populator->lock);
}

gsize dndkit_populator_stop(DnDKitPopulator *populator) {
    pthread_mutex_lock(&populator->lock);
    populator->stop = 1;
    pthread_cond_signal(&populator->moved);
    pthread_mutex_unlock(&populator->lock);
    pthread_join(populator->thread, NULL);
    gsize populated = populator->populated;
    pthread_cond_destroy(&populator->moved);
    pthread_mutex_destroy(&populator->lock);
    free(populator);
    return populated;
}
