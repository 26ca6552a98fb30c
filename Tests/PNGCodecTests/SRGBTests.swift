import Foundation
import PNGCodec
import Testing

/// The explicit sRGB conversion, against values worked out by hand from the sRGB and PNG formulas.
@Suite("sRGB conversion")
struct SRGBTests {
    @Test func linearLightIsEncodedWithTheSRGBCurve() throws {
        var bitmap = try Bitmap(width: 3, height: 1, format: .gray8, bytes: [0, 128, 255])
        bitmap.metadata.gamma = 1
        // 128/255 = 0.50196 linear; sRGB: 1.055 × 0.50196^(1/2.4) − 0.055 = 0.73664; × 255 = 187.8.
        let converted = bitmap.convertedToSRGB()
        #expect(converted.format == .gray8)
        #expect(converted.withUnsafeBytes { Array($0) } == [0, 188, 255])
        #expect(converted.metadata.sRGBIntent == .perceptual)
        #expect(converted.metadata.gamma == 0.45455)
    }

    @Test func typicalGammaIsAlmostSRGB() throws {
        var bitmap = try Bitmap(width: 1, height: 1, format: .rgb8, bytes: [128, 128, 128])
        bitmap.metadata.gamma = 0.45455
        // 0.50196^(1/0.45455) = 0.21953 linear; sRGB encoded 0.50590; × 255 = 129.0.
        #expect(bitmap.convertedToSRGB().withUnsafeBytes { Array($0) } == [129, 129, 129])
    }

    @Test func sRGBSamplesAreOnlyRounded() throws {
        var bitmap = try Bitmap(
            width: 2, height: 1, format: .grayAlpha16, bytes: [0x80, 0x80, 0x01, 0x00, 0xFF, 0x7F, 0xFF, 0xFF])
        bitmap.metadata.sRGBIntent = .absoluteColorimetric
        bitmap.metadata.gamma = 1  // ignored: sRGB takes precedence
        let converted = bitmap.convertedToSRGB()
        #expect(converted.format == .grayAlpha8)
        // 0x8080 / 257 = 128; 0x0100 / 257 = 0.996 → 1; 0xFF7F / 257 = 254.5 → 254 or 255; alpha 0xFFFF → 255.
        let bytes = converted.withUnsafeBytes { Array($0) }
        #expect(bytes[0] == 128 && bytes[1] == 1 && bytes[3] == 255)
        #expect(bytes[2] == 254 || bytes[2] == 255)
        #expect(converted.metadata.sRGBIntent == .absoluteColorimetric)
    }

    @Test func noColourInformationMeansSRGB() throws {
        let bitmap = try Bitmap(width: 2, height: 1, format: .rgba8, bytes: [1, 2, 3, 4, 250, 251, 252, 253])
        #expect(bitmap.convertedToSRGB() == bitmap)
    }

    @Test func chromaticitiesMoveColoursBetweenPrimaries() throws {
        // A space whose red primary is sRGB's green and whose green is sRGB's red: its pure red is sRGB green.
        let srgb = PNGMetadata.Chromaticities.sRGB
        var bitmap = try Bitmap(width: 3, height: 1, format: .rgb8, bytes: [255, 0, 0, 0, 255, 0, 200, 200, 200])
        bitmap.metadata.gamma = 0.45455
        bitmap.metadata.chromaticities = .init(white: srgb.white, red: srgb.green, green: srgb.red, blue: srgb.blue)
        let bytes = bitmap.convertedToSRGB().withUnsafeBytes { Array($0) }
        #expect(bytes[0...2] == [0, 255, 0])
        #expect(bytes[3...5] == [255, 0, 0])
        // Gray stays gray (same white point).
        #expect(Set(bytes[6...8]).count == 1)
    }

    @Test func matrixTRCProfileIsApplied() throws {
        // An ICC profile with sRGB's D50 colorants and linear tone curves: gray 128 is linear light 0.502,
        // which is 188 in sRGB, as in linearLightIsEncodedWithTheSRGBCurve.
        var bitmap = try Bitmap(width: 1, height: 1, format: .rgb8, bytes: [128, 128, 128])
        bitmap.metadata.iccProfile = .init(name: "linear sRGB", data: ICCProfileBuilder.linearSRGB())
        bitmap.metadata.gamma = 0.45455  // ignored: the profile takes precedence
        let bytes = bitmap.convertedToSRGB().withUnsafeBytes { Array($0) }
        #expect(bytes.allSatisfy { (187...189).contains($0) }, "\(bytes)")
        #expect(bitmap.convertedToSRGB().metadata.iccProfile == nil)
    }

    @Test func unusableProfileFallsBackToGamma() throws {
        var bitmap = try Bitmap(width: 1, height: 1, format: .gray8, bytes: [128])
        bitmap.metadata.iccProfile = .init(name: "junk", data: Data(repeating: 7, count: 300))
        bitmap.metadata.gamma = 1
        #expect(bitmap.convertedToSRGB()[x: 0, y: 0, channel: 0] == 188)
    }

    @Test func everyPngSuiteFileConverts() throws {
        for file in Fixtures.validFiles {
            let bitmap = try PNGDecoder().decode(Fixtures.data(file))
            let converted = bitmap.convertedToSRGB()
            #expect(converted.format.bitDepth == .eight)
            #expect(converted.format.channels == bitmap.format.channels)
        }
    }
}

/// Builds a minimal ICC v4 display profile of the matrix/TRC kind.
enum ICCProfileBuilder {
    static func linearSRGB() -> Data {
        let colorants: [(String, [Double])] = [
            ("rXYZ", [0.436_074_7, 0.222_504_5, 0.013_932_2]), ("gXYZ", [0.385_064_9, 0.716_878_6, 0.097_104_5]),
            ("bXYZ", [0.143_080_4, 0.060_616_9, 0.714_173_3]), ("wtpt", [0.9642, 1, 0.8249]),
        ]
        var tags: [(String, [UInt8])] = colorants.map { name, xyz in
            (name, Array("XYZ ".utf8) + [0, 0, 0, 0] + xyz.flatMap { fixed($0) })
        }
        let linearCurve = Array("curv".utf8) + [0, 0, 0, 0] + TestPNG.bigEndian(1) + [1, 0]  // gamma 1.0
        tags += [("rTRC", linearCurve), ("gTRC", linearCurve), ("bTRC", linearCurve)]
        var table: [UInt8] = TestPNG.bigEndian(UInt32(tags.count))
        var body: [UInt8] = []
        let bodyStart = 128 + 4 + 12 * tags.count
        for (name, data) in tags {
            table +=
                Array(name.utf8) + TestPNG.bigEndian(UInt32(bodyStart + body.count))
                + TestPNG.bigEndian(UInt32(data.count))
            body += data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
        }
        var header = [UInt8](repeating: 0, count: 128)
        let total = 128 + table.count + body.count
        header.replaceSubrange(0..<4, with: TestPNG.bigEndian(UInt32(total)))
        header.replaceSubrange(8..<12, with: [4, 0x30, 0, 0])
        header.replaceSubrange(12..<16, with: Array("mntr".utf8))
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return Data(header + table + body)
    }

    private static func fixed(_ value: Double) -> [UInt8] {
        TestPNG.bigEndian(UInt32(bitPattern: Int32((value * 65536).rounded())))
    }
}
