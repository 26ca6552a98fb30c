import Diagnostics
import FileAccess

/// Why an ``OutputFolder`` was not written: entries in the folder stand where the new outputs would go, or the file
/// system refused.
///
/// A refusal names every entry it would have touched, relative to the folder (`snapshots`, `snapshots/mine.txt`), in
/// ``entries``; nothing in the folder has changed then. Compare ``code``; new codes may be added.
package struct OutputFolderError: CodedError, Sendable, Hashable {
    /// Why the folder was not written.
    package typealias Code = ErrorCode<OutputFolderError>

    /// The cause.
    package var code: Code
    /// The output folder, as it was named.
    package var folder: String
    /// The entries concerned, relative to the folder, sorted; empty for a file system failure.
    package var entries: [String]
    /// The failed file operation, for ``Code/fileSystem``.
    package var underlying: FileSystemError?

    /// Creates a refusal.
    /// - Parameters:
    ///   - code: The cause.
    ///   - folder: The output folder.
    ///   - entries: The entries concerned, relative to the folder.
    package init(_ code: Code, folder: String, entries: [String]) {
        self.code = code
        self.folder = folder
        self.entries = entries.sorted()
        self.underlying = nil
    }

    /// Creates an error for a failed file operation.
    /// - Parameters:
    ///   - underlying: What failed, on which file.
    ///   - folder: The output folder.
    package init(_ underlying: FileSystemError, folder: String) {
        self.code = .fileSystem
        self.folder = folder
        self.entries = []
        self.underlying = underlying
    }

    /// What stands in the way, or what failed: `holds snapshots, inbox already; they are not replaced`.
    package var message: String {
        switch code {
        case .exists:
            return "holds \(Self.list(entries)) already; \(entries.count == 1 ? "it is" : "they are") not replaced"
        case .notWrittenHere:
            return "holds \(Self.list(entries)), not recorded as written there by dnd-sim (or changed since); "
                + "\(entries.count == 1 ? "it is" : "they are") not replaced"
        case .reservedName:
            return "cannot write \(Self.list(entries)): the name is kept for the folder's own record"
        default:
            return underlying?.message ?? code.rawValue
        }
    }

    /// The folder, or for a file system failure the file it concerned.
    package var location: ErrorLocation { ErrorLocation(file: underlying?.path ?? folder) }

    /// `FOLDER: MESSAGE`.
    package var description: String { placedMessage }

    /// Up to ten names, then how many more: `a, b, c`, `a, b, … and 5 more`.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(10).joined(separator: ", ")
        return names.count > 10 ? "\(shown) and \(names.count - 10) more" : shown
    }
}

extension ErrorCode where Failure == OutputFolderError {
    /// Entries the outputs would replace exist, and replacing was not asked for.
    package static let exists = Self(rawValue: "already exists")
    /// Replacing was asked for, but the entries in the way are not recorded as written there by dnd-sim, or changed
    /// since: they may be the user's, so they are not replaced.
    package static let notWrittenHere = Self(rawValue: "not written by dnd-sim")
    /// An output would take the name of the folder's record or of its hidden working folders.
    package static let reservedName = Self(rawValue: "reserved name")
    /// A file operation failed; ``OutputFolderError/underlying`` says which and why.
    package static let fileSystem = Self(rawValue: "file system")
}
