import Foundation
import PNGCodec
import Testing

/// Decoded samples checked against files built byte by byte in the test (``TestPNG``), whose samples are
/// known without libpng.
@Suite("Decoded samples")
struct SampleTests {
    @Test func sixteenBitGrayKeepsEveryBit() throws {
        let values: [UInt16] = [0x1234, 0xABCD, 0x0001, 0xFF00, 0x00FF, 0xFFFF]
        let png = TestPNG.build(
            width: 3, height: 2, bitDepth: 16, colorType: 0,
            scanlines: [values[0..<3].flatMap(TestPNG.bigEndian16), values[3..<6].flatMap(TestPNG.bigEndian16)])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.format == .gray16)
        #expect((0..<6).map { bitmap[x: $0 % 3, y: $0 / 3, channel: 0] } == values)
        // In memory, big-endian: most significant byte first.
        #expect(bitmap.withUnsafeBytes { Array($0) } == values.flatMap(TestPNG.bigEndian16))
    }

    @Test func sixteenBitRGBAKeepsEveryBit() throws {
        let pixel: [UInt16] = [0x0102, 0x0304, 0xFEFD, 0x8001]
        let png = TestPNG.build(
            width: 1, height: 1, bitDepth: 16, colorType: 6, scanlines: [pixel.flatMap(TestPNG.bigEndian16)])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.format == .rgba16)
        #expect((0..<4).map { bitmap[x: 0, y: 0, channel: $0] } == pixel)
        #expect(bitmap.convertedToRGBA8().withUnsafeBytes { Array($0) } == [0x01, 0x03, 0xFE, 0x80])
    }

    @Test func sixteenBitTransparencyBecomesSixteenBitAlpha() throws {
        let png = TestPNG.build(
            width: 2, height: 1, bitDepth: 16, colorType: 0,
            scanlines: [[0x12, 0x34, 0x56, 0x78]], chunksBeforeImageData: [("tRNS", [0x12, 0x34])])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.format == .grayAlpha16)
        #expect(bitmap.withUnsafeBytes { Array($0) } == [0x12, 0x34, 0x00, 0x00, 0x56, 0x78, 0xFF, 0xFF])
    }

    @Test(arguments: [(1, [0, 255]), (2, [0, 85, 170, 255]), (4, [0, 17, 34, 119, 238, 255])])
    func lowBitGrayIsScaledLikeLibpngExpand(bitDepth: Int, expected: [UInt8]) throws {
        // One row holding the values 0, 1, 2, … up to the maximum (picked to match `expected`).
        let maximum = (1 << bitDepth) - 1
        let values = expected.map { Int($0) * maximum / 255 }
        var packed = [UInt8](repeating: 0, count: (values.count * bitDepth + 7) / 8)
        for (index, value) in values.enumerated() {
            let bit = index * bitDepth
            packed[bit / 8] |= UInt8(value << (8 - bitDepth - bit % 8))
        }
        let png = TestPNG.build(width: values.count, height: 1, bitDepth: bitDepth, colorType: 0, scanlines: [packed])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.format == .gray8)
        #expect(bitmap.withUnsafeBytes { Array($0) } == expected)
    }

    @Test func paletteWithTransparencyBecomesRGBA() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
        let png = TestPNG.build(
            width: 3, height: 1, bitDepth: 8, colorType: 3, scanlines: [[2, 0, 1]],
            chunksBeforeImageData: [("PLTE", palette), ("tRNS", [0, 128])])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.format == .rgba8)
        // Entry 2 has no tRNS value: opaque. Entry 0 is transparent, entry 1 half.
        #expect(bitmap.withUnsafeBytes { Array($0) } == [0, 0, 255, 255, 255, 0, 0, 0, 0, 255, 0, 128])
    }

    @Test func paletteWithoutTransparencyBecomesRGB() throws {
        let png = TestPNG.build(
            width: 2, height: 1, bitDepth: 1, colorType: 3, scanlines: [[0b0100_0000]],
            chunksBeforeImageData: [("PLTE", [10, 20, 30, 40, 50, 60])])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.format == .rgb8)
        #expect(bitmap.withUnsafeBytes { Array($0) } == [10, 20, 30, 40, 50, 60])
    }

    @Test func rgbTransparencyBecomesAlpha() throws {
        let png = TestPNG.build(
            width: 2, height: 1, bitDepth: 8, colorType: 2, scanlines: [[1, 2, 3, 4, 5, 6]],
            chunksBeforeImageData: [("tRNS", [0, 4, 0, 5, 0, 6])])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.format == .rgba8)
        #expect(bitmap.withUnsafeBytes { Array($0) } == [1, 2, 3, 255, 4, 5, 6, 0])
    }

    @Test func interlacedAndPlainDecodeToTheSameSamples() throws {
        for (plain, interlaced) in [
            ("basn0g01.png", "basi0g01.png"), ("basn2c16.png", "basi2c16.png"), ("basn3p02.png", "basi3p02.png"),
            ("basn6a08.png", "basi6a08.png"),
        ] {
            let a = try PNGDecoder().decode(Fixtures.data(plain))
            let b = try PNGDecoder().decode(Fixtures.data(interlaced))
            #expect(a == b, "\(plain) vs \(interlaced)")
        }
    }

    @Test func noGammaIsApplied() throws {
        // A linear-light file (gamma 1.0) keeps its stored values; only the metadata says what they mean.
        let png = TestPNG.build(
            width: 3, height: 1, bitDepth: 8, colorType: 0, scanlines: [[0, 128, 255]],
            chunksBeforeImageData: [("gAMA", TestPNG.bigEndian(100_000))])
        let bitmap = try PNGDecoder().decode(png)
        #expect(bitmap.metadata.gamma == 1)
        #expect(bitmap.withUnsafeBytes { Array($0) } == [0, 128, 255])
    }
}
