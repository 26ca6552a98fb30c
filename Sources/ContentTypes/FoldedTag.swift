/// A tag folded into four words held in the value, for the look-up of a tag that `UTType(filenameExtension:)` and
/// `UTType(mimeType:)` make: ASCII, at most 32 bytes, valid as it is (a MIME type with no space to drop). Folding,
/// hashing and comparing it with a tag index's keys is a word at a time, with no buffer, no closure and no
/// reference counted. Any other tag (`init?` gives `nil`) takes the general path (`Folding.withFoldedTag`).
///
/// The words are the folded bytes, little-endian, zero past `count`: the words `TagIndexBuilder.hash(_:)` hashes
/// and `TagIndex` keeps for each key.
struct FoldedTag {
    /// The longest tag held.
    static let capacity = 32

    let word0: UInt64
    let word1: UInt64
    let word2: UInt64
    let word3: UInt64
    /// How many bytes the words hold, 1 to `capacity`.
    let count: Int

    /// Folds a tag, or gives `nil` for a tag the general path must fold: empty, longer than `capacity`, not ASCII, or
    /// with a byte no folded tag has (a control character, a space, DEL, a filename extension's slash or leading
    /// period).
    ///
    /// - Parameters:
    ///   - source: the tag's UTF-8 bytes.
    ///   - kind: the kind of its tag class.
    @inline(__always)
    init?(_ source: Span<UInt8>, of kind: UTTagClass.Kind) {
        let count = source.count
        guard count > 0 && count <= Self.capacity else {
            return nil
        }
        let raw = source.bytes
        let forbidden: UInt8 = kind == .filenameExtension ? 0x2F : 0x7F
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var offset = 0
        while offset < count {
            let rest = count - offset
            var word: UInt64
            var checked: UInt64
            if rest >= 8 {
                word = ByteWord.load(raw, at: offset)
                checked = word
            } else {
                if count >= 8 {
                    // The last eight bytes, shifted down to the ones not read yet.
                    word = ByteWord.load(raw, at: count - 8) &>> UInt64((8 - rest) * 8)
                } else {
                    word = 0
                    for index in 0..<rest {
                        word |= UInt64(source[offset + index]) &<< UInt64(index * 8)
                    }
                }
                // The bytes past the tag checked as letters, which pass every test.
                checked = word | 0x6161_6161_6161_6161 &<< UInt64(rest * 8)
            }
            if ByteWord.hasByteRefusedInTag(checked, forbidden: forbidden) {
                return nil
            }
            word = ByteWord.lowercased(word)
            switch offset {
            case 0: words.0 = word
            case 8: words.1 = word
            case 16: words.2 = word
            default: words.3 = word
            }
            offset += 8
        }
        if kind == .filenameExtension && words.0 & 0xFF == 0x2E {
            return nil
        }
        (word0, word1, word2, word3) = words
        self.count = count
    }

    /// The word at `index`, 0 to 3.
    @inline(__always)
    func word(_ index: Int) -> UInt64 {
        switch index {
        case 0: word0
        case 1: word1
        case 2: word2
        default: word3
        }
    }
}
