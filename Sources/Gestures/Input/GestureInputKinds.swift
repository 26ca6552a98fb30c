/// The kinds of input a gesture recognizes, as SwiftUI's `GestureInputKinds`.
public struct GestureInputKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A finger on the screen.
    public static let directTouch = GestureInputKinds(rawValue: 1)
    /// A touch on an indirect surface (unused by the simulator, kept for source compatibility).
    public static let indirectTouch = GestureInputKinds(rawValue: 2)
    /// A pen or pencil.
    public static let pencil = GestureInputKinds(rawValue: 4)
    /// A mouse or trackpad button.
    public static let pointer = GestureInputKinds(rawValue: 8)
    /// Every kind.
    public static let all = GestureInputKinds(rawValue: 0xFF)
}
