/// A class of tags that map other type systems onto uniform type identifiers: filename extensions, MIME types, …
///
/// Tag classes are themselves identifiers, so they compare case-insensitively.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String

    /// Creates a tag class from its identifier.
    ///
    /// - Parameter rawValue: the identifier of the tag class, such as `public.mime-type`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Filename extensions such as `txt`, written without the leading period (`public.filename-extension`).
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")

    /// MIME types such as `text/plain` (`public.mime-type`).
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    public var description: String { rawValue }

    public static func == (lhs: UTTagClass, rhs: UTTagClass) -> Bool {
        lhs.rawValue == rhs.rawValue || Folding.fold(lhs.rawValue) == Folding.fold(rhs.rawValue)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Folding.fold(rawValue))
    }
}
