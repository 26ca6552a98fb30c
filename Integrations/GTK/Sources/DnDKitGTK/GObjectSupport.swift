import CGtk
import Foundation

/// A GObject reference that can travel between tasks: it holds one reference, dropped on GTK's thread when the last
/// Swift owner goes away.
final class GObjectReference: @unchecked Sendable {
    /// The object; use it only on GTK's thread (the main actor).
    let pointer: UnsafeMutableRawPointer

    /// Takes a new reference to `object`.
    init(_ object: UnsafeMutableRawPointer) {
        g_object_ref(object)
        pointer = object
    }

    /// Adopts a reference the caller owns (a `transfer full` result).
    init(adopting object: UnsafeMutableRawPointer) {
        pointer = object
    }

    /// The object as a pointer to `type`.
    func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        pointer.assumingMemoryBound(to: type)
    }

    /// The object as an opaque pointer (GTK's types whose structs are private).
    var opaque: OpaquePointer { OpaquePointer(pointer) }

    deinit {
        let object = UnsafeMutableRawPointer(pointer)
        if Thread.isMainThread {
            g_object_unref(object)
        } else {
            let box = UncheckedPointer(object)
            DispatchQueue.main.async { g_object_unref(box.pointer) }
        }
    }
}

/// A pointer carried across isolation where GTK guarantees its use stays on GTK's thread.
struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}

/// Connects a C signal handler with a Swift object as its data: the object is retained for as long as the
/// connection lasts (released by the destroy notify when the instance goes away).
///
/// GLib never checks a handler's signature against the signal's, and a handler with too few parameters crashes at
/// run time; so each signal shape has one typed wrapper below, and nothing else calls this.
/// The corresponding C function is `g_signal_connect_data`.
@discardableResult
private func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: GCallback, context: AnyObject
) -> gulong {
    let data = Unmanaged.passRetained(context).toOpaque()
    return g_signal_connect_data(
        instance, signal, handler, data,
        { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }, GConnectFlags(rawValue: 0))
}

/// The object a handler's data points at (retained by the connection).
func context<T: AnyObject>(_ data: gpointer?, as type: T.Type) -> T? {
    guard let data else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
}

/// `GdkContentProvider *(*)(GtkDragSource *, double x, double y, gpointer)`: GtkDragSource's `prepare`.
typealias PrepareHandler =
    @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>?
/// `void (*)(GObject *, GObject *, gpointer)`: `drag-begin`, GtkDropTargetAsync's `drag-leave`.
typealias ObjectHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void
/// `void (*)(GtkDragSource *, GdkDrag *, gboolean, gpointer)`: `drag-end`.
typealias DragEndHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gboolean, gpointer?) -> Void
/// `gboolean (*)(GtkDragSource *, GdkDrag *, GdkDragCancelReason, gpointer)`: `drag-cancel`.
typealias DragCancelHandler =
    @convention(c) (OpaquePointer?, OpaquePointer?, GdkDragCancelReason, gpointer?) -> gboolean
/// `gboolean (*)(GtkDropTargetAsync *, GdkDrop *, gpointer)`: `accept`.
typealias AcceptHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean
/// `GdkDragAction (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, gpointer)`: `drag-enter`, `drag-motion`.
typealias DragMotionHandler =
    @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction
/// `gboolean (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, gpointer)`: `drop`.
typealias DropSignalHandler = @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean

/// The typed connections, one per signal shape.
enum Signals {
    static func prepare(_ instance: OpaquePointer, context: AnyObject, _ handler: PrepareHandler) {
        connect(
            UnsafeMutableRawPointer(instance), "prepare", unsafeBitCast(handler, to: GCallback.self), context: context)
    }

    static func object(
        _ instance: OpaquePointer, _ signal: String, context: AnyObject, _ handler: ObjectHandler
    ) {
        connect(UnsafeMutableRawPointer(instance), signal, unsafeBitCast(handler, to: GCallback.self), context: context)
    }

    static func dragEnd(_ instance: OpaquePointer, context: AnyObject, _ handler: DragEndHandler) {
        connect(
            UnsafeMutableRawPointer(instance), "drag-end", unsafeBitCast(handler, to: GCallback.self), context: context)
    }

    static func dragCancel(_ instance: OpaquePointer, context: AnyObject, _ handler: DragCancelHandler) {
        connect(
            UnsafeMutableRawPointer(instance), "drag-cancel", unsafeBitCast(handler, to: GCallback.self),
            context: context)
    }

    static func accept(_ instance: OpaquePointer, context: AnyObject, _ handler: AcceptHandler) {
        connect(
            UnsafeMutableRawPointer(instance), "accept", unsafeBitCast(handler, to: GCallback.self), context: context)
    }

    static func motion(
        _ instance: OpaquePointer, _ signal: String, context: AnyObject, _ handler: DragMotionHandler
    ) {
        connect(UnsafeMutableRawPointer(instance), signal, unsafeBitCast(handler, to: GCallback.self), context: context)
    }

    static func drop(_ instance: OpaquePointer, context: AnyObject, _ handler: DropSignalHandler) {
        connect(UnsafeMutableRawPointer(instance), "drop", unsafeBitCast(handler, to: GCallback.self), context: context)
    }
}
