import ContentTypes
import FileWriting
import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sender that saves its item as a file itself, where the receiver asks: X11's Direct Save protocol (XDS), in
/// which a file manager tells the program dragging a document which file to write, and the program writes it.
///
/// A receiver that keeps what is dropped in a folder asks the sender first, with a file that does not exist yet;
/// on ``Answer/fallBack`` it loads the bytes as usual and saves them itself; an error thrown is the sender's
/// refusal, and the drop fails with it.
package struct DirectSave: Sendable {
    /// What the sender answered.
    package enum Answer: Sendable, Equatable {
        /// The sender saved the item as the file asked for.
        case saved
        /// The sender did not save it and asks the receiver to load the bytes and save them itself.
        case fallBack
    }

    /// Asks the sender to save the item as a file (which does not exist when asked); throws the sender's error.
    package let save: @Sendable (URL) async throws -> Answer

    /// Creates a direct save.
    /// - Parameter save: Asks the sender to save the item as a file; throws the sender's error.
    package init(save: @escaping @Sendable (URL) async throws -> Answer) {
        self.save = save
    }
}

/// A file a sender saved itself (``DirectSave``), kept in a private folder of its own until the receiver gives it its
/// place (with `Renaming.withoutReplacing`).
///
/// The private folder is made with `mkdtemp` (mode 0700, `.dnd-sim-save-` and six random characters) inside the
/// folder where the file is wanted, so that giving it its place is a rename on one file system. The sender is asked to
/// save into the private folder only: a file that appears meanwhile under the name the receiver wants is never
/// written over, and nothing outside the private folder is ever removed. The private folder goes, with whatever is
/// still in it, when the save fails, is refused or cancelled (``removeFolder()``), and when this is released: a sender
/// that writes after that finds no folder to write in.
package final class DirectlySavedFile: Sendable {
    /// The file the sender is asked to save, inside the private folder (it does not exist when asked).
    package let file: URL
    /// The private folder.
    let folder: String
    /// Whether the private folder was removed.
    private let removed = Lock(false)

    /// The start of a private folder's name.
    static let folderPrefix = ".dnd-sim-save-"

    /// Makes a private folder in `folder` for a file named `name`.
    /// - Throws: `TransferError` (`fileSystem`) when the folder cannot be made; `noMatchingRepresentation` when `name`
    ///   is not a plain file name.
    init(in folder: URL, named name: String) throws {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw TransferError(
                .noMatchingRepresentation, "\"\(name)\" is not a file name to save a dropped item as, in \(folder.path)"
            )
        }
        self.folder = try StagingArea.makeTemporaryDirectory(in: folder.path, prefix: Self.folderPrefix)
        file = URL(fileURLWithPath: self.folder).appendingPathComponent(name)
    }

    deinit {
        removeFolder()
    }

    /// Removes the private folder and whatever is in it (a file the sender wrote, anything it left beside it); does
    /// nothing the second time. Symbolic links in it are removed, never followed, even when the sender swaps a
    /// folder for one during the removal (`TreeRemoval`).
    func removeFolder() {
        let first = removed.withLock { removed in
            defer { removed = true }
            return !removed
        }
        guard first else { return }
        // A sender writing while the folder goes can make it non-empty again between the listing and its removal.
        for _ in 0..<3 {
            if TreeRemoval.remove(folderAt: folder) { return }
        }
    }
}

extension ItemProvider {
    /// Asks the sender to save the item itself (``directSave``) as a file named `name` in a private folder made in
    /// `folder` (``DirectlySavedFile``), and reads what it saved.
    ///
    /// Nothing is ever written or removed outside the private folder: a saved file whose content conforms to none of
    /// `accepted`, a save that fails, is answered ``DirectSave/Answer/fallBack`` or is cancelled (the private folder
    /// goes at once then, while the sender may still be writing) leave nothing behind.
    /// - Parameters:
    ///   - folder: The folder where the item is wanted.
    ///   - name: The name the saved file has in the private folder.
    ///   - accepted: The types the receiver takes.
    /// - Returns: The saved file's bytes, the type its content has (its name refining it) and the file, which the
    ///   receiver gives its place (`Renaming.withoutReplacing`); nil when the sender cannot save directly or
    ///   answered ``DirectSave/Answer/fallBack``: load the bytes and save them then.
    /// - Throws: The sender's error; `CancellationError` when the load was cancelled; `TransferError` when the private
    ///   folder cannot be made, the saved file is not a regular file, is larger than ``maximumLoadSize`` or holds a
    ///   type the receiver does not take (`noMatchingRepresentation`); `ContentSnifferError` when its content cannot
    ///   be identified.
    package func saveDirectly(into folder: URL, as name: String, accepting accepted: [UTType]) async throws -> (
        data: Data, contentType: UTType, saved: DirectlySavedFile
    )? {
        guard let directSave else { return nil }
        // A drop cancelled already asks the sender nothing.
        try Task.checkCancellation()
        let saved = try DirectlySavedFile(in: folder, named: name)
        // Whatever ends the save early takes the private folder with it, at once: a cancelled drop leaves nothing,
        // and a sender that writes later finds no folder.
        let answer: DirectSave.Answer
        do {
            answer = try await withTaskCancellationHandler {
                try await directSave.save(saved.file)
            } onCancel: {
                saved.removeFolder()
            }
            try Task.checkCancellation()
        } catch {
            saved.removeFolder()
            throw error
        }
        guard answer == .saved else {
            saved.removeFolder()
            return nil
        }
        do {
            let file = saved.file
            var status = stat()
            guard lstat(file.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                throw TransferError(
                    .fileMissing, "the sender said it saved \(file.path), but no regular file is there", file: file)
            }
            let data = try PayloadDelivery.read(
                file, contentType: .data, limit: maximumLoadSize, reporter: LoadReporter(progress: nil))
            let type = try ContentSniffer.shared.identify(data, filename: file.lastPathComponent).type
            guard accepted.contains(where: { type.conforms(to: $0) }) else {
                throw TransferError(
                    .noMatchingRepresentation,
                    "the sender saved \(file.path) holding \(type.identifier); wanted "
                        + TransferError.list(accepted),
                    offeredTypes: [type], wantedTypes: accepted, contentType: type, file: file)
            }
            return (data, type, saved)
        } catch {
            // Only the private folder goes: nothing in the receiver's folder was touched.
            saved.removeFolder()
            throw error
        }
    }
}
