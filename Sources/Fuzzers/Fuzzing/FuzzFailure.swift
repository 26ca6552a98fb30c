/// A property a fuzz target checks did not hold for an input: the fuzzer treats it as a crash.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// What did not hold, and for which values.
    public var message: String

    /// Creates a failure.
    ///
    /// - Parameter message: what did not hold, and for which values.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
