import CGtk
import DragDrop
import Foundation
import Transfer

/// A `GtkWidget *`, from GTK's C API or any Swift binding that wraps one.
public typealias GTKWidget = UnsafeMutablePointer<GtkWidget>

/// The drags in progress from this process's widgets: a drop on a widget of the same process takes the items as
/// they are (the sender's own Swift values), through the drag's `GdkDrag`.
@MainActor
enum LocalDrags {
    static var items: [OpaquePointer: [ItemProvider]] = [:]
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Makes the widget a drag source of one `Transferable` value, as SwiftUI's `draggable(_:)`.
    ///
    /// See ``draggable(_:allowedOperations:preview:onEnded:)-65r3m`` for the rules.
    /// - Parameters:
    ///   - payload: The value, asked for when a drag starts.
    ///   - allowedOperations: What the receiver may do: copy, move or both.
    ///   - preview: What the pointer carries.
    ///   - onEnded: Told how the drag ended: `.move` only once the receiver took the item as a move (then remove
    ///     the item), `.copy` when it copied it, `.cancel` when nobody took it.
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func draggable<T: Transferable>(
        _ payload: @escaping @MainActor () -> T, allowedOperations: DropOperation.Set = .copy,
        preview: DragPreview = .widget, onEnded: @escaping @MainActor (DropOperation) -> Void = { _ in }
    ) -> Self {
        draggable({ [payload()] }, allowedOperations: allowedOperations, preview: preview, onEnded: onEnded)
    }

    /// Makes the widget a drag source of `Transferable` values (none: no drag starts).
    ///
    /// The values are exported lazily, through a `GdkContentProvider` whose formats are the MIME types of the first
    /// value's representations: a representation is produced only when a receiver reads its type, and at most once
    /// per drag. Values that can be files (a `FileRepresentation`, or data of a type that is not text) are also
    /// offered as `text/uri-list`, every value a file; the staged copies outlive the drag. A receiver in this process
    /// gets the values themselves.
    ///
    /// ```swift
    /// thumbnail.draggable({ [photo] }, allowedOperations: [.copy, .move]) { operation in
    ///     if operation == .move { library.remove(photo) }
    /// }
    /// ```
    /// - Parameters:
    ///   - payload: The values, asked for when a drag starts.
    ///   - allowedOperations: What the receiver may do: copy, move or both.
    ///   - preview: What the pointer carries.
    ///   - onEnded: Told how the drag ended: `.move` only once the receiver took the items as a move (then remove
    ///     them), `.copy` when it copied them, `.cancel` when nobody took them (released over nothing, Escape, a
    ///     receiver that failed).
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func draggable<T: Transferable>(
        _ payload: @escaping @MainActor () -> [T], allowedOperations: DropOperation.Set = .copy,
        preview: DragPreview = .widget, onEnded: @escaping @MainActor (DropOperation) -> Void = { _ in }
    ) -> Self {
        onDrag(
            { payload().map { ItemProvider($0) } }, allowedOperations: allowedOperations, preview: preview,
            onEnded: onEnded)
    }

    /// Makes the widget a drag source of item providers, as SwiftUI's `onDrag(_:)`: for items built by hand.
    /// - Parameters:
    ///   - items: The items, asked for when a drag starts (none: no drag starts).
    ///   - allowedOperations: What the receiver may do.
    ///   - preview: What the pointer carries.
    ///   - onEnded: Told how the drag ended.
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func onDrag(
        _ items: @escaping @MainActor () -> [ItemProvider], allowedOperations: DropOperation.Set = .copy,
        preview: DragPreview = .widget, onEnded: @escaping @MainActor (DropOperation) -> Void = { _ in }
    ) -> Self {
        GTKMainQueue.install()
        let source = DragSourceController(
            widget: self, items: items, preview: preview, onEnded: onEnded)
        guard let controller = gtk_drag_source_new() else { return self }
        gtk_drag_source_set_actions(controller, GdkDragAction(allowedOperations))
        source.attach(to: controller)
        gtk_widget_add_controller(self, controller)
        return self
    }
}

extension GdkDragAction {
    /// The GDK actions of DnDKit's operations.
    init(_ operations: DropOperation.Set) {
        var raw: UInt32 = 0
        if operations.contains(.copy) { raw |= GDK_ACTION_COPY.rawValue }
        if operations.contains(.move) { raw |= GDK_ACTION_MOVE.rawValue }
        self.init(rawValue: raw)
    }

    /// The action as a DnDKit operation: `.move`, `.copy`, or `.cancel` for none.
    var operation: DropOperation {
        if rawValue & GDK_ACTION_MOVE.rawValue != 0 { return .move }
        if rawValue & GDK_ACTION_COPY.rawValue != 0 { return .copy }
        return .cancel
    }
}

/// One widget's drag source: what `prepare`, `drag-begin`, `drag-cancel` and `drag-end` do.
@MainActor
final class DragSourceController {
    private let widget: GTKWidget
    private let items: @MainActor () -> [ItemProvider]
    private let preview: DragPreview
    private let onEnded: @MainActor (DropOperation) -> Void
    private var cancelled = false

    init(
        widget: GTKWidget, items: @escaping @MainActor () -> [ItemProvider], preview: DragPreview,
        onEnded: @escaping @MainActor (DropOperation) -> Void
    ) {
        self.widget = widget
        self.items = items
        self.preview = preview
        self.onEnded = onEnded
    }

    func attach(to source: OpaquePointer) {
        connect(source, Signals.prepare, context: self) { _, _, _, data in
            guard let self = context(data, as: DragSourceController.self) else { return nil }
            return MainActor.assumeIsolated { self.prepare().map(UncheckedPointer.init) }?.pointer
                .assumingMemoryBound(to: GdkContentProvider.self)
        }
        connect(source, Signals.dragBegin, context: self) { source, drag, data in
            guard let source, let drag, let self = context(data, as: DragSourceController.self) else { return }
            let pointers = UncheckedPointer(UnsafeMutableRawPointer(source))
            let dragPointer = UncheckedPointer(UnsafeMutableRawPointer(drag))
            MainActor.assumeIsolated {
                self.begin(OpaquePointer(pointers.pointer), drag: OpaquePointer(dragPointer.pointer))
            }
        }
        connect(source, Signals.dragCancel, context: self) { _, _, _, data in
            guard let self = context(data, as: DragSourceController.self) else { return 0 }
            MainActor.assumeIsolated { self.cancelled = true }
            return 0
        }
        connect(source, Signals.dragEnd, context: self) { _, drag, delete, data in
            guard let self = context(data, as: DragSourceController.self) else { return }
            let dragPointer = drag.map { UncheckedPointer(UnsafeMutableRawPointer($0)) }
            MainActor.assumeIsolated {
                self.end(drag: dragPointer.map { OpaquePointer($0.pointer) }, deleted: delete != 0)
            }
        }
    }

    /// The content of a new drag, or nil for none.
    private func prepare() -> UnsafeMutableRawPointer? {
        let providers = items()
        guard !providers.isEmpty else { return nil }
        cancelled = false
        pendingItems = providers
        let content = OutgoingContent(items: providers)
        self.content = content
        return content.makeProvider().map { UnsafeMutableRawPointer($0) }
    }

    /// The content of the drag in progress (its reads, for the watchdog).
    private var content: OutgoingContent?
    /// The drag in progress, from `drag-begin` to `drag-end`.
    private var activeDrag: OpaquePointer?

    /// How long a drop may stay unfinished with no read going on before the drag is cancelled, under X11: a receiver
    /// that died after the release (GTK waits for its XdndFinished forever) must not leave the drag, and its item,
    /// stuck. Wayland's compositor cancels such a drag itself.
    static let unansweredDrop: Duration = .seconds(5)

    /// Once the user released over a receiver: cancels the drag if it is neither finished nor being read for
    /// ``unansweredDrop``.
    private func watch(_ drag: GObjectReference) {
        guard isX11(drag.opaque) else { return }
        Task { @MainActor in
            var quietSince = ContinuousClock.now
            while activeDrag == drag.opaque {
                if (content?.reading ?? 0) > 0 { quietSince = .now }
                if ContinuousClock.now - quietSince >= Self.unansweredDrop {
                    cancelDrag(drag.opaque)
                    return
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// The items of the drag being prepared, until it begins.
    private var pendingItems: [ItemProvider] = []

    private func begin(_ source: OpaquePointer, drag: OpaquePointer) {
        LocalDrags.items[drag] = pendingItems
        pendingItems = []
        activeDrag = drag
        watchEscape(drag)
        connect(drag, Signals.dropPerformed, context: self) { drag, data in
            guard let drag, let self = context(data, as: DragSourceController.self) else { return }
            let reference = GObjectReference(UnsafeMutableRawPointer(drag))
            MainActor.assumeIsolated { self.watch(reference) }
        }
        switch preview {
        case .standard:
            break
        case .widget:
            guard let paintable = gtk_widget_paintable_new(widget) else { return }
            gtk_drag_source_set_icon(source, paintable, 0, 0)
            g_object_unref(UnsafeMutableRawPointer(paintable))
        case .png(let png, let hotSpot):
            let texture = png.withUnsafeBytes { buffer -> OpaquePointer? in
                guard let bytes = g_bytes_new(buffer.baseAddress, gsize(buffer.count)) else { return nil }
                defer { g_bytes_unref(bytes) }
                return gdk_texture_new_from_bytes(bytes, nil)
            }
            guard let texture else { return }
            gtk_drag_source_set_icon(source, texture, Int32(hotSpot.x), Int32(hotSpot.y))
            g_object_unref(UnsafeMutableRawPointer(texture))
        }
    }

    private func end(drag: OpaquePointer?, deleted: Bool) {
        if let drag {
            LocalDrags.items[drag] = nil
            unwatchEscape(drag)
        }
        activeDrag = nil
        content = nil
        let operation: DropOperation = cancelled ? .cancel : deleted ? .move : .copy
        cancelled = false
        onEnded(operation)
    }
}
