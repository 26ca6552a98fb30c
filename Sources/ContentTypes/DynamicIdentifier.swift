/// Identifiers of dynamic types: `dyn.a` followed by the base-32 encoding (RFC 4648 alphabet, lowercase, no
/// padding) of `CONFORMS-TO NUL TAG-CLASS NUL TAG`, all case-folded. The same tag always gives the same identifier,
/// whatever its case, and the identifier gives the tag back.
enum DynamicIdentifier {
    private static let prefix = "dyn.a"
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    struct Contents: Equatable {
        let conformsTo: String
        let tagClass: UTTagClass
        let tag: String
    }

    static func make(tag: String, of tagClass: UTTagClass, conformingTo parent: String) -> String {
        let payload = [Folding.fold(parent), Folding.fold(tagClass.rawValue), tag].joined(separator: "\u{0}")
        var output = Array(prefix.utf8)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in payload.utf8 {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// What a dynamic identifier says, or `nil` when it is not one this encoding made.
    static func decode(_ identifier: String) -> Contents? {
        let folded = Folding.fold(identifier)
        guard folded.hasPrefix(prefix) else {
            return nil
        }
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in folded.utf8.dropFirst(prefix.utf8.count) {
            guard let value = alphabet.firstIndex(of: character) else {
                return nil
            }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return nil
        }
        let parts = text.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, Folding.isValidIdentifier(parts[0]), Folding.isValidIdentifier(parts[1]) else {
            return nil
        }
        let tagClass = UTTagClass(rawValue: parts[1])
        guard Folding.isValidTag(parts[2], of: tagClass) else {
            return nil
        }
        let contents = Contents(conformsTo: parts[0], tagClass: tagClass, tag: parts[2])
        // Only the canonical spelling decodes, so that one type has one identifier.
        guard make(tag: contents.tag, of: tagClass, conformingTo: contents.conformsTo) == folded else {
            return nil
        }
        return contents
    }
}
