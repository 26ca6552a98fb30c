import Foundation

/// A normalized two-dimensional point in a view's coordinate space: (0, 0) is the top-leading corner and (1, 1)
/// the bottom-trailing one, as in SwiftUI.
public struct UnitPoint: Hashable, Sendable {
    /// The normalized horizontal position.
    public var x: CGFloat
    /// The normalized vertical position.
    public var y: CGFloat

    /// Creates the point at the top-leading corner.
    public init() {
        x = 0
        y = 0
    }

    /// Creates a unit point from normalized coordinates.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// The point (0, 0).
    public static let zero = UnitPoint()
    /// The point (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The point (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The point (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The point (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The point (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The point (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The point (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The point (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The point (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

extension UnitPoint: CustomStringConvertible {
    /// The point as `UnitPoint(0.5, 0.5)`.
    public var description: String {
        "UnitPoint(\(Formatting.number(x)), \(Formatting.number(y)))"
    }
}
