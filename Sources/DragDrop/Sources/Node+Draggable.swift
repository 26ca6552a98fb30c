import Gestures
import Transfer

// Drag sources, with SwiftUI's names.
extension Node {
    /// Makes the node a drag source for a value, as SwiftUI's `draggable(_:)`: a long press (touch; the node lifts
    /// when the press completes and then follows the finger) or a move of 10 points (mouse) lifts the node into a
    /// drag session. The value is made, and exported to an
    /// item provider, when the node lifts, not before. The preview is a copy of the node's content, drawn at the
    /// pointer.
    ///
    /// The lift competes with the node's other gestures by the engine's rules (it is attached as a high-priority
    /// gesture that wins only once it lifts), so a tap on a draggable node still taps. Hear how the session ends
    /// with `onDragSessionUpdated(_:)`.
    /// - Parameter payload: The dragged value.
    /// - Returns: The node.
    @discardableResult
    public func draggable<T: Transferable>(_ payload: @autoclosure @escaping () -> T) -> Node {
        makeDraggable(.values { [payload()] }, preview: nil)
    }

    /// Makes the node a drag source for a value with a custom preview, as SwiftUI's `draggable(_:preview:)`.
    ///
    /// `preview` fills in a new node when the drag lifts: set its content and its frame's size (it starts with
    /// the source's size and no content), add children. The node is drawn centred at the pointer, on top of the
    /// scene, and does not take part in hit testing; it is removed when the drag is released.
    /// - Parameters:
    ///   - payload: The dragged value, made when the node lifts.
    ///   - preview: Fills in the preview node.
    /// - Returns: The node.
    @discardableResult
    public func draggable<T: Transferable>(
        _ payload: @autoclosure @escaping () -> T, preview: @escaping (Node) -> Void
    ) -> Node {
        makeDraggable(.values { [payload()] }, preview: preview)
    }

    /// Sets the operations the drag sources of this node and its subtree allow, as SwiftUI's
    /// `dragConfiguration(_:)`. Without it only copying is allowed.
    /// - Parameter configuration: The configuration.
    /// - Returns: The node.
    @discardableResult
    public func dragConfiguration(_ configuration: DragConfiguration) -> Node {
        self[attachment: DragConfigurationKey.self] = configuration
        return self
    }

    /// Sets when the drag sources of this node and its subtree lift (a DnDKit addition); see ``DragLift``.
    /// - Parameter lift: The thresholds.
    /// - Returns: The node.
    @discardableResult
    public func dragLift(_ lift: DragLift) -> Node {
        self[attachment: DragLiftKey.self] = lift
        return self
    }

    /// Runs an action on every update of a drag session started from this node or its subtree, as SwiftUI's
    /// `onDragSessionUpdated(_:)`: `.initial` when the node lifts, `.active` on every move, `.ended` with the
    /// operation (after the target's action returned, for a drop that loads its items), then
    /// `.dataTransferCompleted` after a successful drop. A source that allows moving removes the moved items on
    /// `.ended(.move)`.
    /// - Parameter action: Given the session.
    /// - Returns: The node.
    @discardableResult
    public func onDragSessionUpdated(_ action: @escaping (DragSession) -> Void) -> Node {
        self[attachment: DragSessionObserverKey.self] = action
        return self
    }

    /// Makes the node a drag source for an item provider made at lift time, as SwiftUI's `onDrag(_:)`: the way
    /// apps written before `Transferable` drag (`NSItemProvider(object: url as NSURL)`).
    /// - Parameter data: Makes the provider of the dragged item.
    /// - Returns: The node.
    @discardableResult
    public func onDrag(_ data: @escaping () -> NSItemProvider) -> Node {
        makeDraggable(.provider(data), preview: nil)
    }

    /// Makes the node a drag source for an item provider, drawn by `preview` while dragged, as SwiftUI's
    /// `onDrag(_:preview:)`.
    /// - Parameters:
    ///   - data: Makes the provider of the dragged item.
    ///   - preview: Fills in the preview node.
    /// - Returns: The node.
    @discardableResult
    public func onDrag(_ data: @escaping () -> NSItemProvider, preview: @escaping (Node) -> Void) -> Node {
        makeDraggable(.provider(data), preview: preview)
    }

    /// Makes the node offer an item provider, as SwiftUI's `itemProvider(_:)`: dragging the node drags the item; a
    /// nil action, or an action that returns nil, offers nothing.
    /// - Parameter action: Makes the provider, or nil.
    /// - Returns: The node.
    @discardableResult
    public func itemProvider(_ action: (() -> NSItemProvider?)?) -> Node {
        guard let action else {
            self[attachment: DragSourceKey.self] = nil
            return self
        }
        return makeDraggable(.provider(action), preview: nil)
    }

    /// Stores the source's declaration and attaches the lift gesture, unless the gesture an earlier call attached
    /// outside any body is still there: then the new declaration takes it over, so that a node made draggable
    /// again on every run of a parent's body carries one lift gesture, not one per run. A call in the node's own
    /// body attaches a gesture each run (the run replaces the previous run's); the latest gesture alone lifts.
    func makeDraggable(_ payload: DragSource.Payload, preview: ((Node) -> Void)?) -> Node {
        let previous = self[attachment: DragSourceKey.self]
        let isInBody = scene?.isRunningBody(of: self) ?? false
        if let previous, previous.hasLastingLift, !isInBody {
            self[attachment: DragSourceKey.self] = DragSource(
                payload: payload, preview: preview, liftToken: previous.liftToken, hasLastingLift: true)
            return self
        }
        let token = (previous?.liftToken ?? 0) + 1
        guard let scene else {
            self[attachment: DragSourceKey.self] = DragSource(
                payload: payload, preview: preview, liftToken: token, hasLastingLift: false)
            return self
        }
        self[attachment: DragSourceKey.self] = DragSource(
            payload: payload, preview: preview, liftToken: token, hasLastingLift: !isInBody)
        let coordinator = DragCoordinator.installed(in: scene)
        return highPriorityGesture(DragLiftGesture(source: self, coordinator: coordinator, token: token))
    }
}
