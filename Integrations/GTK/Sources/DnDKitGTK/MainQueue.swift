import CDnDKitGTK

/// Swift concurrency inside GTK's main loop.
///
/// GTK runs its own loop (`g_application_run`, `g_main_loop_run`), and Swift's main actor runs its jobs on
/// libdispatch's main queue, which nothing drains while GTK's loop runs: without help, a `Task` started in a drop
/// handler never runs and the drag hangs. ``install()`` adds a GLib source to GTK's default main context that runs the
/// main queue whenever work is queued there (libdispatch signals an eventfd; the source reads it and drains the
/// queue, the same hooks Foundation's `RunLoop` uses). `@MainActor` code then resumes on GTK's thread, in order,
/// without blocking the loop; a hop from a background task takes some tens of microseconds.
///
/// DnDKitGTK installs it the first time a widget becomes draggable or a drop destination, or the clipboard is used;
/// call it yourself when your app awaits anything on the main actor before that.
///
/// An app runs GTK's loop from a synchronous `main.swift` (top-level code, which runs on the main actor). It must not
/// use top-level `await`: an `async` main runs under `dispatch_main()`, not under GTK's loop.
///
/// ```swift
/// import CGtk
/// import DnDKitGTK
///
/// GTKMainQueue.install()
/// let app = gtk_application_new("org.example.Photos", G_APPLICATION_DEFAULT_FLAGS)
/// // connect "activate", build windows, call draggable/dropDestination on widgets…
/// let status = g_application_run(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self), 0, nil)
/// ```
public enum GTKMainQueue {
    /// Installs the source, once per process; later calls do nothing.
    ///
    /// The corresponding C function is `dndkit_main_queue_source_install` (over `g_unix_fd_add`).
    public static func install() {
        dndkit_main_queue_source_install()
    }
}

/// Cancels a drag as failed: its source hears `drag-cancel`, then `drag-end`.
///
/// The corresponding C function is `dndkit_drag_cancel` (the `cancel` signal, emitted with a variadic call).
func cancelDrag(_ drag: OpaquePointer) {
    dndkit_drag_cancel(drag)
}

/// Makes Escape cancel the drag under X11, until it ends (GTK 4.8 drops the Escape its X11 drag grabs).
///
/// The corresponding C function is `dndkit_drag_watch_escape`.
func watchEscape(_ drag: OpaquePointer) {
    dndkit_drag_watch_escape(drag)
}

/// Stops ``watchEscape(_:)``.
///
/// The corresponding C function is `dndkit_drag_unwatch_escape`.
func unwatchEscape(_ drag: OpaquePointer) {
    dndkit_drag_unwatch_escape(drag)
}

/// Whether the program dragging `drop` is gone (X11: nobody owns XdndSelection; false elsewhere).
///
/// The corresponding C function is `dndkit_drop_source_gone`.
func dropSourceGone(_ drop: OpaquePointer) -> Bool {
    dndkit_drop_source_gone(drop) != 0
}

/// Whether the drag runs on an X11 display.
///
/// The corresponding C function is `dndkit_drag_is_x11`.
func isX11(_ drag: OpaquePointer) -> Bool {
    dndkit_drag_is_x11(drag) != 0
}
