import Foundation
import TestSupport
import Testing

@testable import ContentTypes

/// The built-in signatures against the real libmagic: wherever a signature answers, libmagic must give the same MIME
/// type for the same bytes. Checked on real files (the fixtures, PngSuite, and what Debian packages installed on this
/// machine: fonts, icons, documentation, libraries, programs) and on generated headers, whole and with bytes changed.
@Suite("Content signatures against libmagic")
struct ContentSignaturesTests {
    /// libmagic's MIME type for some bytes, with the sniffer's flags (each test has a handle of its own).
    static func magic(_ bytes: [UInt8], _ handle: MagicHandle) throws -> String {
        try bytes.withUnsafeBytes { try handle.answer($0).mimeType }
    }

    static func signature(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes(ContentSignatures.mimeType)
    }

    /// The package's root, from this file's path.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Regular files under `folder` that `include` accepts, at most `limit`, in a stable order.
    static func files(under folder: URL, limit: Int, where include: (URL) -> Bool = { _ in true }) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
            return []
        }
        var found: [URL] = []
        for case let path as String in enumerator {
            let url = folder.appendingPathComponent(path)
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if include(url) && values?.isRegularFile == true && values?.isSymbolicLink != true {
                found.append(url)
            }
        }
        return Array(found.sorted { $0.path < $1.path }.prefix(limit))
    }

    /// The first 64 KiB of a file (every signature reads far less).
    static func prefix(of url: URL) -> [UInt8]? {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            return nil
        }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 1 << 16)).map { [UInt8]($0) }
    }

    @Test("every signature agrees with libmagic on real files")
    func agreesOnRealFiles() async throws {
        // Thousands of files read and identified twice: on a thread of its own, not one of Swift's cooperative
        // threads, which the rest of the suite needs meanwhile.
        let (answered, disagreements) = try await offThePool { () throws -> ([String: Int], [String]) in
            let fixtures = Fixtures.root.appendingPathComponent("Files")
            var corpus = Self.files(under: fixtures, limit: 1000)
            corpus += Self.files(
                under: Self.package.appendingPathComponent("Tests/PNGCodecTests/Fixtures"), limit: 1000)
            for folder in [
                "/usr/share/fonts", "/usr/share/icons", "/usr/share/doc", "/usr/share/pixmaps", "/usr/share/mime",
                "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/bin",
            ] {
                corpus += Self.files(under: URL(fileURLWithPath: folder), limit: 2500)
            }
            // Every SVG, HTML and XML file under /usr/share, for the markup prefixes (the folders above are cut off
            // at 2,500 files each).
            let markup = Self.files(under: URL(fileURLWithPath: "/usr/share"), limit: .max) { url in
                ["svg", "html", "htm", "xhtml", "xml"].contains(url.pathExtension.lowercased())
            }
            corpus += markup.prefix(6000)
            let handle = try MagicHandle()
            var answered: [String: Int] = [:]
            var disagreements: [String] = []
            for url in corpus {
                guard let bytes = Self.prefix(of: url), let mimeType = Self.signature(bytes) else {
                    continue
                }
                answered[mimeType, default: 0] += 1
                let libmagic = try Self.magic(bytes, handle)
                if libmagic != mimeType {
                    disagreements.append("\(url.path): signature \(mimeType), libmagic \(libmagic)")
                }
            }
            return (answered, disagreements)
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        // The fixtures alone hold these formats: each signature below has been compared on at least one real file. (The
        // tar fixture is a pre-POSIX archive, which the signature leaves to libmagic; tar is compared on generated
        // headers below.)
        let fromFixtures = [
            "image/png", "image/jpeg", "image/gif", "image/webp", "image/tiff", "image/bmp", "application/pdf",
            "application/zip", "application/gzip", "application/x-xz", "application/x-sharedlib",
            "font/woff2", "audio/x-wav",
        ]
        for mimeType in fromFixtures {
            #expect(answered[mimeType, default: 0] > 0, "no real file checked for \(mimeType)")
        }
        // PngSuite: every valid PNG (the x… files are corrupt on purpose) is answered by the signature.
        #expect(answered["image/png", default: 0] >= 150)
        // Markup, from the files of the machine (shared-mime-info's XML sources, icons, documentation).
        for mimeType in ["image/svg+xml", "text/xml", "text/html"] {
            #expect(answered[mimeType, default: 0] > 0, "no real file checked for \(mimeType)")
        }
    }

    /// Headers of every format, built by hand, with a random tail.
    static func headers(_ random: inout SeededRandom) -> [(String, [UInt8])] {
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
        func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        var tar = Array("hello.txt".utf8) + [UInt8](repeating: 0, count: 91)
        tar += Array("0000644\u{0}0001750\u{0}0001750\u{0}00000000012\u{0}14510000000\u{0}".utf8)
        tar += [UInt8](repeating: 0x20, count: 8) + [0x30] + [UInt8](repeating: 0, count: 100)
        tar += Array("ustar\u{0}00".utf8) + [UInt8](repeating: 0, count: 512 - 265)
        let sum = tar.reduce(0) { $0 + Int($1) }
        let checksum = Array(String(sum, radix: 8).utf8)
        let field = [UInt8](repeating: 0x30, count: 6 - checksum.count) + checksum + [0, 0x20]
        tar.replaceSubrange(148..<156, with: field)
        var pe = Array("MZ".utf8) + bytes(58) + le32(128) + bytes(64) + Array("PE".utf8) + [0, 0]
        pe += le16(0x8664) + le16(3)
        func zipEntry(_ name: String) -> [UInt8] {
            Array("PK".utf8) + [3, 4, 20, 0, 0, 0, 8, 0] + bytes(16) + le16(name.utf8.count) + le16(0)
                + Array(name.utf8)
        }
        func ftyp(_ brand: String) -> [UInt8] { be32(24) + Array("ftyp".utf8) + Array(brand.utf8) + [0, 0, 0, 0] }
        func ogg(_ codec: [UInt8]) -> [UInt8] {
            Array("OggS".utf8) + [0, 2] + [UInt8](repeating: 0, count: 8) + bytes(4) + [0, 0, 0, 0] + bytes(4)
                + [1, 0x1E] + codec
        }
        func elf(_ type: Int, _ bigEndian: Bool) -> [UInt8] {
            [0x7F, 0x45, 0x4C, 0x46, 2, bigEndian ? 2 : 1, 1, 0] + [UInt8](repeating: 0, count: 8)
                + (bigEndian ? le16(type).reversed() : le16(type)) + [0x3E, 0]
        }
        let trueType: [UInt8] = [0, 1, 0, 0, 0, 17, 1, 0, 0, 4, 0, 16] + Array("FFTM".utf8)
        var cases: [(String, [UInt8])] = [
            ("png", png), ("jpeg", [0xFF, 0xD8, 0xFF, 0xE0]), ("gif87", Array("GIF87a".utf8)),
            ("gif89", Array("GIF89a".utf8)), ("webp", Array("RIFF".utf8) + bytes(4) + Array("WEBP".utf8)),
            ("wav", Array("RIFF".utf8) + bytes(4) + Array("WAVE".utf8)), ("tiff-le", [0x49, 0x49, 0x2A, 0]),
            ("tiff-be", [0x4D, 0x4D, 0, 0x2A]), ("pdf", Array("%PDF-1.7\n".utf8)), ("gzip", [0x1F, 0x8B, 8, 0]),
            ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0]), ("zstd", [0x28, 0xB5, 0x2F, 0xFD]), ("tar", tar),
            ("macho64", [0xCF, 0xFA, 0xED, 0xFE]), ("macho32", [0xCE, 0xFA, 0xED, 0xFE]),
            ("macho-be", [0xFE, 0xED, 0xFA, 0xCE]), ("pe", pe), ("woff", Array("wOFF".utf8)),
            ("woff2", Array("wOF2".utf8)), ("otf", Array("OTTO".utf8)), ("ttf", trueType),
            ("sqlite", Array("SQLite format 3\u{0}".utf8) + [0x10, 0, 1, 1]), ("flac", Array("fLaC".utf8)),
            ("ogg-vorbis", ogg([1] + Array("vorbis".utf8))), ("ogg-opus", ogg(Array("OpusHead".utf8))),
            ("ogg-theora", ogg([0x80] + Array("theora".utf8))), ("zip", zipEntry("notes/readme.txt")),
            ("zip-docx", zipEntry("word/document.xml")), ("zip-mimetype", zipEntry("mimetype")),
        ]
        for brand in ["isom", "mp41", "mp42", "dash", "M4A ", "M4V ", "qt  ", "heic", "heix", "mif1", "avif"] {
            cases.append(("ftyp \(brand)", ftyp(brand)))
        }
        for type in 0...5 {
            cases.append(("elf type \(type)", elf(type, false)))
            cases.append(("elf type \(type) big-endian", elf(type, true)))
        }
        for size in [12, 40, 52, 56, 64, 108, 124, 200] {
            cases.append(("bmp \(size)", Array("BM".utf8) + bytes(12) + le32(size)))
        }
        return cases.map { ($0.0, $0.1 + bytes(4096 - $0.1.count)) }
    }

    @Test("every signature agrees with libmagic on generated headers, whole and with bytes changed")
    func agreesOnGeneratedHeaders() async throws {
        // On a thread of its own, as above.
        let (answered, disagreements) = try await offThePool { () throws -> (Set<String>, [String]) in
            // SIGNATURE_ROUNDS and SIGNATURE_SEED run a longer or different comparison by hand.
            let environment = ProcessInfo.processInfo.environment
            let rounds = environment["SIGNATURE_ROUNDS"].flatMap { Int($0) } ?? 20
            let handle = try MagicHandle()
            var random = SeededRandom(seed: environment["SIGNATURE_SEED"].flatMap { UInt64($0) } ?? 17)
            var answered: Set<String> = []
            var disagreements: [String] = []
            for round in 0..<rounds {
                for (name, header) in Self.headers(&random) {
                    // A boot sector's signature at 510, which libmagic ranks above many magic numbers.
                    var bootSector = header
                    bootSector.replaceSubrange(510..<512, with: [0x55, 0xAA])
                    var variants = [header, bootSector]
                    // Change bytes of the header, where the signatures look: each change must keep the two in agreement.
                    for _ in 0..<(round == 0 ? 0 : 12) {
                        var changed = header
                        for _ in 0..<(1 + random.int(below: 3)) {
                            changed[random.int(below: round % 2 == 0 ? 40 : 600)] = UInt8(
                                truncatingIfNeeded: random.next())
                        }
                        variants.append(changed)
                        variants.append(Array(header.prefix(8 + random.int(below: 600))))  // cut short
                    }
                    for bytes in variants {
                        guard let mimeType = Self.signature(bytes) else {
                            continue
                        }
                        answered.insert(mimeType)
                        let libmagic = try Self.magic(bytes, handle)
                        if libmagic != mimeType {
                            let changes = zip(bytes.indices, zip(bytes, header)).filter { $1.0 != $1.1 }
                                .map { "\($0): \(String($1.1, radix: 16))→\(String($1.0, radix: 16))" }
                            disagreements.append(
                                "\(name), \(bytes.count) bytes, changed \(changes): signature \(mimeType), libmagic \(libmagic)"
                            )
                        }
                    }
                }
            }
            return (answered, disagreements)
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        // Every signature answered at least once, so each was compared.
        let expected: Set<String> = [
            "image/png", "image/jpeg", "image/gif", "image/webp", "audio/x-wav", "image/tiff", "application/pdf",
            "application/gzip", "application/x-xz", "application/zstd", "application/x-tar",
            "application/x-mach-binary", "application/vnd.microsoft.portable-executable", "font/woff", "font/woff2",
            "application/vnd.ms-opentype", "font/sfnt", "application/vnd.sqlite3", "audio/flac",
            "audio/ogg", "video/ogg", "application/zip", "video/mp4", "audio/x-m4a", "video/x-m4v", "video/quicktime",
            "image/heic", "image/heif", "image/avif", "application/x-object", "application/x-executable",
            "application/x-sharedlib", "application/x-coredump", "image/bmp",
        ]
        #expect(expected.subtracting(answered).isEmpty, "never answered: \(expected.subtracting(answered))")
    }

    @Test("bytes no signature claims are left to libmagic")
    func leavesTheRestToLibmagic() {
        for text in [
            "", "hello", "{\"a\": 1}", "<?xml version=1.0?><a/>", "#!/bin/sh\necho hi\n", "PK", "BM", "ID3",
            "<!-- a comment -->\n<svg/>", "<html><body>hi</body></html>", "\u{FEFF}<?xml version=\"1.0\"?><a/>",
            "<?xml version=\"1.0\"?>,\n<a/>", "<?xml version=\"1.0\"?>\n<urlset/>",
        ] {
            #expect(Self.signature(Array(text.utf8)) == nil, "\(text)")
        }
        // Office documents, EPUB and OpenDocument files are ZIP archives libmagic reads further.
        var random = SeededRandom(seed: 3)
        let headers = Self.headers(&random)
        for name in ["zip-docx", "zip-mimetype"] {
            let header = headers.first { $0.0 == name }?.1 ?? []
            #expect(Self.signature(header) == nil, "\(name)")
        }
    }

    /// XML, SVG and HTML documents built by hand: with and without declarations, comments, document types, byte order
    /// marks, commas, markers of other XML formats, `<svg` near the end of libmagic's search, non-text bytes.
    static func markupDocuments(_ random: inout SeededRandom) -> [String] {
        let filler = (0..<40).map { _ in "  <item id=\"\(random.int(below: 1000))\">text é ✓</item>\n" }.joined()
        var documents = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root>\n" + filler + "</root>\n",
            "<?xml version='1.0'?>\n<root/>\n", "<?xml version=\"1.1\"?><a/>", "<?xml version = \"1.0\"?><a/>",
            "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">\n" + filler + "</svg>\n",
            "<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<svg width=\"1\"/>\n",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\">\n" + filler + "</svg>\n",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\">\n<html>\n</html>\n",
            "<!DOCTYPE html>\n<html>\n<head><title>t</title></head>\n<body>\n" + filler + "</body>\n</html>\n",
            "<!doctype HTML>\n<p>hi</p>\n", "<!DOCTYPE\n  html PUBLIC \"-//W3C//DTD HTML 4.01//EN\">\n<html></html>\n",
            "<!DOCTYPEhtml>\n<p>hi</p>\n", "<!DOCTYPE svg>\n<svg/>\n", "<!DOCTYPE html>\n<svg><!DOCTYPE svg></svg>\n",
            "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>\n",
            "<?xml version=\"1.0\"?>\n<gnc-v2/>\n", "<?xml version=\"1.0\"?>\n<osm version=\"0.6\"/>\n",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\">\n<plist/>\n",
            "<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\"/>\n",
            "<?xml version=\"1.0\"?>\n<a>1,2,3\n4,5,6\n</a>\n",
            "<?xml version=\"1.0\"?>\n<?php echo 1; ?>\n", "<!DOCTYPE html>\n<?php echo 1; ?>\n",
        ]
        // `<svg` at every distance from the end of libmagic's 4,096-byte search.
        for shift in -12...12 {
            let padding = String(repeating: "x", count: 4096 + shift - 22)
            documents.append("<?xml version=\"1.0\"?>\n<a>" + padding + "<svg/></a>\n")
        }
        return documents
    }

    @Test("the markup prefixes agree with libmagic on generated documents, whole, cut and with bytes changed")
    func markupAgreesOnGeneratedDocuments() throws {
        let handle = try MagicHandle()
        var random = SeededRandom(seed: 23)
        var answered: Set<String> = []
        var disagreements: [String] = []
        for document in Self.markupDocuments(&random) {
            let bytes = Array(document.utf8)
            var variants = [bytes, Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(bytes.count - 1))]
            for _ in 0..<8 {
                var changed = bytes
                let at = random.int(below: min(bytes.count, 64))
                // A printable byte, a control character, a byte of UTF-8 out of place, a comma.
                changed[at] = [UInt8(0x20 + random.int(below: 95)), 0x01, 0xBF, 0x2C][random.int(below: 4)]
                variants.append(changed)
            }
            for variant in variants {
                guard let mimeType = Self.signature(variant) else {
                    continue
                }
                answered.insert(mimeType)
                let libmagic = try Self.magic(variant, handle)
                if libmagic != mimeType {
                    let text = String(decoding: variant.prefix(80), as: UTF8.self)
                    disagreements.append("\(text.debugDescription): signature \(mimeType), libmagic \(libmagic)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        #expect(answered == ["image/svg+xml", "text/xml", "text/html"])
    }

    @Test("the sniffer answers from a signature what it answers from libmagic")
    func snifferAnswersTheSame() throws {
        let sniffer = ContentSniffer(registry: TypeRegistry())
        let handle = try MagicHandle()
        var random = SeededRandom(seed: 5)
        for (name, header) in Self.headers(&random) {
            guard Self.signature(header) != nil else {
                continue
            }
            let found = try sniffer.identify(Data(header))
            let answer = try header.withUnsafeBytes { try handle.answer($0) }
            let expected = ContentSniffer.type(forMagicAnswer: answer, in: TypeRegistry())
            #expect(found.type == expected.type, "\(name)")
            #expect(found.mimeType == expected.mimeType, "\(name)")
        }
    }

    @Test(
        "libmagic's answer is parsed without Foundation: MIME type and charset, trimmed and lowercased",
        arguments: [
            ("image/png; charset=binary", "image/png", "binary"),
            ("text/plain; charset=utf-8", "text/plain", "utf-8"),
            ("Text/HTML ;  Charset=US-ASCII ", "text/html", "us-ascii"),
            ("application/json", "application/json", nil),
            ("text/plain; format=flowed; charset=utf-16le", "text/plain", "utf-16le"),
            ("", "application/octet-stream", nil),
            (" ; charset=binary", "application/octet-stream", "binary"),
        ] as [(String, String, String?)])
    func parsesAnswers(answer: String, mimeType: String, charset: String?) {
        let parsed = ContentSniffer.MagicAnswer(answer)
        #expect(parsed.mimeType == mimeType)
        #expect(parsed.charset == charset)
    }
}
