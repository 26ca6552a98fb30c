import ContentTypes
import FileWriting
import Foundation
import Locking
import Transfer

/// Files handed to other programs: the staged copies DnDKit writes when another program takes an item as a file
/// (`text/uri-list`).
///
/// No host can tell when a receiver is done with a file (a file manager may copy it when the user confirms, long
/// after the drop), so the hosts (the X11 host, the GTK package) ``keep(_:)`` their copies after the transfer: the
/// most recent ``keptCount`` are kept, older ones are removed when a newer one takes their place, and every copy is
/// removed with DnDKit's staging folder when the process exits. A process that did not exit normally leaves its
/// folder behind; ``removeAbandonedStagingFolders(in:)`` removes those at the next start.
public enum HandedOutFiles {
    /// How many staged copies are kept at most.
    public static let keptCount = 64

    private static let kept = Lock<[ReceivedTransferredFile]>([])

    /// The content type an item is handed out as a file in, when it has no file URL of its own: its first type that
    /// is neither text nor a URL (text goes as text; a file's URL goes as itself).
    /// - Parameter provider: The item.
    /// - Returns: The type to stage, or nil when the item is text or URLs only, or already a file.
    public static func typeToStage(for provider: ItemProvider) -> UTType? {
        let types = provider.registeredContentTypes
        guard !types.contains(.fileURL) else { return nil }
        return types.first { !$0.conforms(to: .text) && !$0.conforms(to: .url) }
    }

    /// The item as a file another program can read: its representation of `type` written to a staged copy (never
    /// the sender's original, which a move's source may remove once the drop is over). The copy exists while the
    /// returned value (or a copy of it) does; ``keep(_:)`` keeps it after the transfer.
    /// - Parameters:
    ///   - provider: The item.
    ///   - type: The type to hand out, from ``typeToStage(for:)``.
    /// - Returns: The staged file.
    /// - Throws: `TransferError` from the load.
    public static func stagedFile(of provider: ItemProvider, as type: UTType) async throws -> ReceivedTransferredFile {
        try await provider.loadFileRepresentation(for: type)
    }

    /// Keeps a staged copy (nothing happens for a file DnDKit does not own).
    /// - Parameter file: The file.
    public static func keep(_ file: ReceivedTransferredFile) {
        guard !file.isOriginalFile else { return }
        kept.withLock { files in
            files.append(file)
            if files.count > keptCount { files.removeFirst(files.count - keptCount) }
        }
    }
}

extension HandedOutFiles {
    /// Removes the staging folders that processes which have ended left behind (killed, or crashed, before they could
    /// remove their own): the folders DnDKit names `dndkit-staging-PID-…` in the temporary directory, whose process
    /// `PID` no longer exists (no `/proc/PID`), that belong to this user and are real folders (not links). A folder
    /// whose process is alive is kept, whoever that process is now.
    /// - Parameter base: Where the staging folders are: the temporary directory (`TMPDIR`) unless given.
    /// - Returns: The folders removed.
    @discardableResult
    public static func removeAbandonedStagingFolders(
        in base: URL = FileManager.default.temporaryDirectory
    ) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base.path) else { return [] }
        var removed: [URL] = []
        for name in names {
            guard let pid = stagingFolderProcess(name), pid != getpid(),
                !FileManager.default.fileExists(atPath: "/proc/\(pid)")
            else { continue }
            let folder = base.appendingPathComponent(name, isDirectory: true)
            var status = stat()
            guard lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid()
            else { continue }
            if TreeRemoval.remove(folderAt: folder.path) { removed.append(folder) }
        }
        return removed
    }

    /// The process id in a staging folder's name (`dndkit-staging-PID-XXXXXX`, as Transfer's staging area names
    /// it), or nil for any other name.
    static func stagingFolderProcess(_ name: String) -> pid_t? {
        let prefix = "dndkit-staging-"
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { return nil }
        return pid
    }
}
