import Foundation

/// A uniform grid over the boxes of a node's children, so that hit testing a point looks only at the children
/// whose boxes overlap the point's cell. Each cell lists child positions in ascending (back-to-front) order.
///
/// A child whose box changes is marked dirty and moved between cells at the next query; adding, removing or
/// reordering children rebuilds the grid at the next query. Points and boxes outside the grid's bounds are
/// clamped to its border cells, so the grid stays correct when children move out of it.
final class ChildIndex {
    var needsRebuild = true
    private var origin = CGPoint.zero
    private var cellSize = CGSize(width: 1, height: 1)
    private var columns = 1
    private var rows = 1
    private var cells: [[Int32]] = [[]]
    /// The cell range each child occupies (`nil` for a child with nothing to hit).
    private var ranges: [CellRange?] = []
    private var dirty: [Int] = []
    private var isDirty: [Bool] = []

    private struct CellRange: Equatable {
        var minColumn: Int
        var minRow: Int
        var maxColumn: Int
        var maxRow: Int
    }

    func markDirty(_ position: Int) {
        guard !needsRebuild, position < isDirty.count, !isDirty[position] else { return }
        isDirty[position] = true
        dirty.append(position)
    }

    /// A box holding every child's box, in the node's space. It only grows between rebuilds, which keeps it
    /// cheap to maintain and still safe for pruning.
    private var childrenBounds = CGRect.null

    /// The positions of the children whose boxes may contain a point of the node's space, ascending.
    func candidates(in node: Node, at point: CGPoint) -> [Int32] {
        update(node)
        return cells[cellIndex(column: column(of: point.x), row: row(of: point.y))]
    }

    /// A box holding the boxes of all children.
    func bounds(in node: Node) -> CGRect {
        update(node)
        return childrenBounds
    }

    private func update(_ node: Node) {
        if needsRebuild {
            rebuild(node)
        } else if !dirty.isEmpty {
            refresh(node)
        }
    }

    private func rebuild(_ node: Node) {
        let count = node.children.count
        var bounds = CGRect.null
        for child in node.children { bounds = bounds.union(child.subtreeBox) }
        childrenBounds = bounds
        let side = max(1, Int((Double(count) / 2).squareRoot()))
        columns = side
        rows = side
        if bounds.isNull || bounds.width <= 0 || bounds.height <= 0 {
            origin = bounds.isNull ? .zero : bounds.origin
            cellSize = CGSize(width: 1, height: 1)
            columns = 1
            rows = 1
        } else {
            origin = bounds.origin
            cellSize = CGSize(width: bounds.width / CGFloat(columns), height: bounds.height / CGFloat(rows))
        }
        cells = Array(repeating: [], count: columns * rows)
        ranges = Array(repeating: nil, count: count)
        isDirty = Array(repeating: false, count: count)
        dirty.removeAll()
        for (position, child) in node.children.enumerated() {
            let range = cellRange(of: child.subtreeBox)
            ranges[position] = range
            if let range { forEachCell(range) { cells[$0].append(Int32(position)) } }
        }
        needsRebuild = false
    }

    private func refresh(_ node: Node) {
        for position in dirty {
            isDirty[position] = false
            let box = node.children[position].subtreeBox
            childrenBounds = childrenBounds.union(box)
            let newRange = cellRange(of: box)
            let oldRange = ranges[position]
            guard newRange != oldRange else { continue }
            let key = Int32(position)
            if let oldRange {
                forEachCell(oldRange) { cell in
                    if let found = binarySearch(cells[cell], key), found.exists { cells[cell].remove(at: found.index) }
                }
            }
            if let newRange {
                forEachCell(newRange) { cell in
                    if let found = binarySearch(cells[cell], key), !found.exists {
                        cells[cell].insert(key, at: found.index)
                    }
                }
            }
            ranges[position] = newRange
        }
        dirty.removeAll(keepingCapacity: true)
    }

    private func cellRange(of box: CGRect) -> CellRange? {
        guard !box.isNull, !box.isEmpty else { return nil }
        return CellRange(
            minColumn: column(of: box.minX), minRow: row(of: box.minY), maxColumn: column(of: box.maxX),
            maxRow: row(of: box.maxY))
    }

    private func column(of x: CGFloat) -> Int {
        let value = ((x - origin.x) / cellSize.width).rounded(.down)
        guard value.isFinite else { return 0 }
        return Int(min(max(value, 0), CGFloat(columns - 1)))
    }

    private func row(of y: CGFloat) -> Int {
        let value = ((y - origin.y) / cellSize.height).rounded(.down)
        guard value.isFinite else { return 0 }
        return Int(min(max(value, 0), CGFloat(rows - 1)))
    }

    private func cellIndex(column: Int, row: Int) -> Int {
        row * columns + column
    }

    private func forEachCell(_ range: CellRange, _ body: (Int) -> Void) {
        for row in range.minRow...range.maxRow {
            for column in range.minColumn...range.maxColumn { body(cellIndex(column: column, row: row)) }
        }
    }

    /// Where `key` is or would go in a sorted list.
    private func binarySearch(_ list: [Int32], _ key: Int32) -> (index: Int, exists: Bool)? {
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid] < key { low = mid + 1 } else { high = mid }
        }
        return (low, low < list.count && list[low] == key)
    }
}
