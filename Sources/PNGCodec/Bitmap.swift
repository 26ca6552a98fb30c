import Foundation

/// A rectangle of pixels held in memory: `width` by `height` pixels in a ``PixelFormat`` (gray, gray+alpha,
/// RGB or RGBA; 8 or 16 bits per sample), rows top to bottom with no padding between them, plus
/// ``PNGMetadata``.
///
/// `Bitmap` is a value type with copy-on-write storage: copying a bitmap, or sending it to another task,
/// copies no pixel bytes; the first mutation of a shared bitmap copies them once. ``sharesStorage(with:)``
/// tells whether two bitmaps still share their bytes.
///
/// 16-bit samples are stored big-endian (most significant byte first), as PNG and PAM store them; the
/// ``subscript(x:y:channel:)`` accessor returns plain numbers in either depth.
///
/// A bitmap decoded from PNG remembers the bytes it came from (``originalPNGData``) until it is modified,
/// so that ``pngData(options:)`` with no options hands those bytes back without re-encoding.
///
/// Equality and hashing compare size, pixel format and samples. Metadata and the remembered PNG bytes do
/// not take part: two bitmaps with the same pixels are equal whatever their metadata; compare
/// ``metadata`` separately when it matters.
public struct Bitmap: Sendable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// The channels and bit depth of every pixel.
    public let format: PixelFormat
    /// Gamma, chromaticities, colour profile, text and other ancillary information. Setting it forgets
    /// ``originalPNGData``.
    public var metadata: PNGMetadata {
        didSet { originalPNGData = nil }
    }
    /// The encoded PNG this bitmap was decoded from, while neither its pixels nor its metadata have been
    /// modified since; `nil` otherwise. ``pngData(options:)`` returns these bytes when called without options.
    public private(set) var originalPNGData: Data?

    var storage: BitmapStorage

    /// Creates a bitmap with every sample 0 (black; transparent when there is alpha).
    ///
    /// - Parameters:
    ///   - width: width in pixels, at least 1.
    ///   - height: height in pixels, at least 1.
    ///   - format: channels and bit depth.
    /// - Throws: ``ImageError`` with code `ImageError.Code.invalidBitmap` when a dimension is below 1 or the
    ///   bitmap would need more bytes than memory can address.
    public init(width: Int, height: Int, format: PixelFormat) throws(ImageError) {
        let byteCount = try Self.byteCount(width: width, height: height, format: format)
        self.init(
            width: width, height: height, format: format, storage: BitmapStorage(zeroedByteCount: byteCount))
    }

    /// Creates a bitmap from samples laid out row after row with no padding (16-bit samples big-endian).
    ///
    /// - Parameters:
    ///   - width: width in pixels, at least 1.
    ///   - height: height in pixels, at least 1.
    ///   - format: channels and bit depth.
    ///   - bytes: exactly `width * height * format.bytesPerPixel` bytes.
    /// - Throws: ``ImageError`` with code `ImageError.Code.invalidBitmap` when a dimension is below 1 or
    ///   `bytes` has the wrong count.
    public init<Bytes: Collection<UInt8>>(
        width: Int, height: Int, format: PixelFormat, bytes: Bytes
    ) throws(ImageError) {
        let byteCount = try Self.byteCount(width: width, height: height, format: format)
        guard bytes.count == byteCount else {
            throw ImageError(
                .invalidBitmap,
                "a \(width)x\(height) \(format) bitmap needs \(byteCount) bytes of samples, not \(bytes.count)")
        }
        let storage = BitmapStorage(uninitializedByteCount: byteCount)
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            storage.bytes.copyMemory(from: UnsafeRawBufferPointer(source))
        }
        if copied == nil {
            _ = storage.bytes.initializeMemory(as: UInt8.self, from: bytes)
        }
        self.init(width: width, height: height, format: format, storage: storage)
    }

    init(
        width: Int, height: Int, format: PixelFormat, storage: BitmapStorage,
        metadata: PNGMetadata = PNGMetadata(), originalPNGData: Data? = nil
    ) {
        self.width = width
        self.height = height
        self.format = format
        self.storage = storage
        self.metadata = metadata
        self.originalPNGData = originalPNGData
    }

    /// Bytes in one row: `width * format.bytesPerPixel`.
    public var bytesPerRow: Int { width * format.bytesPerPixel }

    /// Bytes of all samples: `bytesPerRow * height`.
    public var byteCount: Int { storage.bytes.count }

    /// Whether this bitmap and `other` share the same sample bytes in memory (neither has been modified since
    /// one was copied from the other). Costs nothing; proves that a hand-over copied no pixels.
    ///
    /// - Parameter other: another bitmap.
    /// - Returns: `true` when both use one allocation.
    public func sharesStorage(with other: Bitmap) -> Bool {
        storage === other.storage
    }

    /// The number of bytes a bitmap of this size and format needs, after checking that the size is valid.
    static func byteCount(width: Int, height: Int, format: PixelFormat) throws(ImageError) -> Int {
        guard width >= 1, height >= 1 else {
            throw ImageError(.invalidBitmap, "a bitmap must be at least 1x1 pixels, not \(width)x\(height)")
        }
        let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: format.bytesPerPixel)
        let (total, totalOverflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !rowOverflow, !totalOverflow else {
            throw ImageError(.invalidBitmap, "a \(width)x\(height) \(format) bitmap is too large to address")
        }
        return total
    }

    /// Makes the storage unique before a mutation and forgets the original PNG bytes.
    mutating func prepareForMutation() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
        originalPNGData = nil
    }
}

extension Bitmap: Hashable {
    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.format == rhs.format else {
            return false
        }
        if lhs.storage === rhs.storage {
            return true
        }
        guard let left = lhs.storage.bytes.baseAddress, let right = rhs.storage.bytes.baseAddress else {
            return lhs.byteCount == rhs.byteCount
        }
        return memcmp(left, right, lhs.byteCount) == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(format)
        hasher.combine(bytes: UnsafeRawBufferPointer(storage.bytes))
    }
}
