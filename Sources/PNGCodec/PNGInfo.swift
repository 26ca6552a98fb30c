/// What a PNG file holds, read from its chunk structure without decoding the pixels: the header fields,
/// every chunk, the metadata PNGCodec understands, and the layout decoding will produce.
public struct PNGInfo: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample (per palette index for palette images) as stored: 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    /// The colour type as stored.
    public var colorType: PNGColorType
    /// Whether the image is Adam7-interlaced.
    public var isInterlaced: Bool
    /// Every chunk from IHDR to IEND, in file order.
    public var chunks: [PNGChunk]
    /// The ancillary information PNGCodec understands.
    public var metadata: PNGMetadata
    /// The pixel format ``PNGDecoder/decode(_:)`` produces: palettes become RGB (RGBA with tRNS), gray
    /// below 8 bits becomes 8-bit, tRNS becomes alpha, 16-bit stays 16-bit.
    public var decodedFormat: Bitmap.PixelFormat
    /// Problems that did not stop decoding, such as a malformed ancillary chunk that was skipped.
    public var warnings: [String]
    /// Bytes after the IEND chunk, which decoding ignores.
    public var trailingByteCount: Int
}

/// The colour type of a PNG's IHDR chunk.
public enum PNGColorType: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    /// The bit depths the PNG specification allows for this colour type.
    public var allowedBitDepths: [Int] {
        switch self {
        case .gray: [1, 2, 4, 8, 16]
        case .palette: [1, 2, 4, 8]
        case .rgb, .grayAlpha, .rgba: [8, 16]
        }
    }

    public var description: String {
        switch self {
        case .gray: "gray"
        case .rgb: "RGB"
        case .palette: "palette"
        case .grayAlpha: "gray+alpha"
        case .rgba: "RGBA"
        }
    }
}

/// One chunk of a PNG file.
public struct PNGChunk: Sendable, Hashable {
    /// The four-letter chunk type, such as "IHDR" or "tEXt".
    public var type: String
    /// Where the chunk starts in the file (its length field).
    public var offset: Int
    /// The length of the chunk's data, without the 12 bytes of length, type and CRC.
    public var length: Int

    /// Whether the chunk is critical (first letter upper case): a decoder that does not know it must stop.
    public var isCritical: Bool { type.first?.isUppercase ?? false }

    /// Whether an editor that does not know the chunk may copy it into a modified image (fourth letter lower
    /// case).
    public var isSafeToCopy: Bool { type.last?.isLowercase ?? false }
}
