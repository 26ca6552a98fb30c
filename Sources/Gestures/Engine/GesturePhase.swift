/// The phases a gesture reports, as observed through `onPhaseChange(_:)`.
public enum GesturePhase<Value> {
    /// Still deciding; the value, if the gesture has one yet.
    case possible(Value?)
    /// Recognized and running.
    case active(Value)
    /// Finished successfully.
    case ended(Value)
    /// Will not be recognized.
    case failed
    /// Taken away without success or failure: the pointer was cancelled, the node removed, a competing gesture
    /// won, or the scene reset its gestures.
    case cancelled
}

extension GesturePhase: Equatable where Value: Equatable {}
extension GesturePhase: Sendable where Value: Sendable {}

/// The kind of a phase without its value: what the engine decides with.
enum PhaseKind: UInt8 {
    case possible
    case active
    case ended
    case failed

    var isTerminal: Bool { self == .ended || self == .failed }
    var isRecognized: Bool { self == .active || self == .ended }
}
