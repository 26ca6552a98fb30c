/// Eight bytes at a time: tests on the bytes of a `UInt64` loaded from text, without a loop over the bytes.
///
/// Each test may report a byte it should not in one case only, when a lower byte of the word matched (a borrow runs
/// upwards); callers use the tests only to decide whether a word needs a closer look, so a false alarm costs a little
/// time and a miss never happens.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The top bit of every byte.
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte has its top bit set: the word is not all ASCII.
    @inline(__always)
    static func hasNonASCII(_ word: UInt64) -> Bool {
        word & high != 0
    }

    /// Whether some byte of the word equals `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & high != 0
    }

    /// The index of the first byte equal to `byte` in `bytes` from `start`, or `bytes.count` when there is none.
    ///
    /// Eight bytes at a time: of the bytes a word's test reports, the lowest is exact (a false alarm sits only above a
    /// true one). For the short runs this searches (a line of a database file, a string of a cache), a C `memchr`
    /// call costs more than the search.
    static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from start: Int) -> Int {
        var offset = max(start, 0)
        let raw = bytes.bytes
        let pattern = ones &* UInt64(byte)
        while offset + 8 <= bytes.count {
            let difference = load(raw, at: offset) ^ pattern
            let found = (difference &- ones) & ~difference & high
            if found != 0 {
                return offset + found.trailingZeroBitCount / 8
            }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] == byte {
                return offset
            }
            offset += 1
        }
        return bytes.count
    }

    /// The top bit of exactly the bytes of the word that are zero: no false alarm (adding 0x7F to the low seven bits
    /// of a byte carries into its top bit unless they are all zero, and never into the next byte).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    /// Whether some byte of the word is less than `bound`, which is at most 0x80.
    @inline(__always)
    static func containsByte(below bound: UInt8, in word: UInt64) -> Bool {
        (word &- ones &* UInt64(bound)) & ~word & high != 0
    }

    /// Whether some byte of the word is one no folded tag has: not ASCII, a control character or space (below 0x21),
    /// DEL, or `forbidden` (a filename extension's slash). The four tests above in one, with a single branch.
    @inline(__always)
    static func hasByteRefusedInTag(_ word: UInt64, forbidden: UInt8) -> Bool {
        let delete = word ^ (ones &* 0x7F)
        let other = word ^ (ones &* UInt64(forbidden))
        let below = (word &- ones &* 0x21) & ~word
        return (word | below | ((delete &- ones) & ~delete) | ((other &- ones) & ~other)) & high != 0
    }

    /// The top bit of every byte of an ASCII word that is an uppercase letter: adding 0x3F sets the top bit of a
    /// byte of 0x41 or more, adding 0x25 that of a byte of 0x5B or more, and ASCII bytes never carry into their
    /// neighbours.
    @inline(__always)
    static func uppercaseLetters(_ word: UInt64) -> UInt64 {
        (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & high
    }

    /// An ASCII word with its uppercase letters lowercased (their 0x20 bit set).
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        word | uppercaseLetters(word) >> 2
    }
}
