import Gestures
import Transfer

/// A drag source's declaration, kept on its node: what is dragged and how it looks while dragged.
final class DragSource {
    /// What a lift exports.
    enum Payload {
        /// Values made at lift time (`draggable(_:)`).
        case values(() -> [any Transferable])
        /// The item of an enclosing drag container (`draggable(containerItemID:)`).
        case containerItem(any Hashable & Sendable)
        /// A provider made at lift time (`onDrag(_:)`, `itemProvider(_:)`); nil drags nothing.
        case provider(() -> ItemProvider?)
        /// The row of a list under the pointer, with the selected rows (`onMove(perform:)`).
        case listRow
    }

    let payload: Payload
    /// Fills in the preview node; nil draws the source's own content.
    let preview: ((Node) -> Void)?
    /// Only the lift gesture attached by the latest `draggable` call on the node starts sessions.
    let liftToken: Int
    /// Whether that gesture was attached outside any body, so that it stays on the node.
    let hasLastingLift: Bool

    init(payload: Payload, preview: ((Node) -> Void)?, liftToken: Int, hasLastingLift: Bool) {
        self.payload = payload
        self.preview = preview
        self.liftToken = liftToken
        self.hasLastingLift = hasLastingLift
    }
}

/// A container's payload for the items dragged from it (`dragContainer(for:_:)`).
struct DragContainer {
    /// Whether an identifier is of the container's item identifier type.
    let accepts: (any Hashable & Sendable) -> Bool
    /// The items for some identifiers, each with its own identifier.
    let payload: ([any Hashable & Sendable]) -> [(id: any Hashable & Sendable, value: any Transferable)]
}

enum DragSourceKey: AttachmentKey {
    typealias Value = DragSource
}

enum DragLiftKey: AttachmentKey {
    typealias Value = DragLift
}

enum DragConfigurationKey: AttachmentKey {
    typealias Value = DragConfiguration
}

enum DragSessionObserverKey: AttachmentKey {
    typealias Value = (DragSession) -> Void
}

enum DragContainerKey: AttachmentKey {
    typealias Value = DragContainer
}

enum DragContainerSelectionKey: AttachmentKey {
    typealias Value = () -> [any Hashable & Sendable]
}

extension Node {
    /// The value of an attachment on this node or its nearest ancestor that has one.
    func nearest<Key: AttachmentKey>(_ key: Key.Type) -> Key.Value? {
        var node: Node? = self
        while let current = node {
            if let value = current[attachment: key] { return value }
            node = current.parent
        }
        return nil
    }

    /// Whether this node or an ancestor is disabled.
    var isDisabledInTree: Bool {
        var node: Node? = self
        while let current = node {
            if current.isDisabled { return true }
            node = current.parent
        }
        return false
    }
}
