import Rendering
import Testing

@Suite("Pixel boxes")
struct PixelBoxTests {
    @Test("union and intersection, with the empty box adding nothing")
    func unionAndIntersection() {
        let left = PixelBox(minX: 0, minY: 0, maxX: 10, maxY: 10)
        let right = PixelBox(minX: 5, minY: 8, maxX: 20, maxY: 12)
        #expect(left.union(right) == PixelBox(minX: 0, minY: 0, maxX: 20, maxY: 12))
        #expect(left.intersection(right) == PixelBox(minX: 5, minY: 8, maxX: 10, maxY: 10))
        #expect(left.intersection(PixelBox(minX: 10, minY: 0, maxX: 12, maxY: 5)).isEmpty, "touching is not sharing")
        #expect(PixelBox.empty.union(right) == right)
        #expect(right.union(.empty) == right)
        #expect(PixelBox(minX: 3, minY: 3, maxX: 3, maxY: 9).width == 0)
    }
}
