/// What a node draws, for a renderer: nothing (a container), a filled shape, a text label or an image
/// reference. A node with content is hit where its content is.
public enum NodeContent: Hashable, Sendable {
    /// Nothing: a container, hit only through its children or its `contentShape`.
    case none
    /// A shape filled with a colour.
    case shape(ShapeKind, fill: Color)
    /// A text label in a colour, filling the frame.
    case text(String, color: Color)
    /// An image by name (an asset or a symbol name), filling the frame, optionally tinted.
    case image(String, tint: Color?)

    /// The outline that is hit, or nil for no content.
    var hitShape: ShapeKind? {
        switch self {
        case .none: nil
        case .shape(let kind, _): kind
        case .text, .image: .rectangle
        }
    }
}

extension NodeContent: CustomStringConvertible {
    /// The content as `circle fill green`, `text "Swift"`, `image star.circle.fill`.
    public var description: String {
        switch self {
        case .none: "none"
        case .shape(let kind, let fill): "\(kind) fill \(fill)"
        case .text(let text, let color): "text \"\(text)\" \(color)"
        case .image(let name, let tint): tint.map { "image \(name) tint \($0)" } ?? "image \(name)"
        }
    }
}
