/// The rules for keywords of text and iCCP chunks, shared by reading and writing so that whatever is read
/// can be written back.
enum PNGKeyword {
    /// Why `keyword` cannot be a PNG keyword, or `nil` when it can: 1 to 79 printable Latin-1 characters
    /// (codes 32…126 and 161…255).
    static func problem(with keyword: some Collection<UInt8>) -> String? {
        guard (1...79).contains(keyword.count) else {
            return "the keyword has \(keyword.count) bytes, not 1…79"
        }
        guard keyword.allSatisfy({ (32...126).contains($0) || $0 >= 161 }) else {
            return "the keyword has a character that is not printable Latin-1"
        }
        return nil
    }
}
