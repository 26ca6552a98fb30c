/// A class of tags that map other type systems onto uniform type identifiers: filename extensions, MIME types, …
///
/// Tag classes are themselves identifiers, so they compare case-insensitively.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
    CustomDebugStringConvertible, Codable
{
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String
    /// Which of the classes the registry indexes on its own this is, decided once.
    let kind: Kind

    /// The tag classes the registry keeps an index of their own for, so that look-ups pick an index without
    /// comparing strings.
    enum Kind: Sendable {
        case filenameExtension
        case mimeType
        case other
    }

    /// Creates a tag class from its identifier.
    ///
    /// - Parameter rawValue: the identifier of the tag class, such as `public.mime-type`.
    public init(rawValue: String) {
        self.rawValue = rawValue
        self.kind =
            switch Folding.fold(rawValue) {
            case "public.filename-extension": .filenameExtension
            case "public.mime-type": .mimeType
            default: .other
            }
    }

    /// Filename extensions such as `txt`, written without the leading period (`public.filename-extension`).
    ///
    /// Made on each use from constants (no lazy initialisation): the hot path of every look-up by extension.
    public static var filenameExtension: UTTagClass {
        UTTagClass(rawValue: "public.filename-extension", kind: .filenameExtension)
    }

    /// MIME types such as `text/plain` (`public.mime-type`).
    ///
    /// Made on each use from constants (no lazy initialisation): the hot path of every look-up by MIME type.
    public static var mimeType: UTTagClass {
        UTTagClass(rawValue: "public.mime-type", kind: .mimeType)
    }

    /// A tag class whose kind is known.
    private init(rawValue: String, kind: Kind) {
        self.rawValue = rawValue
        self.kind = kind
    }

    /// The tag class's identifier.
    public var description: String { rawValue }

    /// The tag class's identifier, for debugging: `UTTagClass(public.mime-type)`.
    public var debugDescription: String { "UTTagClass(\(rawValue))" }

    /// Decodes a tag class from its identifier, a single string.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the string is not a uniform type identifier.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let rawValue = try container.decode(String.self)
        guard Folding.isValidIdentifier(rawValue) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(rawValue)\" is not a tag class identifier")
        }
        self.init(rawValue: rawValue)
    }

    /// Encodes the identifier as a single string.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The identifier case-folded: what equality and hashing use.
    var folded: String {
        switch kind {
        case .filenameExtension: "public.filename-extension"
        case .mimeType: "public.mime-type"
        case .other: Folding.fold(rawValue)
        }
    }

    public static func == (lhs: UTTagClass, rhs: UTTagClass) -> Bool {
        lhs.kind == rhs.kind && (lhs.kind != .other || lhs.folded == rhs.folded)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        if kind == .other {
            hasher.combine(folded)
        }
    }
}
