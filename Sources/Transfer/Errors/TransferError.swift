import ContentTypes
import Diagnostics
import FileAccess
import Foundation

/// Why a transfer failed: what was offered, what was wanted, and what went wrong.
///
/// Every error that DnDKit's transfer layer throws is a `TransferError`; the errors of exporting and importing closures
/// are wrapped in one (``underlyingError`` keeps the original). The ``message`` is complete on its own, for example:
///
/// ```
/// no representation of Bitmap matches what was offered: offered public.utf8-plain-text; wanted public.png
/// ```
///
/// Compare ``code`` to tell failures apart; new codes may be added in later versions.
public struct TransferError: CodedError, Sendable {
    /// The kind of failure.
    public typealias Code = ErrorCode<TransferError>

    /// The kind of failure.
    public var code: Code
    /// A complete description of the failure, naming the types and files involved.
    public var message: String
    /// The content types that were offered, in the sender's order (empty when not known).
    public var offeredTypes: [UTType]
    /// The content types that the receiver can import, in its order of preference (empty when not known).
    public var wantedTypes: [UTType]
    /// The content type being exported or imported when the failure happened.
    public var contentType: UTType?
    /// The file involved.
    public var file: URL?
    /// The error that an exporting or importing closure, or the system, threw.
    public var underlyingError: (any Error)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - message: a complete description.
    ///   - offeredTypes: the types offered.
    ///   - wantedTypes: the types the receiver wanted.
    ///   - contentType: the content type involved.
    ///   - file: the file involved.
    ///   - underlyingError: the original error.
    public init(
        _ code: Code, _ message: String, offeredTypes: [UTType] = [], wantedTypes: [UTType] = [],
        contentType: UTType? = nil, file: URL? = nil, underlyingError: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.offeredTypes = offeredTypes
        self.wantedTypes = wantedTypes
        self.contentType = contentType
        self.file = file
        self.underlyingError = underlyingError
    }

    /// The message.
    /// The file concerned, if any.
    public var location: ErrorLocation { ErrorLocation(file: file?.path) }

    /// The message, which names the file itself.
    public var description: String { message }
}

extension TransferError {
    /// Nothing offered matches what the receiver imports: `lead`, then both lists of types.
    static func noMatch(_ lead: String, offered: [UTType], wanted: [UTType]) -> TransferError {
        TransferError(
            .noMatchingRepresentation, "\(lead): offered \(list(offered)); wanted \(list(wanted))",
            offeredTypes: offered, wantedTypes: wanted)
    }

    /// No representation of `receiver` imports an offered type.
    static func noMatch(receiver: String, offered: [UTType], wanted: [UTType]) -> TransferError {
        noMatch("no representation of \(receiver) matches what was offered", offered: offered, wanted: wanted)
    }

    /// The load of `contentType` was cancelled.
    static func cancelled(_ contentType: UTType?) -> TransferError {
        let what = contentType.map { "the load of \($0.identifier)" } ?? "the load"
        return TransferError(.cancelled, "\(what) was cancelled", contentType: contentType)
    }

    /// A payload of `size` bytes is over `limit`.
    static func tooLarge(_ contentType: UTType, size: Int, limit: Int) -> TransferError {
        TransferError(
            .tooLarge,
            "the \(contentType.identifier) payload of \(size) bytes exceeds the load limit of \(limit) bytes",
            contentType: contentType)
    }

    /// Wraps what an importing closure threw.
    @usableFromInline
    static func decoding(_ error: any Error, contentType: UTType, receiver: String) -> TransferError {
        if let error = error as? TransferError {
            return error
        }
        if error is CancellationError {
            return .cancelled(contentType)
        }
        return TransferError(
            .decodingFailed, "could not import \(contentType.identifier) as \(receiver): \(describe(error))",
            contentType: contentType, underlyingError: error)
    }

    /// Wraps what an exporting closure threw.
    static func exporting(_ error: any Error, contentType: UTType, sender: String) -> TransferError {
        if let error = error as? TransferError {
            return error
        }
        if error is CancellationError {
            return .cancelled(contentType)
        }
        return TransferError(
            .exportFailed, "could not export \(sender) as \(contentType.identifier): \(describe(error))",
            contentType: contentType, underlyingError: error)
    }

    /// A file system call failed on `file`.
    static func fileSystem(_ what: String, file: URL, errno code: Int32) -> TransferError {
        TransferError(.fileSystem, "\(what) \(file.path): \(String(cString: strerror(code)))", file: file)
    }

    /// A file could not be read or written, as FileAccess and FileWriting tell it:
    /// `cannot write PATH: no space left on the device`.
    static func fileSystem(_ error: FileSystemError) -> TransferError {
        TransferError(
            .fileSystem, "\(error.operation) \(error.path): \(error.code)", file: URL(fileURLWithPath: error.path),
            underlyingError: error)
    }

    /// Identifiers joined for a message: `public.png, public.data`, or `nothing`.
    static func list(_ types: [UTType]) -> String {
        types.isEmpty ? "nothing" : types.map(\.identifier).joined(separator: ", ")
    }

    /// A readable description of any error: its `description` when it has one.
    static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}

extension ErrorCode where Failure == TransferError {
    /// No offered content type conforms to any content type the receiver can import (``TransferError/offeredTypes`` and
    /// ``TransferError/wantedTypes`` list both sides), or the requested type is not offered.
    public static let noMatchingRepresentation = Self(rawValue: "no matching representation")
    /// The receiver's importing closure (or a built-in decoder) rejected the payload of ``TransferError/contentType``.
    public static let decodingFailed = Self(rawValue: "decoding failed")
    /// The sender's exporting closure failed, or its exporting condition no longer holds, for ``TransferError/contentType``.
    public static let exportFailed = Self(rawValue: "export failed")
    /// A file that a representation names does not exist or is not a regular file (``TransferError/file``).
    public static let fileMissing = Self(rawValue: "file missing")
    /// The load was cancelled, through its task or its `Progress`.
    public static let cancelled = Self(rawValue: "cancelled")
    /// The payload is larger than the load's size limit.
    public static let tooLarge = Self(rawValue: "too large")
    /// Reading, writing or staging a file failed (``TransferError/file`` names it).
    public static let fileSystem = Self(rawValue: "file system error")
}
