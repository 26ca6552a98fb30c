import ContentTypes
import Foundation
import Gestures
import Transfer

// Drop targets, with SwiftUI's names. A node accepts drags whose items it can import, judged from content types
// alone; the frontmost such node under the pointer is targeted.
extension Node {
    /// Makes the node a drop target for items that can be imported as `T`, as SwiftUI's
    /// `dropDestination(for:action:isTargeted:)`.
    ///
    /// When a drag is released over the node, the session loads every dragged item that can be imported as `T`,
    /// all at once, and, once `Scene.finishDrops()` has awaited the loads, calls `action` with the values, in the
    /// order they were dragged. A load failure or an action that returns false or throws ends the session with
    /// `.cancel`; the source keeps its items. To accept several types, use `OneOf<A, B>` as `T`.
    ///
    /// ```swift
    /// picture.dropDestination(for: Image.self) { images, location in
    ///     guard let image = images.first else { return false }
    ///     model.picture = image
    ///     return true
    /// } isTargeted: { model.isTargeted = $0 }
    /// ```
    /// - Parameters:
    ///   - payloadType: The type the items are imported as.
    ///   - action: Given the values and the drop location in the node's own space; returns whether the drop
    ///     succeeded.
    ///   - isTargeted: Told true when a drag starts hovering over the node, false when it stops (exit, drop,
    ///     cancel or removal); every true is followed by exactly one false.
    /// - Returns: The node.
    @discardableResult
    public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping ([T], CGPoint) throws -> Bool,
        isTargeted: @escaping (Bool) -> Void = { _ in }
    ) -> Node {
        let destination = DropDestination(
            handler: .load(
                .transferable(T.self),
                perform: { values, location in try action(values.compactMap { $0 as? T }, location) }
            ),
            accepts: { $0.canLoadTransferable(type: T.self) }, isTargeted: isTargeted, acceptedDescription: "\(T.self)")
        return install(destination)
    }

    /// Makes the node a drop target for items offering one of some content types, delivered as bytes: a DnDKit
    /// addition for targets whose accepted types are known only at run time (a simulator's panes).
    ///
    /// Each accepted item is loaded as the bytes of the first type it offers (in the sender's order) that
    /// conforms to one of `contentTypes`; otherwise it works as `dropDestination(for:action:isTargeted:)`.
    /// - Parameters:
    ///   - contentTypes: The accepted types.
    ///   - action: Given the items' bytes and the drop location in the node's own space; returns whether the drop
    ///     succeeded.
    ///   - isTargeted: Told true when a drag starts hovering over the node, false when it stops.
    /// - Returns: The node.
    @discardableResult
    public func dropDestination(
        of contentTypes: [UTType], action: @escaping ([DroppedData], CGPoint) throws -> Bool,
        isTargeted: @escaping (Bool) -> Void = { _ in }
    ) -> Node {
        dropDestination(of: contentTypes, savingAt: nil, action: action, isTargeted: isTargeted)
    }

    /// `dropDestination(of:action:isTargeted:)` for a target that keeps what is dropped in a folder: an item whose
    /// sender can save it as a file itself (X11's Direct Save) is asked to save it where `savingAt` says, and
    /// arrives read from there (``DroppedData/savedFile``); other items, and a sender that asks the target to save
    /// the bytes itself, arrive as bytes.
    /// - Parameters:
    ///   - contentTypes: The accepted types.
    ///   - savingAt: The file a sender saves an item as, from its suggested name and offered type; nil to load
    ///     its bytes.
    ///   - action: Given the items' bytes and the drop location in the node's own space; returns whether the drop
    ///     succeeded.
    ///   - isTargeted: Told true when a drag starts hovering over the node, false when it stops.
    /// - Returns: The node.
    @discardableResult
    package func dropDestination(
        of contentTypes: [UTType], savingAt: DirectSaveDestination?,
        action: @escaping ([DroppedData], CGPoint) throws -> Bool, isTargeted: @escaping (Bool) -> Void = { _ in }
    ) -> Node {
        let destination = DropDestination(
            handler: .load(
                .data(conformingTo: contentTypes, savingAt: savingAt),
                perform: { values, location in try action(values.compactMap { $0 as? DroppedData }, location) }),
            accepts: DropDestination.accepting(contentTypes), isTargeted: isTargeted,
            acceptedDescription: DropDestination.describe(contentTypes))
        return install(destination)
    }

    /// Makes the node a drop target for items offering one of some content types, handing over their providers
    /// at the drop, as SwiftUI's `onDrop(of:isTargeted:perform:)`.
    ///
    /// `action` runs when a drag is released over the node, with the providers of the items that offer one of
    /// the types; it loads them itself. Its result decides the session's operation at once.
    /// - Parameters:
    ///   - supportedContentTypes: The accepted types.
    ///   - isTargeted: Set to true while a drag hovers over the node, or nil.
    ///   - action: Given the providers; returns whether the drop succeeded.
    /// - Returns: The node.
    @discardableResult
    public func onDrop(
        of supportedContentTypes: [UTType], isTargeted: Binding<Bool>?,
        perform action: @escaping ([NSItemProvider]) -> Bool
    ) -> Node {
        onDrop(of: supportedContentTypes, isTargeted: isTargeted) { providers, _ in action(providers) }
    }

    /// Makes the node a drop target for items offering one of some content types, handing over their providers
    /// and the drop location, as SwiftUI's `onDrop(of:isTargeted:perform:)`.
    /// - Parameters:
    ///   - supportedContentTypes: The accepted types.
    ///   - isTargeted: Set to true while a drag hovers over the node, or nil.
    ///   - action: Given the providers and the drop location in the node's own space; returns whether the drop
    ///     succeeded.
    /// - Returns: The node.
    @discardableResult
    public func onDrop(
        of supportedContentTypes: [UTType], isTargeted: Binding<Bool>?,
        perform action: @escaping ([NSItemProvider], CGPoint) -> Bool
    ) -> Node {
        let destination = DropDestination(
            handler: .providers(perform: action), accepts: DropDestination.accepting(supportedContentTypes),
            isTargeted: isTargeted.map { binding in { binding.wrappedValue = $0 } },
            acceptedDescription: DropDestination.describe(supportedContentTypes))
        return install(destination)
    }

    /// The `[String]` form of `onDrop(of:isTargeted:perform:)`: type identifiers instead of types, as older apps write
    /// them (`onDrop(of: ["public.file-url"], …)`).
    /// - Parameters:
    ///   - supportedTypes: The accepted type identifiers.
    ///   - isTargeted: Set to true while a drag hovers over the node, or nil.
    ///   - action: Given the providers; returns whether the drop succeeded.
    /// - Returns: The node.
    @discardableResult
    public func onDrop(
        of supportedTypes: [String], isTargeted: Binding<Bool>?, perform action: @escaping ([NSItemProvider]) -> Bool
    ) -> Node {
        onDrop(of: UTType.types(identifiers: supportedTypes), isTargeted: isTargeted, perform: action)
    }

    /// The `[String]` form of `onDrop(of:isTargeted:perform:)` with the drop location.
    /// - Parameters:
    ///   - supportedTypes: The accepted type identifiers.
    ///   - isTargeted: Set to true while a drag hovers over the node, or nil.
    ///   - action: Given the providers and the drop location in the node's own space.
    /// - Returns: The node.
    @discardableResult
    public func onDrop(
        of supportedTypes: [String], isTargeted: Binding<Bool>?,
        perform action: @escaping ([NSItemProvider], CGPoint) -> Bool
    ) -> Node {
        onDrop(of: UTType.types(identifiers: supportedTypes), isTargeted: isTargeted, perform: action)
    }

    /// The `[String]` form of `onDrop(of:delegate:)`.
    /// - Parameters:
    ///   - supportedTypes: The accepted type identifiers.
    ///   - delegate: The delegate; the node keeps it.
    /// - Returns: The node.
    @discardableResult
    public func onDrop(of supportedTypes: [String], delegate: any DropDelegate) -> Node {
        onDrop(of: UTType.types(identifiers: supportedTypes), delegate: delegate)
    }

    /// Makes the node a drop target whose delegate follows drags and performs drops, as SwiftUI's
    /// `onDrop(of:delegate:)`. Only drags carrying an item of one of the types reach the delegate.
    /// - Parameters:
    ///   - supportedContentTypes: The accepted types.
    ///   - delegate: The delegate; the node keeps it.
    /// - Returns: The node.
    @discardableResult
    public func onDrop(of supportedContentTypes: [UTType], delegate: any DropDelegate) -> Node {
        let destination = DropDestination(
            handler: .delegate(MainActorDelegate(delegate: delegate)),
            accepts: DropDestination.accepting(supportedContentTypes), isTargeted: nil,
            acceptedDescription: DropDestination.describe(supportedContentTypes))
        return install(destination)
    }

    /// Chooses the operation of the node's drop target while a drag hovers over it, as SwiftUI's
    /// `dropConfiguration(_:)`: `.copy` (the default), `.move` (when the source allows it; a copy otherwise),
    /// `.forbidden` (keep the drag but refuse the drop, for forbidden regions) or `.cancel`. Called on entering and
    /// on every move; not used by `onDrop(of:delegate:)`, whose delegate proposes instead.
    /// - Parameter configuration: Given the drag (location in the node's space, types only).
    /// - Returns: The node.
    @discardableResult
    public func dropConfiguration(_ configuration: @escaping (DropSession) -> DropConfiguration) -> Node {
        self[attachment: DropConfigurationKey.self] = configuration
        return self
    }

    /// Opts the node's drop target into spring loading, a DnDKit addition: when a drag hovers over the targeted
    /// node and stays within 10 points for 1 second on the scene's clock, `action` runs (once; moving 10 points
    /// or more starts the wait again).
    /// - Parameter action: What spring loading does (open a folder, switch a tab).
    /// - Returns: The node.
    @discardableResult
    public func onSpringLoad(perform action: @escaping () -> Void) -> Node {
        self[attachment: SpringLoadingKey.self] = action
        return self
    }

    /// Whether a drag session hovers over this node as its target: what a renderer highlights.
    public var isDropTargeted: Bool {
        guard let coordinator = scene?[extension: DragCoordinatorKey.self] else { return false }
        return coordinator.isTargeted(self)
    }

    private func install(_ destination: DropDestination) -> Node {
        self[attachment: DropDestinationKey.self] = destination
        if let scene { _ = DragCoordinator.installed(in: scene) }
        return self
    }
}
