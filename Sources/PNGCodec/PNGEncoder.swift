import CPNG
import Foundation

/// Encodes ``Bitmap`` values as PNG with the system libpng, writing the bitmap's ``PNGMetadata`` back.
///
/// ```swift
/// let png = try PNGEncoder(options: .fast).encode(bitmap)
/// ```
///
/// Rows are compressed straight from the bitmap's storage. A large image is compressed in slices on several cores
/// at once (``Options/slicing``, ``maxThreadCount``; see <doc:ParallelCoding>) into an ordinary PNG.
public struct PNGEncoder: Sendable {
    /// How to compress.
    public var options: Options
    /// The most threads one encode uses; `nil` (the default) for the number of active processor cores. Threads
    /// change how fast a sliced image is encoded, never its bytes.
    public var maxThreadCount: Int?

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - options: how to compress; ``Options/balanced`` by default.
    ///   - maxThreadCount: the most threads one encode uses; `nil` for the number of active processor cores.
    public init(options: Options = .balanced, maxThreadCount: Int? = nil) {
        self.options = options
        self.maxThreadCount = maxThreadCount
    }

    /// Encodes a bitmap, always compressing anew (``Bitmap/pngData(options:)`` can hand back a decoded
    /// bitmap's original bytes instead).
    ///
    ///
    /// A sliced encode stops soon after the calling task is cancelled (checked between slices), throwing
    /// `ImageError.Code.cancelled`; the one-stream encode of a small image runs to its end.
    ///
    /// - Parameter bitmap: the image; its ``Bitmap/metadata`` is written too.
    /// - Returns: a whole PNG file.
    /// - Throws: ``ImageError`` with code `ImageError.Code.invalidMetadata` when the metadata cannot be
    ///   stored (see ``PNGMetadata``), `ImageError.Code.invalidBitmap` for options out of range or an image
    ///   wider or taller than PNG allows, `ImageError.Code.cancelled` and `ImageError.Code.outOfMemory`.
    public func encode(_ bitmap: Bitmap) throws(ImageError) -> Data {
        try encodeReporting(bitmap).data
    }

    /// How one encode went: the layout the file stores and how its image data was compressed.
    public struct Report: Sendable, Hashable {
        /// The colour type the file stores: the bitmap's own, or a lossless reduction's (``Options/triesLosslessReductions``).
        public var colorType: PNGColorType
        /// The bit depth the file stores.
        public var bitDepth: Int
        /// Whether a lossless reduction was smaller than the bitmap's own layout, and written instead.
        public var isReduced: Bool
        /// The zlib streams the image data was compressed in: 1, or the slices of a sliced encode.
        public var sliceCount: Int
        /// The threads that compressed it.
        public var threadCount: Int
    }

    /// Encodes a bitmap like ``encode(_:)`` and says how: the layout written, in how many slices, on how many threads.
    ///
    /// - Parameter bitmap: the image; its ``Bitmap/metadata`` is written too.
    /// - Returns: a whole PNG file, and how it was written.
    /// - Throws: what ``encode(_:)`` throws.
    public func encodeReporting(_ bitmap: Bitmap) throws(ImageError) -> (data: Data, report: Report) {
        try options.validate()
        guard bitmap.width <= 0x7FFF_FFFF, bitmap.height <= 0x7FFF_FFFF else {
            throw ImageError(
                .invalidBitmap, "a \(bitmap.width)x\(bitmap.height) image is larger than PNG allows (2^31-1)")
        }
        if let maxThreadCount, maxThreadCount < 1 {
            throw ImageError(.invalidBitmap, "maxThreadCount is \(maxThreadCount); it must be at least 1")
        }
        let chunks = try Self.writer(for: bitmap).chunks(for: bitmap.metadata)
        var smallest = try encodeOwnLayout(bitmap, chunks: chunks)
        let ownColorType: PNGColorType =
            switch bitmap.format.channels {
            case .gray: .gray
            case .grayAlpha: .grayAlpha
            case .rgb: .rgb
            case .rgba: .rgba
            }
        var report = Report(
            colorType: ownColorType, bitDepth: bitmap.format.bitDepth.rawValue, isReduced: false,
            sliceCount: sliceCount(for: bitmap), threadCount: threadCount(for: bitmap))
        if options.triesLosslessReductions {
            // A reduction may not lose metadata: the chunks the bitmap's own layout keeps must stay valid in it.
            let keptChunks = bitmap.metadata.otherChunks.filter(Self.writer(for: bitmap).keeps)
            for reduction in PNGReduction.candidates(for: bitmap) where keptChunks.allSatisfy(reduction.keeps) {
                // Indexed and packed rows often compress best unfiltered (libpng's own default for them), and then
                // with another zlib strategy: those are tried too, as optipng does (unfiltered rows cost no trials).
                var trials = [(options.filters, options.strategy)]
                if reduction.colorType == 3 || reduction.bitDepth < 8 {
                    trials += [Strategy.filtered, .default, .rle].map { (Filters.none, $0) }
                }
                for (filters, strategy) in trials {
                    let reduced = try encode(reduction, of: bitmap, filters: filters, strategy: strategy)
                    if reduced.count < smallest.count,
                        let colorType = PNGColorType(rawValue: UInt8(reduction.colorType))
                    {
                        smallest = reduced
                        report = Report(
                            colorType: colorType, bitDepth: reduction.bitDepth, isReduced: true, sliceCount: 1,
                            threadCount: 1)
                    }
                }
            }
        }
        return (smallest, report)
    }

    /// A bitmap written in its own layout: in slices, or as one stream.
    private func encodeOwnLayout(_ bitmap: Bitmap, chunks: [(String, Data)]) throws(ImageError) -> Data {
        let slices = sliceCount(for: bitmap)
        if slices > 1 {
            let encoder = SlicedEncoder(
                width: bitmap.width, height: bitmap.height, format: bitmap.format, options: options, slices: slices,
                threads: threadCount(for: bitmap))
            return try bitmap.withUnsafeBytes { (pixels) throws(ImageError) -> Data in
                try encoder.encode(pixels, stride: bitmap.bytesPerRow, chunks: chunks)
            }
        }
        let session = try EncoderSession(width: bitmap.width, height: bitmap.height, format: bitmap.format)
        for (type, data) in chunks {
            try session.addChunk(type: type, data: data)
        }
        return try bitmap.withUnsafeBytes { (pixels) throws(ImageError) -> Data in
            try session.write(pixels, stride: bitmap.bytesPerRow, options: options)
        }
    }

    /// A bitmap written in a reduced layout, as one stream, with its metadata: the background in that layout, and without the
    /// chunks that are not safe to copy into a file whose samples are stored differently.
    private func encode(
        _ reduction: PNGReduction, of bitmap: Bitmap, filters: Filters, strategy: Strategy
    ) throws(ImageError) -> Data {
        var metadata = bitmap.metadata
        metadata.backgroundColor = nil
        var chunks = try PNGMetadataWriter(format: bitmap.format, samplesAsStored: false).chunks(for: metadata)
        // The chunks about the samples as stored, when the reduction stores them so again.
        for chunk in bitmap.metadata.otherChunks where !chunk.isSafeToCopy && reduction.keeps(chunk) {
            chunks.append((chunk.type, chunk.data))
        }
        if let background = reduction.background {
            chunks.append(("bKGD", background))
        }
        let session = try EncoderSession(width: bitmap.width, height: bitmap.height, reduction: reduction)
        for (type, data) in chunks {
            try session.addChunk(type: type, data: data)
        }
        var options = options
        options.filters = filters
        options.strategy = strategy
        let written = reduction.rows.withUnsafeBytes { pixels in
            Result { () throws(ImageError) -> Data in
                try session.write(pixels, stride: reduction.bytesPerRow, options: options)
            }
        }
        return try written.get()
    }
}

extension PNGEncoder {
    /// How many slices encoding a bitmap makes: 1 for one zlib stream written by libpng, or more for a sliced
    /// encode (see ``Slicing``). Interlaced images are always one stream.
    ///
    /// - Parameter bitmap: the image about to be encoded.
    /// - Returns: the number of slices, at least 1.
    public func sliceCount(for bitmap: Bitmap) -> Int {
        guard !options.isInterlaced else {
            return 1
        }
        switch options.slicing {
        case .oneStream:
            return 1
        case .slices(let count):
            return max(1, min(count, bitmap.height))
        case .automatic:
            let bytes = bitmap.byteCount
            guard bytes >= Slicing.automaticMinimumBytes else {
                return 1
            }
            let count = bytes / Slicing.automaticBytesPerSlice
            return max(2, min(count, Slicing.automaticMaximumSlices, bitmap.height))
        }
    }

    /// How many threads encoding a bitmap uses: ``maxThreadCount`` (or the active processor cores), at most one
    /// per slice.
    ///
    /// - Parameter bitmap: the image about to be encoded.
    /// - Returns: the number of threads, at least 1.
    public func threadCount(for bitmap: Bitmap) -> Int {
        SliceWorkers.threadCount(maxThreadCount, slices: sliceCount(for: bitmap))
    }

    /// The ancillary chunks of a bitmap's ``PNGMetadata/otherChunks`` that encoding it leaves out because they no
    /// longer hold for its pixels (see ``PNGMetadata/OtherChunk``), by type, in order; empty when all are kept.
    ///
    /// - Parameter bitmap: the image about to be encoded.
    /// - Returns: the types of the chunks left out.
    public func droppedChunks(of bitmap: Bitmap) -> [String] {
        let writer = Self.writer(for: bitmap)
        return bitmap.metadata.otherChunks.filter { !writer.keeps($0) }.map(\.type)
    }

    /// The metadata that encoding a bitmap writes: its ``Bitmap/metadata`` without the ``droppedChunks(of:)``, so
    /// what decoding the result gives back.
    ///
    /// - Parameter bitmap: the image about to be encoded.
    /// - Returns: the metadata the encoded file holds.
    public func metadataWritten(for bitmap: Bitmap) -> PNGMetadata {
        let writer = Self.writer(for: bitmap)
        var metadata = bitmap.metadata
        metadata.otherChunks.removeAll { !writer.keeps($0) }
        return metadata
    }

    /// The metadata writer for a bitmap: its format, and whether its samples are still those decoded from its file.
    static func writer(for bitmap: Bitmap) -> PNGMetadataWriter {
        PNGMetadataWriter(format: bitmap.format, samplesAsStored: bitmap.originalPNGData != nil)
    }
}

extension PNGEncoder {
    /// How ``PNGEncoder`` compresses: zlib level and strategy, which row filters may be used and how one is
    /// chosen per row, and interlacing. Start from a preset and adjust.
    public struct Options: Sendable, Hashable {
        /// zlib compression level, 0 (store) … 9 (smallest; also uses zlib's largest hash tables).
        public var compressionLevel: Int
        /// zlib strategy.
        public var strategy: Strategy
        /// The row filters that may be used (at least one).
        public var filters: Filters
        /// How a filter is chosen for each row when ``filters`` allows more than one.
        public var filterChoice: FilterChoice
        /// Whether to write an Adam7-interlaced image.
        public var isInterlaced: Bool
        /// Whether the rows are compressed in independent slices, which lets several cores encode, and decode, one
        /// image. ``Slicing/automatic`` by default.
        public var slicing: Slicing = .automatic

        /// Creates options.
        ///
        /// - Parameters:
        ///   - compressionLevel: zlib level 0…9.
        ///   - strategy: zlib strategy.
        ///   - filters: the row filters that may be used.
        ///   - filterChoice: how a filter is chosen for each row.
        ///   - isInterlaced: whether to write Adam7.
        public init(
            compressionLevel: Int, strategy: Strategy = .filtered, filters: Filters = .all,
            filterChoice: FilterChoice = .minimumSumOfAbsoluteDifferences, isInterlaced: Bool = false
        ) {
            self.compressionLevel = compressionLevel
            self.strategy = strategy
            self.filters = filters
            self.filterChoice = filterChoice
            self.isInterlaced = isInterlaced
        }

        /// Fast: zlib level 1 and the Up filter on every row.
        public static let fast = Options(compressionLevel: 1, strategy: .default, filters: .up)

        /// Balanced (the default): zlib level 6 and adaptive filters (libpng's per-row heuristic over all five
        /// filters, with zlib's filtered strategy) — what libpng does when asked nothing.
        public static let balanced = Options(compressionLevel: 6)

        /// Whether to try, besides the bitmap's own layout, the lossless reductions optipng and oxipng try (a
        /// palette for at most 256 colours, gray for equal red, green and blue, 8 bits for 16-bit samples that fit,
        /// 1, 2 or 4 bits for gray that fits, no alpha channel when it is opaque everywhere) and keep the smallest
        /// file. Each layout decodes to the bitmap's colours exactly. A reduced layout is written as one stream (see
        /// ``Slicing``); ``smallest`` tries them, the other presets do not.
        public var triesLosslessReductions = false

        /// Smallest: zlib level 9, for each row the best of the five filters by trial compression, and the
        /// lossless reductions (``triesLosslessReductions``). Slowest.
        public static let smallest: Options = {
            var options = Options(compressionLevel: 9, filterChoice: .trialCompression)
            options.triesLosslessReductions = true
            return options
        }()

        /// zlib's memLevel: libpng's 8, or the largest hash tables (9) at level 9, which finds slightly
        /// longer matches.
        var memoryLevel: Int32 { compressionLevel >= 9 ? 9 : 8 }

        func validate() throws(ImageError) {
            guard (0...9).contains(compressionLevel) else {
                throw ImageError(.invalidBitmap, "compression level \(compressionLevel) is not in 0…9")
            }
            guard !filters.isEmpty else {
                throw ImageError(.invalidBitmap, "no row filter is allowed; allow at least one")
            }
        }
    }

    /// How an image's rows are split for compression on several cores (see <doc:ParallelCoding>).
    ///
    /// The slicing, not the number of threads, decides the bytes of the file: the same options give the same file on
    /// any machine.
    public enum Slicing: Sendable, Hashable {
        /// Images of at least 256 KiB of samples (256x256 RGBA 8-bit) get one slice per MiB, at least 2 and at most
        /// 64; smaller ones are one stream. (Measured on 2 cores: at 256x256, 2 slices encode 2.1 times as fast as
        /// one stream, for 0.13% more bytes on a photo.)
        case automatic
        /// One zlib stream, written by libpng on one thread.
        case oneStream
        /// This many slices (at most one per row; 1 is ``oneStream``).
        case slices(Int)

        static let automaticMinimumBytes = 256 << 10
        static let automaticBytesPerSlice = 1 << 20
        static let automaticMaximumSlices = 64
    }

    /// zlib's compression strategies.
    public enum Strategy: Sendable, Hashable, CaseIterable {
        /// zlib's default: string matching and Huffman coding.
        case `default`
        /// Favours Huffman coding over short matches, suited to filtered image rows (libpng's default when
        /// filters are used).
        case filtered
        /// Huffman coding only, no string matching.
        case huffmanOnly
        /// Matches only runs of the same byte: fast, good on flat images.
        case rle
        /// Fixed Huffman codes.
        case fixed
    }

    /// PNG row filters.
    public struct Filters: OptionSet, Sendable, Hashable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Each byte as it is.
        public static let none = Filters(rawValue: Int(CPNG_FILTER_NONE))
        /// Difference from the pixel to the left.
        public static let sub = Filters(rawValue: Int(CPNG_FILTER_SUB))
        /// Difference from the pixel above.
        public static let up = Filters(rawValue: Int(CPNG_FILTER_UP))
        /// Difference from the mean of the pixels left and above.
        public static let average = Filters(rawValue: Int(CPNG_FILTER_AVG))
        /// Difference from the Paeth predictor of the pixels left, above and above-left.
        public static let paeth = Filters(rawValue: Int(CPNG_FILTER_PAETH))
        /// All five.
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
    }

    /// How a row filter is chosen for each row among the allowed ones.
    public enum FilterChoice: Sendable, Hashable, CaseIterable {
        /// libpng's heuristic: the filter whose output bytes, read as signed, have the smallest sum of
        /// absolute values. Cheap.
        case minimumSumOfAbsoluteDifferences
        /// Every allowed filter is tried on the row, and the one whose output compresses smallest right after
        /// the row above wins (each candidate is compressed by a fast zlib stream primed with the previous
        /// row, so that both the row's statistics and its repeats of the row above count). Several times
        /// slower; smaller files. Interlaced images fall back to ``minimumSumOfAbsoluteDifferences``.
        case trialCompression
    }
}
