#include "CDnDKitGTK.h"

#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>

// libdispatch's hooks for a run loop that drains the main queue (on Linux the handle is an eventfd that libdispatch
// signals when work is queued). Exported by libdispatch.so, declared in no installed header.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean drain_main_queue(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    uint64_t count = 0;
    // Reset the eventfd before draining, so work queued while draining signals it again.
    ssize_t got = read(fd, &count, sizeof count);
    (void)got;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

static void drain_once(gpointer data) {
    (void)data;
    _dispatch_main_queue_callback_4CF(NULL);
}

void dndkit_main_queue_source_install(void) {
    static gsize installed = 0;
    if (g_once_init_enter(&installed)) {
        int fd = _dispatch_get_main_queue_handle_4CF();
        g_unix_fd_add(fd, G_IO_IN, drain_main_queue, NULL);
        // Work queued before the handle existed signalled nothing: drain once when the loop first runs.
        g_idle_add_once(drain_once, NULL);
        g_once_init_leave(&installed, 1);
    }
}
