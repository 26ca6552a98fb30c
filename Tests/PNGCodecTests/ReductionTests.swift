import Foundation
import PNGCodec
import Testing

/// The lossless reductions of ``PNGEncoder/Options/smallest``: a palette, gray, 8 bits, fewer bits, no alpha, each
/// only when the decoded samples stay exactly the same.
@Suite("Lossless reductions")
struct ReductionTests {
    /// Samples of any format, as 16-bit RGBA: equal exactly when the colours are (8-bit values scale by 257).
    static func samples(_ bitmap: Bitmap) -> [UInt8] {
        bitmap.converted(to: .rgba16).withUnsafeBytes { Array($0) }
    }

    /// A background colour as red, green and blue fractions of the largest sample value, to compare across layouts.
    static func background(_ bitmap: Bitmap) -> [Double]? {
        let maximum = Double(bitmap.format.bitDepth.maxSampleValue)
        switch bitmap.metadata.backgroundColor {
        case .gray(let gray): return Array(repeating: Double(gray) / maximum, count: 3)
        case .rgb(let red, let green, let blue):
            return [red, green, blue].map { Double($0) / maximum }
        case nil: return nil
        }
    }

    @Test("smallest keeps every PngSuite image's samples and metadata", arguments: Fixtures.validFiles)
    func samplesStayTheSame(file: String) throws {
        let original = try Fixtures.data(file)
        let bitmap = try PNGDecoder().decode(original)
        let encoded = try PNGEncoder(options: .smallest).encode(bitmap)
        let decoded = try PNGDecoder().decode(encoded)
        #expect(decoded.width == bitmap.width && decoded.height == bitmap.height)
        #expect(Self.samples(decoded) == Self.samples(bitmap))
        var kept = decoded.metadata
        var expected = bitmap.metadata
        // The background is stored in the reduced layout: compared as fractions of the largest value.
        #expect(Self.background(decoded) == Self.background(bitmap))
        kept.backgroundColor = nil
        expected.backgroundColor = nil
        // Chunks safe to copy stay; those that are not stay only in the bitmap's own layout (never in a reduced one).
        #expect(kept.otherChunks.filter(\.isSafeToCopy) == expected.otherChunks.filter(\.isSafeToCopy))
        #expect(kept.otherChunks.allSatisfy { expected.otherChunks.contains($0) })
        kept.otherChunks = []
        expected.otherChunks = []
        #expect(kept == expected)
    }

    @Test("palette files no longer grow", arguments: Fixtures.validFiles)
    func paletteFilesDoNotGrow(file: String) throws {
        let original = try Fixtures.data(file)
        guard try PNGDecoder().info(original).colorType == .palette else { return }
        let encoded = try PNGEncoder(options: .smallest).encode(try PNGDecoder().decode(original))
        #expect(encoded.count <= original.count, "\(file): \(original.count) → \(encoded.count) bytes")
    }

    @Test("each reduction is made when the samples allow it, and only then")
    func reductionsAreChosen() throws {
        // 16-bit RGBA, opaque, gray values that are multiples of 257 × 85: 2-bit gray.
        var bytes: [UInt8] = []
        var wideBytes: [UInt8] = []
        for index in 0..<(64 * 64) {
            let level = UInt8((index / 64 + index % 64) % 4 * 85)
            bytes += [level, level, level, level, level, level, 255, 255]
            // A colour sample that needs 16 bits: nothing reduces.
            wideBytes += [level, level &+ 1, level, level, level, level, 255, 255]
        }
        let gray = try Bitmap(width: 64, height: 64, format: .rgba16, bytes: bytes)
        let wide = try Bitmap(width: 64, height: 64, format: .rgba16, bytes: wideBytes)
        let reduced = try PNGDecoder().info(try PNGEncoder(options: .smallest).encode(gray))
        #expect(reduced.colorType == .palette || (reduced.colorType == .gray && reduced.bitDepth == 2))
        #expect(reduced.bitDepth == 2)
        let kept = try PNGDecoder().info(try PNGEncoder(options: .smallest).encode(wide))
        #expect(kept.colorType == .rgb && kept.bitDepth == 16)
        // The other presets keep the bitmap's own layout.
        let balanced = try PNGDecoder().info(try PNGEncoder(options: .balanced).encode(gray))
        #expect(balanced.colorType == .rgba && balanced.bitDepth == 16)
    }

    @Test("a background colour is written in the reduced layout, or the reduction that it does not fit is not made")
    func backgroundFollowsTheLayout() throws {
        var bytes: [UInt8] = []
        for index in 0..<(32 * 32) {
            let level: UInt8 = index % 3 == 0 ? 0 : 255
            bytes += [level, level, level]
        }
        var bitmap = try Bitmap(width: 32, height: 32, format: .rgb8, bytes: bytes)
        bitmap.metadata.backgroundColor = .rgb(red: 255, green: 255, blue: 255)
        let encoded = try PNGEncoder(options: .smallest).encode(bitmap)
        let decoded = try PNGDecoder().decode(encoded)
        #expect(Self.samples(decoded) == Self.samples(bitmap))
        #expect(Self.background(decoded) == [1, 1, 1])
        #expect(try PNGDecoder().info(encoded).bitDepth == 1)
        // A red background does not fit gray: the file stays colour (a palette with red added) or RGB.
        bitmap.metadata.backgroundColor = .rgb(red: 255, green: 0, blue: 0)
        let red = try PNGDecoder().decode(try PNGEncoder(options: .smallest).encode(bitmap))
        #expect(Self.background(red) == [1, 0, 0])
        #expect(Self.samples(red) == Self.samples(bitmap))
    }
}
