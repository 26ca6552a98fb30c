import CPNG

/// One CPNG decoding session over bytes the caller keeps alive; owns the C handle and frees it on deinit.
/// Turns CPNG's status codes into ``ImageError`` codes in one place; libpng's words are only the message.
struct DecoderSession: ~Copyable {
    private let handle: OpaquePointer
    /// The chunks of the file, from ``PNGStructure``, to say where an error happened.
    private let chunks: [PNGChunk]

    /// A session that shows libpng only `spans` of `bytes`. The corresponding C function is `cpng_decoder_create`.
    init(
        _ bytes: UnsafeRawBufferPointer, spans: [Range<Int>], limits: PNGDecoder.Limits, chunks: [PNGChunk]
    ) throws(ImageError) {
        var cLimits = cpng_limits(
            max_width: UInt32(clamping: min(limits.maxWidth, 0x7FFF_FFFF)),
            max_height: UInt32(clamping: min(limits.maxHeight, 0x7FFF_FFFF)),
            max_ancillary_chunks: UInt32(clamping: limits.maxAncillaryChunkCount),
            max_chunk_bytes: max(limits.maxAncillaryChunkBytes, 0))
        let cSpans = spans.map { cpng_span(offset: $0.lowerBound, length: $0.count) }
        guard
            let handle = cpng_decoder_create(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, cSpans, cSpans.count, &cLimits)
        else {
            throw ImageError(.outOfMemory, "out of memory creating a libpng decoder")
        }
        self.handle = handle
        self.chunks = chunks
    }

    deinit {
        cpng_decoder_destroy(handle)
    }

    /// The layout of the decoded rows. The corresponding C function is `cpng_decoder_read_header`.
    func readHeader() throws(ImageError) -> cpng_layout {
        var layout = cpng_layout()
        let status = cpng_decoder_read_header(handle, &layout)
        guard status == CPNG_OK else {
            throw error(status)
        }
        return layout
    }

    /// Decodes every row into `pixels`. The corresponding C function is `cpng_decoder_read_image`.
    func readImage(into pixels: UnsafeMutableRawPointer, stride: Int) throws(ImageError) {
        let status = cpng_decoder_read_image(handle, pixels.assumingMemoryBound(to: UInt8.self), stride)
        guard status == CPNG_OK else {
            throw error(status)
        }
    }

    /// The error a CPNG status stands for: the code comes from the status alone; libpng's message, the chunk it
    /// was in and the offset say what and where.
    private func error(_ status: cpng_status) -> ImageError {
        let message = String(cString: cpng_decoder_message(handle))
        let typeCode = cpng_decoder_chunk_type(handle)
        let type =
            typeCode == 0
            ? nil : String(decoding: withUnsafeBytes(of: typeCode.bigEndian) { Array($0) }, as: UTF8.self)
        let consumed = cpng_decoder_offset(handle)
        let offset = chunks.last { $0.offset < consumed }?.offset
        let place = [type.map { "in chunk \($0)" }, offset.map { "at byte \($0)" }].compactMap { $0 }
            .joined(separator: " ")
        switch status {
        case CPNG_TRUNCATED:
            return ImageError(.truncated, "truncated \(place)", chunk: type, offset: consumed)
        case CPNG_OUT_OF_MEMORY:
            return ImageError(.outOfMemory, "out of memory while decoding \(place)", chunk: type, offset: offset)
        case CPNG_DATA_ERROR:
            return ImageError(.badImageData, "bad image data \(place): \(message)", chunk: type, offset: offset)
        default:
            // The CRCs, the limits and IHDR were checked before libpng ran: what it finds is beyond those.
            return ImageError(.libpng, "libpng: \(message) \(place)", chunk: type, offset: offset)
        }
    }
}
