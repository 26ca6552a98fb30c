import Foundation
import PNGCodec
import Testing

@Suite("Limits")
struct LimitsTests {
    /// A 100-byte file whose header claims 30000x30000 pixels: a decompression bomb's opening.
    static let bomb = TestPNG.build(width: 30_000, height: 30_000, bitDepth: 1, colorType: 0, scanlines: [[0]])

    @Test func smallFileClaimingAHugeImageFailsAtOnce() throws {
        #expect(Self.bomb.count < 1_000)
        let clock = ContinuousClock()
        var caught: ImageError?
        let elapsed = clock.measure {
            caught = #expect(throws: ImageError.self) { try PNGDecoder().decode(Self.bomb) }
        }
        #expect(caught?.code == .limitExceeded)
        #expect(caught?.message.contains("30000x30000") == true)
        #expect(elapsed < .seconds(1))
    }

    @Test func theBombPassesTheLimitsOnlyWhenRaisedAndThenFailsOnItsData() throws {
        let generous = PNGDecoder.Limits(maxDecodedBytes: 1 << 30)
        let error = #expect(throws: ImageError.self) { try PNGDecoder(limits: generous).decode(Self.bomb) }
        #expect(error?.code == .badImageData)
    }

    @Test func limitsAreConfigurable() throws {
        let data = try Fixtures.data("basn0g01.png")  // 32x32
        for limits in [
            PNGDecoder.Limits(maxWidth: 31), PNGDecoder.Limits(maxHeight: 16), PNGDecoder.Limits(maxDecodedBytes: 1023),
        ] {
            let error = #expect(throws: ImageError.self) { try PNGDecoder(limits: limits).decode(data) }
            #expect(error?.code == .limitExceeded)
        }
        #expect(
            try PNGDecoder(limits: PNGDecoder.Limits(maxWidth: 32, maxHeight: 32, maxDecodedBytes: 1024)).decode(data)
                .width == 32)
    }

    @Test func ancillaryChunkLimits() throws {
        let data = try Fixtures.data("ct1n0g04.png")  // six tEXt chunks, the longest about 200 bytes
        let tooBig = #expect(throws: ImageError.self) {
            try PNGDecoder(limits: PNGDecoder.Limits(maxAncillaryChunkBytes: 40)).decode(data)
        }
        #expect(tooBig?.code == .limitExceeded)
        #expect(tooBig?.chunk == "tEXt")
        let tooMany = #expect(throws: ImageError.self) {
            try PNGDecoder(limits: PNGDecoder.Limits(maxAncillaryChunkCount: 3)).decode(data)
        }
        #expect(tooMany?.code == .limitExceeded)
    }

    @Test func compressedTextIsLimitedAfterDecompression() throws {
        // A zTXt chunk of a few hundred bytes that inflates to 100 KB is skipped with a warning.
        var bitmap = try Bitmap(width: 1, height: 1, format: .gray8)
        bitmap.metadata.textEntries = [
            .init(keyword: "Bomb", text: String(repeating: "a", count: 100_000), isCompressed: true)
        ]
        let png = try bitmap.pngData()
        #expect(png.count < 2_000)
        let info = try PNGDecoder(limits: PNGDecoder.Limits(maxAncillaryChunkBytes: 10_000)).info(png)
        #expect(info.metadata.textEntries.isEmpty)
        #expect(info.warnings.first?.contains("more than the limit") == true)
    }
}
