import Diagnostics

/// Why an image could not be decoded, encoded or built: a ``Code`` to match on and a message that names
/// the problem and where it is (the chunk and byte offset in a PNG, the line in a PAM header).
///
/// New codes may be added in later versions, so a `switch` over codes needs a `default`.
///
/// ```swift
/// do {
///     let bitmap = try Bitmap(pngData: data)
/// } catch let error where error.code == .crcMismatch {
///     print(error)  // "CRC mismatch in chunk IDAT at byte 57"
/// }
/// ```
public struct ImageError: CodedError, Sendable, Hashable {
    /// A kind of image error.
    public typealias Code = ErrorCode<ImageError>

    /// What kind of problem this is.
    public var code: Code
    /// A sentence naming the problem and where it is, for people.
    public var message: String
    /// The PNG chunk involved (for example "IDAT"), when there is one.
    public var chunk: String?
    /// The byte offset in the input where the problem is, when known.
    public var offset: Int?
    /// The 1-based line of a PAM header the problem is on, when there is one.
    public var line: Int?
    /// The decoder limit that was exceeded, for `limitExceeded` errors of ``PNGDecoder``: raising it in
    /// ``PNGDecoder/Limits`` lets the image decode.
    public var limit: PNGDecoder.Limits.Name?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: what kind of problem this is.
    ///   - message: a sentence naming the problem and where it is.
    ///   - chunk: the PNG chunk involved, if any.
    ///   - offset: the byte offset of the problem in the input, if known.
    ///   - line: the 1-based PAM header line of the problem, if any.
    ///   - limit: the decoder limit that was exceeded, if any.
    public init(
        _ code: Code, _ message: String, chunk: String? = nil, offset: Int? = nil, line: Int? = nil,
        limit: PNGDecoder.Limits.Name? = nil
    ) {
        self.code = code
        self.message = message
        self.chunk = chunk
        self.offset = offset
        self.line = line
        self.limit = limit
    }

    /// The chunk, byte offset and PAM header line, as far as they are known (the file is the caller's).
    public var location: ErrorLocation {
        ErrorLocation(line: line, byteOffset: offset, parts: chunk.map { ["chunk \($0)"] } ?? [])
    }

    /// The message, which names the chunk and byte offset itself.
    public var description: String { message }
}

extension ErrorCode where Failure == ImageError {
    /// The data does not begin with the PNG signature.
    public static let badSignature = Self(rawValue: "bad signature")
    /// The data ends in the middle of the signature, a chunk, the image data or a PAM raster.
    public static let truncated = Self(rawValue: "truncated")
    /// A chunk's stored CRC does not match its contents.
    public static let crcMismatch = Self(rawValue: "CRC mismatch")
    /// The chunk structure is wrong: an impossible length or type, a critical chunk that is missing,
    /// repeated, misplaced or unknown.
    public static let badChunk = Self(rawValue: "bad chunk")
    /// IHDR holds an invalid width, height, colour type, bit depth or method.
    public static let badHeader = Self(rawValue: "bad header")
    /// There is no IDAT chunk.
    public static let missingImageData = Self(rawValue: "missing image data")
    /// The compressed image data is corrupt, too short or too long.
    public static let badImageData = Self(rawValue: "bad image data")
    /// The image is larger than the decoder's ``PNGDecoder/Limits`` allow.
    public static let limitExceeded = Self(rawValue: "limit exceeded")
    /// A PAM (Netpbm P7) file is malformed or uses a feature PNGCodec does not support.
    public static let badPAM = Self(rawValue: "bad PAM")
    /// Bitmap dimensions or sample bytes are not valid (a zero width, a wrong byte count).
    public static let invalidBitmap = Self(rawValue: "invalid bitmap")
    /// Metadata cannot be written as asked (a bad keyword, a time or background out of range).
    public static let invalidMetadata = Self(rawValue: "invalid metadata")
    /// The task doing the work was cancelled (see ``PNGEncoder/encode(_:)``).
    public static let cancelled = Self(rawValue: "cancelled")
    /// Memory ran out.
    public static let outOfMemory = Self(rawValue: "out of memory")
    /// libpng reported a problem that fits no other code; the message carries libpng's words.
    public static let libpng = Self(rawValue: "libpng error")
}
