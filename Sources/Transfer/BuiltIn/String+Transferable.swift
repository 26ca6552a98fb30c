import ContentTypes
import Foundation

/// `String` transfers as plain text.
///
/// | direction | content types |
/// |---|---|
/// | exports | `public.utf8-plain-text` (UTF-8, no byte-order mark) |
/// | imports | `public.utf8-plain-text` (and its subtypes, such as Markdown), `public.utf16-plain-text` (UTF-16 in the machine's byte order unless a byte-order mark says otherwise), `public.utf16-external-plain-text` (UTF-16, big-endian unless a byte-order mark says otherwise), `public.plain-text` (UTF-8, or UTF-16 when it starts with a UTF-16 byte-order mark) |
///
/// Malformed text (invalid UTF-8, unpaired UTF-16 surrogates, an odd number of UTF-16 bytes) fails to import with
/// `TransferError.Code.decodingFailed` instead of being repaired. A leading byte-order mark is not part of the string.
extension String: Transferable {
    /// Exports UTF-8 plain text; imports the plain-text family.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .utf8PlainText) { string in
            Data(string.utf8)
        } importing: { data in
            try TextDecoding.utf8(data)
        }
        DataRepresentation(importedContentType: .utf16PlainText) { data in
            try TextDecoding.utf16(data, bigEndianByDefault: 1.bigEndian == 1)
        }
        DataRepresentation(importedContentType: .utf16ExternalPlainText) { data in
            try TextDecoding.utf16(data, bigEndianByDefault: true)
        }
        DataRepresentation(importedContentType: .plainText) { data in
            data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE])
                ? try TextDecoding.utf16(data, bigEndianByDefault: true) : try TextDecoding.utf8(data)
        }
    }
}

/// Strict text decoding for `String`'s representations.
enum TextDecoding {
    /// UTF-8, without a leading byte-order mark.
    static func utf8(_ data: Data) throws -> String {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw MalformedContent.notUTF8(byteCount: data.count)
        }
        return string
    }

    /// UTF-16 in the byte order its byte-order mark gives, or the default order, without the mark.
    static func utf16(_ data: Data, bigEndianByDefault: Bool) throws -> String {
        guard data.count.isMultiple(of: 2) else {
            throw MalformedContent.oddUTF16ByteCount(data.count)
        }
        var bigEndian = bigEndianByDefault
        var bytes = data[...]
        if bytes.starts(with: [0xFE, 0xFF]) {
            bigEndian = true
            bytes = bytes.dropFirst(2)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            bigEndian = false
            bytes = bytes.dropFirst(2)
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        guard let string = String(validating: units, as: UTF16.self) else {
            throw MalformedContent.unpairedSurrogate
        }
        return string
    }
}
