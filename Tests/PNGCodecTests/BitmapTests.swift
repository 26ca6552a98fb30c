import Foundation
import PNGCodec
import Testing

@Suite("Bitmap")
struct BitmapTests {
    @Test func blankBitmapIsZeroed() throws {
        let bitmap = try Bitmap(width: 4, height: 3, format: .rgba16)
        #expect(bitmap.bytesPerRow == 32)
        #expect(bitmap.byteCount == 96)
        #expect(bitmap.withUnsafeBytes { $0.allSatisfy { $0 == 0 } })
        #expect(bitmap.originalPNGData == nil)
        #expect(bitmap.metadata.isEmpty)
    }

    @Test func wrongByteCountIsAnError() {
        let error = #expect(throws: ImageError.self) {
            try Bitmap(width: 2, height: 2, format: .rgb8, bytes: [UInt8](repeating: 0, count: 11))
        }
        #expect(error?.code == .invalidBitmap)
        #expect(error?.message.contains("needs 12 bytes") == true)
    }

    @Test(arguments: [(0, 1), (1, 0), (-3, 2), (Int.max, 2)])
    func badDimensionsAreAnError(width: Int, height: Int) {
        let error = #expect(throws: ImageError.self) { try Bitmap(width: width, height: height, format: .gray8) }
        #expect(error?.code == .invalidBitmap)
    }

    @Test func samplesAndRows() throws {
        var bitmap = try Bitmap(width: 2, height: 2, format: .rgb8, bytes: Array(1...12))
        #expect(bitmap[x: 1, y: 1, channel: 2] == 12)
        #expect(bitmap.withUnsafeBytes(ofRow: 1) { Array($0) } == [7, 8, 9, 10, 11, 12])
        bitmap.withUnsafeMutableBytes(ofRow: 0) { $0[0] = 100 }
        #expect(bitmap[x: 0, y: 0, channel: 0] == 100)

        var wide = try Bitmap(width: 1, height: 1, format: .gray16)
        wide[x: 0, y: 0, channel: 0] = 0xBEEF
        #expect(wide.withUnsafeBytes { Array($0) } == [0xBE, 0xEF])
    }

    @Test func copiesShareStorageUntilOneIsModified() throws {
        let original = try Bitmap(width: 64, height: 64, format: .rgba8)
        var copy = original
        #expect(copy.sharesStorage(with: original))
        #expect(copy.withUnsafeBytes { $0.baseAddress } == original.withUnsafeBytes { $0.baseAddress })
        copy[x: 5, y: 5, channel: 1] = 200
        #expect(!copy.sharesStorage(with: original))
        #expect(original[x: 5, y: 5, channel: 1] == 0)
        #expect(copy[x: 5, y: 5, channel: 1] == 200)
        // A uniquely held bitmap is modified in place.
        let before = copy.withUnsafeBytes { $0.baseAddress }
        copy[x: 0, y: 0, channel: 0] = 1
        #expect(copy.withUnsafeBytes { $0.baseAddress } == before)
    }

    @Test func handingOverABigBitmapCopiesNoBytes() async throws {
        let bitmap = try Bitmap(width: 4096, height: 4096, format: .rgba8)
        #expect(bitmap.byteCount == 64 << 20)
        let received = await Task.detached { bitmap }.value
        #expect(received.sharesStorage(with: bitmap))
    }

    @Test func equalityAndHashingIgnoreMetadata() throws {
        let a = try Bitmap(width: 2, height: 1, format: .gray8, bytes: [1, 2])
        var b = try Bitmap(width: 2, height: 1, format: .gray8, bytes: [1, 2])
        b.metadata.gamma = 1
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let c = try Bitmap(width: 1, height: 2, format: .gray8, bytes: [1, 2])
        #expect(a != c)
        let d = try Bitmap(width: 2, height: 1, format: .gray8, bytes: [1, 3])
        #expect(a != d)
        #expect(Set([a, b, c, d]).count == 3)
    }

    @Test func conversionToRGBA8() throws {
        let gray16 = try Bitmap(width: 2, height: 1, format: .gray16, bytes: [0x12, 0x34, 0xFF, 0x01])
        #expect(
            gray16.convertedToRGBA8().withUnsafeBytes { Array($0) } == [0x12, 0x12, 0x12, 255, 0xFF, 0xFF, 0xFF, 255])
        let grayAlpha = try Bitmap(width: 1, height: 1, format: .grayAlpha8, bytes: [9, 77])
        #expect(grayAlpha.convertedToRGBA8().withUnsafeBytes { Array($0) } == [9, 9, 9, 77])
        let rgb = try Bitmap(width: 1, height: 1, format: .rgb8, bytes: [1, 2, 3])
        #expect(rgb.convertedToRGBA8().withUnsafeBytes { Array($0) } == [1, 2, 3, 255])
    }

    @Test func otherConversions() throws {
        let rgba = try Bitmap(width: 1, height: 1, format: .rgba8, bytes: [255, 255, 255, 10])
        #expect(rgba.converted(to: .rgb16).withUnsafeBytes { Array($0) } == [255, 255, 255, 255, 255, 255])
        #expect(rgba.converted(to: .grayAlpha8).withUnsafeBytes { Array($0) } == [255, 10])
        let green = try Bitmap(width: 1, height: 1, format: .rgb8, bytes: [0, 255, 0])
        // Rec. 709 luma of pure green: 0.7152 × 255 = 182.4.
        #expect(green.converted(to: .gray8)[x: 0, y: 0, channel: 0] == 182)
        var withBackground = try Bitmap(width: 1, height: 1, format: .gray16)
        withBackground.metadata.backgroundColor = .gray(0xABCD)
        #expect(withBackground.convertedToRGBA8().metadata.backgroundColor == .rgb(red: 0xAB, green: 0xAB, blue: 0xAB))
        #expect(rgba.converted(to: .rgba8).sharesStorage(with: rgba))
    }
}
