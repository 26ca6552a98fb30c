import Diagnostics

/// Why a move could not start at all (problems with single files are refusals in the ``MoveReport``, not errors).
/// Compare ``code``; new codes may be added.
package struct MoveError: CodedError, Sendable {
    /// The kind of problem.
    package typealias Code = ErrorCode<MoveError>

    /// The kind of problem.
    package var code: Code
    /// A complete description, naming the folder.
    package var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: A complete description.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

}

extension ErrorCode where Failure == MoveError {
    /// The destination folder is missing, is not a folder, or cannot be written.
    package static let destinationUnusable = Self(rawValue: "destination unusable")
}
