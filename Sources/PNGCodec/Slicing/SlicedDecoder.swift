import CPNG

/// Decodes an image whose file records restart points (``PNGRestartPoints``) on several threads: each slice is
/// inflated from a clean state and unfiltered on its own (`cpng_slice_inflate`), straight into the bitmap's storage
/// or, for rows that need expanding (palette, low bit depths, tRNS), into stored rows that the same thread then
/// expands (`cpng_expand_rows`). The whole is accepted only when it is provably what one sequential inflate gives —
/// every slice exactly its rows, ending on a byte-aligned block boundary with all its bytes used, the last one
/// ending the stream exactly, and the Adler-32 combined from the slices equal to the stream's. Anything else is a
/// ``Failure``, and the caller decodes the file with libpng.
struct SlicedDecoder {
    let width: Int
    let height: Int
    let format: Bitmap.PixelFormat
    let points: PNGRestartPoints
    let threads: Int
    /// How the stored rows become decoded rows; `.identity` when they are the same bytes.
    let expansion: Expansion

    /// How stored rows become the decoded ones, as libpng's expansion in `CPNGDecoder.c` makes them.
    enum Expansion {
        /// The stored rows are the decoded rows (8- or 16-bit gray, gray+alpha, RGB or RGBA with no tRNS applied):
        /// slices are unfiltered straight into the bitmap.
        case identity
        /// Palette, gray below 8 bits or a tRNS key colour: slices are inflated into a buffer of stored rows and
        /// expanded from there (`cpng_expand_rows`).
        case expand(Stored)
    }

    /// The stored layout of an image whose rows need expanding, with what expanding them takes.
    struct Stored {
        var colorType: PNGColorType
        var bitDepth: Int
        /// The palette's RGB triples and the tRNS alpha of its first entries (palette images).
        var palette: [UInt8] = []
        var paletteAlpha: [UInt8] = []
        /// The tRNS key colour (gray or RGB images), one sample per channel.
        var key: [UInt16]?

        var channels: Int { colorType == .rgb ? 3 : 1 }
    }

    /// Whether the image's rows can be decoded from restart points: every layout but Adam7 (whose passes are not
    /// rows), and `expansion` says how. `nil` means libpng decodes the file on one thread.
    static func expansion(_ info: PNGInfo, bytes: UnsafeRawBufferPointer) -> Expansion? {
        guard !info.isInterlaced else {
            return nil
        }
        let storedChannels =
            switch info.colorType {
            case .gray: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            case .palette: 1
            }
        if info.colorType != .palette, info.bitDepth >= 8, storedChannels == info.decodedFormat.channels.count {
            return .identity
        }
        // The tRNS chunk that applies is the first before the image data, when the decoded format has alpha.
        let firstImageData = info.chunks.firstIndex { $0.type == "IDAT" } ?? info.chunks.endIndex
        let transparency =
            info.decodedFormat.channels.hasAlpha
            ? info.chunks[..<firstImageData].first { $0.type == "tRNS" }.map { data(of: $0, in: bytes) } : nil
        var stored = Stored(colorType: info.colorType, bitDepth: info.bitDepth)
        switch info.colorType {
        case .palette:
            guard let palette = info.chunks.first(where: { $0.type == "PLTE" }) else {
                return nil
            }
            stored.palette = data(of: palette, in: bytes)
            stored.paletteAlpha = transparency ?? []
        case .gray, .rgb:
            if let transparency {
                guard transparency.count == 2 * stored.channels else {
                    return nil
                }
                stored.key = (0..<stored.channels).map {
                    UInt16(transparency[2 * $0]) << 8 | UInt16(transparency[2 * $0 + 1])
                }
            }
        case .grayAlpha, .rgba:
            return nil
        }
        return .expand(stored)
    }

    private static func data(of chunk: PNGChunk, in bytes: UnsafeRawBufferPointer) -> [UInt8] {
        Array(bytes[chunk.offset + 8..<chunk.offset + 8 + chunk.length])
    }

    /// Bytes in one stored row, and the bytes per pixel its filters use (at least 1).
    private var storedLayout: (rowBytes: Int, filterBytesPerPixel: Int) {
        switch expansion {
        case .identity:
            return (width * format.bytesPerPixel, format.bytesPerPixel)
        case .expand(let stored):
            let bitsPerPixel = stored.bitDepth * stored.channels
            return ((width * bitsPerPixel + 7) / 8, max(1, bitsPerPixel / 8))
        }
    }

    /// Why a sliced decode gave up, leaving the file to libpng.
    enum Failure: Error {
        /// The restart points do not hold, or a slice could not be inflated.
        case pointsDoNotHold
        /// A palette index outside the palette or a key colour outside the bit depth: libpng warns and decides.
        case samplesOutOfRange
        /// The CRC of this IDAT chunk, the first in the file that is wrong, does not match its data.
        case crcMismatch(PNGChunk)
    }

    /// Decodes into `pixels` (rows `bytesPerRow` apart), checking the CRC of every IDAT chunk on the way: each slice
    /// checks the chunks that start in its part of the stream, so that this pass over the whole file runs in
    /// parallel too. The caller checks them itself (`PNGStructure.checkImageDataCRCs`) when this fails otherwise.
    func decode(
        _ bytes: UnsafeRawBufferPointer, imageData: [PNGChunk], into pixels: UnsafeMutableRawBufferPointer
    ) -> Result<Void, Failure> {
        guard let file = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let target = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else {
            return .failure(.pointsDoNotHold)
        }
        guard case .expand(let stored) = expansion else {
            return decode(bytes, file, imageData: imageData, into: target, expanding: nil)
        }
        // The stored rows, never larger than the decoded ones.
        let (rowBytes, _) = storedLayout
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, rowBytes * height))
        defer { buffer.deallocate() }
        return stored.palette.withUnsafeBufferPointer { palette in
            stored.paletteAlpha.withUnsafeBufferPointer { alpha in
                let key = stored.key ?? []
                var cExpansion = cpng_expansion(
                    color_type: Int32(stored.colorType.rawValue), bit_depth: Int32(stored.bitDepth),
                    palette: palette.baseAddress, palette_count: Int32(palette.count / 3),
                    palette_alpha: alpha.baseAddress, alpha_count: Int32(alpha.count), has_key: key.isEmpty ? 0 : 1,
                    key: (key.first ?? 0, key.count > 1 ? key[1] : 0, key.count > 2 ? key[2] : 0))
                return withUnsafePointer(to: &cExpansion) { expansion in
                    decode(
                        bytes, file, imageData: imageData, into: buffer,
                        expanding: (SharedPointer(base: UnsafeMutablePointer(mutating: expansion)), target))
                }
            }
        }
    }

    /// Inflates and unfilters the slices into `rows` (the bitmap, or the buffer of stored rows); when `expanding`,
    /// expands each slice into the bitmap as soon as its rows are final.
    private func decode(
        _ bytes: UnsafeRawBufferPointer, _ file: UnsafePointer<UInt8>, imageData: [PNGChunk],
        into rows: UnsafeMutablePointer<UInt8>,
        expanding: (expansion: SharedPointer<cpng_expansion>, bitmap: UnsafeMutablePointer<UInt8>)?
    ) -> Result<Void, Failure> {
        let streamLength = imageData.reduce(0) { $0 + $1.length }
        let slices = points.slices
        guard streamLength >= 6, let last = slices.last, last.streamOffset <= streamLength - 4 else {
            return .failure(.pointsDoNotHold)
        }
        // The zlib stream: its header and trailer, across IDAT chunks.
        let stream = StreamBytes(bytes, imageData)
        guard let windowBits = Self.windowBits(stream[0], stream[1]) else {
            return .failure(.pointsDoNotHold)
        }
        let expectedAdler = (streamLength - 4..<streamLength).reduce(UInt32(0)) { $0 << 8 | UInt32(stream[$1]) }
        let spans = UnsafeMutablePointer<cpng_span>.allocate(capacity: imageData.count)
        spans.initialize(
            from: imageData.map { cpng_span(offset: $0.offset + 8, length: $0.length) }, count: imageData.count)
        defer { spans.deallocate() }
        let spanCount = imageData.count
        let (rowBytes, bpp) = storedLayout
        let bitmapRowBytes = width * format.bytesPerPixel
        let filters = UnsafeMutablePointer<UInt8>.allocate(capacity: height)
        defer { filters.deallocate() }
        let adlers = UnsafeMutablePointer<UInt32>.allocate(capacity: slices.count)
        defer { adlers.deallocate() }
        let deferred = UnsafeMutablePointer<Int32>.allocate(capacity: slices.count)
        defer { deferred.deallocate() }
        // Per slice, whether its expansion failed (its inflate having succeeded).
        let outOfRange = UnsafeMutablePointer<Bool>.allocate(capacity: slices.count)
        outOfRange.initialize(repeating: false, count: slices.count)
        defer { outOfRange.deallocate() }
        // Per IDAT chunk, where its data starts in the stream and whether its CRC is wrong.
        var start = 0
        let chunkStarts = imageData.map { chunk in
            defer { start += chunk.length }
            return start
        }
        let crcWrong = UnsafeMutablePointer<Bool>.allocate(capacity: imageData.count)
        crcWrong.initialize(repeating: false, count: imageData.count)
        defer { crcWrong.deallocate() }
        let shared = (
            file: SharedPointer(base: UnsafeMutablePointer(mutating: file)), rows: SharedPointer(base: rows),
            filters: SharedPointer(base: filters), adlers: SharedPointer(base: adlers),
            deferred: SharedPointer(base: deferred), spans: SharedPointer(base: spans),
            outOfRange: SharedPointer(base: outOfRange), crcWrong: SharedPointer(base: crcWrong),
            bitmap: expanding.map { SharedPointer(base: $0.bitmap) }, expansion: expanding?.expansion
        )
        let (width, height) = (width, height)
        @Sendable func expand(_ first: Int, _ end: Int) -> Bool {
            guard let expansion = shared.expansion, let bitmap = shared.bitmap else {
                return true
            }
            return cpng_expand_rows(
                expansion.base, shared.rows.base + first * rowBytes, rowBytes, bitmap.base + first * bitmapRowBytes,
                bitmapRowBytes, UInt32(width), UInt32(end - first)) == CPNG_OK
        }
        let outcome = SliceWorkers.run(slices: slices.count, threads: threads) { index in
            let slice = slices[index]
            let isLast = index + 1 == slices.count
            let endRow = isLast ? height : slices[index + 1].firstRow
            // The CRCs of the IDAT chunks that start in this slice's part of the stream.
            let ownStart = index == 0 ? 0 : slice.streamOffset
            let ownEnd = isLast ? Int.max : slices[index + 1].streamOffset
            for (chunkIndex, chunkStart) in chunkStarts.enumerated() where chunkStart >= ownStart && chunkStart < ownEnd
            {
                let chunk = imageData[chunkIndex]
                let covered = shared.file.base + chunk.offset + 4
                let stored = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(covered[4 + chunk.length + $1]) }
                shared.crcWrong.base[chunkIndex] = cpng_crc32(0, covered, chunk.length + 4) != stored
            }
            var source = cpng_slice_source(
                file: shared.file.base, idat: shared.spans.base, idat_count: spanCount,
                stream_start: slice.streamOffset,
                stream_end: isLast ? streamLength - 4 : slices[index + 1].streamOffset,
                window_bits: Int32(windowBits), is_last: isLast ? 1 : 0)
            let status = cpng_slice_inflate(
                &source, shared.rows.base + slice.firstRow * rowBytes, rowBytes,
                UInt32(endRow - slice.firstRow), rowBytes, bpp, index == 0 ? 1 : 0,
                shared.filters.base + slice.firstRow, shared.adlers.base + index, shared.deferred.base + index)
            guard status == CPNG_OK else {
                return false
            }
            // A slice left filtered is expanded once the slices above it are done.
            guard shared.deferred.base[index] != 0 || expand(slice.firstRow, endRow) else {
                shared.outOfRange.base[index] = true
                return false
            }
            return true
        }
        guard outcome == .completed else {
            if case .failed(let slice) = outcome, outOfRange[slice] {
                return .failure(.samplesOutOfRange)
            }
            return .failure(.pointsDoNotHold)
        }
        if let wrong = (0..<imageData.count).first(where: { crcWrong[$0] }) {
            return .failure(.crcMismatch(imageData[wrong]))
        }
        var adler = adlers[0]
        for index in slices.indices.dropFirst() {
            let endRow = index + 1 == slices.count ? height : slices[index + 1].firstRow
            let rows = endRow - slices[index].firstRow
            adler = cpng_adler32_combine(adler, adlers[index], rows * (rowBytes + 1))
        }
        guard adler == expectedAdler else {
            return .failure(.pointsDoNotHold)
        }
        // Slices whose first row needs the row above, unfiltered now that it is done, in order.
        for index in slices.indices where deferred[index] != 0 {
            let endRow = index + 1 == slices.count ? height : slices[index + 1].firstRow
            let first = slices[index].firstRow
            cpng_unfilter_rows(
                rows + first * rowBytes, rowBytes, filters + first, UInt32(endRow - first), rowBytes, bpp)
            guard expand(first, endRow) else {
                return .failure(.samplesOutOfRange)
            }
        }
        return .success(())
    }

    /// The window size a zlib header (RFC 1950) declares, or nil when it is not a plain deflate header.
    static func windowBits(_ cmf: UInt8, _ flg: UInt8) -> Int? {
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (Int(cmf) << 8 | Int(flg)) % 31 == 0, flg & 0x20 == 0 else {
            return nil
        }
        return Int(cmf >> 4) + 8
    }
}

/// The bytes of the zlib stream, which the IDAT chunks hold in pieces, by stream offset (for its few bytes of
/// header and trailer).
private struct StreamBytes {
    let bytes: UnsafeRawBufferPointer
    let chunks: [PNGChunk]

    init(_ bytes: UnsafeRawBufferPointer, _ chunks: [PNGChunk]) {
        self.bytes = bytes
        self.chunks = chunks
    }

    subscript(offset: Int) -> UInt8 {
        var start = 0
        for chunk in chunks {
            if offset < start + chunk.length {
                return bytes[chunk.offset + 8 + offset - start]
            }
            start += chunk.length
        }
        return 0
    }
}
