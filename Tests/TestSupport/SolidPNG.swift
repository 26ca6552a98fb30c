import Foundation

/// A black 1-bit grayscale PNG of any size, built by hand and small on disk (a 1280x70000 one is about 72 KB): the
/// zlib stream is one fixed-Huffman block of a literal zero and repeats of it, since every row is a filter byte of 0
/// and zero samples. For tests of sizes that a decoder's limits refuse but whose structure is sound (`pngcheck`
/// accepts them); no library is involved in making it.
public enum SolidPNG {
    /// The file's bytes.
    /// - Parameters:
    ///   - width: Pixels per row.
    ///   - height: Rows.
    ///   - privateChunk: The data of a private ancillary chunk (`prVt`) to put after the image data, to make the file
    ///     as large as a test needs.
    /// - Returns: A complete PNG file.
    public static func data(width: Int, height: Int, privateChunk: Data? = nil) -> Data {
        let rawCount = (1 + (width + 7) / 8) * height
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [1, 0, 0, 0, 0])  // bit depth 1, gray, deflate, no filter method, no interlace
        file.append(chunk: "IHDR", header)
        file.append(chunk: "IDAT", zlibStreamOfZeros(count: rawCount))
        if let privateChunk { file.append(chunk: "prVt", privateChunk) }
        file.append(chunk: "IEND", Data())
        return file
    }

    /// A zlib stream that inflates to `count` zero bytes.
    static func zlibStreamOfZeros(count: Int) -> Data {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the final block
        bits.write(1, count: 2)  // fixed Huffman codes
        var remaining = count
        if remaining > 0 {
            bits.writeCode(0b0011_0000, length: 8)  // literal 0
            remaining -= 1
        }
        while remaining >= 3 {
            let length = min(remaining, 258)
            writeMatch(length: length, into: &bits)
            remaining -= length
        }
        while remaining > 0 {
            bits.writeCode(0b0011_0000, length: 8)
            remaining -= 1
        }
        bits.writeCode(0, length: 7)  // end of block
        var stream = Data([0x78, 0x01])
        stream.append(bits.finished)
        // Adler-32 of zeros: a stays 1, b adds 1 per byte.
        stream.append(bigEndian: UInt32(count % 65521) << 16 | 1)
        return stream
    }

    /// A match of `length` (3...258) bytes at distance 1, in the fixed Huffman code.
    private static func writeMatch(length: Int, into bits: inout BitWriter) {
        let (symbol, extraBits, base) = lengthSymbol(length)
        if symbol <= 279 {
            bits.writeCode(UInt32(symbol - 256), length: 7)
        } else {
            bits.writeCode(UInt32(0b1100_0000 + symbol - 280), length: 8)
        }
        bits.write(UInt32(length - base), count: extraBits)
        bits.writeCode(0, length: 5)  // distance code 0: distance 1
    }

    /// The length symbol, its extra bits and its base length (RFC 1951, 3.2.5).
    private static func lengthSymbol(_ length: Int) -> (Int, Int, Int) {
        if length == 258 { return (285, 0, 258) }
        var base = 3
        for symbol in 257...284 {
            let index = symbol - 257
            let extra = index < 8 ? 0 : (index - 4) / 4
            if length < base + (1 << extra) { return (symbol, extra, base) }
            base += 1 << extra
        }
        return (285, 0, 258)
    }

    private struct BitWriter {
        var bytes = Data()
        private var current: UInt32 = 0
        private var used = 0

        /// Writes `count` bits of `value`, least significant first (data and extra bits).
        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count {
                current |= ((value >> UInt32(bit)) & 1) << UInt32(used)
                used += 1
                if used == 8 { flush() }
            }
        }

        /// Writes a Huffman code, most significant bit first.
        mutating func writeCode(_ code: UInt32, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) {
                write((code >> UInt32(bit)) & 1, count: 1)
            }
        }

        private mutating func flush() {
            bytes.append(UInt8(current))
            current = 0
            used = 0
        }

        var finished: Data {
            var copy = self
            if copy.used > 0 { copy.flush() }
            return copy.bytes
        }
    }
}

extension Data {
    fileprivate mutating func append(bigEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// Appends a PNG chunk: length, type, data, CRC-32 of type and data.
    fileprivate mutating func append(chunk type: String, _ data: Data) {
        append(bigEndian: UInt32(data.count))
        let covered = Data(type.utf8) + data
        append(covered)
        append(bigEndian: CRC32.checksum(covered))
    }
}

/// CRC-32 as PNG and zlib use it (polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
