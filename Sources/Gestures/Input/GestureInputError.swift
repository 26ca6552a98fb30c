import Diagnostics

/// An input event the scene cannot accept, with what was wrong and where in the stream.
public struct GestureInputError: CodedError, Hashable, Sendable {
    /// What went wrong.
    public typealias Code = ErrorCode<GestureInputError>

    /// What went wrong.
    public var code: Code
    /// A sentence naming the event and the problem.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

}

extension ErrorCode where Failure == GestureInputError {
    /// An event or deadline earlier than the scene's current time.
    public static let timeWentBackwards = Self(rawValue: "timeWentBackwards")
    /// A move, up or cancel for a pointer that is not down.
    public static let pointerNotDown = Self(rawValue: "pointerNotDown")
    /// A down for a pointer that is already down.
    public static let pointerAlreadyDown = Self(rawValue: "pointerAlreadyDown")
    /// A time or location that is not a finite number.
    public static let notFinite = Self(rawValue: "notFinite")
}
