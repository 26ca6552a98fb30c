/// ISO 8859-1 text, the encoding of PNG keywords, tEXt and zTXt: each byte is the Unicode scalar of the same
/// value.
enum Latin1 {
    static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var string = ""
        string.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return string
    }

    /// The bytes of `string`, or `nil` when it has a character outside Latin-1.
    static func encode(_ string: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.unicodeScalars.count)
        for scalar in string.unicodeScalars {
            guard scalar.value <= 0xFF else {
                return nil
            }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }

    static func canEncode(_ string: String) -> Bool {
        string.unicodeScalars.allSatisfy { $0.value <= 0xFF }
    }
}
