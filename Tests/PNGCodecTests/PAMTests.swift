import Foundation
import PNGCodec
import Testing

@Suite("PAM")
struct PAMTests {
    @Test func writesTheNetpbmHeaderAndRawSamples() throws {
        let bitmap = try Bitmap(width: 2, height: 1, format: .rgb16, bytes: [0x12, 0x34, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        let pam = bitmap.pamData()
        let header = "P7\nWIDTH 2\nHEIGHT 1\nDEPTH 3\nMAXVAL 65535\nTUPLTYPE RGB\nENDHDR\n"
        #expect(pam.prefix(header.utf8.count) == Data(header.utf8))
        #expect(Array(pam.dropFirst(header.utf8.count)) == [0x12, 0x34, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    }

    @Test(arguments: Bitmap.Channels.allCases, Bitmap.BitDepth.allCases)
    func roundTripsEveryFormat(channels: Bitmap.Channels, depth: Bitmap.BitDepth) throws {
        let format = Bitmap.PixelFormat(channels: channels, bitDepth: depth)
        let bytes = (0..<(3 * 2 * format.bytesPerPixel)).map { UInt8(($0 * 53 + 1) & 0xFF) }
        let bitmap = try Bitmap(width: 3, height: 2, format: format, bytes: bytes)
        let decoded = try Bitmap(pamData: bitmap.pamData())
        #expect(decoded.format == format)
        #expect(decoded == bitmap)
    }

    @Test func pngSuiteFilesSurvivePNGToPAMToPNG() throws {
        for file in ["basn0g16.png", "basn4a08.png", "basi6a16.png", "tbrn2c08.png", "basn3p01.png"] {
            let bitmap = try PNGDecoder().decode(Fixtures.data(file))
            let viaPAM = try Bitmap(pamData: bitmap.pamData())
            #expect(viaPAM == bitmap, "\(file)")
            #expect(try PNGDecoder().decode(viaPAM.pngData()) == bitmap, "\(file)")
        }
    }

    @Test func readsCommentsBlankLinesAndAMissingTupleType() throws {
        let text = "P7\n# made by hand\nWIDTH 1\n\nHEIGHT 1\nDEPTH 2\nMAXVAL 255\nENDHDR\n"
        let bitmap = try Bitmap(pamData: Data(text.utf8) + [7, 9])
        #expect(bitmap.format == .grayAlpha8)
        #expect(bitmap[x: 0, y: 0, channel: 1] == 9)
    }

    static let malformed: [(String, String, Int?)] = [
        ("P6\n1 1\n255\n", "line 1: P6 is a PBM/PGM/PPM file", 1),
        (
            "P7\nWIDTH 2\nHEIGHT 1\nDEPTH 3\nMAXVAL 1023\nTUPLTYPE RGB\nENDHDR\n",
            "line 5: MAXVAL 1023 is not supported", 5
        ),
        (
            "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n",
            "line 4: DEPTH 4 does not match TUPLTYPE RGB", 4
        ),
        (
            "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 1\nTUPLTYPE BLACKANDWHITE\nENDHDR\n",
            "line 5: MAXVAL 1 is not supported", 5
        ),
        (
            "P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nTUPLTYPE CMYK\nENDHDR\n",
            "line 6: TUPLTYPE \"CMYK\" is not supported", 6
        ),
        ("P7\nWIDTH x\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n", "line 2: WIDTH \"x\" is not a positive integer", 2),
        ("P7\nWIDTH 1\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n", "line 3: WIDTH appears twice", 3),
        ("P7\nWIDTH 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n", "no HEIGHT line", nil),
        ("P7\nWIDTH 1\nHEIGHT 1\nCOLOURS 3\nENDHDR\n", "line 4: unknown header field \"COLOURS\"", 4),
        ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\n", "no ENDHDR line", nil),
        ("", "no header line", nil),
    ]

    @Test("malformed PAM headers name the line and field", arguments: malformed)
    func malformedHeaderIsNamed(text: String, message: String, line: Int?) throws {
        let error = try #require(throws: ImageError.self) { try Bitmap(pamData: Data(text.utf8)) }
        #expect(error.code == .badPAM)
        #expect(error.message.contains(message), "\(error.message)")
        if let line {
            #expect(error.line == line)
        }
    }

    @Test func shortAndLongRastersAreErrors() throws {
        let header = Data("P7\nWIDTH 2\nHEIGHT 2\nDEPTH 1\nMAXVAL 255\nTUPLTYPE GRAYSCALE\nENDHDR\n".utf8)
        let short = try #require(throws: ImageError.self) { try Bitmap(pamData: header + [1, 2, 3]) }
        #expect(short.code == .truncated)
        #expect(short.message.contains("3 of 4 bytes"))
        let long = try #require(throws: ImageError.self) { try Bitmap(pamData: header + [1, 2, 3, 4, 5]) }
        #expect(long.code == .badPAM)
        #expect(long.message.contains("1 bytes after the samples"))
    }

    @Test func limitsApply() throws {
        let header = Data("P7\nWIDTH 40000\nHEIGHT 40000\nDEPTH 4\nMAXVAL 65535\nENDHDR\n".utf8)
        let error = try #require(throws: ImageError.self) { try Bitmap(pamData: header) }
        #expect(error.code == .limitExceeded)
    }
}
