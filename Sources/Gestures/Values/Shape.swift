import Foundation

/// The outline of a node's content or of its hit area, as a renderer-agnostic description.
public enum ShapeKind: Hashable, Sendable {
    /// The whole frame.
    case rectangle
    /// The frame with rounded corners.
    case roundedRectangle(cornerRadius: CGFloat)
    /// The largest circle centred in the frame.
    case circle
    /// The ellipse inscribed in the frame.
    case ellipse
    /// The frame with fully rounded short ends.
    case capsule

    /// Whether a point of the node's local space lies in this shape drawn in `rect`.
    public func contains(_ point: CGPoint, in rect: CGRect) -> Bool {
        guard rect.width > 0, rect.height > 0, point.x >= rect.minX, point.x < rect.maxX, point.y >= rect.minY,
            point.y < rect.maxY
        else { return false }
        switch self {
        case .rectangle:
            return true
        case .roundedRectangle(let radius):
            return Self.insideRoundedRect(point, rect, radius: min(radius, rect.width / 2, rect.height / 2))
        case .capsule:
            return Self.insideRoundedRect(point, rect, radius: min(rect.width, rect.height) / 2)
        case .circle:
            let radius = min(rect.width, rect.height) / 2
            return point.distance(to: CGPoint(x: rect.midX, y: rect.midY)) <= radius
        case .ellipse:
            let dx = (point.x - rect.midX) / (rect.width / 2)
            let dy = (point.y - rect.midY) / (rect.height / 2)
            return dx * dx + dy * dy <= 1
        }
    }

    private static func insideRoundedRect(_ p: CGPoint, _ rect: CGRect, radius: CGFloat) -> Bool {
        guard radius > 0 else { return true }
        let cx = min(max(p.x, rect.minX + radius), rect.maxX - radius)
        let cy = min(max(p.y, rect.minY + radius), rect.maxY - radius)
        return p.distance(to: CGPoint(x: cx, y: cy)) <= radius
    }
}

/// A shape for `contentShape(_:)` and node content, with SwiftUI's type names.
public protocol Shape: Sendable {
    /// The description a renderer and the hit tester use.
    var shapeKind: ShapeKind { get }
}

/// A rectangle filling the frame.
public struct Rectangle: Shape {
    /// Creates a rectangle.
    public init() {}
    /// `.rectangle`.
    public var shapeKind: ShapeKind { .rectangle }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    /// The corner radius.
    public var cornerRadius: CGFloat
    /// Creates a rounded rectangle.
    public init(cornerRadius: CGFloat) {
        self.cornerRadius = cornerRadius
    }
    /// `.roundedRectangle(cornerRadius:)`.
    public var shapeKind: ShapeKind { .roundedRectangle(cornerRadius: cornerRadius) }
}

/// The largest circle centred in the frame.
public struct Circle: Shape {
    /// Creates a circle.
    public init() {}
    /// `.circle`.
    public var shapeKind: ShapeKind { .circle }
}

/// The ellipse inscribed in the frame.
public struct Ellipse: Shape {
    /// Creates an ellipse.
    public init() {}
    /// `.ellipse`.
    public var shapeKind: ShapeKind { .ellipse }
}

/// A capsule filling the frame.
public struct Capsule: Shape {
    /// Creates a capsule.
    public init() {}
    /// `.capsule`.
    public var shapeKind: ShapeKind { .capsule }
}
