/// A rectangle of whole pixels: `minX..<maxX` by `minY..<maxY`. Empty when either range is.
package struct PixelBox: Hashable, Sendable {
    /// The first column.
    package var minX: Int
    /// The first row.
    package var minY: Int
    /// The column after the last.
    package var maxX: Int
    /// The row after the last.
    package var maxY: Int

    /// A box from its first column and row and the ones after its last.
    package init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box with no pixels.
    package static let empty = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// Whether it holds no pixel.
    package var isEmpty: Bool { minX >= maxX || minY >= maxY }

    /// Its width in pixels (0 when empty).
    package var width: Int { isEmpty ? 0 : maxX - minX }

    /// Its height in pixels (0 when empty).
    package var height: Int { isEmpty ? 0 : maxY - minY }

    /// The smallest box that holds both (an empty box adds nothing).
    package func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelBox(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    /// The pixels in both.
    package func intersection(_ other: PixelBox) -> PixelBox {
        let box = PixelBox(
            minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
            maxY: min(maxY, other.maxY))
        return box.isEmpty ? .empty : box
    }
}
