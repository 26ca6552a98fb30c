import Foundation
import PNGCodec
import Testing

@Suite("Metadata")
struct MetadataTests {
    typealias Metadata = PNGMetadata

    @Test(
        "gAMA matches the PngSuite manifest",
        arguments: Fixtures.table("MANIFEST.tsv").filter { $0["expected"] == "decode" })
    func gammaMatchesManifest(row: [String: String]) throws {
        let file = try #require(row["file"])
        let bitmap = try PNGDecoder().decode(Fixtures.data(file))
        let column = try #require(row["gAMA"])
        if column == "-" {
            #expect(bitmap.metadata.gamma == nil, "\(file)")
        } else {
            #expect(bitmap.metadata.gamma == Double(column), "\(file)")
        }
    }

    @Test func modificationTimes() throws {
        // The PngSuite documentation: cm0 2000-01-01 12:34:56, cm7 1970-01-01 00:00:00, cm9 1999-12-31 23:59:59.
        let expected = [
            "cm0n0g04.png": Metadata.ModificationTime(year: 2000, month: 1, day: 1, hour: 12, minute: 34, second: 56),
            "cm7n0g04.png": Metadata.ModificationTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0),
            "cm9n0g04.png": Metadata.ModificationTime(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 59),
        ]
        for (file, time) in expected {
            #expect(try PNGDecoder().decode(Fixtures.data(file)).metadata.modificationTime == time, "\(file)")
        }
    }

    @Test func latin1AndCompressedText() throws {
        let plain = try PNGDecoder().decode(Fixtures.data("ct1n0g04.png")).metadata.textEntries
        #expect(plain.map(\.keyword) == ["Title", "Author", "Copyright", "Description", "Software", "Disclaimer"])
        #expect(plain.first?.text == "PngSuite")
        #expect(plain.allSatisfy { !$0.isCompressed && !$0.isInternational })

        let compressed = try PNGDecoder().decode(Fixtures.data("ctzn0g04.png")).metadata.textEntries
        #expect(compressed.map(\.chunkType) == ["tEXt", "tEXt", "zTXt", "zTXt", "zTXt", "zTXt"])
        #expect(compressed[2].text == "Copyright Willem van Schaik, Singapore 1995-96")
        #expect(compressed.last?.text == "Freeware.")
    }

    @Test func internationalText() throws {
        let english = try PNGDecoder().decode(Fixtures.data("cten0g04.png")).metadata.textEntries
        #expect(english.count == 6)
        #expect(
            english.allSatisfy { $0.isInternational && $0.languageTag == "en" && $0.translatedKeyword == $0.keyword })
        #expect(english.first?.text == "PngSuite")

        let japanese = try PNGDecoder().decode(Fixtures.data("ctjn0g04.png")).metadata.textEntries
        #expect(japanese.first?.languageTag == "ja")
        #expect(japanese.first?.translatedKeyword == "タイトル")
        #expect(japanese.first?.text == "PngSuite")
    }

    @Test func physicalDimensionsChromaticitiesAndBackgrounds() throws {
        let aspect = try PNGDecoder().decode(Fixtures.data("cdfn2c08.png")).metadata.physicalDimensions
        #expect(aspect == Metadata.PhysicalDimensions(pixelsPerUnitX: 1, pixelsPerUnitY: 4, unit: .unknown))

        let chromaticities = try PNGDecoder().decode(Fixtures.data("ccwn2c08.png")).metadata.chromaticities
        #expect(chromaticities == .sRGB)

        #expect(try PNGDecoder().decode(Fixtures.data("bgbn4a08.png")).metadata.backgroundColor == .gray(0))
        #expect(
            try PNGDecoder().decode(Fixtures.data("bgyn6a16.png")).metadata.backgroundColor
                == .rgb(red: 65535, green: 65535, blue: 0))
        // A palette index in the file comes back as the palette entry's colour (black in tbbn3p08).
        #expect(
            try PNGDecoder().decode(Fixtures.data("tbbn3p08.png")).metadata.backgroundColor
                == .rgb(red: 0, green: 0, blue: 0))
        // A 4-bit gray background is scaled like the samples: 4-bit 15 would be 255.
        let grayBackground = try PNGDecoder().decode(Fixtures.data("tbbn0g04.png"))
        let info = try PNGDecoder().info(Fixtures.data("tbbn0g04.png"))
        #expect(info.bitDepth == 4)
        if case .gray(let value) = grayBackground.metadata.backgroundColor {
            #expect(value % 17 == 0)
        } else {
            Issue.record("tbbn0g04 has a gray background")
        }
    }

    @Test func pngtestHasEveryColourSpaceChunk() throws {
        let metadata = try PNGDecoder().decode(Fixtures.data("pngtest.png")).metadata
        #expect(metadata.sRGBIntent == .relativeColorimetric)
        #expect(metadata.gamma == 0.45455)
        #expect(metadata.chromaticities == .sRGB)
        #expect(metadata.backgroundColor == .rgb(red: 224, green: 224, blue: 128))
        #expect(metadata.physicalDimensions == .init(pixelsPerUnitX: 2835, pixelsPerUnitY: 2835, unit: .meter))
        #expect(metadata.modificationTime == .init(year: 1996, month: 6, day: 7, hour: 17, minute: 58, second: 8))
        #expect(metadata.textEntries.map(\.chunkType) == ["tEXt", "zTXt"])
    }

    @Test func everySupportedFieldRoundTrips() throws {
        var bitmap = try Bitmap(width: 3, height: 2, format: .rgb16)
        let profile = Data((0..<600).map { UInt8($0 % 251) })
        bitmap.metadata = Metadata(
            gamma: 1 / 2.2, chromaticities: .sRGB, sRGBIntent: .saturation,
            iccProfile: .init(name: "Test profile", data: profile),
            physicalDimensions: .init(pixelsPerUnitX: 3780, pixelsPerUnitY: 3780, unit: .meter),
            textEntries: [
                .init(keyword: "Title", text: "Ünïcødé in Latin-1"),
                .init(keyword: "Comment", text: String(repeating: "long ", count: 100), isCompressed: true),
                .init(keyword: "Author", text: "作者", languageTag: "ja"),
                .init(
                    keyword: "Description", text: "compressed iTXt", isCompressed: true, isInternational: true,
                    languageTag: "en-GB", translatedKeyword: "Description"),
            ],
            modificationTime: .init(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 60),
            backgroundColor: .rgb(red: 1, green: 300, blue: 65535))
        let decoded = try PNGDecoder().decode(bitmap.pngData())
        #expect(try PNGDecoder().info(bitmap.pngData()).warnings == [])
        #expect(decoded.metadata.gamma == 0.45455)  // stored as an integer times 100000
        var expected = bitmap.metadata
        expected.gamma = 0.45455
        #expect(decoded.metadata == expected)
        #expect(decoded.metadata.textEntries.map(\.chunkType) == ["tEXt", "zTXt", "iTXt", "iTXt"])
    }

    @Test func infoListsChunksWithoutDecoding() throws {
        let info = try PNGDecoder().info(Fixtures.data("pngtest.png"))
        #expect(info.width == 91 && info.height == 69)
        #expect(info.colorType == .rgba && info.bitDepth == 8 && info.isInterlaced)
        #expect(info.chunks.first?.type == "IHDR" && info.chunks.first?.offset == 8)
        #expect(info.chunks.last?.type == "IEND")
        #expect(info.chunks.contains { $0.type == "eXIf" })
        #expect(info.decodedFormat == .rgba8)
        #expect(info.trailingByteCount == 0)
    }

    static let unstorable: [(String, Metadata)] = [
        ("gAMA", Metadata(gamma: 0)),
        ("gAMA", Metadata(gamma: -1)),
        (
            "cHRM",
            Metadata(
                chromaticities: .init(
                    white: .init(x: .nan, y: 0), red: .init(x: 0, y: 0),
                    green: .init(x: 0, y: 0), blue: .init(x: 0, y: 0)))
        ),
        ("tIME", Metadata(modificationTime: .init(year: 2024, month: 13, day: 1, hour: 0, minute: 0, second: 0))),
        ("bKGD", Metadata(backgroundColor: .gray(1))),
        ("bKGD", Metadata(backgroundColor: .rgb(red: 256, green: 0, blue: 0))),
        ("tEXt", Metadata(textEntries: [.init(keyword: "", text: "empty keyword")])),
        ("tEXt", Metadata(textEntries: [.init(keyword: String(repeating: "k", count: 80), text: "long")])),
        ("zTXt", Metadata(textEntries: [.init(keyword: "Bad", text: "ŝ", isCompressed: true, isInternational: false)])),
        ("tEXt", Metadata(textEntries: [.init(keyword: "Key\u{7}", text: "control character in keyword")])),
        ("iCCP", Metadata(iccProfile: .init(name: "", data: Data([1])))),
    ]

    @Test("metadata that cannot be stored is a named error", arguments: unstorable)
    func unstorableMetadataFails(chunk: String, metadata: Metadata) throws {
        var bitmap = try Bitmap(width: 1, height: 1, format: .rgb8)
        bitmap.metadata = metadata
        let error = try #require(throws: ImageError.self) { try bitmap.pngData() }
        #expect(error.code == .invalidMetadata)
        #expect(error.chunk == chunk)
    }

    @Test func malformedAncillaryChunkIsSkippedWithAWarning() throws {
        let png = TestPNG.build(
            width: 1, height: 1, bitDepth: 8, colorType: 0, scanlines: [[9]],
            chunksBeforeImageData: [("gAMA", [0, 0, 0]), ("tEXt", Array("NoTerminator".utf8)), ("sRGB", [2])])
        let info = try PNGDecoder().info(png)
        #expect(info.metadata.gamma == nil)
        #expect(info.metadata.textEntries.isEmpty)
        #expect(info.metadata.sRGBIntent == .saturation)
        #expect(info.warnings.count == 2)
        #expect(info.warnings.first?.contains("gAMA") == true)
        #expect(try PNGDecoder().decode(png)[x: 0, y: 0, channel: 0] == 9)
    }
}
