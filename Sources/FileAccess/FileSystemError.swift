import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that could not be read or written: which file, what was being done, and why in plain words.
///
/// The cause is a ``Code`` mapped from the C library's `errno` in one place (``init(_:path:errno:)``), never
/// Foundation's error text: "no such file", "is a directory", "permission denied". Compare ``code``; new codes may
/// be added.
package struct FileSystemError: CodedError, Sendable, Hashable {
    /// Why a file operation failed.
    package typealias Code = ErrorCode<FileSystemError>

    /// The cause.
    package var code: Code
    /// The file.
    package var path: String
    /// What was being done: "cannot read", "cannot write".
    package var operation: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The cause.
    ///   - path: The file.
    ///   - operation: What was being done.
    package init(_ code: Code, path: String, operation: String) {
        self.code = code
        self.path = path
        self.operation = operation
    }

    /// Creates an error from a failed system call's `errno`.
    /// - Parameters:
    ///   - operation: What was being done.
    ///   - path: The file.
    ///   - errno: The C library's error number.
    package init(_ operation: String, path: String, errno: Int32) {
        let code: Code =
            switch errno {
            case ENOENT: .noSuchFile
            case EISDIR: .isADirectory
            case ENOTDIR: .notADirectory
            case EACCES, EPERM: .permissionDenied
            case EEXIST: .exists
            case ENOSPC, EDQUOT: .noSpace
            case EROFS: .readOnly
            case EFBIG, EOVERFLOW: .tooLarge
            default: .other(errno)
            }
        self.init(code, path: path, operation: operation)
    }

    /// `PATH: cannot write: already exists`.
    /// What failed and why: `rename: already exists`.
    package var message: String { "\(operation): \(code)" }

    /// The path.
    package var location: ErrorLocation { ErrorLocation(file: path) }

    /// `PATH: OPERATION: CODE`.
    package var description: String { placedMessage }
}

extension ErrorCode where Failure == FileSystemError {
    /// Nothing is at the path, or a folder on the way is missing (`ENOENT`).
    package static let noSuchFile = Self(rawValue: "no such file")
    /// A file was expected and a folder is there (`EISDIR`).
    package static let isADirectory = Self(rawValue: "is a directory")
    /// Something on the way is not a folder (`ENOTDIR`).
    package static let notADirectory = Self(rawValue: "not a directory")
    /// The file's or a folder's permissions forbid it (`EACCES`, `EPERM`).
    package static let permissionDenied = Self(rawValue: "permission denied")
    /// The output exists, and replacing it was not asked for (`EEXIST`).
    package static let exists = Self(rawValue: "already exists")
    /// The file system is full (`ENOSPC`, `EDQUOT`).
    package static let noSpace = Self(rawValue: "no space left on the device")
    /// The file system is mounted read-only (`EROFS`).
    package static let readOnly = Self(rawValue: "read-only file system")
    /// The file is larger than can be handled.
    package static let tooLarge = Self(rawValue: "file too large")
    /// Something that is not a regular file is where a file to read was expected: a named pipe, a socket, a device.
    /// It is refused without being opened for reading, since reading a pipe or a device may never end.
    /// - Parameter kind: What is there.
    /// - Returns: The code, `not a regular file (a named pipe)`.
    package static func notARegularFile(_ kind: FileKind) -> Self {
        Self(rawValue: "not a regular file (\(kind))")
    }
    /// The file was replaced by another between the check of what it is and its opening.
    package static let replacedWhileOpening = Self(rawValue: "it was replaced by another file while it was opened")
    /// Another cause: the C library's error number, kept in ``ErrorCode/errorNumber`` and compared by it, shown in the
    /// library's words and the number (`Input/output error (errno 5)`).
    /// - Parameter errno: The number.
    /// - Returns: The code.
    package static func other(_ errno: Int32) -> Self {
        Self(errorNumber: errno, words: String(cString: strerror(errno)))
    }
}
