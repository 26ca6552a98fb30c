import Foundation
import Gestures
import Transfer

/// The list a reorder started from, and the offsets of the rows it drags, in the order of the list.
struct ListOrigin {
    let list: Node
    let offsets: [Int]
}

// Lifting a list's rows, the insertion index under the pointer, dropping on a list, deleting its selected rows.
extension DragCoordinator {
    /// A list's lift gesture recognised at `location`: the row under the pointer and the rows it drags (every
    /// selected row when it is selected), each carrying its own payload if it has one. Nil when no row is under the
    /// pointer, or when a reorder of this list is already under way.
    func liftRows(of list: Node, at location: CGPoint) -> (row: Node, payload: ExportedPayload, origin: ListOrigin)? {
        guard let behavior = list[attachment: ListBehaviorKey.self], behavior.move != nil,
            !sessions.contains(where: { $0.listOrigin?.list === list })
        else { return nil }
        let rows = self.rows(of: list)
        let point = list.convertFromGlobal(location)
        guard let offset = rows.lastIndex(where: { $0.frame.contains(point) }) else { return nil }
        var offsets = [offset]
        if let selection = behavior.selection {
            callbacksRan = true
            let selected = selection().filter { $0 < rows.count }
            if selected.contains(offset) { offsets = Array(selected) }
        }
        let payloads = offsets.map { rowPayload(rows[$0]) }
        // The rows' own identifiers when every row is a drag container's item (so that a target elsewhere knows
        // which items it took), their offsets otherwise.
        let ids = payloads.compactMap(\.id)
        let payload = ExportedPayload(
            providers: payloads.map(\.provider), itemIDs: ids.count == offsets.count ? ids : offsets,
            draggedItemIndex: offsets.firstIndex(of: offset) ?? 0, container: nil)
        return (rows[offset], payload, ListOrigin(list: list, offsets: offsets))
    }

    /// A row's own payload (`draggable`, `onDrag`, a drag container's item, with its identifier), or an empty
    /// provider that only its list takes.
    private func rowPayload(_ row: Node) -> (provider: ItemProvider, id: (any Hashable & Sendable)?) {
        guard let declaration = row[attachment: DragSourceKey.self] else { return (ItemProvider(), nil) }
        callbacksRan = true
        if case .containerItem(let id) = declaration.payload {
            guard let container = row.nearest(DragContainerKey.self), container.accepts(id),
                let item = container.payload([id]).first,
                let provider = [ItemProvider](exporting: [item.value]).first
            else { return (ItemProvider(), nil) }
            return (provider, item.id)
        }
        return (declaration.export(from: row, isDragged: { _, _ in false })?.providers.first ?? ItemProvider(), nil)
    }

    /// The rows of a list: its children, without the previews of drags (a list may be the scene's root).
    func rows(of list: Node) -> [Node] {
        list.children.filter { child in !sessions.contains { $0.preview === child } }
    }

    /// The insertion index under the pointer of the drag hovering over `list`, or nil.
    func insertionIndex(over list: Node) -> Int? {
        guard case .list? = list[attachment: DropDestinationKey.self]?.handler,
            let session = sessions.first(where: { $0.stage == .dragging && $0.target === list })
        else { return nil }
        return ListLayout.insertionIndex(
            at: list.convertFromGlobal(session.location), among: rows(of: list).map(\.frame))
    }

    /// Whether the session reorders the rows of `node`.
    func isReorder(_ session: LiveDragSession, of node: Node) -> Bool {
        guard let origin = session.listOrigin, origin.list === node,
            case .list(let behavior)? = node[attachment: DropDestinationKey.self]?.handler
        else { return false }
        return behavior.move != nil
    }

    /// Released over a list at `location` (in its space): a reorder of its own rows calls `onMove`; items from
    /// elsewhere go to `onInsert` (providers, at once) or are loaded for `dropDestination(for:action:)`.
    func dropOnList(
        _ session: LiveDragSession, on node: Node, _ behavior: ListBehavior, _ operation: DropOperation,
        _ accepted: [Int], _ location: CGPoint
    ) {
        let index = ListLayout.insertionIndex(at: location, among: rows(of: node).map(\.frame))
        if let origin = session.listOrigin, origin.list === node, let move = behavior.move {
            publish(.moved(offsets: origin.offsets, destination: index), session, at: node)
            guard callOut(session, staying: .dropping, { move(IndexSet(origin.offsets), index) }) else { return }
            return end(session, .move, transferred: Array(session.providers.indices))
        }
        if let insert = behavior.insert {
            let indices = accepted.filter { position in
                insert.types.contains { session.providers[position].hasItemConforming(to: $0) }
            }
            if !indices.isEmpty {
                publish(.insertion(index: index, itemCount: indices.count), session, at: node)
                let providers = indices.map { session.providers[$0] }
                guard callOut(session, staying: .dropping, { insert.action(index, providers) }) else { return }
                return end(session, operation, transferred: indices)
            }
        }
        guard let load = behavior.load else {
            return end(
                session, .cancel, error: DragDropError(.declined, "the list \(node) takes none of the dragged items"))
        }
        let indices = accepted.filter { load.accepts(session.providers[$0]) }
        publish(.insertion(index: index, itemCount: indices.count), session, at: node)
        startLoads(session, on: node, operation, indices, location, load.receiver) { values, _ in
            load.action(values, index)
            return true
        }
    }

    /// The Delete or Backspace key went down: every list with a delete action and selected rows deletes them.
    func deleteSelectedRows() {
        for node in scene.root.subtree {
            guard let behavior = node[attachment: ListBehaviorKey.self], let delete = behavior.delete,
                let selection = behavior.selection
            else { continue }
            callbacksRan = true
            let selected = selection()
            if !selected.isEmpty { delete(selected) }
        }
        flush()
    }
}
