import Foundation

/// Builds PNG files with restart points for the tests without PNGCodec: rows filtered here and stored in
/// uncompressed deflate blocks, or the zlib stream of a file PNGCodec wrote, cut at its slices and recorded in a
/// `dkSl` chunk or in Apple's `iDOT` layout (as publicly reverse-engineered: the number of parts, then per part its
/// first row, row count and the offset from the `iDOT` chunk to the IDAT chunk where it starts).
enum SlicedPNG {
    enum Record {
        case dndkit
        case appleIDOT
        case none
    }

    /// The chunks of a PNG, in order, as type and data.
    static func chunks(_ png: Data) -> [(String, [UInt8])] {
        let bytes = [UInt8](png)
        var offset = 8
        var chunks: [(String, [UInt8])] = []
        while offset + 12 <= bytes.count {
            let length = Int(TestPNG.readBigEndian(bytes, offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append((type, Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    /// The restart points of a `dkSl` chunk: (first row, stream offset) per slice.
    static func dndkitPoints(_ png: Data) -> [(row: Int, offset: Int)] {
        guard let data = chunks(png).first(where: { $0.0 == "dkSl" })?.1 else {
            return []
        }
        let count = Int(TestPNG.readBigEndian(data, 1))
        return (0..<count).map { index in
            let at = 5 + 12 * index
            let offset = Int(TestPNG.readBigEndian(data, at + 4)) << 32 | Int(TestPNG.readBigEndian(data, at + 8))
            return (Int(TestPNG.readBigEndian(data, at)), offset)
        }
    }

    /// The file rebuilt with its zlib stream cut into one IDAT chunk per slice (slices start at `points`' stream
    /// offsets) and the points recorded as `record` says, after the file's other chunks before the image data.
    static func rebuild(_ png: Data, points: [(row: Int, offset: Int)], height: Int, record: Record) -> Data {
        let all = chunks(png)
        let stream = all.filter { $0.0 == "IDAT" }.flatMap(\.1)
        let before = all.prefix { $0.0 != "IDAT" }.filter { $0.0 != "dkSl" && $0.0 != "iDOT" }
        var pieces: [[UInt8]] = []
        for (index, point) in points.enumerated() {
            let start = index == 0 ? 0 : point.offset
            let end = index + 1 < points.count ? points[index + 1].offset : stream.count
            pieces.append(Array(stream[start..<end]))
        }
        var file = Data(TestPNG.signature)
        for (type, data) in before {
            file += TestPNG.chunk(type, data)
        }
        switch record {
        case .dndkit:
            var data: [UInt8] = [1] + TestPNG.bigEndian(UInt32(points.count))
            for point in points {
                data +=
                    TestPNG.bigEndian(UInt32(point.row)) + TestPNG.bigEndian(0)
                    + TestPNG.bigEndian(UInt32(point.offset))
            }
            file += TestPNG.chunk("dkSl", data)
        case .appleIDOT:
            var data = TestPNG.bigEndian(UInt32(points.count))
            // Offsets count from the iDOT chunk's length field; its data is 4 + 12 per part, plus 12 around.
            var chunkOffset = 12 + 4 + 12 * points.count
            for (index, point) in points.enumerated() {
                let end = index + 1 < points.count ? points[index + 1].row : height
                data += TestPNG.bigEndian(UInt32(point.row)) + TestPNG.bigEndian(UInt32(end - point.row))
                data += TestPNG.bigEndian(UInt32(chunkOffset))
                chunkOffset += 12 + pieces[index].count
            }
            file += TestPNG.chunk("iDOT", data)
        case .none:
            break
        }
        for piece in pieces {
            file += TestPNG.chunk("IDAT", piece)
        }
        return file + TestPNG.chunk("IEND", [])
    }

    /// The stored layout of an image `stored` builds: IHDR colour type and bit depth, bytes per row and per pixel
    /// (at least 1, as filters count them), and the chunks between IHDR and the image data (PLTE, tRNS).
    struct Layout {
        var colorType: UInt8 = 6
        var bitDepth: UInt8 = 8
        var rowBytes: Int
        var bytesPerPixel: Int = 4
        var chunks: [(String, [UInt8])] = []
    }

    /// An image (8-bit RGBA unless `layout` says otherwise; `pixels` are its stored rows) whose rows are filtered
    /// with `filterOf(row)` (0…4, any row, restart rows included) and stored in uncompressed deflate blocks, with a
    /// slice starting at each of `restartRows` (after row 0).
    static func stored(
        width: Int, height: Int, pixels: [UInt8], layout: Layout? = nil, restartRows: [Int], record: Record,
        filterOf: (Int) -> UInt8
    ) -> Data {
        let layout = layout ?? Layout(rowBytes: width * 4)
        let rowBytes = layout.rowBytes
        var filtered: [[UInt8]] = []
        for y in 0..<height {
            let row = Array(pixels[y * rowBytes..<(y + 1) * rowBytes])
            let above =
                y > 0 ? Array(pixels[(y - 1) * rowBytes..<y * rowBytes]) : [UInt8](repeating: 0, count: rowBytes)
            filtered.append([filterOf(y)] + filter(filterOf(y), row, above, bpp: layout.bytesPerPixel))
        }
        let starts = [0] + restartRows
        var stream: [UInt8] = [0x78, 0x01]
        var points: [(row: Int, offset: Int)] = []
        for (index, first) in starts.enumerated() {
            points.append((first, stream.count))
            let end = index + 1 < starts.count ? starts[index + 1] : height
            let raw = filtered[first..<end].flatMap { $0 }
            var start = 0
            repeat {
                let stop = min(start + 65_535, raw.count)
                let length = UInt16(stop - start)
                let final = stop == raw.count && index + 1 == starts.count
                stream.append(final ? 1 : 0)
                stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
                stream += raw[start..<stop]
                start = stop
            } while start < raw.count
        }
        stream += TestPNG.bigEndian(TestPNG.adler32(filtered.flatMap { $0 }))
        let header =
            TestPNG.bigEndian(UInt32(width)) + TestPNG.bigEndian(UInt32(height))
            + [layout.bitDepth, layout.colorType, 0, 0, 0]
        var file = Data(TestPNG.signature) + TestPNG.chunk("IHDR", header)
        for (type, data) in layout.chunks {
            file += TestPNG.chunk(type, data)
        }
        file += TestPNG.chunk("IDAT", stream)
        file += TestPNG.chunk("IEND", [])
        points[0].offset = 2
        return rebuild(file, points: points, height: height, record: record)
    }

    /// PNG filtering as the specification defines it.
    static func filter(_ type: UInt8, _ row: [UInt8], _ above: [UInt8], bpp: Int) -> [UInt8] {
        (0..<row.count).map { i in
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let b = Int(above[i])
            let c = i >= bpp ? Int(above[i - bpp]) : 0
            let predicted: Int
            switch type {
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            case 4:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predicted = 0
            }
            return UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
        }
    }
}

extension TestPNG {
    static func readBigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
