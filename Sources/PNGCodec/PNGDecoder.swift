import Foundation

/// Decodes PNG files into ``Bitmap`` values with the system libpng, keeping the stored samples exactly.
///
/// - Palette images become RGB, or RGBA when a tRNS chunk gives transparency.
/// - Gray images of 1, 2 or 4 bits become 8-bit, scaled as libpng's expansion does (a 1-bit 1 becomes 255).
/// - A tRNS chunk on gray or RGB images becomes an alpha channel.
/// - 16-bit images stay 16-bit; Adam7-interlaced images are de-interlaced.
/// - No gamma or colour conversion happens: see ``Bitmap/convertedToSRGB()``.
///
/// Every chunk's CRC, the zlib stream's Adler-32 and the whole structure through IEND are checked, so any
/// truncation or flipped bit of a valid file is an ``ImageError``. ``Limits`` are checked from the header
/// before any pixel memory is allocated. The decoded rows are written straight into the bitmap's storage.
///
/// A file that records restart points — DnDKit's sliced files and Apple's `iDOT` screenshots (see
/// ``PNGRestartPoints``) — is decoded on several cores at once unless it is interlaced, palette and low bit depths
/// expanded and tRNS turned into alpha there as libpng does; the result is checked to be exactly what one sequential
/// inflate gives, and the file is decoded by libpng on one thread at the first disagreement (or at a palette index
/// outside the palette, or a tRNS key colour outside the bit depth, where libpng warns). Every other file is decoded
/// by libpng.
///
/// ```swift
/// let bitmap = try PNGDecoder().decode(Data(contentsOf: url))
/// ```
public struct PNGDecoder: Sendable {
    /// The largest images and chunks this decoder accepts.
    public var limits: Limits
    /// The most threads one decode uses; `nil` (the default) for the number of active processor cores.
    public var maxThreadCount: Int?
    /// Whether a file's restart points are used on one thread too (where libpng is as fast), so that the fuzzer
    /// checks the sliced path deterministically, on the calling thread.
    package var decodesSlicesOnOneThread = false

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - limits: the largest images and chunks to accept; the defaults stop decompression bombs.
    ///   - maxThreadCount: the most threads one decode uses; `nil` for the number of active processor cores.
    public init(limits: Limits = Limits(), maxThreadCount: Int? = nil) {
        self.limits = limits
        self.maxThreadCount = maxThreadCount
    }

    /// Decodes a PNG.
    ///
    /// The bitmap remembers `data` as its ``Bitmap/originalPNGData`` (without copying it) until it is modified.
    ///
    /// - Parameter data: a whole PNG file.
    /// - Returns: the image, with its metadata.
    /// - Throws: ``ImageError`` naming the problem and where it is when the data is not a valid PNG or exceeds
    ///   the ``limits``.
    public func decode(_ data: Data) throws(ImageError) -> Bitmap {
        try decodeReporting(data).bitmap
    }

    /// Decodes a PNG like ``decode(_:)`` and says how: on how many threads, from which restart points.
    ///
    /// - Parameter data: a whole PNG file.
    /// - Returns: the image, and how it was decoded.
    /// - Throws: what ``decode(_:)`` throws.
    public func decodeReporting(_ data: Data) throws(ImageError) -> (bitmap: Bitmap, report: Report) {
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageError) -> (Bitmap, Report) in try decode(bytes, original: data) }
        }
        let (bitmap, report) = try result.get()
        return (bitmap, report)
    }

    /// How one decode went.
    public struct Report: Sendable, Hashable {
        /// The restart points the file records, if any.
        public var restartPoints: PNGRestartPoints?
        /// The threads that decoded the pixels: 1 when libpng did.
        public var threadCount: Int
        /// Why the recorded restart points were not used, when the file has some and libpng decoded it anyway.
        public var fallback: Fallback?
    }

    /// Why a file that records restart points was decoded by libpng on one thread instead of in slices. The samples
    /// are libpng's either way; ``description`` says it in words.
    public enum Fallback: Sendable, Hashable, CustomStringConvertible {
        /// The `dkSl` or `iDOT` chunk (its type) at this byte offset cannot be read as restart points.
        case unreadableRestartPoints(chunk: String, offset: Int)
        /// Only one thread was allowed (``PNGDecoder/maxThreadCount``).
        case oneThread
        /// The restart points do not hold: a slice did not end where the next begins, or could not be inflated.
        case pointsDoNotHold
        /// A palette index outside the palette or a tRNS key colour outside the bit depth, which libpng judges.
        case samplesOutOfRange
        /// The image is interlaced (Adam7): its passes are not rows.
        case interlaced
        /// The transparency of this colour type's layout is not one the slices expand.
        case unexpandedTransparency(PNGColorType)

        public var description: String {
            switch self {
            case .unreadableRestartPoints(let chunk, let offset): "the \(chunk) chunk at byte \(offset) is not readable"
            case .oneThread: "one thread"
            case .pointsDoNotHold: "the restart points do not hold"
            case .samplesOutOfRange:
                "a palette index outside the palette or a tRNS key colour outside the bit depth, which libpng judges"
            case .interlaced: "the image is interlaced (Adam7): its passes are not rows"
            case .unexpandedTransparency(let colorType):
                "the \(colorType) layout's transparency is not one the slices expand"
            }
        }
    }

    /// Reads a PNG's structure and metadata without decoding its pixels. Checks everything ``decode(_:)``
    /// checks except what only inflating the image data can show (the IDAT CRCs and the compressed stream).
    ///
    /// - Parameter data: a whole PNG file.
    /// - Returns: the header fields, chunk list, metadata and decoded format.
    /// - Throws: ``ImageError`` when the structure is not valid or exceeds the ``limits``.
    public func info(_ data: Data) throws(ImageError) -> PNGInfo {
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageError) -> PNGInfo in try PNGStructure.parse(bytes, limits: limits) }
        }
        return try result.get()
    }

    /// Checks that bytes have the structure of a PNG file, the way a file tool that passes a PNG on without decoding
    /// it needs: the signature, every chunk's length and type, the CRC of every chunk but the image data, a valid
    /// IHDR first, the order of the critical chunks, a palette where the colour type needs one, image data, and IEND
    /// last. No ``Limits`` apply (they guard the memory that decoding would take: a 1280x70000 screenshot has a
    /// sound structure), and no metadata is read or decompressed.
    ///
    /// - Parameter bytes: a whole PNG file.
    /// - Throws: ``ImageError`` naming the first problem and where it is.
    public static func checkStructure(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
        try PNGStructure.check(bytes)
    }

    private func decode(_ bytes: UnsafeRawBufferPointer, original: Data) throws(ImageError) -> (Bitmap, Report) {
        // The IDAT CRCs, a pass over nearly the whole file, are checked later: by the slices in parallel, or right
        // before libpng decodes. A file that fails here is walked again checking them, for the error it always gave
        // (the first problem in file order).
        let parsed: PNGStructure.Parsed
        do {
            parsed = try PNGStructure.walk(bytes, limits: limits, checkingImageData: false)
        } catch {
            _ = try PNGStructure.walk(bytes, limits: limits, checkingImageData: true)
            throw error
        }
        let info = parsed.info
        let points = PNGRestartPoints.read(bytes, chunks: info.chunks, height: info.height)
        var report = Report(restartPoints: points, threadCount: 1)
        if points == nil, let record = info.chunks.first(where: { ["dkSl", "iDOT"].contains($0.type) }) {
            report.fallback = .unreadableRestartPoints(chunk: record.type, offset: record.offset)
        }
        if let points {
            let threads = SliceWorkers.threadCount(maxThreadCount, slices: points.slices.count)
            let expansion = SlicedDecoder.expansion(info, bytes: bytes)
            if expansion != nil, threads < 2 && !decodesSlicesOnOneThread {
                report.fallback = .oneThread
            } else if let expansion {
                switch try decodeInSlices(
                    bytes, info: info, points: points, expansion: expansion, threads: threads, original)
                {
                case .success(let bitmap):
                    report.threadCount = threads
                    return (bitmap, report)
                case .failure(.pointsDoNotHold):
                    report.fallback = .pointsDoNotHold
                case .failure(.samplesOutOfRange):
                    report.fallback = .samplesOutOfRange
                case .failure(.crcMismatch(let chunk)):
                    throw PNGStructure.crcMismatch(chunk.type, at: chunk.offset)
                }
            } else {
                report.fallback = info.isInterlaced ? .interlaced : .unexpandedTransparency(info.colorType)
            }
        }
        try PNGStructure.checkImageDataCRCs(bytes, chunks: info.chunks)
        return (try decodeWithLibpng(bytes, parsed: parsed, original: original), report)
    }

    private func decodeInSlices(
        _ bytes: UnsafeRawBufferPointer, info: PNGInfo, points: PNGRestartPoints,
        expansion: SlicedDecoder.Expansion, threads: Int, _ original: Data
    ) throws(ImageError) -> Result<Bitmap, SlicedDecoder.Failure> {
        let format = info.decodedFormat
        let byteCount = try decodedByteCount(info, format)
        let storage = BitmapStorage(uninitializedByteCount: byteCount)
        let decoder = SlicedDecoder(
            width: info.width, height: info.height, format: format, points: points, threads: threads,
            expansion: expansion)
        let imageData = info.chunks.filter { $0.type == "IDAT" }
        if case .failure(let failure) = decoder.decode(bytes, imageData: imageData, into: storage.bytes) {
            return .failure(failure)
        }
        return .success(
            Bitmap(
                width: info.width, height: info.height, format: format, storage: storage, metadata: info.metadata,
                originalPNGData: original))
    }

    /// The bytes of the decoded image, within the decoded-size limit.
    private func decodedByteCount(_ info: PNGInfo, _ format: Bitmap.PixelFormat) throws(ImageError) -> Int {
        let byteCount = try Bitmap.byteCount(width: info.width, height: info.height, format: format)
        guard byteCount <= limits.maxDecodedBytes else {
            throw ImageError(
                .limitExceeded,
                "the decoded \(info.width)x\(info.height) \(format) image needs \(byteCount) bytes, more than the"
                    + " limit of \(limits.maxDecodedBytes) (\(Limits.Name.maxDecodedBytes))",
                chunk: "IHDR", limit: .maxDecodedBytes)
        }
        return byteCount
    }

    private func decodeWithLibpng(
        _ bytes: UnsafeRawBufferPointer, parsed: PNGStructure.Parsed, original: Data
    ) throws(ImageError) -> Bitmap {
        let info = parsed.info
        let session = try DecoderSession(bytes, spans: parsed.spans, limits: limits, chunks: info.chunks)
        let layout = try session.readHeader()
        guard
            let channels = Bitmap.Channels(rawValue: Int(layout.channels)),
            let depth = Bitmap.BitDepth(rawValue: Int(layout.bit_depth)),
            Int(layout.width) == info.width, Int(layout.height) == info.height
        else {
            throw ImageError(
                .libpng,
                "libpng produced an unexpected layout: \(layout.width)x\(layout.height), \(layout.channels)"
                    + " channels of \(layout.bit_depth) bits")
        }
        let format = Bitmap.PixelFormat(channels: channels, bitDepth: depth)
        let rowBytes = info.width * format.bytesPerPixel
        guard layout.row_bytes == rowBytes else {
            throw ImageError(.libpng, "libpng produced rows of \(layout.row_bytes) bytes, not \(rowBytes)")
        }
        let byteCount = try decodedByteCount(info, format)
        let storage = BitmapStorage(uninitializedByteCount: byteCount)
        guard let pixels = storage.bytes.baseAddress else {
            throw ImageError(.outOfMemory, "could not allocate \(byteCount) bytes for the decoded image")
        }
        try session.readImage(into: pixels, stride: rowBytes)
        return Bitmap(
            width: info.width, height: info.height, format: format, storage: storage, metadata: info.metadata,
            originalPNGData: original)
    }
}

extension PNGDecoder {
    /// The largest images and chunks a ``PNGDecoder`` accepts, checked from the file's header before any pixel
    /// memory is allocated.
    ///
    /// The defaults accept any image up to 512 MiB of decoded samples (a 8192x8192 RGBA 16-bit image or a
    /// 11585x11585 RGBA 8-bit one), and stop a small file that claims to be enormous: a 100 KB file saying
    /// it is 30000x30000 pixels fails at once with `ImageError.Code.limitExceeded`.
    public struct Limits: Sendable, Hashable {
        /// The largest width in pixels.
        public var maxWidth: Int
        /// The largest height in pixels.
        public var maxHeight: Int
        /// The largest decoded size in bytes: width × height × bytes per decoded pixel.
        public var maxDecodedBytes: Int
        /// The largest ancillary chunk, in bytes, both as stored and after decompression (iCCP, zTXt, iTXt).
        public var maxAncillaryChunkBytes: Int
        /// The largest number of ancillary chunks.
        public var maxAncillaryChunkCount: Int

        /// One of the limits, by the name of its property: which one an ``ImageError`` with code
        /// `limitExceeded` is about (``ImageError/limit``), and so which to raise.
        public enum Name: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
            /// ``PNGDecoder/Limits/maxWidth``.
            case maxWidth
            /// ``PNGDecoder/Limits/maxHeight``.
            case maxHeight
            /// ``PNGDecoder/Limits/maxDecodedBytes``.
            case maxDecodedBytes
            /// ``PNGDecoder/Limits/maxAncillaryChunkBytes``.
            case maxAncillaryChunkBytes
            /// ``PNGDecoder/Limits/maxAncillaryChunkCount``.
            case maxAncillaryChunkCount

            /// `PNGDecoder.Limits.maxHeight`: where to raise it.
            public var description: String { "PNGDecoder.Limits.\(rawValue)" }
        }

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - maxWidth: the largest width in pixels.
        ///   - maxHeight: the largest height in pixels.
        ///   - maxDecodedBytes: the largest decoded size in bytes.
        ///   - maxAncillaryChunkBytes: the largest ancillary chunk, stored or decompressed, in bytes.
        ///   - maxAncillaryChunkCount: the largest number of ancillary chunks.
        public init(
            maxWidth: Int = 65_535, maxHeight: Int = 65_535, maxDecodedBytes: Int = 512 << 20,
            maxAncillaryChunkBytes: Int = 8 << 20, maxAncillaryChunkCount: Int = 1_000
        ) {
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.maxDecodedBytes = maxDecodedBytes
            self.maxAncillaryChunkBytes = maxAncillaryChunkBytes
            self.maxAncillaryChunkCount = maxAncillaryChunkCount
        }
    }
}
