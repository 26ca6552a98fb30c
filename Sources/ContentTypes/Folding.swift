/// Case folding and validation for identifiers and tags, which compare case-insensitively.
enum Folding {
    /// The string lowercased; returned as it is (no copy) when it has no uppercase letters, the common case.
    static func fold(_ string: String) -> String {
        var hasUpper = false
        var isASCII = true
        for byte in string.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte >= 0x41 && byte <= 0x5A {
                hasUpper = true
            }
        }
        if isASCII && !hasUpper {
            return string
        }
        return string.lowercased()
    }

    /// Whether `identifier` is a well-formed uniform type identifier: ASCII letters, digits, hyphens and periods,
    /// in components separated by single periods (`com.example.my-type`).
    static func isValidIdentifier(_ identifier: String) -> Bool {
        var previous: UInt8 = 0x2E  // a period, so that a leading period is rejected
        var count = 0
        for byte in identifier.utf8 {
            count += 1
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
        return count > 0 && previous != 0x2E
    }

    /// A tag in the form used for lookups: case-folded, and for MIME types without the spaces that may surround
    /// parameters (`text/plain; charset=utf-8` is `text/plain;charset=utf-8`).
    static func foldTag(_ tag: String, of tagClass: UTTagClass) -> String {
        if tagClass == .mimeType && tag.utf8.contains(0x20) {
            return fold(tag.filter { $0 != " " })
        }
        return fold(tag)
    }

    /// Whether a folded tag can be a tag of `tagClass`: not empty, no control characters or spaces, and for
    /// filename extensions no path separator and no leading period.
    static func isValidTag(_ tag: String, of tagClass: UTTagClass) -> Bool {
        guard !tag.isEmpty else {
            return false
        }
        for scalar in tag.unicodeScalars where scalar.value < 0x21 || scalar.value == 0x7F {
            return false
        }
        if tagClass == .filenameExtension {
            return tag.utf8.first != 0x2E && !tag.utf8.contains(0x2F)  // no leading period, no slash
        }
        return true
    }
}
