import Diagnostics

/// Why a transfer with another program through GTK failed: nothing offered in the wanted type, a read that failed or
/// grew too large, a peer that did not answer.
public struct GTKTransferError: CodedError, Sendable, Hashable {
    /// A kind of failure.
    public typealias Code = ErrorCode<GTKTransferError>

    /// What kind of failure.
    public var code: Code
    /// What went wrong, complete on its own.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What went wrong.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ErrorCode where Failure == GTKTransferError {
    /// The other program offers nothing in the wanted type.
    public static let noMatchingType = Self(rawValue: "no matching type")
    /// Reading the other program's data failed (GIO's error is in the message).
    public static let readFailed = Self(rawValue: "read failed")
    /// The payload is larger than the limit.
    public static let tooLarge = Self(rawValue: "too large")
    /// The other program did not answer in time.
    public static let timedOut = Self(rawValue: "timed out")
    /// The clipboard did not take the content (nothing was cut).
    public static let notTaken = Self(rawValue: "not taken")
    /// There is no display (GTK was not initialised, or no display could be opened).
    public static let noDisplay = Self(rawValue: "no display")
}
