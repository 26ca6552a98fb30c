import Foundation
import PNGCodec
import Testing

@Suite("Corrupt and damaged files")
struct CorruptFileTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var code: ImageError.Code
        var message: String
        var testDescription: String { file }
    }

    static let corruptFiles: [Expectation] = [
        Expectation(file: "xc1n0g08.png", code: .badHeader, message: "bad colour type 1 in IHDR"),
        Expectation(file: "xc9n2c08.png", code: .badHeader, message: "bad colour type 9 in IHDR"),
        Expectation(file: "xcrn0g04.png", code: .badSignature, message: "bad signature"),
        Expectation(file: "xcsn0g01.png", code: .crcMismatch, message: "CRC mismatch in chunk IDAT at byte"),
        Expectation(file: "xd0n2c08.png", code: .badHeader, message: "bit depth 0 is not valid for colour type 2"),
        Expectation(file: "xd3n2c08.png", code: .badHeader, message: "bit depth 3 is not valid for colour type 2"),
        Expectation(file: "xd9n2c08.png", code: .badHeader, message: "bit depth 99 is not valid for colour type 2"),
        Expectation(file: "xdtn0g01.png", code: .missingImageData, message: "no IDAT chunk"),
        Expectation(file: "xhdn0g08.png", code: .crcMismatch, message: "CRC mismatch in chunk IHDR at byte 8"),
        Expectation(file: "xlfn0g04.png", code: .badSignature, message: "bad signature"),
        Expectation(file: "xs1n0g01.png", code: .badSignature, message: "bad signature"),
        Expectation(file: "xs2n0g01.png", code: .badSignature, message: "bad signature"),
        Expectation(file: "xs4n0g01.png", code: .badSignature, message: "bad signature"),
        Expectation(file: "xs7n0g01.png", code: .badSignature, message: "bad signature"),
    ]

    @Test func everyCorruptPngSuiteFileIsCovered() {
        #expect(Set(Self.corruptFiles.map(\.file)) == Set(Fixtures.corruptFiles))
    }

    @Test("every corrupt PngSuite file is rejected with a named problem", arguments: corruptFiles)
    func corruptFileIsRejected(expectation: Expectation) throws {
        let data = try Fixtures.data(expectation.file)
        let error = try #require(throws: ImageError.self) { try PNGDecoder().decode(data) }
        #expect(error.code == expectation.code)
        #expect(error.message.contains(expectation.message), "\(error.message)")
    }

    @Test func lineEndingDamageIsNamed() throws {
        let error = try #require(throws: ImageError.self) { try PNGDecoder().decode(Fixtures.data("xcrn0g04.png")) }
        #expect(error.message.contains("transferred as text"))
    }

    @Test("damaged image data under valid CRCs is bad image data, named by its chunk, whatever libpng's words")
    func damagedImageDataIsClassifiedByWhereItFailed() throws {
        let rows: [[UInt8]] = (0..<4).map { row in (0..<4).map { UInt8($0 * 60 + row) } }
        let good = TestPNG.build(width: 4, height: 4, bitDepth: 8, colorType: 0, scanlines: rows)
        #expect(throws: Never.self) { try PNGDecoder().decode(good) }
        // A wrong Adler-32, and a row with filter type 7: each CRC is recomputed, so only inflating can tell.
        var adler = TestPNG.zlibStored(rows.flatMap { [0] + $0 })
        adler[adler.count - 1] ^= 0xFF
        var filter = TestPNG.zlibStored(rows.flatMap { [0] + $0 })
        filter[7] = 7
        for stream in [adler, filter] {
            var file = Data(TestPNG.signature)
            file += TestPNG.chunk("IHDR", TestPNG.bigEndian(4) + TestPNG.bigEndian(4) + [8, 0, 0, 0, 0])
            file += TestPNG.chunk("IDAT", stream)
            file += TestPNG.chunk("IEND", [])
            let error = try #require(throws: ImageError.self) { try PNGDecoder().decode(file) }
            #expect(error.code == .badImageData, "\(error)")
            #expect(error.chunk == "IDAT")
            #expect(error.location.byteOffset == 33)
        }
    }

    static let exhaustiveFixtures = ["basn0g01.png", "basi0g01.png", "tm3n3p02.png", "basn0g16.png", "tbbn3p08.png"]

    @Test("every truncation of a valid file is an error", arguments: exhaustiveFixtures)
    func everyTruncationFails(file: String) throws {
        let data = try Fixtures.data(file)
        let decoder = PNGDecoder()
        for length in 0..<data.count {
            let error = #expect(throws: ImageError.self, "\(file) cut to \(length) bytes") {
                try decoder.decode(data.prefix(length))
            }
            #expect(error?.code == .truncated, "\(file) cut to \(length) bytes: \(error?.message ?? "")")
        }
    }

    @Test("every single-bit flip of a valid file is an error", arguments: exhaustiveFixtures)
    func everyBitFlipFails(file: String) throws {
        let original = [UInt8](try Fixtures.data(file))
        let decoder = PNGDecoder()
        let expectedCodes: Set<ImageError.Code> = [.badSignature, .crcMismatch, .truncated, .badChunk, .badImageData]
        var failures = 0
        for index in original.indices {
            for bit in 0..<8 {
                var damaged = original
                damaged[index] ^= 1 << bit
                do {
                    _ = try decoder.decode(Data(damaged))
                    failures += 1
                    Issue.record("\(file): flipping bit \(bit) of byte \(index) still decodes")
                } catch {
                    #expect(expectedCodes.contains(error.code), "byte \(index) bit \(bit): \(error.message)")
                    #expect(!error.message.isEmpty)
                }
            }
        }
        #expect(failures == 0)
    }
}
