/// An input event the scene cannot accept, with what was wrong and where in the stream.
public struct GestureInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// An event or deadline earlier than the scene's current time.
        public static let timeWentBackwards = Code(name: "timeWentBackwards")
        /// A move, up or cancel for a pointer that is not down.
        public static let pointerNotDown = Code(name: "pointerNotDown")
        /// A down for a pointer that is already down.
        public static let pointerAlreadyDown = Code(name: "pointerAlreadyDown")
        /// A time or location that is not a finite number.
        public static let notFinite = Code(name: "notFinite")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public var code: Code
    /// A sentence naming the event and the problem.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
