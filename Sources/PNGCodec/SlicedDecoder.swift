import CPNG

/// Decodes an image whose file records restart points (``PNGRestartPoints``) on several threads, straight into the
/// bitmap's storage: each slice is inflated from a clean state and unfiltered on its own (`cpng_slice_inflate`),
/// and the whole is accepted only when it is provably what one sequential inflate gives — every slice exactly its
/// rows, ending on a byte-aligned block boundary with all its bytes used, the last one ending the stream exactly,
/// and the Adler-32 combined from the slices equal to the stream's. Anything else gives `nil`, and the caller
/// decodes the file with libpng.
struct SlicedDecoder {
    let width: Int
    let height: Int
    let format: Bitmap.PixelFormat
    let points: PNGRestartPoints
    let threads: Int

    /// Whether the decoded rows are the stored rows byte for byte (8- or 16-bit gray, gray+alpha, RGB or RGBA, not
    /// interlaced, no tRNS turned into alpha): only then can slices be unfiltered straight into the bitmap.
    static func canDecode(_ info: PNGInfo) -> Bool {
        guard !info.isInterlaced, info.bitDepth == 8 || info.bitDepth == 16 else {
            return false
        }
        let storedChannels: Int? =
            switch info.colorType {
            case .gray: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            case .palette: nil
            }
        return storedChannels == info.decodedFormat.channels.count
    }

    /// Decodes into `pixels` (rows `bytesPerRow` apart); false when the points do not hold or a slice fails.
    func decode(
        _ bytes: UnsafeRawBufferPointer, imageData: [PNGChunk], into pixels: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let file = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let target = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else {
            return false
        }
        let streamLength = imageData.reduce(0) { $0 + $1.length }
        let slices = points.slices
        guard streamLength >= 6, let last = slices.last, last.streamOffset <= streamLength - 4 else {
            return false
        }
        // The zlib stream: its header and trailer, across IDAT chunks.
        let stream = StreamBytes(bytes, imageData)
        guard let windowBits = Self.windowBits(stream[0], stream[1]) else {
            return false
        }
        let expectedAdler = (streamLength - 4..<streamLength).reduce(UInt32(0)) { $0 << 8 | UInt32(stream[$1]) }
        let spans = UnsafeMutablePointer<cpng_span>.allocate(capacity: imageData.count)
        spans.initialize(
            from: imageData.map { cpng_span(offset: $0.offset + 8, length: $0.length) }, count: imageData.count)
        defer { spans.deallocate() }
        let spanCount = imageData.count
        let rowBytes = width * format.bytesPerPixel
        let bpp = format.bytesPerPixel
        let filters = UnsafeMutablePointer<UInt8>.allocate(capacity: height)
        defer { filters.deallocate() }
        let adlers = UnsafeMutablePointer<UInt32>.allocate(capacity: slices.count)
        defer { adlers.deallocate() }
        let deferred = UnsafeMutablePointer<Int32>.allocate(capacity: slices.count)
        defer { deferred.deallocate() }
        let shared = (
            file: SharedPointer(base: UnsafeMutablePointer(mutating: file)), target: SharedPointer(base: target),
            filters: SharedPointer(base: filters), adlers: SharedPointer(base: adlers),
            deferred: SharedPointer(base: deferred), spans: SharedPointer(base: spans)
        )
        let outcome = SliceWorkers.run(slices: slices.count, threads: threads) { index in
            let slice = slices[index]
            let isLast = index + 1 == slices.count
            let endRow = isLast ? height : slices[index + 1].firstRow
            var source = cpng_slice_source(
                file: shared.file.base, idat: shared.spans.base, idat_count: spanCount,
                stream_start: slice.streamOffset,
                stream_end: isLast ? streamLength - 4 : slices[index + 1].streamOffset,
                window_bits: Int32(windowBits), is_last: isLast ? 1 : 0)
            let status = cpng_slice_inflate(
                &source, shared.target.base + slice.firstRow * rowBytes, rowBytes,
                UInt32(endRow - slice.firstRow), rowBytes, bpp, index == 0 ? 1 : 0,
                shared.filters.base + slice.firstRow, shared.adlers.base + index, shared.deferred.base + index)
            return status == CPNG_OK
        }
        guard outcome == .completed else {
            return false
        }
        var adler = adlers[0]
        for index in slices.indices.dropFirst() {
            let endRow = index + 1 == slices.count ? height : slices[index + 1].firstRow
            let rows = endRow - slices[index].firstRow
            adler = cpng_adler32_combine(adler, adlers[index], rows * (rowBytes + 1))
        }
        guard adler == expectedAdler else {
            return false
        }
        // Slices whose first row needs the row above, unfiltered now that it is done, in order.
        for index in slices.indices where deferred[index] != 0 {
            let endRow = index + 1 == slices.count ? height : slices[index + 1].firstRow
            let first = slices[index].firstRow
            cpng_unfilter_rows(
                target + first * rowBytes, rowBytes, filters + first, UInt32(endRow - first), rowBytes, bpp)
        }
        return true
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
