import CGtk
import ContentTypes
import DragDrop
import Foundation
import Transfer

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Makes the widget a drop target for items that can be imported as `T`, as SwiftUI's
    /// `dropDestination(for:action:isTargeted:)`.
    ///
    /// A drag lights the widget only when one of its items can be imported as `T`, judged from the offered types
    /// alone (so a text-only target never lights for an image, and GTK offers the drag to the widgets beneath).
    /// On release, every item that can be imported as `T` is loaded through `T`'s importers (a list of files: each
    /// file opened in place), then `action` runs with the values and the drop location in the widget's coordinates;
    /// the other program hears the drop as performed (copy, or move when the source allows only that) when `action`
    /// returns true, as refused otherwise or when a load fails.
    ///
    /// ```swift
    /// album.dropDestination(for: Image.self) { images, location in
    ///     model.add(images, at: location)
    ///     return true
    /// } isTargeted: { highlight(album, $0) }
    /// ```
    /// - Parameters:
    ///   - payloadType: The type the items are imported as.
    ///   - action: Given the values and the location; returns whether the drop succeeded.
    ///   - isTargeted: Told true when an acceptable drag starts hovering over the widget, false when it stops (it
    ///     leaves, drops or is cancelled); every true is followed by exactly one false.
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping @MainActor ([T], CGPoint) throws -> Bool,
        isTargeted: @escaping @MainActor (Bool) -> Void = { _ in }
    ) -> Self {
        let handler = DropHandler(
            validate: { items, _ in items.contains { $0.canLoadTransferable(type: T.self) } },
            isTargeted: isTargeted,
            perform: { items, location in
                var values: [T] = []
                for item in items where item.canLoadTransferable(type: T.self) {
                    values.append(try await item.loadTransferable(type: T.self))
                }
                guard !values.isEmpty else { return false }
                return try action(values, location)
            })
        return install(handler)
    }

    /// Makes the widget a drop target for items offering one of some content types, handing over their providers
    /// at the drop, as SwiftUI's `onDrop(of:isTargeted:perform:)`: `action` loads them itself. The drop is held open
    /// while its loads run (a minute at most), so that the other program still serves the data.
    /// - Parameters:
    ///   - supportedContentTypes: The accepted types.
    ///   - isTargeted: Told true and false as for ``dropDestination(for:action:isTargeted:)``.
    ///   - action: Given the providers and the location in the widget's coordinates; returns whether the drop
    ///     succeeded.
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func onDrop(
        of supportedContentTypes: [UTType], isTargeted: @escaping @MainActor (Bool) -> Void = { _ in },
        perform action: @escaping @MainActor ([ItemProvider], CGPoint) -> Bool
    ) -> Self {
        let handler = DropHandler(
            validate: { _, info in info.hasItemsConforming(to: supportedContentTypes) },
            isTargeted: isTargeted,
            perform: { items, location in
                let chosen = items.filter { item in supportedContentTypes.contains { item.hasItemConforming(to: $0) } }
                return action(chosen, location)
            })
        return install(handler)
    }

    /// Makes the widget a drop target whose delegate follows drags and performs drops, as SwiftUI's
    /// `onDrop(of:delegate:)`: only drags carrying an item of one of the types reach it; `validateDrop` may refuse
    /// more, `dropUpdated` proposes copy, move or forbidden, and `performDrop` gets the item providers.
    /// - Parameters:
    ///   - supportedContentTypes: The accepted types.
    ///   - delegate: The delegate; the widget keeps it.
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func onDrop(of supportedContentTypes: [UTType], delegate: any DropDelegate) -> Self {
        let handler = DropHandler(
            validate: { _, info in
                info.hasItemsConforming(to: supportedContentTypes) && delegate.validateDrop(info: info)
            },
            isTargeted: { _ in },
            perform: { items, location in
                delegate.performDrop(info: DropInfo(location: location, itemProviders: items, isDropping: true))
            },
            entered: { delegate.dropEntered(info: $0) },
            updated: { delegate.dropUpdated(info: $0) },
            exited: { delegate.dropExited(info: $0) })
        return install(handler)
    }

    @MainActor
    private func install(_ handler: DropHandler) -> Self {
        GTKMainQueue.install()
        let copyOrMove = GdkDragAction(rawValue: GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue)
        guard let target = gtk_drop_target_async_new(nil, copyOrMove) else { return self }
        DropTargetController(handler: handler).attach(to: target)
        gtk_widget_add_controller(self, target)
        return self
    }
}

/// What a drop target does, whichever modifier made it.
struct DropHandler {
    /// Whether the target takes the drag, from the items' types (nothing is loaded).
    let validate: @MainActor ([ItemProvider], DropInfo) -> Bool
    /// Told true and false, balanced.
    let isTargeted: @MainActor (Bool) -> Void
    /// Takes the items at the location; returns whether the drop succeeded.
    let perform: @MainActor ([ItemProvider], CGPoint) async throws -> Bool
    var entered: @MainActor (DropInfo) -> Void = { _ in }
    var updated: @MainActor (DropInfo) -> DropProposal? = { _ in nil }
    var exited: @MainActor (DropInfo) -> Void = { _ in }
}
