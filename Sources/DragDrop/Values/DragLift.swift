import Foundation

/// When a pointer lifts a draggable node into a drag session: a DnDKit addition (SwiftUI leaves it to the system).
///
/// A touch or a pen lifts after a long press (``minimumPressDuration`` seconds within ``maximumPressDistance``
/// points); a mouse lifts once it has moved ``minimumPointerDistance`` points from where its button went down
/// (Euclidean distance, as `DragGesture`). Set it per source with `dragLift(_:)`.
public struct DragLift: Hashable, Sendable {
    /// How long a touch must press before the node lifts, in seconds.
    public var minimumPressDuration: Double
    /// How far a touch may move during the press, in points; moving this far fails the lift.
    public var maximumPressDistance: CGFloat
    /// How far a mouse must move with its button down before the node lifts, in points.
    public var minimumPointerDistance: CGFloat

    /// Creates lift thresholds.
    /// - Parameters:
    ///   - minimumPressDuration: The press a touch needs, in seconds; 0.5 by default.
    ///   - maximumPressDistance: The movement that fails a touch's press, in points; 10 by default.
    ///   - minimumPointerDistance: The movement a mouse needs, in points; 10 by default.
    public init(
        minimumPressDuration: Double = 0.5, maximumPressDistance: CGFloat = 10, minimumPointerDistance: CGFloat = 10
    ) {
        self.minimumPressDuration = minimumPressDuration
        self.maximumPressDistance = maximumPressDistance
        self.minimumPointerDistance = minimumPointerDistance
    }

    /// The thresholds of the specification: 0.5 s and 10 points for touch, 10 points for a mouse.
    public static let standard = DragLift()
}
