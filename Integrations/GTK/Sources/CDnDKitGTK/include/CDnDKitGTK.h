// The C that DnDKitGTK needs and Swift cannot write well. Three things:
//
// 1. A GdkContentProvider subclass whose formats and data come from Swift. GObject subclasses are declared with
//    macros (G_DEFINE_TYPE, G_TYPE_CHECK_INSTANCE_CAST) that Swift cannot import; here they are the usual
//    boilerplate, and every decision (which formats, what bytes) is Swift's, through two function pointers.
// 2. The GLib source that runs libdispatch's main queue inside GTK's main loop. The entry points it needs
//    (`_dispatch_get_main_queue_handle_4CF`, `_dispatch_main_queue_callback_4CF`, the pair swift-corelibs-foundation's
//    RunLoop uses) are exported by libdispatch but declared in no header Swift can import; they are declared here.
// 3. Reading another program's bytes: the pipe under a GIO stream (F_SETPIPE_SZ, O_NONBLOCK) and memory that grows
//    by remapping (`mremap` is variadic, `MAP_FAILED` a cast macro), used by DnDKitGTK's read buffer.
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/// What a DnDKit content provider asks of Swift.
typedef struct {
    /// Swift's state for the provider, released through `release` when the provider is finalized.
    void *context;
    /// Produce `mime_type` and complete `task` with `dndkit_task_return_bytes` or `dndkit_task_return_error`
    /// (exactly once; the task is Swift's reference until then). Called on GTK's thread.
    void (*write)(void *context, const char *mime_type, GTask *task);
    /// Release `context`.
    void (*release)(void *context);
} DnDKitProviderCallbacks;

/// A lazy content provider offering `mime_types` (`count` of them, copied), producing each only when a receiver
/// reads it, through `callbacks.write`.
GdkContentProvider *dndkit_content_provider_new(const char *const *mime_types, gsize count,
                                                DnDKitProviderCallbacks callbacks);

/// Completes a write: the bytes (copied) are written to the receiver's stream, then the task returns TRUE (or the
/// stream's error). Takes the task's reference.
void dndkit_task_return_bytes(GTask *task, const void *bytes, gsize length);

/// Fails a write with `message` (G_IO_ERROR_FAILED). Takes the task's reference.
void dndkit_task_return_error(GTask *task, const char *message);

/// Cancels a drag as failed (emits its `cancel` signal with GDK_DRAG_CANCEL_ERROR, a variadic call Swift cannot
/// make): the drag source hears `drag-cancel`, then `drag-end`.
void dndkit_drag_cancel(GdkDrag *drag);

/// Makes Escape cancel `drag` under X11 (GTK 4.8's X11 drag grabs the key but drops what the grab brings): until
/// ``dndkit_drag_unwatch_escape`` or the drag's end, an Escape press emits its `cancel`
/// (GDK_DRAG_CANCEL_USER_CANCELLED). Does nothing on other displays.
void dndkit_drag_watch_escape(GdkDrag *drag);

/// Stops watching Escape for `drag`.
void dndkit_drag_unwatch_escape(GdkDrag *drag);

/// Whether the program dragging `drop` is gone: under X11, nobody owns XdndSelection any more (the source died
/// mid-drag, and no XdndLeave will come). FALSE on other displays, whose compositor ends such drops itself.
gboolean dndkit_drop_source_gone(GdkDrop *drop);

/// Whether `drag` runs on an X11 display.
gboolean dndkit_drag_is_x11(GdkDrag *drag);

/// The name of `display` (`:0`) when it is an X11 display, else NULL. Owned by GDK.
const char *dndkit_display_x11_name(GdkDisplay *display);

/// The descriptor of the pipe a GIO stream reads (a GUnixInputStream over a FIFO, as GDK makes for Wayland's offers),
/// or -1 for any other stream. The stream keeps owning it.
int dndkit_stream_pipe_fd(GInputStream *stream);

/// Prepares a pipe's read end for ``dndkit_pipe_read``: sets O_NONBLOCK, and asks for a pipe of `size` bytes
/// (`F_SETPIPE_SZ`; less when /proc/sys/fs/pipe-max-size or the user's budget allows less), so that the writer can run
/// further ahead. Returns the pipe's size, or -1 with errno when the descriptor could not be set non-blocking.
int dndkit_pipe_prepare(int fd, int size);

/// `read` of a descriptor prepared by ``dndkit_pipe_prepare``, retried on EINTR: the bytes read, 0 at the end, or -1
/// with errno (EAGAIN when the pipe is empty for now).
gssize dndkit_pipe_read(int fd, void *buffer, gsize count);

/// `mmap` of `size` bytes of private anonymous memory, readable and writable, or NULL.
void *dndkit_memory_map(gsize size);

/// `mremap` of a mapping made by ``dndkit_memory_map`` to `new_size` bytes, moved when it must be (the page tables move,
/// not the bytes), or NULL (then the old mapping is unchanged).
void *dndkit_memory_remap(void *address, gsize old_size, gsize new_size);

/// `mremap` of a mapping made by ``dndkit_memory_map`` to fewer bytes, in place: 0, or -1 with errno.
int dndkit_memory_shrink(void *address, gsize old_size, gsize new_size);

/// `madvise(MADV_POPULATE_WRITE)`: faults in a range of a mapping for writing in one call (Linux 5.14), or -1 with
/// errno (EINVAL on older kernels).
int dndkit_memory_populate(void *address, gsize size);

/// A thread that faults in the pages of a mapping ahead of a reader, so that the reader's copies find them in place
/// while the first touch of new memory runs on the other core.
typedef struct DnDKitPopulator DnDKitPopulator;

/// Starts populating `[base + populated, base + capacity)` ahead of the bytes read (``dndkit_populator_advance``):
/// as far ahead as the reader has read, from 1 MiB to 16 MiB, in steps of 1 MiB. NULL when no thread could start.
/// The mapping must stay in place until ``dndkit_populator_stop``.
DnDKitPopulator *dndkit_populator_start(void *base, gsize populated, gsize capacity);

/// Tells the populator that `count` bytes from the start have been read.
void dndkit_populator_advance(DnDKitPopulator *populator, gsize count);

/// Stops the populator, waits for its thread to end, frees it, and answers how many bytes from the start are
/// populated. After it returns the mapping may move or go.
gsize dndkit_populator_stop(DnDKitPopulator *populator);

/// Installs, once per process, a GLib source on the default main context that runs libdispatch's main queue (and
/// so Swift's main actor) whenever work is queued there. Later calls do nothing.
void dndkit_main_queue_source_install(void);

G_END_DECLS
