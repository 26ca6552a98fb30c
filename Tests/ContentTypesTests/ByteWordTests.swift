import Testing

@testable import ContentTypes

/// The eight-byte tests against the same tests made one byte at a time, and the line scan they make.
@Suite("Byte words")
struct ByteWordTests {
    /// A word of `filler` bytes with `byte` at `position` (little-endian: position 0 is the first byte in memory).
    static func word(_ byte: UInt8, at position: Int, filler: UInt8 = 0x61) -> UInt64 {
        var bytes = [UInt8](repeating: filler, count: 8)
        bytes[position] = byte
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// With one byte differing from a harmless filler, every test is exact: no miss, no false alarm.
    @Test func everyByteAtEveryPosition() {
        for position in 0..<8 {
            for value in 0...255 {
                let byte = UInt8(value)
                let word = Self.word(byte, at: position)
                #expect(ByteWord.hasNonASCII(word) == (byte >= 0x80))
                #expect(ByteWord.contains(word, 0x22) == (byte == 0x22), "\(byte) at \(position)")
                #expect(ByteWord.contains(word, 0x20) == (byte == 0x20), "\(byte) at \(position)")
                #expect(ByteWord.containsByte(below: 0x20, in: word) == (byte < 0x20), "\(byte) at \(position)")
                for forbidden: UInt8 in [0x2F, 0x7F] {
                    let refused = byte >= 0x80 || byte < 0x21 || byte == 0x7F || byte == forbidden
                    #expect(
                        ByteWord.hasByteRefusedInTag(word, forbidden: forbidden) == refused,
                        "\(byte) at \(position), \(forbidden) forbidden")
                }
                guard byte < 0x80 else {
                    continue
                }
                let isUpper = (0x41...0x5A).contains(byte)
                #expect(ByteWord.uppercaseLetters(word) == (isUpper ? UInt64(0x80) << (8 * position) : 0))
                #expect(ByteWord.lowercased(word) == Self.word(isUpper ? byte | 0x20 : byte, at: position))
            }
        }
    }

    /// The first of a byte, found eight bytes at a time, is the first found one by one: from every start, in runs
    /// of every length to 40 bytes, whatever the bytes around it (the sought byte again, its neighbours, bytes that
    /// make a word's test borrow), and none when there is none.
    @Test func firstIndexIsTheFirstByteByByte() {
        var generator = SystemRandomNumberGenerator()
        for byte: UInt8 in [0x00, 0x0A] {
            let alphabet: [UInt8] = [byte, byte &+ 1, byte &- 1, 0x00, 0x01, 0x80, 0xFF, 0x61]
            for count in 0...40 {
                for _ in 0..<40 {
                    let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
                    for start in 0...count + 1 {
                        let expected = bytes.indices.first { $0 >= start && bytes[$0] == byte } ?? count
                        #expect(
                            ByteWord.firstIndex(of: byte, in: bytes.span, from: start) == expected,
                            "\(byte) in \(bytes) from \(start)")
                    }
                }
            }
        }
    }

    /// The zero bytes of a word are exactly those: for every byte at every position beside zeros and borrowing
    /// neighbours (a 0x01 or 0x80 above a zero is no false alarm).
    @Test func zeroBytesAreExact() {
        for position in 0..<8 {
            for value in 0...255 {
                for filler: UInt8 in [0x00, 0x01, 0x80, 0xFF, 0x61] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    var expected: UInt64 = 0
                    for (index, byte) in bytes.enumerated() where byte == 0 {
                        expected |= 0x80 << UInt64(8 * index)
                    }
                    #expect(ByteWord.zeroBytes(word) == expected, "\(bytes)")
                }
            }
        }
    }

    /// The lines of a database file, found eight bytes at a time, are those found by splitting at each line feed:
    /// numbered from 1, without blank lines and `#` comments (or, including empty ones, every line a line feed
    /// ends), the last line kept without a line feed; in random text of every length to 40 bytes.
    @Test func linesAreTheLinesSplitAtLineFeeds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x23, 0x61, 0x0B, 0x09, 0x00, 0x80]
        for count in 0...40 {
            for _ in 0..<60 {
                let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
                for includingEmpty in [false, true] {
                    var expected: [[Int]] = []
                    var start = 0
                    var number = 0
                    while start < count {
                        let end = bytes[start...].firstIndex(of: 0x0A) ?? count
                        number += 1
                        let listed =
                            includingEmpty ? end < count : start < end && bytes[start] != 0x23
                        if listed {
                            expected.append([number, start, end])
                        }
                        start = end + 1
                    }
                    var found: [[Int]] = []
                    DatabaseFile.forEachLine(in: bytes.span, includingEmpty: includingEmpty) { number, start, end in
                        found.append([number, start, end])
                    }
                    #expect(found == expected, "\(bytes), including empty lines: \(includingEmpty)")
                }
            }
        }
    }

    /// Whole words of text fold like `lowercased()`.
    @Test func wordsOfTextFold() {
        for text in ["APPLICAT", "Image/PN", "@[`{AZaz", "MiXeD-09"] {
            let word = Array(text.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let expected = Array(text.lowercased().utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(ByteWord.lowercased(word) == expected, "\(text)")
        }
    }
}
