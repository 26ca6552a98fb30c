/// Case folding and validation for identifiers and tags, which compare case-insensitively.
///
/// Everything here works on UTF-8 bytes: identifiers and tags are ASCII in practice, and only text that is not pays
/// for Unicode case mapping.
enum Folding {
    /// The string lowercased; returned as it is (no copy) when it has no uppercase letters, the common case. ASCII is
    /// folded byte by byte (a result of up to 15 bytes is a small string and needs no allocation); anything else
    /// goes through Unicode case mapping.
    static func fold(_ string: String) -> String {
        switch letterCase(string.utf8.span) {
        case .lowercase:
            return string
        case .mixedASCII, .unicode:
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

    private static func letterCase(_ bytes: Span<UInt8>) -> LetterCase {
        var result = LetterCase.lowercase
        for offset in bytes.indices {
            let byte = bytes[offset]
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
        let bytes = identifier.utf8
        do {
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
        if kind == .mimeType && tag.utf8.contains(0x20) {
            return fold(tag.filter { $0 != " " })
        }
        return fold(tag)
    }

    /// Whether a folded tag can be a tag of `tagClass`: not empty, no control characters or spaces, and for
    /// filename extensions no path separator and no leading period.
    static func isValidTag(_ tag: String, of tagClass: UTTagClass) -> Bool {
        isValidTag(tag.utf8.span, of: tagClass.kind)
    }

    /// `isValidTag(_:of:)` over the UTF-8 bytes of a folded tag. Bytes of multi-byte characters are all 0x80 or
    /// more, so checking bytes checks the characters.
    static func isValidTag(_ tag: Span<UInt8>, of kind: UTTagClass.Kind) -> Bool {
        guard !tag.isEmpty else {
            return false
        }
        // No space or control character; for extensions, no leading period and no slash.
        let forbidden: UInt8 = kind == .filenameExtension ? 0x2F : 0x7F
        if kind == .filenameExtension && tag[0] == 0x2E {
            return false
        }
        for offset in tag.indices {
            let byte = tag[offset]
            if byte < 0x21 || byte == 0x7F || byte == forbidden {
                return false
            }
        }
        return true
    }

    /// Calls `body` with the UTF-8 bytes of `tag` folded as `foldTag(_:of:)` folds it, or with `nil` when the folded
    /// tag is not valid (`isValidTag(_:of:)`). ASCII tags are folded on the stack, without allocating
    /// (`withFoldedASCII`); others with Unicode case mapping.
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
        _ body: (Span<UInt8>?) -> Result
    ) -> Result {
        if let result = withFoldedASCII(tag.utf8.span, of: kind, body) {
            return result
        }
        let folded = foldTag(tag, of: kind)
        let bytes = folded.utf8.span
        return body(isValidTag(bytes, of: kind) ? bytes : nil)
    }
}
