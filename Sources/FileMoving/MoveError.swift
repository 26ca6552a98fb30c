/// Why a move could not start at all (problems with single files are refusals in the ``MoveReport``, not errors).
/// Compare ``code``; new codes may be added.
public struct MoveError: Error, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        /// - Parameter rawValue: The name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name.
        public var description: String { rawValue }

        /// The destination folder is missing, is not a folder, or cannot be written.
        public static let destinationUnusable = Code(rawValue: "destination unusable")
    }

    /// The kind of problem.
    public var code: Code
    /// A complete description, naming the folder.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: A complete description.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
