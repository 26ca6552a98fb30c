import Foundation

/// A coordinate space for gesture values and conversions, as SwiftUI's `CoordinateSpace`.
///
/// `.global` is the scene's space. `.local` is the space of the node a gesture is attached to (or that converts),
/// with its origin at the node's top-leading corner. `.named(x)` is the local space of the nearest ancestor (or
/// the node itself) that called `coordinateSpace(name: x)`. Coordinate spaces follow layout frames; render
/// effects (`offset`, `scaleEffect`, `rotationEffect`) move where a node is drawn and hit, not its coordinate
/// space, so a drag that offsets its own node does not feed back into its own translation.
public enum CoordinateSpace: Hashable {
    /// The scene's space.
    case global
    /// The space of the node in question.
    case local
    /// The space of the nearest node with this name given by `coordinateSpace(name:)`.
    case named(AnyHashable)
}
