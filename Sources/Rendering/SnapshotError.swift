/// Why a snapshot could not be made. Compare ``code``; new codes may be added.
public struct SnapshotError: Error, Sendable, CustomStringConvertible {
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

        /// The picture would be empty, not finite, or larger than ``SnapshotRenderer/maximumPixelCount``.
        public static let invalidSize = Code(rawValue: "invalid size")
        /// PNGCodec could not make the bitmap or encode it (``underlyingError`` is its `ImageError`).
        public static let encodingFailed = Code(rawValue: "encoding failed")
        /// The terminal picture was asked for fewer than one column.
        public static let invalidColumns = Code(rawValue: "invalid columns")
    }

    /// The kind of problem.
    public var code: Code
    /// A complete description.
    public var message: String
    /// The error behind it, if any.
    public var underlyingError: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: A complete description.
    ///   - underlyingError: The error behind it.
    public init(_ code: Code, _ message: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

    /// The message.
    public var description: String { message }
}
