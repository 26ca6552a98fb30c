import Foundation
import PNGCodec
import Testing

@Suite("PngSuite")
struct PngSuiteTests {
    @Test func manifestsAreComplete() {
        #expect(Fixtures.validFiles.count == 161)
        #expect(Fixtures.corruptFiles.count == 14)
        #expect(Fixtures.rawHashes.count == 161)
    }

    @Test("every valid file decodes to the reference RGBA8 samples", arguments: Fixtures.validFiles)
    func decodesToReferenceSamples(file: String) throws {
        let bitmap = try PNGDecoder().decode(Fixtures.data(file))
        let rgba = bitmap.convertedToRGBA8()
        #expect(rgba.format == .rgba8)
        #expect(Fixtures.sha256(rgba) == Fixtures.rawHashes[file])
    }
}
