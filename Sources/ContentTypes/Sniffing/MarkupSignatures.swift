#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The prefixes of XML, SVG and HTML documents, checked before libmagic: libmagic's MIME type for text that opens with
/// an XML declaration or an HTML document type declaration, where the first bytes decide it.
///
/// libmagic's answers for markup come from text rules of its database (`Magdir/sgml` and the formats built on XML),
/// ranked by strength: an XML declaration whose version is quoted makes the text `text/xml`, unless an `<svg` element
/// follows within 4 KiB (`image/svg+xml`, the strongest of them) or one of the XML formats libmagic names (GnuCash,
/// sitemaps, OpenStreetMap, KML, COLLADA, X3D, …) is in the text; `<!DOCTYPE html` at the start makes it `text/html`.
/// These rules only run on what libmagic reads as text, after its CSV check. So a prefix answers only when:
/// - every byte is text: printable ASCII, tab, line feed, form feed, carriage return, or well-formed UTF-8 (a
///   character cut by the end of the buffer included), with no byte order mark;
/// - the first line cannot begin a CSV table (libmagic's CSV check gives up when its first line has no comma);
/// - no marker of a format libmagic ranks otherwise is in the first 8 KiB;
/// and everything else (a comment or a document type before the root element, `<html>` without a document type,
/// UTF-16, ISO 8859 text) is left to libmagic. `ContentSignaturesTests` compares the answers with libmagic's on the
/// SVG, HTML and XML files of the machine.
enum MarkupSignatures {
    /// libmagic's MIME type for markup whose prefix decides it.
    ///
    /// - Parameter bytes: the first bytes of the content (the sniffer's prefix).
    /// - Returns: `image/svg+xml`, `text/xml` or `text/html`, or `nil` when libmagic must decide.
    static func mimeType(of bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 16, bytes[0] == 0x3C else {  // "<"
            return nil
        }
        let answer: String
        if starts(bytes, with: "<?xml version=") {
            guard let xml = xmlDeclaration(bytes) else {
                return nil
            }
            answer = xml
        } else if starts(bytes, with: "<svg") {
            answer = "image/svg+xml"
        } else if isHTMLDocumentType(bytes) {
            answer = "text/html"
        } else {
            return nil
        }
        guard isText(bytes), !mayBeginCSV(bytes), !hasMarkerOfAnotherFormat(bytes) else {
            return nil
        }
        return answer
    }

    /// The answer for text that begins with `<?xml version=`: SVG when `<svg` follows, XML when the version is in
    /// double or single quotes; `nil` when libmagic's answer is uncertain.
    private static func xmlDeclaration(_ bytes: UnsafeRawBufferPointer) -> String? {
        // libmagic wants a version after "=": a quote, digits and periods, a quote.
        let quote = bytes[14]
        guard quote == 0x22 || quote == 0x27 else {
            return nil
        }
        var index = 15
        while index < bytes.count, bytes[index] == 0x2E || bytes[index] &- 0x30 < 10 {
            index += 1
        }
        guard index > 15, index < bytes.count, bytes[index] == quote else {
            return nil
        }
        // `<svg` searched in the 4,096 bytes from offset 19; one found near the end of that range is left to
        // libmagic, whose range ends a few bytes either way.
        let searched = UnsafeRawBufferPointer(rebasing: bytes[19..<min(bytes.count, 19 + 4096 + 8)])
        if let found = firstIndex(of: "<svg", in: searched) {
            return found < 4096 - 8 ? "image/svg+xml" : nil
        }
        return "text/xml"
    }

    /// `<!doctype`, one or more spaces, and `html`, in any case, at the start.
    private static func isHTMLDocumentType(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard startsIgnoringCase(bytes, at: 0, with: "<!doctype") else {
            return false
        }
        var index = 9
        while index < bytes.count, isSpace(bytes[index]) {
            index += 1
        }
        return index > 9 && startsIgnoringCase(bytes, at: index, with: "html")
    }

    /// Text as libmagic's encoding check reads it, or a part of that: ASCII text characters and well-formed UTF-8,
    /// a sequence cut by the end of the buffer included.
    static func isText(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                // Printable, or tab, line feed, form feed, carriage return.
                guard byte >= 0x20 && byte != 0x7F || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
                else {
                    return false
                }
                index += 1
                continue
            }
            // The length of the sequence and the range of its second byte (no overlong forms, no surrogates, nothing
            // past U+10FFFF).
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return false
            }
            for offset in 1..<length {
                guard index + offset < count else {
                    return true  // cut by the end of the buffer
                }
                guard (offset == 1 ? second : 0x80...0xBF).contains(bytes[index + offset]) else {
                    return false
                }
            }
            index += length
        }
        return true
    }

    /// Whether libmagic's CSV check could call the bytes CSV: only when their first line has a comma outside quotes,
    /// or a quote that opens and does not close on that line. Conservatively, any comma or an odd number of quotes on
    /// the first line.
    private static func mayBeginCSV(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var quotes = 0
        for byte in bytes {
            switch byte {
            case 0x0A: return quotes % 2 != 0
            case 0x2C: return true
            case 0x22: quotes += 1
            default: continue
            }
        }
        return false  // a single line: libmagic's check wants several
    }

    /// Markers of the formats that libmagic ranks above plain XML or HTML, or names itself, in text that begins like
    /// them: where one appears in the first 8 KiB, libmagic decides.
    private static let markers: [StaticString] = [
        "<svg", "<gnc-v2", "<urlset", "<osm", "<pef", "<catmetadata", "<pkgmetadata", "<gmr:Workbook", "X3D",
        "<COLLADA", "3dmanufacturing", "<amf", "ttml", "kml", "openarchives", "plist", "<?php", "<?PHP",
    ]

    private static func hasMarkerOfAnotherFormat(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let head = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, 8192)])
        // In an XML document, `<svg` decided already (an SVG image, or libmagic's call).
        let start = starts(bytes, with: "<?xml") || starts(bytes, with: "<svg") ? 1 : 0
        if markers[start...].contains(where: { firstIndex(of: $0, in: head) != nil }) {
            return true
        }
        // `<!doctype svg` in any case, with any spaces: SVG to libmagic wherever it is.
        var rest = head[...]
        while let found = firstIndex(of: "<!", in: UnsafeRawBufferPointer(rebasing: rest)) {
            let at = rest.startIndex + found
            if startsIgnoringCase(head, at: at, with: "<!doctype") {
                var index = at + 9
                while index < head.count, isSpace(head[index]) {
                    index += 1
                }
                if startsIgnoringCase(head, at: index, with: "svg") {
                    return true
                }
            }
            rest = head[(at + 2)...]
        }
        return false
    }

    // MARK: Bytes

    private static func starts(_ bytes: UnsafeRawBufferPointer, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard let base = bytes.baseAddress, bytes.count >= count else {
            return false
        }
        return memcmp(base, prefix.utf8Start, count) == 0
    }

    /// Whether the bytes at `offset` are `lowercase` (letters and punctuation) in any case.
    private static func startsIgnoringCase(
        _ bytes: UnsafeRawBufferPointer, at offset: Int, with lowercase: StaticString
    ) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard offset + count <= bytes.count else {
            return false
        }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: count)
        return expected.indices.allSatisfy { Folding.lowercase(bytes[offset + $0]) == expected[$0] }
    }

    /// The offset of the first occurrence of `needle` in `haystack`: `memchr` for its first byte, `memcmp` for the
    /// rest.
    private static func firstIndex(of needle: StaticString, in haystack: UnsafeRawBufferPointer) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard let base = haystack.baseAddress, count > 0 else {
            return nil
        }
        let first = Int32(needle.utf8Start.pointee)
        var offset = 0
        while haystack.count - offset >= count {
            guard let found = memchr(base + offset, first, haystack.count - offset - count + 1) else {
                return nil
            }
            let at = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + at, needle.utf8Start, count) == 0 {
                return at
            }
            offset = at + 1
        }
        return nil
    }

    /// Space, tab, line feed, vertical tab, form feed or carriage return (C's `isspace`).
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
