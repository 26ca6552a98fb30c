import Foundation
import Testing

@testable import ContentTypes

/// Identification with the real libmagic, over real files.
@Suite("Content sniffer")
struct ContentSnifferTests {
    @Test(
        "SVG and PEM certificates are found in text that libmagic calls plain",
        arguments: [
            ("<!-- a licence -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>", true, false),
            ("\u{FEFF}<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\">\n<svg>", true, false),
            ("<svgfoo/>", false, false),
            ("<!-- never closed <svg>", false, false),
            ("<html><svg></svg></html>", false, false),
            ("\n-----BEGIN CERTIFICATE-----\nMIIB", false, true),
            ("-----BEGIN RSA PRIVATE KEY-----\nMIIB", false, false),
        ])
    func textSignatures(text: String, isSVG: Bool, isPEM: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes(ContentSniffer.isSVG) == isSVG)
        #expect(bytes.withUnsafeBytes(ContentSniffer.isPEMCertificate) == isPEM)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let type: UTType
        let mimeType: String
        let basis: ContentSniffer.Basis
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "image.png", type: .png, mimeType: "image/png", basis: .both),
        Case(file: "data.json", type: .json, mimeType: "application/json", basis: .both),
        Case(file: "archive.zip", type: .zip, mimeType: "application/zip", basis: .both),
        Case(file: "document.pdf", type: .pdf, mimeType: "application/pdf", basis: .both),
        Case(file: "program", type: .unixExecutable, mimeType: "application/x-sharedlib", basis: .content),
        Case(file: "script.sh", type: .shellScript, mimeType: "text/x-shellscript", basis: .both),
        Case(file: "utf16.txt", type: .utf16ExternalPlainText, mimeType: "text/plain", basis: .both),
        Case(file: "empty", type: .data, mimeType: "application/x-empty", basis: .content),
    ]

    static let sniffer = ContentSniffer(registry: TypeRegistry())

    @Test(arguments: cases)
    func identifiesFiles(expected: Case) throws {
        let found = try Self.sniffer.identify(contentsOf: Fixtures.file(expected.file))
        #expect(found.type == expected.type)
        #expect(found.mimeType == expected.mimeType)
        #expect(found.basis == expected.basis)
    }

    /// `identify(atPath:)`, which `dnd-sim types identify` calls, answers as `identify(contentsOf:)` does, the name
    /// included, for a plain path and one with `.` and `..` in it.
    @Test(arguments: cases)
    func identifiesByPathAsByURL(expected: Case) throws {
        let url = Fixtures.file(expected.file)
        let byURL = try Self.sniffer.identify(contentsOf: url)
        #expect(try Self.sniffer.identify(atPath: url.path) == byURL)
        let folder = url.deletingLastPathComponent()
        let roundabout = "\(folder.path)/./../\(folder.lastPathComponent)/\(expected.file)"
        #expect(try Self.sniffer.identify(atPath: roundabout) == byURL)
    }

    @Test func lastComponentIsURLs() {
        for path in ["a/b.png", "/x/y/", "/x/y//", "/", "//", "name", "a b/c d.tar.gz", "/tmp/ü.txt"] {
            #expect(
                ContentSniffer.lastComponent(of: path) == URL(fileURLWithPath: path).lastPathComponent, "\(path)")
        }
        #expect(ContentSniffer.lastComponent(of: "") == "")
    }

    @Test(arguments: cases)
    func identifiesContentAlone(expected: Case) throws {
        let data = try Data(contentsOf: Fixtures.file(expected.file))
        let found = try Self.sniffer.identify(data)
        #expect(found.basis == .content)
        #expect(expected.type.conforms(to: found.type), "\(found.type) for \(expected.file)")
    }

    @Test func emptyAndUnrecognisedBytesAreData() throws {
        #expect(try Self.sniffer.identify(Data()).type == .data)
        let noise = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) })
        #expect(try Self.sniffer.identify(noise).type == .data)
    }

    @Test func bytesLibmagicGivesNoAnswerForAreData() throws {
        // UTF-32 text with invalid code points: libmagic 5.44 returns neither an answer nor an error (found by
        // fuzz-sniffing; the input is in Tests/Fuzzing/Regressions/fuzz-sniffing/).
        let bytes = try #require(
            Data(
                base64Encoded: "//4AAAAAAHsibmFtZSI6ICJjYWZcdTAAAGlEAHIAYQBnACAA"
                    + String(repeating: "5OTk", count: 30)
                    + "5GEAbgBkACAAZAByAG8AcAAsACAAVQBUAEYALQAwADYAIAB3ACAAbQBhAHIAawAuAAoA"
            ))
        #expect(bytes.count == 177)
        let identification = try ContentSniffer(registry: .system).identify(bytes)
        #expect(identification.type == .data)
        #expect(identification.mimeType == "application/octet-stream")
    }

    @Test func nameAndContentPrecedence() throws {
        let png = try Data(contentsOf: Fixtures.file("image.png"))
        let program = try Data(contentsOf: Fixtures.file("program"))
        let zip = try Data(contentsOf: Fixtures.file("archive.zip"))
        let json = try Data(contentsOf: Fixtures.file("data.json"))
        // An executable or an archive named as something else is reported as what it is.
        #expect(try Self.sniffer.identify(program, filename: "photo.png").type == .unixExecutable)
        let disguised = try Self.sniffer.identify(zip, filename: "notes.txt")
        #expect(disguised.type == .zip && disguised.basis == .content)
        // The name refines what the content says: JSON named .geojson is GeoJSON.
        let geo = try Self.sniffer.identify(json, filename: "map.geojson")
        #expect(geo.type == .geoJSON && geo.basis == .both)
        // Otherwise the content decides, and the name's contradiction is reported, not hidden.
        let named = try Self.sniffer.identify(png, filename: "picture.jpg")
        #expect(named.type == .png && named.basis == .content && named.mimeType == "image/png")
        #expect(named.nameSuggests == .jpeg)
        // Unknown extensions are no name at all.
        #expect(try Self.sniffer.identify(png, filename: "picture.unknownext").basis == .content)
        #expect(try Self.sniffer.identify(png, filename: ".png").basis == .content)
    }

    /// Content decides; a name refines only within what the content allows, or answers when the content says nothing.
    @Test func contentDecidesAndTheNameRefines() throws {
        let pdf = try Data(contentsOf: Fixtures.file("document.pdf"))
        let png = try Data(contentsOf: Fixtures.file("image.png"))
        let text = Data("just some words\n".utf8)
        let cases: [(Data, String, UTType, ContentSniffer.Basis, UTType?)] = [
            (pdf, "x.jpg", .pdf, .content, .jpeg),  // a PDF named as a JPEG is a PDF
            (text, "y.gif", .plainText, .content, .gif),  // text named as a GIF is text
            (png, "z.txt", .png, .content, .plainText),  // a PNG named as text is a PNG
            (text, "fake.png", .plainText, .content, .png),
            (Data("a,b\n1,2\n".utf8), "table.csv", .commaSeparatedText, .both, nil),  // text refined by its name
            (Data("print(1)\n".utf8), "main.swift", .swiftSource, .both, nil),
            (Data("<?xml version=\"1.0\"?>\n<html><body/></html>\n".utf8), "page.html", .html, .both, nil),
            (Data(), "empty.png", .png, .name, nil),  // nothing to say: the name answers
            (png, "image.png", .png, .both, nil),
        ]
        for (data, name, type, basis, suggested) in cases {
            let found = try Self.sniffer.identify(data, filename: name)
            #expect(found.type == type, "\(name)")
            #expect(found.basis == basis, "\(name)")
            #expect(found.nameSuggests == suggested, "\(name)")
        }
    }

    @Test func missingFileIsAnError() {
        let url = Fixtures.file("no-such-file")
        let error = #expect(throws: ContentSnifferError.self) { try Self.sniffer.identify(contentsOf: url) }
        #expect(error?.code == .unreadableFile)
        #expect(error?.file == url.path)
    }

    @Test func directoriesAreFolders() throws {
        #expect(try Self.sniffer.identify(contentsOf: Fixtures.root).type == .folder)
    }

    /// The checks MagicHandle skips cannot change libmagic's answer: compare with a handle that skips nothing.
    @Test(arguments: cases)
    func skippedChecksDoNotChangeAnswers(expected: Case) throws {
        let data = try Data(contentsOf: Fixtures.file(expected.file))
        let skipping = try MagicHandle()
        let complete = try MagicHandle(flags: MagicHandle.answerFlags)
        let answers = try data.withUnsafeBytes { bytes in
            (try skipping.identify(bytes), try complete.identify(bytes))
        }
        #expect(answers.0 == answers.1)
    }

    @Test func concurrentIdentificationsAgree() async throws {
        let files = Self.cases.map(\.file)
        let contents = try files.map { try Data(contentsOf: Fixtures.file($0)) }
        let expected = try contents.map { try Self.sniffer.identify($0).type }
        let sniffer = ContentSniffer(registry: TypeRegistry())
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<50 {
                        let index = (task + round) % contents.count
                        if try sniffer.identify(contents[index]).type != expected[index] {
                            return false
                        }
                    }
                    return true
                }
            }
            for try await agreed in group {
                #expect(agreed)
            }
        }
    }
}
