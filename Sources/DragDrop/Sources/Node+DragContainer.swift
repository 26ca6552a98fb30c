import Gestures
import Transfer

// Several items in one session, with SwiftUI's drag containers: a container makes the payload from the
// identifiers of the dragged items; its items are draggable by identifier; a selection drags every selected item.
extension Node {
    /// Makes the node a drag container, as SwiftUI's `dragContainer(for:in:_:)`: when one of its
    /// `draggable(containerItemID:)` descendants lifts, `payload` makes the dragged items from their identifiers —
    /// every selected identifier when the lifted item is selected (see `dragContainerSelection(_:)`), otherwise
    /// the lifted item's alone. One session carries them all.
    /// - Parameters:
    ///   - itemType: The type of the dragged items.
    ///   - payload: Given the identifiers, in selection order; returns the items in the same order.
    /// - Returns: The node.
    @discardableResult
    public func dragContainer<Item: Transferable & Identifiable, Data: Collection>(
        for itemType: Item.Type = Item.self, _ payload: @escaping ([Item.ID]) -> Data
    ) -> Node where Item == Data.Element, Item.ID: Sendable {
        self[attachment: DragContainerKey.self] = DragContainer(
            accepts: { $0 is Item.ID },
            payload: { ids in payload(ids.compactMap { $0 as? Item.ID }).map { ($0.id, $0) } })
        return self
    }

    /// Makes the node a draggable item of the nearest enclosing drag container, by identifier, as SwiftUI's
    /// `draggable(containerItemID:containerNamespace:)`: the container makes the payload when the node lifts.
    /// - Parameter containerItemID: The item's identifier.
    /// - Returns: The node.
    @discardableResult
    public func draggable<ItemID: Hashable & Sendable>(containerItemID: ItemID) -> Node {
        makeDraggable(.containerItem(containerItemID), preview: nil)
    }

    /// Provides the selected items of the drag containers in this node's subtree, as SwiftUI's
    /// `dragContainerSelection(_:containerNamespace:)`: lifting a selected item drags every selected item.
    /// - Parameter selection: The selected identifiers, read when an item lifts.
    /// - Returns: The node.
    @discardableResult
    public func dragContainerSelection<ItemID: Hashable & Sendable>(
        _ selection: @autoclosure @escaping () -> [ItemID]
    ) -> Node {
        self[attachment: DragContainerSelectionKey.self] = { selection().map { $0 as any Hashable & Sendable } }
        return self
    }
}

/// What one lift exports.
struct ExportedPayload {
    let providers: [ItemProvider]
    let itemIDs: [any Hashable & Sendable]
    let draggedItemIndex: Int
    /// The drag container the items come from, for container items.
    let container: Node?
}

extension DragSource {
    /// Makes and exports the payload for a lift of `node`; nil when there is nothing to drag, or when the items
    /// are already being dragged: `isDragged` tells, given the container (nil for a plain source) and the
    /// identifiers, before the payload is made.
    func export(from node: Node, isDragged: (Node?, [AnyHashable]) -> Bool) -> ExportedPayload? {
        switch payload {
        case .values(let make):
            guard !isDragged(nil, []) else { return nil }
            let values = make()
            return values.isEmpty
                ? nil
                : ExportedPayload(providers: .init(exporting: values), itemIDs: [], draggedItemIndex: 0, container: nil)
        case .containerItem(let id):
            return Self.exportContainerItem(id, of: node, isDragged: isDragged)
        case .provider(let make):
            guard !isDragged(nil, []), let provider = make() else { return nil }
            return ExportedPayload(providers: [provider], itemIDs: [], draggedItemIndex: 0, container: nil)
        case .listRow:
            // A list lifts through `DragCoordinator.liftRows`, which knows where the pointer is.
            return nil
        }
    }

    private static func exportContainerItem(
        _ id: any Hashable & Sendable, of node: Node, isDragged: (Node?, [AnyHashable]) -> Bool
    ) -> ExportedPayload? {
        var found: (node: Node, container: DragContainer)?
        var ancestor: Node? = node
        while let current = ancestor, found == nil {
            if let candidate = current[attachment: DragContainerKey.self], candidate.accepts(id) {
                found = (current, candidate)
            }
            ancestor = current.parent
        }
        guard let (containerNode, container) = found else { return nil }
        let key = AnyHashable(id)
        var ids: [any Hashable & Sendable] = [id]
        ancestor = node
        while let current = ancestor {
            if let selection = current[attachment: DragContainerSelectionKey.self]?(),
                selection.contains(where: { AnyHashable($0) == key })
            {
                ids = selection
                break
            }
            ancestor = current.parent
        }
        guard !isDragged(containerNode, ids.map { AnyHashable($0) }) else { return nil }
        // The items' own identifiers, not those asked for: a payload may leave some out.
        let items = container.payload(ids)
        guard !items.isEmpty else { return nil }
        let index = items.firstIndex { item in Self.matches(item.id, key) } ?? 0
        return ExportedPayload(
            providers: .init(exporting: items.map(\.value)), itemIDs: items.map(\.id), draggedItemIndex: index,
            container: containerNode)
    }

    private static func matches(_ id: any Hashable & Sendable, _ key: AnyHashable) -> Bool {
        AnyHashable(id) == key
    }
}
