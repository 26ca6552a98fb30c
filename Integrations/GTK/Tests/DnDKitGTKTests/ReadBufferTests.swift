import Foundation
import Testing

@testable import DnDKitGTK

/// The buffer every read from another program fills (`mmap`, grown by `mremap`, pages populated ahead): the bytes come
/// out as they went in across its growth and its final shrink, and a payload past the limit is refused.
struct ReadBufferTests {
    /// Reads of uneven sizes (a byte, less than a page, more than the first mapping) through several doublings.
    @Test func bytesSurviveGrowthAndShrink() throws {
        var buffer = ReadBuffer()
        var expected: [UInt8] = []
        var next: UInt8 = 1
        let sizes = [1, 4095, 1 << 20, (3 << 20) + 17, 5000, 1 << 20]
        for size in sizes {
            var left = size
            while left > 0 {
                try buffer.reserve(1 << 20, limit: 64 << 20, what: "the test's bytes")
                let count = min(left, buffer.room)
                // The macros cannot look into a noncopyable value: its properties are read first.
                let start = buffer.free
                let free = try #require(start)
                for offset in 0..<count {
                    free.storeBytes(of: next, toByteOffset: offset, as: UInt8.self)
                    expected.append(next)
                    next = next &* 31 &+ 7
                }
                buffer.advance(by: count)
                left -= count
            }
        }
        #expect(expected.count == sizes.reduce(0, +))
        let data = buffer.data()
        #expect(data.count == expected.count)
        #expect(data.elementsEqual(expected))
    }

    /// An empty read is empty `Data`.
    @Test func nothingReadIsEmpty() throws {
        var buffer = ReadBuffer()
        try buffer.reserve(1 << 20, limit: 64 << 20, what: "the test's bytes")
        #expect(buffer.data().isEmpty)
    }

    /// More bytes than the limit: the next reservation fails with `.tooLarge`, naming what was read.
    @Test func pastTheLimitIsTooLarge() throws {
        var buffer = ReadBuffer()
        try buffer.reserve(1 << 20, limit: 10, what: "the test's bytes")
        let room = buffer.room
        #expect(room >= 11)
        buffer.advance(by: 11)
        let error = #expect(throws: GTKTransferError.self) {
            try buffer.reserve(1 << 20, limit: 10, what: "the test's bytes")
        }
        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("the test's bytes") == true)
    }
}
