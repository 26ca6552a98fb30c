/// A property a fuzz target checks did not hold for an input: the fuzzer treats it as a crash.
package struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// What did not hold, and for which values.
    package var message: String

    /// Creates a failure.
    ///
    /// - Parameter message: what did not hold, and for which values.
    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
