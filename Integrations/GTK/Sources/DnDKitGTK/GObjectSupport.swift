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

/// A signal and the C signature of its handlers: GLib never checks a handler's signature against the signal's, and
/// a handler with too few parameters crashes at run time, so each signal is declared once here with its type, and
/// ``connect(_:_:context:_:)`` takes only a handler of that type.
struct Signal<Handler> {
    let name: String
}

/// `GdkContentProvider *(*)(GtkDragSource *, double x, double y, gpointer)`.
typealias PrepareHandler =
    @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>?
/// `void (*)(GObject *, GObject *, gpointer)`.
typealias ObjectHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void
/// `void (*)(GObject *, gpointer)`.
typealias InstanceHandler = @convention(c) (OpaquePointer?, gpointer?) -> Void
/// `void (*)(GtkDragSource *, GdkDrag *, gboolean, gpointer)`.
typealias DragEndHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gboolean, gpointer?) -> Void
/// `gboolean (*)(GtkDragSource *, GdkDrag *, GdkDragCancelReason, gpointer)`.
typealias DragCancelHandler =
    @convention(c) (OpaquePointer?, OpaquePointer?, GdkDragCancelReason, gpointer?) -> gboolean
/// `gboolean (*)(GtkDropTargetAsync *, GdkDrop *, gpointer)`.
typealias AcceptHandler = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean
/// `GdkDragAction (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, gpointer)`.
typealias DragMotionHandler =
    @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction
/// `gboolean (*)(GtkDropTargetAsync *, GdkDrop *, double x, double y, gpointer)`.
typealias DropSignalHandler = @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean

/// The signals DnDKitGTK connects to, each with its handlers' type.
enum Signals {
    /// GtkDragSource's `prepare`.
    static let prepare = Signal<PrepareHandler>(name: "prepare")
    /// GtkDragSource's `drag-begin`.
    static let dragBegin = Signal<ObjectHandler>(name: "drag-begin")
    /// GtkDragSource's `drag-end`.
    static let dragEnd = Signal<DragEndHandler>(name: "drag-end")
    /// GtkDragSource's `drag-cancel`.
    static let dragCancel = Signal<DragCancelHandler>(name: "drag-cancel")
    /// GdkDrag's `drop-performed`: the user released over a receiver.
    static let dropPerformed = Signal<InstanceHandler>(name: "drop-performed")
    /// GtkDropTargetAsync's `accept`.
    static let accept = Signal<AcceptHandler>(name: "accept")
    /// GtkDropTargetAsync's `drag-enter`.
    static let dragEnter = Signal<DragMotionHandler>(name: "drag-enter")
    /// GtkDropTargetAsync's `drag-motion`.
    static let dragMotion = Signal<DragMotionHandler>(name: "drag-motion")
    /// GtkDropTargetAsync's `drag-leave`.
    static let dragLeave = Signal<ObjectHandler>(name: "drag-leave")
    /// GSimpleAction's `activate` (`void (*)(GSimpleAction *, GVariant *, gpointer)`).
    static let activate = Signal<ObjectHandler>(name: "activate")
    /// GtkDropTargetAsync's `drop`.
    static let drop = Signal<DropSignalHandler>(name: "drop")
}

/// Connects a C signal handler with a Swift object as its data: the object is retained for as long as the
/// connection lasts (released by the destroy notify when the instance goes away).
///
/// The corresponding C function is `g_signal_connect_data`.
func connect<Handler>(_ instance: OpaquePointer, _ signal: Signal<Handler>, context: AnyObject, _ handler: Handler) {
    let data = Unmanaged.passRetained(context).toOpaque()
    g_signal_connect_data(
        UnsafeMutableRawPointer(instance), signal.name, unsafeBitCast(handler, to: GCallback.self), data,
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
