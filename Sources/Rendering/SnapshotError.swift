import Diagnostics

/// Why a snapshot could not be made. Compare ``code``; new codes may be added.
package struct SnapshotError: CodedError, Sendable {
    /// The kind of problem.
    package typealias Code = ErrorCode<SnapshotError>

    /// The kind of problem.
    package var code: Code
    /// A complete description.
    package var message: String
    /// The error behind it, if any.
    package var underlyingError: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: A complete description.
    ///   - underlyingError: The error behind it.
    package init(_ code: Code, _ message: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

}

extension ErrorCode where Failure == SnapshotError {
    /// The picture would be empty, not finite, or larger than ``SnapshotRenderer/maximumPixelCount``.
    package static let invalidSize = Self(rawValue: "invalid size")
    /// PNGCodec could not make the bitmap or encode it (``SnapshotError/underlyingError`` is its `ImageError`).
    package static let encodingFailed = Self(rawValue: "encoding failed")
    /// The terminal picture was asked for fewer than one column.
    package static let invalidColumns = Self(rawValue: "invalid columns")
}
