import CPNG
import Foundation

/// Encodes one image in slices on several threads (see <doc:ParallelCoding>): each slice of rows is filtered and
/// deflated on its own (`cpng_slice_deflate`), then the slices are joined into one zlib stream, whose Adler-32 is
/// combined from theirs, in standard IDAT chunks, with a `dkSl` chunk recording where each slice starts.
struct SlicedEncoder {
    let width: Int
    let height: Int
    let format: Bitmap.PixelFormat
    let options: PNGEncoder.Options
    let slices: Int
    let threads: Int
    /// The rows as a file stores them, when they are not the format's (``PNGEncoder/reslicing(_:slices:)``).
    var stored: StoredRows?

    /// Rows kept as a file stores them: any colour type and bit depth.
    struct StoredRows {
        var colorType: PNGColorType
        var bitDepth: Int
    }

    /// Bytes per row, and per pixel for the filters (at least 1).
    private var rowLayout: (rowBytes: Int, bytesPerPixel: Int) {
        guard let stored else {
            return (width * format.bytesPerPixel, format.bytesPerPixel)
        }
        let channels =
            switch stored.colorType {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        let bits = channels * stored.bitDepth
        return ((width * bits + 7) / 8, max(1, bits / 8))
    }

    /// Bytes of compressed data per IDAT chunk, as libpng writes them with PNGCodec's settings.
    static let idatSize = 1 << 16

    /// The first row of each slice: rows shared out as evenly as they go.
    var firstRows: [Int] {
        (0..<slices).map { $0 * height / slices }
    }

    func encode(
        _ pixels: UnsafeRawBufferPointer, stride: Int, chunks: [(String, Data)]
    ) throws(ImageError) -> Data {
        let firstRows = firstRows + [height]
        let results = SliceResults(count: slices)
        defer { results.free() }
        var cOptions = options.cValue
        guard let base = pixels.baseAddress else {
            throw ImageError(.invalidBitmap, "a \(width)x\(height) bitmap without samples")
        }
        // Only read, by every thread.
        let source = SharedPointer(base: UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)))
        let (rowBytes, bytesPerPixel) = rowLayout
        let outcome = withUnsafePointer(to: &cOptions) { optionsPointer in
            let sharedOptions = SharedPointer(base: UnsafeMutablePointer(mutating: optionsPointer))
            return SliceWorkers.run(slices: slices, threads: threads) { slice in
                let rows = firstRows[slice + 1] - firstRows[slice]
                var output: UnsafeMutablePointer<UInt8>?
                var length = 0
                var adler: UInt32 = 1
                let status = cpng_slice_deflate(
                    source.base + firstRows[slice] * stride, stride, UInt32(rows), rowBytes,
                    bytesPerPixel, sharedOptions.base, slice + 1 == slices ? 1 : 0, &output, &length, &adler)
                results.store(slice, output: output, length: length, adler: adler)
                return status == CPNG_OK
            }
        }
        switch outcome {
        case .completed:
            break
        case .cancelled:
            throw ImageError(.cancelled, "the encode of a \(width)x\(height) image was cancelled")
        case .failed(let slice):
            throw ImageError(
                .outOfMemory,
                "out of memory compressing rows \(firstRows[slice])…\(firstRows[slice + 1] - 1) of the image")
        }
        return assemble(results.all, firstRows: firstRows, chunks: chunks)
    }

    /// The whole file: signature, IHDR, the metadata chunks, `dkSl`, the IDAT chunks and IEND.
    private func assemble(
        _ parts: [(UnsafeMutablePointer<UInt8>?, Int, UInt32)], firstRows: [Int], chunks: [(String, Data)]
    ) -> Data {
        let rowBytes = rowLayout.rowBytes
        var adler = parts[0].2
        for (index, part) in parts.enumerated().dropFirst() {
            let rows = firstRows[index + 1] - firstRows[index]
            adler = cpng_adler32_combine(adler, part.2, rows * (rowBytes + 1))
        }
        var points: [PNGRestartPoints.Slice] = []
        var streamLength = 2
        for (index, part) in parts.enumerated() {
            points.append(PNGRestartPoints.Slice(firstRow: firstRows[index], streamOffset: streamLength))
            streamLength += part.1
        }
        streamLength += 4
        let restart = PNGRestartPoints(source: .dndkit, slices: points).chunkData
        let idatCount = (streamLength + Self.idatSize - 1) / Self.idatSize
        let total =
            8 + 25 + chunks.reduce(0) { $0 + 12 + $1.1.count } + 12 + restart.count + idatCount * 12 + streamLength
            + 12
        var file = Data(count: total)
        file.withUnsafeMutableBytes { raw in
            var writer = ChunkWriter(buffer: raw)
            writer.append(PNGStructure.signature)
            var header = [UInt8]()
            header += BigEndian.bytes(UInt32(width))
            header += BigEndian.bytes(UInt32(height))
            header += [
                UInt8(stored?.bitDepth ?? format.bitDepth.rawValue),
                stored?.colorType.rawValue ?? PNGMetadataWriter.colorType(of: format), 0, 0, 0,
            ]
            writer.chunk("IHDR", header)
            for (type, data) in chunks {
                writer.chunk(type, data)
            }
            writer.chunk(PNGRestartPoints.chunkType, restart)
            // The zlib stream, cut into IDAT chunks of idatSize bytes whatever the slice boundaries.
            let ends = zlibHeader + Array(BigEndian.bytes(adler))
            ends.withUnsafeBytes { ends in
                var stream = StreamCursor()
                stream.pieces = [UnsafeRawBufferPointer(rebasing: ends[0..<2])]
                stream.pieces += parts.map { UnsafeRawBufferPointer(start: $0.0, count: $0.1) }
                stream.pieces.append(UnsafeRawBufferPointer(rebasing: ends[2..<6]))
                var remaining = streamLength
                while remaining > 0 {
                    let count = min(remaining, Self.idatSize)
                    writer.chunk("IDAT", count: count) { out in stream.copy(into: out) }
                    remaining -= count
                }
            }
            writer.chunk("IEND", [])
        }
        return file
    }

    /// The zlib header (RFC 1950): deflate with a 32 KiB window, and the level class zlib itself would write.
    private var zlibHeader: [UInt8] {
        let levelClass: Int =
            switch (options.compressionLevel, options.strategy) {
            case (_, .huffmanOnly), (_, .rle), (_, .fixed), (0...1, _): 0
            case (2...5, _): 1
            case (6, _): 2
            default: 3
            }
        let cmf = 0x78
        var flg = levelClass << 6
        flg += 31 - (cmf << 8 | flg) % 31
        return [UInt8(cmf), UInt8(flg)]
    }
}

/// The compressed slices as the threads finish them; freed together.
private final class SliceResults: @unchecked Sendable {
    // Each slot is written by the one thread that compressed its slice, and read after all threads have finished
    // (SliceWorkers.run returns only then), so no two threads touch a slot at the same time.
    private var slots: UnsafeMutableBufferPointer<(UnsafeMutablePointer<UInt8>?, Int, UInt32)>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: (nil, 0, 1))
    }

    func store(_ slice: Int, output: UnsafeMutablePointer<UInt8>?, length: Int, adler: UInt32) {
        slots[slice] = (output, length, adler)
    }

    var all: [(UnsafeMutablePointer<UInt8>?, Int, UInt32)] { Array(slots) }

    func free() {
        for slot in slots {
            Foundation.free(slot.0)
        }
        slots.deallocate()
    }
}

/// Writes chunks into a buffer sized for them.
private struct ChunkWriter {
    let buffer: UnsafeMutableRawBufferPointer
    var offset = 0

    mutating func append(_ bytes: some Collection<UInt8>) {
        for byte in bytes {
            buffer[offset] = byte
            offset += 1
        }
    }

    mutating func chunk(_ type: String, _ data: some Collection<UInt8>) {
        chunk(type, count: data.count) { out in
            out.copyBytes(from: data)
        }
    }

    /// A chunk of `count` bytes that `fill` writes; the length, type and CRC around them are written here.
    mutating func chunk(_ type: String, count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        append(BigEndian.bytes(UInt32(count)))
        let typeStart = offset
        append(Array(type.utf8))
        fill(UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + count]))
        offset += count
        let covered = UnsafeRawBufferPointer(rebasing: buffer[typeStart..<offset])
        let crc = cpng_crc32(0, covered.baseAddress?.assumingMemoryBound(to: UInt8.self), covered.count)
        append(BigEndian.bytes(crc))
    }
}

/// Reads the zlib stream's pieces in order, across piece boundaries.
private struct StreamCursor {
    var pieces: [UnsafeRawBufferPointer] = []
    var piece = 0
    var within = 0

    mutating func copy(into out: UnsafeMutableRawBufferPointer) {
        var written = 0
        while written < out.count && piece < pieces.count {
            let source = pieces[piece]
            let count = min(out.count - written, source.count - within)
            if count > 0, let base = source.baseAddress, let target = out.baseAddress {
                (target + written).copyMemory(from: base + within, byteCount: count)
            }
            written += count
            within += count
            if within == source.count {
                piece += 1
                within = 0
            }
        }
    }
}
