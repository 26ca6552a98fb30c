import Foundation

// Short descriptions of gesture values, for timelines and transcripts.

extension DragGesture.Value: CustomStringConvertible {
    /// `location (134, 153) translation (80, 100) velocity (0, 0)`.
    public var description: String {
        "location \(Formatting.point(location)) translation \(Formatting.size(translation)) "
            + "velocity \(Formatting.size(velocity))"
    }
}

extension SpatialTapGesture.Value: CustomStringConvertible {
    /// `location (40, 50)`.
    public var description: String { "location \(Formatting.point(location))" }
}

extension MagnifyGesture.Value: CustomStringConvertible {
    /// `magnification 1.5 velocity 2`.
    public var description: String {
        "magnification \(Formatting.number(magnification)) velocity \(Formatting.number(velocity))"
    }
}

extension RotateGesture.Value: CustomStringConvertible {
    /// `rotation 30° velocity 90°`.
    public var description: String { "rotation \(rotation) velocity \(velocity)" }
}

extension SequenceGesture.Value: CustomStringConvertible {
    /// `first(true)`, `second(true, nil)`, `second(true, location …)`.
    public var description: String {
        switch self {
        case .first(let value): "first(\(value))"
        case .second(let first, let second): "second(\(first), \(second.map { "\($0)" } ?? "nil"))"
        }
    }
}

extension ExclusiveGesture.Value: CustomStringConvertible {
    /// `first(…)` or `second(…)`.
    public var description: String {
        switch self {
        case .first(let value): "first(\(value))"
        case .second(let value): "second(\(value))"
        }
    }
}

extension SimultaneousGesture.Value: CustomStringConvertible {
    /// `(first: …, second: nil)`.
    public var description: String {
        "(first: \(first.map { "\($0)" } ?? "nil"), second: \(second.map { "\($0)" } ?? "nil"))"
    }
}
