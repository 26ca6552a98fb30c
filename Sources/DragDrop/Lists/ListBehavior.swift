import ContentTypes
import Foundation
import Gestures
import Transfer

/// What a list node does with drags, kept on the node: the actions of `onMove`, `onInsert`, `onDelete` and the
/// index form of `dropDestination(for:action:)`, and which rows are selected. The node's children are its rows, in
/// the order of the data they show.
final class ListBehavior {
    /// Reorders rows: the moved rows' offsets and the destination, counted among the rows before the move.
    var move: ((IndexSet, Int) -> Void)?
    /// Deletes the selected rows.
    var delete: ((IndexSet) -> Void)?
    /// Inserts the providers of items that offer one of the types.
    var insert: (types: [UTType], action: (Int, [ItemProvider]) -> Void)?
    /// Loads the items that can be imported as a `Transferable` type, then inserts the values.
    var load:
        (receiver: PayloadReceiver, accepts: @Sendable (ItemProvider) -> Bool, action: ([any Sendable], Int) -> Void)?
    /// The selected rows' offsets, read when a row lifts.
    var selection: (() -> IndexSet)?

    /// Whether an item from elsewhere can be inserted, judged from its content types alone.
    var accepts: @Sendable (ItemProvider) -> Bool {
        let types = insert?.types ?? []
        let loadable = load?.accepts
        return { provider in
            types.contains { provider.hasItemConforming(to: $0) } || (loadable?(provider) ?? false)
        }
    }

    /// What the list accepts, for the timeline.
    var acceptedDescription: String {
        var parts: [String] = []
        if move != nil { parts.append("its rows") }
        if let insert { parts.append(DropDestination.describe(insert.types)) }
        if let load { parts.append(load.receiver.name) }
        return parts.joined(separator: ", ")
    }
}

enum ListBehaviorKey: AttachmentKey {
    typealias Value = ListBehavior
}

/// How a list's rows are laid out, found from their frames.
enum ListLayout: Equatable {
    /// One row per line, top to bottom.
    case vertical
    /// All rows on one line, left to right.
    case horizontal
    /// Several lines of several rows, in reading order.
    case grid

    /// The layout of rows with these frames: one line of two rows or more is horizontal; rows that never share a
    /// line are vertical; anything else is a grid.
    init(_ frames: [CGRect]) {
        guard let first = frames.first else {
            self = .vertical
            return
        }
        if frames.count > 1, frames.allSatisfy({ ListLayout.shareLine($0, first) }) {
            self = .horizontal
        } else if zip(frames, frames.dropFirst()).allSatisfy({ !ListLayout.shareLine($0, $1) }) {
            self = .vertical
        } else {
            self = .grid
        }
    }

    /// Whether two rows overlap vertically: they are on one line.
    static func shareLine(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minY < b.maxY && b.minY < a.maxY
    }

    /// Where an item dropped at `point` lands among rows with these frames (both in the list's space): before the
    /// first row, in reading order, whose midpoint is past the point, or after the last row. In a grid, a point
    /// between two lines lands before the first row of the lower one, and a point on a line past its last row's
    /// midpoint lands after that row.
    static func insertionIndex(at point: CGPoint, among frames: [CGRect]) -> Int {
        switch ListLayout(frames) {
        case .vertical:
            return frames.firstIndex { $0.midY > point.y } ?? frames.count
        case .horizontal:
            return frames.firstIndex { $0.midX > point.x } ?? frames.count
        case .grid:
            var start = 0
            while start < frames.count {
                var end = start + 1
                while end < frames.count, shareLine(frames[end], frames[start]) { end += 1 }
                let line = frames[start..<end]
                let bottom = line.map(\.maxY).max() ?? frames[start].maxY
                if point.y < bottom {
                    let top = line.map(\.minY).min() ?? frames[start].minY
                    if point.y < top { return start }
                    return line.indices.first { frames[$0].midX > point.x } ?? end
                }
                start = end
            }
            return frames.count
        }
    }
}

/// Where a list shows that a drop would land, a DnDKit addition for renderers: the insertion index and a line
/// between the rows on either side of it, in the list's own space.
public struct ListInsertionMarker: Hashable, Sendable {
    /// The insertion index.
    public let index: Int
    /// One end of the line.
    public let start: CGPoint
    /// The other end of the line.
    public let end: CGPoint

    /// The marker for `index` among rows with these frames: across the list between two lines of a vertical
    /// list, up and down between two cells of a horizontal list or a grid line, at the top of an empty list.
    init(index: Int, among frames: [CGRect], listSize: CGSize) {
        self.index = index
        guard !frames.isEmpty else {
            (start, end) = (CGPoint(x: 0, y: 0), CGPoint(x: listSize.width, y: 0))
            return
        }
        let before = index > 0 ? frames[index - 1] : nil
        let after = index < frames.count ? frames[index] : nil
        switch ListLayout(frames) {
        case .vertical:
            let y = Self.between(before?.maxY, after?.minY)
            let minX = frames.map(\.minX).min() ?? 0
            let maxX = frames.map(\.maxX).max() ?? listSize.width
            (start, end) = (CGPoint(x: minX, y: y), CGPoint(x: maxX, y: y))
        case .horizontal:
            let x = Self.between(before?.maxX, after?.minX)
            let minY = frames.map(\.minY).min() ?? 0
            let maxY = frames.map(\.maxY).max() ?? listSize.height
            (start, end) = (CGPoint(x: x, y: minY), CGPoint(x: x, y: maxY))
        case .grid:
            // Beside the cell the item lands before, or after the last cell.
            let cell = after ?? before ?? frames[0]
            let x = after.map(\.minX) ?? cell.maxX
            (start, end) = (CGPoint(x: x, y: cell.minY), CGPoint(x: x, y: cell.maxY))
        }
    }

    /// Halfway between two edges, or the one there is.
    private static func between(_ first: CGFloat?, _ second: CGFloat?) -> CGFloat {
        switch (first, second) {
        case (let a?, let b?): (a + b) / 2
        case (let a?, nil): a
        case (nil, let b?): b
        case (nil, nil): 0
        }
    }
}
