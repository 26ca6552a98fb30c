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
        #expect(decoded.metadata == PNGEncoder().metadataWritten(for: original))
        // Only chunks that are not safe to copy and describe other stored samples (a palette's sBIT) are dropped.
        let dropped = PNGEncoder().droppedChunks(of: original)
        #expect(original.metadata.otherChunks.filter { dropped.contains($0.type) }.allSatisfy { !$0.isSafeToCopy })
        #expect(decoded.metadata.otherChunks.count == original.metadata.otherChunks.count - dropped.count)
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

/// Ancillary chunks PNGCodec does not interpret survive re-encoding when they still hold for the pixels.
@Suite("Other ancillary chunks")
struct OtherChunkTests {
    /// libpng's pngtest.png carries sBIT, cLLI, mDCV, cICP, sTER, vpAg, oFFs, pCAL, sCAL and eXIf.
    static let kept = ["sBIT", "cLLI", "mDCV", "cICP", "sTER", "vpAg", "oFFs", "pCAL", "sCAL", "eXIf"]

    @Test("Unchanged samples keep every chunk, byte for byte, through any preset")
    func unchangedPixelsKeepAll() throws {
        let original = try PNGDecoder().decode(Fixtures.data("pngtest.png"))
        #expect(original.metadata.otherChunks.map(\.type) == Self.kept)
        #expect(PNGEncoder(options: .fast).droppedChunks(of: original).isEmpty)
        let decoded = try PNGDecoder().decode(PNGEncoder(options: .fast).encode(original))
        #expect(decoded.metadata.otherChunks == original.metadata.otherChunks)
        #expect(decoded.metadata == original.metadata)
    }

    @Test("Changed samples keep the safe-to-copy chunks and drop, and name, those that describe the old samples")
    func changedPixelsDropUnsafeChunks() throws {
        let original = try PNGDecoder().decode(Fixtures.data("pngtest.png"))
        var edited = original
        edited[x: 0, y: 0, channel: 0] = 255 - original[x: 0, y: 0, channel: 0]
        let encoder = PNGEncoder()
        #expect(encoder.droppedChunks(of: edited) == ["sBIT", "cLLI", "mDCV", "cICP", "sTER", "pCAL", "sCAL"])
        let decoded = try PNGDecoder().decode(encoder.encode(edited))
        #expect(decoded.metadata.otherChunks.map(\.type) == ["vpAg", "oFFs", "eXIf"])
        #expect(decoded.metadata.otherChunks == original.metadata.otherChunks.filter(\.isSafeToCopy))
    }
}
