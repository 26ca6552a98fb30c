import Foundation
import Testing

@testable import ContentTypes

/// DnDKit's identification of real files against the two tools a Linux user would ask: libmagic's `file
/// --mime-type` and the desktop's `xdg-mime query filetype` (shared-mime-info, by name and content). Their answers
/// for the fixtures were recorded on Debian 12 (shared-mime-info 2.2) with `Scripts/compare-identification.py
/// --table` into `Files/reference-types.tsv`; the database they used is copied in `SharedMIMEInfo/`, so the test
/// needs neither tool.
///
/// An answer agrees when DnDKit's type is the tool's type or conforms to it (a more precise answer is not a
/// disagreement). Every disagreement is listed below with its reason: a new one, or one that goes away, fails.
/// Over 397 files of the machine the table was made on (`Scripts/compare-identification.py`), the differences were of
/// the same kinds, plus names shared-mime-info matches as whole names (`README*`, `AUTHORS`), which DnDKit does not.
@Suite("Identification against file(1) and xdg-mime")
struct DesktopComparisonTests {
    /// Where DnDKit and `xdg-mime` differ, and why DnDKit's answer stands.
    static let xdgDifferences: [String: String] = [
        "empty": "an empty file is data to DnDKit: no content says it is text; shared-mime-info calls it text/plain",
        "disk/square.otf":
            "an OpenType font: shared-mime-info has two globs for .otf of the same weight, and xdg-mime picks the "
            + "OpenDocument formula template's; the content is a font",
    ]

    /// Where DnDKit is more precise than libmagic's MIME type without conforming to it, and why.
    static let magicDifferences: [String: String] = [
        "machine/ACCVRAIZ1.pem":
            "a PEM certificate, which libmagic describes as one but types text/plain; X.509 certificates are data",
        "machine/icon.svg": "an SVG image whose root element follows a comment: libmagic stops at the comment (text)",
        "machine/basic.css": "CSS named .css: libmagic's text/plain is plain text, CSS is text but not plain text",
        "machine/example.yaml": "YAML named .yaml: text to libmagic, YAML is text but not plain text",
        "machine/ubuntu.csv": "CSV named .csv: text to libmagic, CSV is text but not plain text",
        "machine/zran.h": "a C header: libmagic's text/x-c is C source, and a header is source code, not C source",
        "disk/square.afm": "Adobe font metrics named .afm: text to libmagic, font metrics are text of their own kind",
        "disk/square.ps":
            "PostScript without a %! line (as Ghostscript's resources begin) named .ps: text to libmagic",
        "disk/square.xbm": "an X bitmap named .xbm: text to libmagic (C source), an image by its name",
        "disk/square.svgz": "gzip to libmagic, whose MIME answer does not look inside: an SVG image once decompressed",
        "disk/square.pcf.gz": "gzip to libmagic, whose MIME answer does not look inside: a PCF font by its name",
    ]

    struct Reference: Sendable, CustomTestStringConvertible {
        let file: String
        let magic: String
        let desktop: String
        var testDescription: String { file }
    }

    static let references: [Reference] = {
        let table = (try? String(contentsOf: Fixtures.file("reference-types.tsv"), encoding: .utf8)) ?? ""
        return table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            return fields.count == 3 ? Reference(file: fields[0], magic: fields[1], desktop: fields[2]) : nil
        }
    }()

    static let registry: TypeRegistry? = try? TypeRegistry().addingDesktopDatabase(
        at: Fixtures.root.appendingPathComponent("SharedMIMEInfo"))

    @Test("the reference table covers every fixture file")
    func tableCoversTheFixtures() throws {
        let folder = Fixtures.root.appendingPathComponent("Files")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue && path != "SOURCES.md" && path != "reference-types.tsv"
        }
        #expect(Set(Self.references.map(\.file)) == Set(files))
        #expect(Self.references.count >= 40)
    }

    @Test("file(1) and DnDKit agree on every fixture but the listed ones, for the listed reasons")
    func agreesWithFile() throws {
        let registry = try #require(Self.registry)
        let sniffer = ContentSniffer(registry: registry)
        var differences: [String: String] = [:]
        for reference in Self.references {
            let ours = try sniffer.identify(contentsOf: Fixtures.file(reference.file))
            // What DnDKit makes of file(1)'s answer: libmagic on a file and on a buffer is the same library.
            let answer = ContentSniffer.MagicAnswer(reference.magic)
            let theirs = ContentSniffer.type(forMagicAnswer: answer, in: registry).type
            if !ours.type.conforms(to: theirs) {
                differences[reference.file] = "DnDKit \(ours.type.identifier), file(1) \(theirs.identifier)"
            }
        }
        #expect(Set(differences.keys) == Set(Self.magicDifferences.keys), "\(differences)")
    }

    @Test("xdg-mime and DnDKit agree on every fixture but the listed ones, for the listed reasons")
    func agreesWithTheDesktop() throws {
        let registry = try #require(Self.registry)
        let sniffer = ContentSniffer(registry: registry)
        var differences: [String: String] = [:]
        for reference in Self.references {
            let ours = try sniffer.identify(contentsOf: Fixtures.file(reference.file))
            let theirs = try #require(registry.type(tag: reference.desktop, tagClass: .mimeType, conformingTo: nil))
            if !ours.type.conforms(to: theirs) {
                differences[reference.file] = "DnDKit \(ours.type.identifier), xdg-mime \(theirs.identifier)"
            }
        }
        #expect(Set(differences.keys) == Set(Self.xdgDifferences.keys), "\(differences)")
    }
}
