import Foundation

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` so that they land, in their order, before the element that was at
    /// `destination` (or at the end for `count`), as SwiftUI's list reordering does: `["a", "b", "c", "d"]` moved
    /// from `[0]` to `3` is `["b", "c", "a", "d"]`.
    /// - Parameters:
    ///   - source: The offsets of the elements to move.
    ///   - destination: An offset in the collection as it is before the move, from 0 through `count`.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let offsets = source.filter { $0 >= 0 && $0 < count }
        let moving = offsets.map { self[index(startIndex, offsetBy: $0)] }
        let before = offsets.filter { $0 < destination }.count
        remove(atOffsets: IndexSet(offsets))
        let target = Swift.min(Swift.max(destination - before, 0), count)
        insert(contentsOf: moving, at: index(startIndex, offsetBy: target))
    }
}

extension RangeReplaceableCollection {
    /// Removes the elements at `offsets`, as SwiftUI's `onDelete` hands them over.
    /// - Parameter offsets: The offsets; those past the end are ignored.
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() where offset >= 0 && offset < count {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}
