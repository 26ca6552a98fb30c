/// The `fuzz-sniffing` oracle for JSON: RFC 8259's grammar, read by recursive descent over whole documents.
///
/// The sniffer decides JSON with its own streaming recogniser, which accepts a document cut off anywhere. This is a
/// second, independent reading of the same definition, written as plainly as the RFC's grammar (sections 2 to 8),
/// so that the fuzzer compares two implementations rather than one with itself. Foundation's `JSONSerialization` is
/// no oracle: it accepts trailing commas, which RFC 8259 does not.
///
/// A document is accepted when it is an object or an array (the sniffer examines nothing else), nested at most
/// `maximumDepth` levels, in valid UTF-8 (no overlong forms, no encoded surrogates, nothing beyond U+10FFFF), with
/// only whitespace around it and perhaps a byte order mark before it.
struct StrictJSON {
    /// The deepest nesting accepted, as the sniffer's.
    static let maximumDepth = 200

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether `bytes` is one complete JSON object or array, alone but for whitespace.
    static func isDocument(_ bytes: [UInt8]) -> Bool {
        var reader = StrictJSON(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.position = 3  // RFC 8259 lets a parser ignore a byte order mark, and the sniffer does
        }
        reader.skipWhitespace()
        guard reader.peek == UInt8(ascii: "{") || reader.peek == UInt8(ascii: "[") else {
            return false
        }
        guard reader.value(depth: 0) else {
            return false
        }
        reader.skipWhitespace()
        return reader.position == bytes.count
    }

    private var peek: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func take(_ byte: Character) -> Bool {
        guard peek == byte.asciiValue else {
            return false
        }
        position += 1
        return true
    }

    /// `ws = *( %x20 / %x09 / %x0A / %x0D )`
    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            position += 1
        }
    }

    /// `value = false / null / true / object / array / number / string`
    private mutating func value(depth: Int) -> Bool {
        switch peek {
        case UInt8(ascii: "{"): object(depth: depth + 1)
        case UInt8(ascii: "["): array(depth: depth + 1)
        case UInt8(ascii: "\""): string()
        case UInt8(ascii: "t"): literal("true")
        case UInt8(ascii: "f"): literal("false")
        case UInt8(ascii: "n"): literal("null")
        default: number()
        }
    }

    /// `object = begin-object [ member *( value-separator member ) ] end-object`, `member = string name-separator value`
    private mutating func object(depth: Int) -> Bool {
        guard depth <= Self.maximumDepth, take("{") else {
            return false
        }
        skipWhitespace()
        if take("}") {
            return true
        }
        repeat {
            skipWhitespace()
            guard string() else {
                return false
            }
            skipWhitespace()
            guard take(":") else {
                return false
            }
            skipWhitespace()
            guard value(depth: depth) else {
                return false
            }
            skipWhitespace()
        } while take(",")
        return take("}")
    }

    /// `array = begin-array [ value *( value-separator value ) ] end-array`
    private mutating func array(depth: Int) -> Bool {
        guard depth <= Self.maximumDepth, take("[") else {
            return false
        }
        skipWhitespace()
        if take("]") {
            return true
        }
        repeat {
            skipWhitespace()
            guard value(depth: depth) else {
                return false
            }
            skipWhitespace()
        } while take(",")
        return take("]")
    }

    private mutating func literal(_ word: String) -> Bool {
        word.allSatisfy { take($0) }
    }

    /// `number = [ minus ] int [ frac ] [ exp ]`, `int = zero / ( digit1-9 *DIGIT )`, `frac = decimal-point 1*DIGIT`,
    /// `exp = e [ minus / plus ] 1*DIGIT`
    private mutating func number() -> Bool {
        _ = take("-")
        if !take("0") {
            guard let first = peek, (0x31...0x39).contains(first) else {
                return false
            }
            digits()
        }
        if take(".") {
            guard digits() else {
                return false
            }
        }
        if take("e") || take("E") {
            _ = take("+") || take("-")
            guard digits() else {
                return false
            }
        }
        return true
    }

    /// `*DIGIT`; whether there was one at least.
    @discardableResult
    private mutating func digits() -> Bool {
        let start = position
        while let byte = peek, (0x30...0x39).contains(byte) {
            position += 1
        }
        return position > start
    }

    /// `string = quotation-mark *char quotation-mark`; `char = unescaped / escape ( %x22 / %x5C / %x2F / %x62 /
    /// %x66 / %x6E / %x72 / %x74 / %x75 4HEXDIG )`; `unescaped = %x20-21 / %x23-5B / %x5D-10FFFF`.
    private mutating func string() -> Bool {
        guard take("\"") else {
            return false
        }
        while let byte = peek {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return true
            case UInt8(ascii: "\\"):
                guard let escaped = peek else {
                    return false
                }
                position += 1
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard let digit = peek, digit.isHexDigit else {
                            return false
                        }
                        position += 1
                    }
                } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                    return false
                }
            case 0..<0x20:
                return false
            case 0x80...:
                position -= 1
                guard scalar() else {
                    return false
                }
            default:
                break
            }
        }
        return false
    }

    /// One character of two to four bytes of UTF-8, decoded to its scalar value: the shortest form only, no
    /// surrogates, at most U+10FFFF.
    private mutating func scalar() -> Bool {
        guard let lead = peek else {
            return false
        }
        let (count, minimum): (Int, UInt32) =
            switch lead {
            case 0xC0...0xDF: (1, 0x80)
            case 0xE0...0xEF: (2, 0x800)
            case 0xF0...0xF7: (3, 0x1_0000)
            default: (0, 0)
            }
        guard count > 0, position + count < bytes.count else {
            return false
        }
        var value = UInt32(lead) & (0x3F >> count)
        for offset in 1...count {
            let next = bytes[position + offset]
            guard next & 0xC0 == 0x80 else {
                return false
            }
            value = value << 6 | UInt32(next & 0x3F)
        }
        position += count + 1
        return value >= minimum && value <= 0x10_FFFF && !(0xD800...0xDFFF).contains(value)
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
