import Foundation
import PNGCodec
import Testing

@Suite("Decode → encode → decode")
struct RoundTripTests {
    @Test(
        "every valid file re-encodes to identical samples and metadata",
        arguments: Fixtures.validFiles + ["pngtest.png"])
    func reencodingKeepsSamplesAndMetadata(file: String) throws {
        let original = try PNGDecoder().decode(Fixtures.data(file))
        let reencoded = try PNGEncoder().encode(original)
        let decoded = try PNGDecoder().decode(reencoded)
        #expect(decoded.format == original.format)
        #expect(decoded == original)
        #expect(decoded.metadata == original.metadata)
    }

    @Test(
        "every preset and option keeps samples and metadata",
        arguments: [
            PNGEncoder.Options.fast, .balanced, .smallest,
            PNGEncoder.Options(compressionLevel: 0, strategy: .default, filters: .none),
            PNGEncoder.Options(compressionLevel: 3, strategy: .rle, filters: .paeth, isInterlaced: true),
            PNGEncoder.Options(compressionLevel: 9, strategy: .huffmanOnly, filters: [.sub, .average]),
            PNGEncoder.Options(
                compressionLevel: 5, strategy: .fixed, filterChoice: .trialCompression, isInterlaced: true),
        ])
    func optionsKeepSamples(options: PNGEncoder.Options) throws {
        for file in ["basn0g01.png", "basi3p08.png", "tbwn0g16.png", "basn6a16.png", "pngtest.png", "ctjn0g04.png"] {
            let original = try PNGDecoder().decode(Fixtures.data(file))
            let decoded = try PNGDecoder().decode(original.pngData(options: options))
            #expect(decoded == original, "\(file)")
            #expect(decoded.metadata == original.metadata, "\(file)")
        }
    }

    @Test func unmodifiedBitmapReturnsItsOriginalBytes() throws {
        let data = try Fixtures.data("pngtest.png")
        let bitmap = try PNGDecoder().decode(data)
        #expect(bitmap.originalPNGData == data)
        #expect(try bitmap.pngData() == data)
        let copy = bitmap
        #expect(try copy.pngData() == data)
    }

    @Test func explicitOptionsReencode() throws {
        let data = try Fixtures.data("pngtest.png")
        let bitmap = try PNGDecoder().decode(data)
        let reencoded = try bitmap.pngData(options: .balanced)
        #expect(reencoded != data)
        #expect(try PNGDecoder().decode(reencoded) == bitmap)
    }

    @Test func anyMutationForgetsTheOriginalBytes() throws {
        let data = try Fixtures.data("basn2c08.png")
        let decoded = try PNGDecoder().decode(data)

        var samples = decoded
        samples[x: 0, y: 0, channel: 0] = 7
        #expect(samples.originalPNGData == nil)
        let reencoded = try samples.pngData()
        #expect(reencoded != data)
        #expect(try PNGDecoder().decode(reencoded)[x: 0, y: 0, channel: 0] == 7)

        var bytes = decoded
        bytes.withUnsafeMutableBytes { _ in }
        #expect(bytes.originalPNGData == nil)

        var row = decoded
        row.withUnsafeMutableBytes(ofRow: 3) { _ in }
        #expect(row.originalPNGData == nil)

        var metadata = decoded
        metadata.metadata.textEntries.append(.init(keyword: "Comment", text: "edited"))
        #expect(metadata.originalPNGData == nil)
        let withText = try PNGDecoder().decode(metadata.pngData())
        #expect(withText.metadata.textEntries.last?.text == "edited")

        #expect(decoded.originalPNGData == data)
    }
}
