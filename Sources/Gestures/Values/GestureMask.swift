/// Which gestures a gesture modifier enables: its own, its subviews', both or none (SwiftUI's `GestureMask`).
public struct GestureMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Neither the added gesture nor the subviews' gestures.
    public static let none = GestureMask([])
    /// The added gesture only.
    public static let gesture = GestureMask(rawValue: 1)
    /// The subviews' gestures only.
    public static let subviews = GestureMask(rawValue: 2)
    /// Both.
    public static let all: GestureMask = [.gesture, .subviews]
}
