import Diagnostics

/// A problem identifying content: libmagic could not start, a file could not be read, libmagic failed.
///
/// Unrecognised or empty content is not an error: it is identified as `public.data`.
public struct ContentSnifferError: CodedError, Sendable, Hashable {
    /// What kind of problem it is. New codes may be added; switch with a `default`.
    public typealias Code = ErrorCode<ContentSnifferError>

    /// What kind of problem it is.
    public var code: Code
    /// The file involved, when there is one.
    public var file: String?
    /// What went wrong, with libmagic's own message when it gave one.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: what kind of problem it is.
    ///   - file: the file involved.
    ///   - message: what went wrong.
    public init(_ code: Code, file: String? = nil, message: String) {
        self.code = code
        self.file = file
        self.message = message
    }

    /// `FILE: MESSAGE`, or the message alone.
    /// The file, when one was being identified.
    public var location: ErrorLocation { ErrorLocation(file: file) }

    public var description: String { placedMessage }
}

extension ErrorCode where Failure == ContentSnifferError {
    /// libmagic could not open a handle or load its database (`magic_open`, `magic_load`).
    public static let libmagicUnavailable = Self(rawValue: "libmagicUnavailable")
    /// The file could not be read.
    public static let unreadableFile = Self(rawValue: "unreadableFile")
    /// libmagic failed to identify the bytes (`magic_buffer` returned no answer).
    public static let identificationFailed = Self(rawValue: "identificationFailed")
}
