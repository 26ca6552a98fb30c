import Foundation

/// Builds PNG files byte by byte for the tests, independently of PNGCodec and libpng: its own CRC-32 and
/// Adler-32, and image data in stored (uncompressed) deflate blocks, so that expected samples are known
/// without trusting the code under test.
enum TestPNG {
    /// A PNG with the given IHDR fields, raw scanlines (each a filter-type byte, 0 here, then the packed
    /// samples), and extra chunks placed between IHDR and IDAT.
    static func build(
        width: Int, height: Int, bitDepth: Int, colorType: Int, interlace: Int = 0, scanlines: [[UInt8]],
        chunksBeforeImageData: [(String, [UInt8])] = []
    ) -> Data {
        var file = Data(signature)
        let header =
            bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [UInt8(bitDepth), UInt8(colorType), 0, 0]
            + [UInt8(interlace)]
        file += chunk("IHDR", header)
        for (type, data) in chunksBeforeImageData {
            file += chunk(type, data)
        }
        file += chunk("IDAT", zlibStored(scanlines.flatMap { [0] + $0 }))
        file += chunk("IEND", [])
        return file
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> Data {
        let typeBytes = Array(type.utf8)
        return Data(bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data)))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    /// A zlib stream of stored blocks.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            stream.append(end == bytes.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += bytes[start..<end]
            start = end
        } while start < bytes.count
        return stream + bigEndian(adler32(bytes))
    }

    /// Bit by bit, as the PNG specification's sample code describes it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// The filter-type bytes of every row of a PNG whose image data is stored uncompressed (zlib level 0),
    /// read without PNGCodec: concatenates the IDAT chunks, then undoes the stored deflate blocks.
    static func rowFilterTypes(_ png: Data, rowBytes: Int, height: Int) -> [UInt8]? {
        let bytes = [UInt8](png)
        var offset = 8
        var stream: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" {
                stream += bytes[offset + 8..<offset + 8 + length]
            }
            offset += 12 + length
        }
        var position = 2
        var raw: [UInt8] = []
        while position + 5 <= stream.count {
            let header = stream[position]
            guard header >> 1 & 3 == 0 else {
                return nil  // not a stored block
            }
            let length = Int(stream[position + 1]) | Int(stream[position + 2]) << 8
            raw += stream[position + 5..<position + 5 + length]
            position += 5 + length
            if header & 1 == 1 {
                break
            }
        }
        guard raw.count == (rowBytes + 1) * height else {
            return nil
        }
        return (0..<height).map { raw[$0 * (rowBytes + 1)] }
    }
}
