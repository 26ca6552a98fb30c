import Foundation
import PNGCodec
import TestSupport
import Testing

@Suite("Encoder")
struct EncoderTests {
    /// A smooth 64x64 RGBA gradient with some texture.
    static func gradient() throws -> Bitmap {
        var bytes: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                bytes += [UInt8(x * 4), UInt8(y * 4), UInt8((x * y) & 0xFF), UInt8(255 - x)]
            }
        }
        return try Bitmap(width: 64, height: 64, format: .rgba8, bytes: bytes)
    }

    @Test func fastUsesTheUpFilterOnEveryRow() throws {
        var options = PNGEncoder.Options.fast
        options.compressionLevel = 0  // stored, so that the test can read the filter bytes without zlib
        let png = try PNGEncoder(options: options).encode(Self.gradient())
        let filters = try #require(TestPNG.rowFilterTypes(png, rowBytes: 256, height: 64))
        #expect(filters.allSatisfy { $0 == 2 })
    }

    @Test func singleFilterOptionsAreHonoured() throws {
        for (filter, type) in [(PNGEncoder.Filters.none, 0), (.sub, 1), (.average, 3), (.paeth, 4)] {
            let options = PNGEncoder.Options(compressionLevel: 0, filters: filter)
            let png = try PNGEncoder(options: options).encode(Self.gradient())
            let filters = try #require(TestPNG.rowFilterTypes(png, rowBytes: 256, height: 64))
            #expect(filters.allSatisfy { $0 == type }, "\(type)")
        }
    }

    @Test(arguments: PNGEncoder.FilterChoice.allCases)
    func perRowChoiceUsesOnlyAllowedFilters(choice: PNGEncoder.FilterChoice) throws {
        let options = PNGEncoder.Options(compressionLevel: 0, filters: [.sub, .paeth], filterChoice: choice)
        let png = try PNGEncoder(options: options).encode(Self.gradient())
        let filters = try #require(TestPNG.rowFilterTypes(png, rowBytes: 256, height: 64))
        #expect(filters.allSatisfy { $0 == 1 || $0 == 4 })
    }

    @Test func trialCompressionPicksTheBestFilterPerRow() throws {
        // Rows 0…15: noise, each row the one above plus 1, so Up makes rows 1…15 all ones. Rows 16…31: ramps
        // with a random start and a random slope, so Sub makes them constant and nothing else does.
        var generator = SeededRandom(seed: 7)
        var row = (0..<96).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var bytes: [UInt8] = []
        for _ in 0..<16 {
            bytes += row
            row = row.map { $0 &+ 1 }
        }
        for _ in 0..<16 {
            let start = Int.random(in: 0...255, using: &generator)
            let slope = Int.random(in: 1...40, using: &generator)
            bytes += (0..<96).map { UInt8((start + slope * ($0 / 3)) & 0xFF) }
        }
        let bitmap = try Bitmap(width: 32, height: 32, format: .rgb8, bytes: bytes)
        let options = PNGEncoder.Options(compressionLevel: 0, filterChoice: .trialCompression)
        let filters = try #require(
            TestPNG.rowFilterTypes(try PNGEncoder(options: options).encode(bitmap), rowBytes: 96, height: 32))
        #expect(filters[1..<16].allSatisfy { $0 == 2 }, "\(filters)")
        #expect(filters[17..<32].allSatisfy { $0 == 1 }, "\(filters)")
    }

    @Test func interlaceFlagIsWritten() throws {
        let png = try PNGEncoder(options: .init(compressionLevel: 6, isInterlaced: true)).encode(Self.gradient())
        #expect(png[8 + 8 + 12] == 1)  // IHDR's interlace byte
        #expect(try PNGDecoder().info(png).isInterlaced)
        #expect(try PNGDecoder().decode(png) == Self.gradient())
    }

    @Test func levelsTradeSizeForSpeed() throws {
        let bitmap = try Self.gradient()
        let stored = try PNGEncoder(options: .init(compressionLevel: 0)).encode(bitmap)
        let fast = try PNGEncoder(options: .fast).encode(bitmap)
        let smallest = try PNGEncoder(options: .smallest).encode(bitmap)
        #expect(stored.count > bitmap.byteCount)
        #expect(fast.count < stored.count)
        #expect(smallest.count <= fast.count)
    }

    @Test func badOptionsAreAnError() throws {
        for options in [PNGEncoder.Options(compressionLevel: 10), PNGEncoder.Options(compressionLevel: 6, filters: [])]
        {
            let error = #expect(throws: ImageError.self) { try PNGEncoder(options: options).encode(Self.gradient()) }
            #expect(error?.code == .invalidBitmap)
        }
    }

    @Test(arguments: Bitmap.Channels.allCases, Bitmap.BitDepth.allCases)
    func everyFormatRoundTrips(channels: Bitmap.Channels, depth: Bitmap.BitDepth) throws {
        let format = Bitmap.PixelFormat(channels: channels, bitDepth: depth)
        let bytes = (0..<(5 * 3 * format.bytesPerPixel)).map { UInt8(($0 * 37) & 0xFF) }
        let bitmap = try Bitmap(width: 5, height: 3, format: format, bytes: bytes)
        let decoded = try PNGDecoder().decode(bitmap.pngData())
        #expect(decoded.format == format)
        #expect(decoded == bitmap)
    }
}
