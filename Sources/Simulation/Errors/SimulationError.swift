import Diagnostics

/// A problem with a scene, a script or a run: what went wrong and where (file, line and column when known).
///
/// Compare ``code`` to tell problems apart; new codes may be added. The ``description`` reads
/// `photos.yaml:12:5: unknown key "acepts" in pane "album"; did you mean "accepts"?`.
package struct SimulationError: CodedError, Sendable {
    /// The kind of problem.
    package typealias Code = ErrorCode<SimulationError>

    /// The kind of problem.
    package var code: Code
    /// What is wrong and what was expected.
    package var message: String
    /// The file, as it was named, or nil for a scene or script given as text.
    package var file: String?
    /// The line, from 1, when known.
    package var line: Int?
    /// The column, from 1, when known.
    package var column: Int?
    /// For an error in the middle of a run: what happened up to the failing step (its timeline and every pane's
    /// items then), so that the steps that ran are not lost with it; `nil` for errors before a run.
    package var resultSoFar: SimulationResult?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What is wrong and what was expected.
    ///   - file: The file.
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    package init(_ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column: message`, leaving out what is not known.
    /// The file, line and column.
    package var location: ErrorLocation { ErrorLocation(file: file, line: line, column: column) }

    /// `FILE:LINE:COLUMN: message`, as far as the place is known.
    package var description: String { placedMessage }
}

extension ErrorCode where Failure == SimulationError {
    /// The file is not well-formed YAML or JSON, or a script line cannot be read.
    package static let syntax = Self(rawValue: "syntax")
    /// A key that the format does not have.
    package static let unknownKey = Self(rawValue: "unknown key")
    /// A key the format requires is missing.
    package static let missingKey = Self(rawValue: "missing key")
    /// A value of the wrong kind (a list where a number was expected, say).
    package static let wrongType = Self(rawValue: "wrong type")
    /// A value of the right kind that is not allowed (a negative size, an unknown type identifier).
    package static let invalidValue = Self(rawValue: "invalid value")
    /// A pane or item name that the scene does not have, or that it has twice.
    package static let unknownName = Self(rawValue: "unknown name")
    /// A file that cannot be read.
    package static let unreadableFile = Self(rawValue: "unreadable file")
    /// An image that cannot be decoded or made.
    package static let badImage = Self(rawValue: "bad image")
    /// A script step the scene cannot play at that moment (a pointer that is not down, time going backwards).
    package static let badInput = Self(rawValue: "bad input")
}
