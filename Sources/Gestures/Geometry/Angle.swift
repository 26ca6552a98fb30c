import Foundation

/// A geometric angle whose value you access in either radians or degrees.
///
/// The same shape as SwiftUI's `Angle`: rotation gestures report one, and `rotationEffect(_:)` takes one.
public struct Angle: Hashable, Comparable, Sendable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// Creates an angle of zero.
    public init() {
        radians = 0
    }

    /// Creates an angle of the given number of radians.
    public init(radians: Double) {
        self.radians = radians
    }

    /// Creates an angle of the given number of degrees.
    public init(degrees: Double) {
        radians = degrees * .pi / 180
    }

    /// The angle of zero.
    public static let zero = Angle()

    /// Returns an angle of the given number of radians.
    public static func radians(_ radians: Double) -> Angle {
        Angle(radians: radians)
    }

    /// Returns an angle of the given number of degrees.
    public static func degrees(_ degrees: Double) -> Angle {
        Angle(degrees: degrees)
    }

    public static func < (lhs: Angle, rhs: Angle) -> Bool {
        lhs.radians < rhs.radians
    }

    /// The sum of two angles.
    public static func + (lhs: Angle, rhs: Angle) -> Angle {
        Angle(radians: lhs.radians + rhs.radians)
    }

    /// The difference of two angles.
    public static func - (lhs: Angle, rhs: Angle) -> Angle {
        Angle(radians: lhs.radians - rhs.radians)
    }

    /// The angle pointing the other way.
    public static prefix func - (angle: Angle) -> Angle {
        Angle(radians: -angle.radians)
    }

    /// Adds an angle to this one.
    public static func += (lhs: inout Angle, rhs: Angle) {
        lhs.radians += rhs.radians
    }

    /// Subtracts an angle from this one.
    public static func -= (lhs: inout Angle, rhs: Angle) {
        lhs.radians -= rhs.radians
    }
}

extension Angle: CustomStringConvertible {
    /// The angle in degrees, as `12.5°`.
    public var description: String {
        "\(Formatting.number(degrees))°"
    }
}
