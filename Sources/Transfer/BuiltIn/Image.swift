import PNGCodec

/// An image that can be dragged and dropped, in the role SwiftUI's `Image` has there: code such as
/// `.dropDestination(for: Image.self)` or `.draggable(Image(bitmap: photo))` ports unchanged.
///
/// An image holds either a ``PNGCodec/Bitmap`` (its pixels) or, for drag previews and placeholders, the name of a
/// symbol (`Image(systemName: "scope")`) that a renderer draws however it likes. Only bitmap images export content
/// types; a symbol image exports nothing, but is still handed over as it is to receivers of `Image` in the same
/// process.
public struct Image: Sendable, Hashable, CustomStringConvertible {
    private enum Content: Sendable, Hashable {
        case bitmap(Bitmap)
        case symbol(String)
    }

    private let content: Content

    /// An image of `bitmap`'s pixels.
    ///
    /// - Parameter bitmap: the pixels.
    public init(bitmap: Bitmap) {
        content = .bitmap(bitmap)
    }

    /// An image of a named symbol, for previews and placeholders.
    ///
    /// - Parameter systemName: the symbol's name, such as `scope` or `photo`.
    public init(systemName: String) {
        content = .symbol(systemName)
    }

    /// The pixels, or `nil` for a symbol image.
    public var bitmap: Bitmap? {
        if case .bitmap(let bitmap) = content {
            return bitmap
        }
        return nil
    }

    /// The symbol's name, or `nil` for a bitmap image.
    public var systemName: String? {
        if case .symbol(let name) = content {
            return name
        }
        return nil
    }

    /// `Image(64x48 rgba 8-bit)` or `Image(systemName: "scope")`.
    public var description: String {
        switch content {
        case .bitmap(let bitmap): "Image(\(bitmap.width)x\(bitmap.height) \(bitmap.format))"
        case .symbol(let name): "Image(systemName: \"\(name)\")"
        }
    }
}
