/// A problem identifying content: libmagic could not start, a file could not be read, libmagic failed.
///
/// Unrecognised or empty content is not an error: it is identified as `public.data`.
public struct ContentSnifferError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// libmagic could not open a handle or load its database (`magic_open`, `magic_load`).
        public static let libmagicUnavailable = Code("libmagicUnavailable")
        /// The file could not be read.
        public static let unreadableFile = Code("unreadableFile")
        /// libmagic failed to identify the bytes (`magic_buffer` returned no answer).
        public static let identificationFailed = Code("identificationFailed")

        public var description: String { rawValue }
    }

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
    public var description: String {
        [file, message].compactMap { $0 }.joined(separator: ": ")
    }
}
