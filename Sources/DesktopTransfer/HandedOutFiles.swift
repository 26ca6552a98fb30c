import ContentTypes
import Foundation
import Locking
import Transfer

/// Files handed to other programs: the staged copies DnDKit writes when another program takes an item as a file
/// (`text/uri-list`).
///
/// A host decides how long a copy lives. The X11 host keeps it while its offer stands and removes it once the other
/// program has finished the drop; the GTK package cannot tell when a receiver is done with a file (a file manager
/// may copy it when the user confirms, long after the drop), so it ``keep(_:)``s its copies after the transfer: the
/// most recent ``keptCount`` are kept, older ones are removed when a newer one takes their place, and every copy is
/// removed with DnDKit's staging folder when the process exits.
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
