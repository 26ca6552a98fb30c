/// Case folding and validation for identifiers and tags, which compare case-insensitively.
///
/// Everything here works on UTF-8 bytes: identifiers and tags are ASCII in practice, and only text that is not pays
/// for Unicode case mapping.
enum Folding {
    /// The string lowercased; returned as it is (no copy) when it has no uppercase letters, the common case. ASCII is
    /// folded byte by byte (a result of up to 15 bytes is a small string and needs no allocation); anything else
    /// goes through Unicode case mapping.
    static func fold(_ string: String) -> String {
        var string = string
        switch string.withUTF8(letterCase) {
        case .lowercase:
            return string
        case .mixedASCII:
            return string.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { output in
                    for offset in bytes.indices {
                        output[offset] = lowercase(bytes[offset])
                    }
                    return bytes.count
                }
            }
        case .unicode:
            return string.lowercased()
        }
    }

    private enum LetterCase {
        /// ASCII without uppercase letters.
        case lowercase
        /// ASCII with uppercase letters.
        case mixedASCII
        /// Not ASCII.
        case unicode
    }

    /// Examines eight bytes at a time while it can (`ByteWord`), then one at a time.
    private static func letterCase(_ bytes: UnsafeBufferPointer<UInt8>) -> LetterCase {
        let raw = UnsafeRawBufferPointer(bytes)
        var nonASCII = false
        var upper: UInt64 = 0
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            nonASCII = nonASCII || ByteWord.hasNonASCII(word)
            upper |= ByteWord.uppercaseLetters(word)
            offset += 8
        }
        if nonASCII {
            return .unicode
        }
        var result: LetterCase = upper != 0 ? .mixedASCII : .lowercase
        for byte in raw[offset...] {
            if byte >= 0x80 {
                return .unicode
            }
            if isUppercase(byte) {
                result = .mixedASCII
            }
        }
        return result
    }

    @inline(__always)
    static func isUppercase(_ byte: UInt8) -> Bool {
        byte &- 0x41 < 26
    }

    @inline(__always)
    static func lowercase(_ byte: UInt8) -> UInt8 {
        isUppercase(byte) ? byte | 0x20 : byte
    }

    /// Whether `identifier` is a well-formed uniform type identifier: ASCII letters, digits, hyphens and periods,
    /// in components separated by single periods (`com.example.my-type`).
    static func isValidIdentifier(_ identifier: String) -> Bool {
        var identifier = identifier
        return identifier.withUTF8 { bytes in
            var previous: UInt8 = 0x2E  // a period, so that a leading period is rejected
            for byte in bytes {
                switch byte {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D:
                    break
                case 0x2E:
                    if previous == 0x2E {
                        return false
                    }
                default:
                    return false
                }
                previous = byte
            }
            return !bytes.isEmpty && previous != 0x2E
        }
    }

    /// A tag in the form used for lookups: case-folded, and for MIME types without the spaces that may surround
    /// parameters (`text/plain; charset=utf-8` is `text/plain;charset=utf-8`).
    static func foldTag(_ tag: String, of tagClass: UTTagClass) -> String {
        foldTag(tag, of: tagClass.kind)
    }

    /// `foldTag(_:of:)` by the kind of the tag class.
    static func foldTag(_ tag: String, of kind: UTTagClass.Kind) -> String {
        var tag = tag
        if kind == .mimeType && tag.withUTF8({ $0.contains(0x20) }) {
            return fold(tag.filter { $0 != " " })
        }
        return fold(tag)
    }

    /// Whether a folded tag can be a tag of `tagClass`: not empty, no control characters or spaces, and for
    /// filename extensions no path separator and no leading period.
    static func isValidTag(_ tag: String, of tagClass: UTTagClass) -> Bool {
        var tag = tag
        return tag.withUTF8 { isValidTag($0, of: tagClass.kind) }
    }

    /// `isValidTag(_:of:)` over the UTF-8 bytes of a folded tag. Bytes of multi-byte characters are all 0x80 or
    /// more, so checking bytes checks the characters.
    static func isValidTag(_ tag: UnsafeBufferPointer<UInt8>, of kind: UTTagClass.Kind) -> Bool {
        guard let first = tag.first else {
            return false
        }
        // No space or control character; for extensions, no leading period and no slash.
        if kind == .filenameExtension {
            return first != 0x2E && !tag.contains { $0 < 0x21 || $0 == 0x7F || $0 == 0x2F }
        }
        return !tag.contains { $0 < 0x21 || $0 == 0x7F }
    }

    /// Folds an ASCII tag as `foldTag(_:of:)` does into `buffer`, which holds at least as many bytes as `source`.
    ///
    /// - Parameters:
    ///   - source: the tag's UTF-8 bytes.
    ///   - kind: the kind of its tag class.
    ///   - buffer: where to fold it.
    /// - Returns: the folded bytes, a prefix of `buffer`; `nil` when the tag is not ASCII (it needs Unicode case
    ///   mapping: see `withFoldedTag`) or the folded tag is not valid (`isValidTag(_:of:)`).
    @inline(__always)
    static func foldASCIITag(
        _ source: UnsafeBufferPointer<UInt8>, of kind: UTTagClass.Kind, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8>? {
        var count = 0
        var offset = 0
        // A valid tag has no control character, space or DEL, and an extension no slash (checked as it is folded);
        // a MIME type's spaces are dropped, so words with one go byte by byte.
        let forbidden: UInt8 = kind == .filenameExtension ? 0x2F : 0x7F
        // Words of ASCII with no space, control character, DEL or slash are folded eight bytes at a time.
        while offset + 8 <= source.count {
            let word = UnsafeRawBufferPointer(source).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if ByteWord.hasNonASCII(word) || ByteWord.containsByte(below: 0x21, in: word)
                || ByteWord.contains(word, 0x7F) || ByteWord.contains(word, forbidden)
            {
                break
            }
            UnsafeMutableRawBufferPointer(buffer).storeBytes(
                of: ByteWord.lowercased(word), toByteOffset: count, as: UInt64.self)
            offset += 8
            count += 8
        }
        while offset < source.count {
            let byte = source[offset]
            offset += 1
            if byte >= 0x80 {
                return nil
            }
            if kind == .mimeType && byte == 0x20 {
                continue
            }
            if byte < 0x21 || byte == 0x7F || byte == forbidden {
                return nil
            }
            buffer[count] = lowercase(byte)
            count += 1
        }
        guard count > 0, kind != .filenameExtension || buffer[0] != 0x2E else {
            return nil  // empty, or an extension with a leading period
        }
        return UnsafeBufferPointer(rebasing: buffer[..<count])
    }

    /// Calls `body` with the UTF-8 bytes of `tag` folded as `foldTag(_:of:)` folds it, or with `nil` when the folded
    /// tag is not valid (`isValidTag(_:of:)`). ASCII tags are folded into a temporary buffer, without allocating.
    ///
    /// - Parameters:
    ///   - tag: the tag, in any case.
    ///   - kind: the kind of its tag class.
    ///   - body: what to do with the folded bytes.
    /// - Returns: what `body` returns.
    @inline(__always)
    static func withFoldedTag<Result>(
        _ tag: String,
        of kind: UTTagClass.Kind,
        _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        var tag = tag
        let result = tag.withUTF8 { source -> Result? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: source.count) { buffer -> Result? in
                var count = 0
                var offset = 0
                // Words of ASCII with no space to drop are folded eight bytes at a time.
                while offset + 8 <= source.count {
                    let word = UnsafeRawBufferPointer(source).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    if ByteWord.hasNonASCII(word) || (kind == .mimeType && ByteWord.contains(word, 0x20)) {
                        break
                    }
                    UnsafeMutableRawBufferPointer(buffer).storeBytes(
                        of: ByteWord.lowercased(word), toByteOffset: count, as: UInt64.self)
                    offset += 8
                    count += 8
                }
                for byte in source[offset...] {
                    if byte >= 0x80 {
                        return nil  // not ASCII: fold below, with Unicode case mapping
                    }
                    if kind == .mimeType && byte == 0x20 {
                        continue
                    }
                    buffer[count] = lowercase(byte)
                    count += 1
                }
                let folded = UnsafeBufferPointer(rebasing: buffer[..<count])
                return body(isValidTag(folded, of: kind) ? folded : nil)
            }
        }
        if let result {
            return result
        }
        var folded = foldTag(tag, of: kind)
        return folded.withUTF8 { body(isValidTag($0, of: kind) ? $0 : nil) }
    }
}
