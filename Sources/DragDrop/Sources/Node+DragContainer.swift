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
            payload: { ids in payload(ids.compactMap { $0 as? Item.ID }).map { $0 as any Transferable } })
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
}

extension DragSource {
    /// Makes and exports the payload for a lift of `node`; nil when there is nothing to drag.
    func export(from node: Node) -> ExportedPayload? {
        switch payload {
        case .values(let make):
            let values = make()
            return values.isEmpty
                ? nil : ExportedPayload(providers: .init(exporting: values), itemIDs: [], draggedItemIndex: 0)
        case .containerItem(let id):
            return Self.exportContainerItem(id, of: node)
        }
    }

    private static func exportContainerItem(_ id: any Hashable & Sendable, of node: Node) -> ExportedPayload? {
        var container: DragContainer?
        var ancestor: Node? = node
        while let current = ancestor, container == nil {
            if let candidate = current[attachment: DragContainerKey.self], candidate.accepts(id) {
                container = candidate
            }
            ancestor = current.parent
        }
        guard let container else { return nil }
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
        let values = container.payload(ids)
        guard !values.isEmpty else { return nil }
        let index = ids.firstIndex { AnyHashable($0) == key } ?? 0
        return ExportedPayload(providers: .init(exporting: values), itemIDs: ids, draggedItemIndex: index)
    }
}
