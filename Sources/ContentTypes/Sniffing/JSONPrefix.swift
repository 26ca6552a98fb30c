/// A strict recogniser of JSON text that may be cut off anywhere: the check `ContentSniffer` makes before libmagic.
///
/// libmagic's JSON test parses the whole buffer and fails when the document is incomplete, so the first 4 KiB of a
/// longer JSON file, which is what a drag source sniffs, fell through to libmagic's text rules (slow regular
/// expressions) and came back as `text/plain`. This recogniser accepts a buffer when, after an optional UTF-8 byte
/// order mark and whitespace, it begins with `{` or `[` and every byte up to the end of the buffer is valid JSON
/// (RFC 8259): strings with their escapes and valid UTF-8, numbers, `true`, `false`, `null`, colons and commas where
/// they belong, brackets that match. The end of the buffer may cut the text anywhere, inside a string, a number, a
/// literal or an escape; a complete document may be followed by whitespace only. Anything malformed is rejected.
///
/// It reads each byte once, allocates nothing (the bracket stack is on the stack) and stops at the first error.
enum JSONPrefix {
    /// The deepest nesting accepted. Deeper text is left to libmagic, whose own test gives up beyond 250 levels: a
    /// complete document this recogniser accepts is one that libmagic's JSON test accepts too.
    static let maximumDepth = 200

    /// Whether `bytes` is an object or array of JSON text, complete or cut off at the end of the buffer.
    ///
    /// - Parameter bytes: the bytes, usually the first few KiB of a file.
    /// - Returns: `true` when the whole buffer is a valid JSON prefix that opens with `{` or `[`.
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var scanner = Scanner(bytes: bytes)
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        guard let first = scanner.current, first == .openBrace || first == .openBracket else {
            return false
        }
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: maximumDepth) { stack in
            scanner.scanDocument(stack: stack)
        }
    }

    /// How a token ended.
    private enum Outcome {
        /// The token is complete; the scanner stands on the byte after it.
        case complete
        /// The buffer ended inside the token, which was valid so far.
        case cut
        /// The token is malformed.
        case malformed
    }

    /// What may come next between tokens.
    private enum Expectation {
        /// A value: after `:`, after `,` in an array.
        case value
        /// A value or `]`: right after `[`.
        case valueOrEndOfArray
        /// A key or `}`: right after `{`.
        case keyOrEndOfObject
        /// A key: after `,` in an object.
        case key
        /// `:` after a key.
        case colon
        /// `,` or the end of the innermost container, after a value.
        case commaOrEnd
        /// Nothing but whitespace: the document is complete.
        case nothing
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        var current: UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        mutating func skipByteOrderMark() {
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                position = 3
            }
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case .space, .tab, .lineFeed, .carriageReturn: position += 1
                default: return
                }
            }
        }

        /// The document from its first bracket to the end of the buffer. `stack` holds, for each open container,
        /// whether it is an object.
        mutating func scanDocument(stack: UnsafeMutableBufferPointer<Bool>) -> Bool {
            var depth = 0
            var expectation = Expectation.value
            while true {
                skipWhitespace()
                guard let byte = current else {
                    return true  // the buffer ends between tokens, or after the document
                }
                var closesContainer = false
                switch expectation {
                case .value, .valueOrEndOfArray:
                    if byte == .closeBracket && expectation == .valueOrEndOfArray {
                        closesContainer = true
                        break
                    }
                    if byte == .openBrace || byte == .openBracket {
                        guard depth < stack.count else {
                            return false  // deeper than libmagic follows: leave it to libmagic
                        }
                        stack[depth] = byte == .openBrace
                        depth += 1
                        position += 1
                        expectation = byte == .openBrace ? .keyOrEndOfObject : .valueOrEndOfArray
                        continue
                    }
                    switch scanScalar() {
                    case .complete: expectation = .commaOrEnd
                    case .cut: return true
                    case .malformed: return false
                    }
                case .keyOrEndOfObject, .key:
                    if byte == .closeBrace && expectation == .keyOrEndOfObject {
                        closesContainer = true
                        break
                    }
                    guard byte == .quote else {
                        return false
                    }
                    switch scanString() {
                    case .complete: expectation = .colon
                    case .cut: return true
                    case .malformed: return false
                    }
                case .colon:
                    guard byte == .colon else {
                        return false
                    }
                    position += 1
                    expectation = .value
                case .commaOrEnd:
                    if byte == .comma {
                        position += 1
                        expectation = stack[depth - 1] ? .key : .value
                    } else if byte == (stack[depth - 1] ? .closeBrace : .closeBracket) {
                        closesContainer = true
                    } else {
                        return false
                    }
                case .nothing:
                    return false  // something after the complete document
                }
                if closesContainer {
                    position += 1
                    depth -= 1
                    expectation = depth == 0 ? .nothing : .commaOrEnd
                }
            }
        }

        /// A string, a number, `true`, `false` or `null`, at the current byte.
        private mutating func scanScalar() -> Outcome {
            switch bytes[position] {
            case .quote: scanString()
            case .minus, .zero ... .nine: scanNumber()
            case .letterT: scanLiteral("true")
            case .letterF: scanLiteral("false")
            case .letterN: scanLiteral("null")
            default: .malformed
            }
        }

        /// A string, from its opening quote.
        private mutating func scanString() -> Outcome {
            position += 1
            while true {
                skipPlainStringBytes()
                guard let byte = current else {
                    return .cut
                }
                switch byte {
                case .quote:
                    position += 1
                    return .complete
                case .backslash:
                    let escape = scanEscape()
                    if escape != .complete {
                        return escape
                    }
                case 0..<0x20:
                    return .malformed  // control characters must be escaped
                case 0x80...:
                    let character = scanMultibyteCharacter()
                    if character != .complete {
                        return character
                    }
                default:
                    position += 1
                }
            }
        }

        /// Skips string bytes that need no attention (ASCII, not a control character, not `"`, not `\`), eight at a
        /// time while whole words of them follow.
        private mutating func skipPlainStringBytes() {
            while position + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let high: UInt64 = 0x8080_8080_8080_8080
                let quotes = word ^ (ones &* UInt64(UInt8.quote))
                let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
                // A byte is zero in `quotes` or `backslashes`, below 0x20, or has its top bit set.
                let special =
                    ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | (word &- ones &* 0x20)
                    | word
                if special & high != 0 {
                    break
                }
                position += 8
            }
            while let byte = current, byte >= 0x20, byte < 0x80, byte != .quote, byte != .backslash {
                position += 1
            }
        }

        /// An escape sequence, from its backslash.
        private mutating func scanEscape() -> Outcome {
            position += 1
            guard let byte = current else {
                return .cut
            }
            position += 1
            switch byte {
            case .quote, .backslash, .slash, .letterB, .letterF, .letterN, .letterR, .letterT:
                return .complete
            case .letterU:
                for _ in 0..<4 {
                    guard let digit = current else {
                        return .cut
                    }
                    guard digit.isHexadecimalDigit else {
                        return .malformed
                    }
                    position += 1
                }
                return .complete
            default:
                return .malformed
            }
        }

        /// A character of two to four UTF-8 bytes, from its first byte: no overlong forms, no surrogates, nothing
        /// beyond U+10FFFF.
        private mutating func scanMultibyteCharacter() -> Outcome {
            let lead = bytes[position]
            let continuations: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: continuations = 1
            case 0xE0: (continuations, second) = (2, 0xA0...0xBF)
            case 0xED: (continuations, second) = (2, 0x80...0x9F)
            case 0xE1...0xEF: continuations = 2
            case 0xF0: (continuations, second) = (3, 0x90...0xBF)
            case 0xF4: (continuations, second) = (3, 0x80...0x8F)
            case 0xF1...0xF3: continuations = 3
            default: return .malformed  // a continuation byte, an overlong lead, or beyond U+10FFFF
            }
            position += 1
            for index in 0..<continuations {
                guard let byte = current else {
                    return .cut
                }
                guard (index == 0 ? second : 0x80...0xBF).contains(byte) else {
                    return .malformed
                }
                position += 1
            }
            return .complete
        }

        /// A number: `-`, then `0` or digits not starting with `0`, then maybe a fraction and an exponent.
        private mutating func scanNumber() -> Outcome {
            if current == .minus {
                position += 1
            }
            guard let first = current else {
                return .cut
            }
            guard first.isDigit else {
                return .malformed
            }
            position += 1
            if first != .zero {
                skipDigits()
            }
            guard let afterInteger = current else {
                return .cut
            }
            if afterInteger == .dot {
                position += 1
                let fraction = scanDigits()
                if fraction != .complete {
                    return fraction
                }
            }
            guard let afterFraction = current else {
                return .cut
            }
            if afterFraction == .letterE || afterFraction == .capitalE {
                position += 1
                if current == .plus || current == .minus {
                    position += 1
                }
                return scanDigits()
            }
            return .complete  // the byte after the number must be a delimiter, which the caller checks
        }

        /// One digit or more.
        private mutating func scanDigits() -> Outcome {
            guard let first = current else {
                return .cut
            }
            guard first.isDigit else {
                return .malformed
            }
            skipDigits()
            return current == nil ? .cut : .complete
        }

        private mutating func skipDigits() {
            while let byte = current, byte.isDigit {
                position += 1
            }
        }

        /// `true`, `false` or `null`, from its first letter.
        private mutating func scanLiteral(_ literal: StaticString) -> Outcome {
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            for letter in expected {
                guard let byte = current else {
                    return .cut
                }
                guard byte == letter else {
                    return .malformed
                }
                position += 1
            }
            return .complete
        }
    }
}

extension UInt8 {
    fileprivate static let tab: UInt8 = 0x09
    fileprivate static let lineFeed: UInt8 = 0x0A
    fileprivate static let carriageReturn: UInt8 = 0x0D
    fileprivate static let space: UInt8 = 0x20
    fileprivate static let quote: UInt8 = 0x22
    fileprivate static let plus: UInt8 = 0x2B
    fileprivate static let comma: UInt8 = 0x2C
    fileprivate static let minus: UInt8 = 0x2D
    fileprivate static let dot: UInt8 = 0x2E
    fileprivate static let slash: UInt8 = 0x2F
    fileprivate static let zero: UInt8 = 0x30
    fileprivate static let nine: UInt8 = 0x39
    fileprivate static let colon: UInt8 = 0x3A
    fileprivate static let capitalE: UInt8 = 0x45
    fileprivate static let openBracket: UInt8 = 0x5B
    fileprivate static let backslash: UInt8 = 0x5C
    fileprivate static let closeBracket: UInt8 = 0x5D
    fileprivate static let letterB: UInt8 = 0x62
    fileprivate static let letterE: UInt8 = 0x65
    fileprivate static let letterF: UInt8 = 0x66
    fileprivate static let letterN: UInt8 = 0x6E
    fileprivate static let letterR: UInt8 = 0x72
    fileprivate static let letterT: UInt8 = 0x74
    fileprivate static let letterU: UInt8 = 0x75
    fileprivate static let openBrace: UInt8 = 0x7B
    fileprivate static let closeBrace: UInt8 = 0x7D

    fileprivate var isDigit: Bool {
        self &- .zero < 10
    }

    fileprivate var isHexadecimalDigit: Bool {
        isDigit || (self | 0x20) &- 0x61 < 6
    }
}
