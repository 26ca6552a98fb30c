import ContentTypes
import Foundation
import Gestures
import Transfer

// Lists, with SwiftUI's names for `ForEach` (DynamicViewContent): a node whose children are rows, one per element
// of the data, in order (a vertical list, a horizontal one, or a grid in reading order). Its rows reorder by
// dragging, and items dropped on it land between rows.
extension Node {
    /// Makes the node's rows reorderable by dragging, as SwiftUI's `onMove(perform:)`.
    ///
    /// A row lifts as a draggable node does (a long press for touch, a move of 10 points for a mouse). Released
    /// over the list, `action` gets the offsets of the moved rows — every selected row when the lifted row is
    /// selected (see ``listSelection(_:)``), the lifted row otherwise — and the destination: the insertion index
    /// under the pointer, counted among the rows before the move, as `Array.move(fromOffsets:toOffset:)` expects.
    /// Released elsewhere, or cancelled, nothing moves. A row with a payload of its own (`draggable(_:)`,
    /// `onDrag(_:)`) carries it, so that it can be dropped on other targets too; a row without one can only be
    /// reordered.
    ///
    /// ```swift
    /// list.onMove { offsets, destination in
    ///     model.items.move(fromOffsets: offsets, toOffset: destination)
    /// }
    /// ```
    /// - Parameter action: Given the moved rows' offsets and the destination; nil turns reordering off.
    /// - Returns: The node.
    @discardableResult
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Node {
        let behavior = listBehavior
        behavior.move = action
        if action != nil, self[attachment: DragSourceKey.self] == nil {
            _ = makeDraggable(.listRow, preview: nil)
        } else if action == nil, case .listRow? = self[attachment: DragSourceKey.self]?.payload {
            self[attachment: DragSourceKey.self] = nil
        }
        return installList(behavior)
    }

    /// Makes the list a drop target for items offering one of some content types, inserted between rows, as
    /// SwiftUI's `onInsert(of:perform:)`.
    ///
    /// `action` runs when a drag is released over the list, with the insertion index under the pointer (before
    /// the first row whose midpoint is past it) and the providers of the items that offer one of the types.
    /// - Parameters:
    ///   - supportedContentTypes: The accepted types.
    ///   - action: Given the insertion index and the providers.
    /// - Returns: The node.
    @discardableResult
    public func onInsert(
        of supportedContentTypes: [UTType], perform action: @escaping (Int, [NSItemProvider]) -> Void
    ) -> Node {
        let behavior = listBehavior
        behavior.insert = (supportedContentTypes, action)
        return installList(behavior)
    }

    /// The `[String]` form of `onInsert(of:perform:)`: type identifiers instead of types.
    /// - Parameters:
    ///   - acceptedTypeIdentifiers: The accepted type identifiers.
    ///   - action: Given the insertion index and the providers.
    /// - Returns: The node.
    @discardableResult
    public func onInsert(
        of acceptedTypeIdentifiers: [String], perform action: @escaping (Int, [NSItemProvider]) -> Void
    ) -> Node {
        onInsert(of: UTType.types(identifiers: acceptedTypeIdentifiers), perform: action)
    }

    /// Makes the list a drop target for items that can be imported as `T`, inserted between rows, as SwiftUI's
    /// `dropDestination(for:action:)` on `ForEach`.
    ///
    /// When a drag is released over the list, the session loads every item that can be imported as `T` and, once
    /// `Scene.finishDrops()` has awaited the loads, calls `action` with the values, in the order they were dragged,
    /// and the insertion index under the pointer at the release. A load failure ends the session with `.cancel`.
    /// - Parameters:
    ///   - payloadType: The type the items are imported as.
    ///   - action: Given the values and the insertion index.
    /// - Returns: The node.
    ///
    /// An action that could be either form (`{ _, _ in true }`) is the location form's, which returns a result.
    @_disfavoredOverload
    @discardableResult
    public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping ([T], Int) -> Void
    ) -> Node {
        let behavior = listBehavior
        behavior.load = (
            .transferable(T.self), { $0.canLoadTransferable(type: T.self) },
            { values, index in action(values.compactMap { $0 as? T }, index) }
        )
        return installList(behavior)
    }

    /// Sets what the list does when its selected rows are deleted, as SwiftUI's `onDelete(perform:)`: the Delete
    /// or Backspace key (`KeyEvent.Key.character("\u{7F}")` or `"\u{8}"`) pressed while rows are selected calls
    /// `action` with their offsets.
    /// - Parameter action: Given the selected rows' offsets; nil turns deleting off.
    /// - Returns: The node.
    @discardableResult
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Node {
        let behavior = listBehavior
        behavior.delete = action
        return installList(behavior)
    }

    /// Provides the list's selected rows, a DnDKit addition standing for `List(selection:)`: lifting a selected
    /// row drags every selected row, and deleting deletes them.
    /// - Parameter selection: The selected rows' offsets, read when a row lifts or a row is deleted.
    /// - Returns: The node.
    @discardableResult
    public func listSelection(_ selection: @autoclosure @escaping () -> IndexSet) -> Node {
        let behavior = listBehavior
        behavior.selection = selection
        return installList(behavior)
    }

    /// Where an item released now would land in this list, a DnDKit addition for renderers (the insertion
    /// marker): the insertion index under the pointer of the drag hovering over the list, or nil when no drag
    /// that the list takes hovers over it.
    public var listInsertionIndex: Int? {
        guard let coordinator = scene?[extension: DragCoordinatorKey.self] else { return nil }
        return coordinator.insertionIndex(over: self)
    }

    /// Where an item released at `location` would land among this node's rows, a DnDKit addition: before the first
    /// row, in reading order, whose midpoint is past the point (the rule drops on a list follow), or after the last.
    /// - Parameter location: A point in the node's own space.
    /// - Returns: The insertion index, from 0 to the number of rows.
    public func listInsertionIndex(at location: CGPoint) -> Int {
        let rows = scene?[extension: DragCoordinatorKey.self].map { $0.rows(of: self) } ?? children
        return ListLayout.insertionIndex(at: location, among: rows.map(\.frame))
    }

    /// The insertion marker a renderer draws over this list while a drag it takes hovers over it, a DnDKit
    /// addition: the index under the pointer and a line between the rows on either side, in the list's space; nil
    /// otherwise.
    public var listInsertionMarker: ListInsertionMarker? {
        guard let coordinator = scene?[extension: DragCoordinatorKey.self],
            let index = coordinator.insertionIndex(over: self)
        else { return nil }
        return ListInsertionMarker(
            index: index, among: coordinator.rows(of: self).map(\.frame), listSize: frame.size)
    }

    private var listBehavior: ListBehavior {
        if let existing = self[attachment: ListBehaviorKey.self] { return existing }
        let behavior = ListBehavior()
        self[attachment: ListBehaviorKey.self] = behavior
        return behavior
    }

    private func installList(_ behavior: ListBehavior) -> Node {
        self[attachment: DropDestinationKey.self] = DropDestination(
            handler: .list(behavior), accepts: behavior.accepts, isTargeted: nil,
            acceptedDescription: behavior.acceptedDescription)
        if let scene { _ = DragCoordinator.installed(in: scene) }
        return self
    }
}
