import ContentTypes
import Foundation

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

extension ItemProvider {
    /// Asks the sender to save the item as `file` itself (``directSave``), and reads what it saved.
    ///
    /// A saved file whose content conforms to none of `accepted` is removed again: it was written where it is only
    /// because the receiver asked, and a folder must not keep what its receiver refused.
    /// - Parameters:
    ///   - file: A file that does not exist, where the item is wanted.
    ///   - accepted: The types the receiver takes.
    /// - Returns: The saved file's bytes and the type its content has (the file's name refining it); nil when the
    ///   sender cannot save directly or answered ``DirectSave/Answer/fallBack``: load the bytes and save them then.
    /// - Throws: The sender's error; `TransferError` when the saved file is not a regular file, is larger than
    ///   ``maximumLoadSize`` or holds a type the receiver does not take (`noMatchingRepresentation`);
    ///   `ContentSnifferError` when its content cannot be identified.
    package func saveDirectly(as file: URL, accepting accepted: [UTType]) async throws -> (
        data: Data, contentType: UTType
    )? {
        guard let directSave, try await directSave.save(file) == .saved else { return nil }
        let data = try PayloadDelivery.read(
            file, contentType: .data, limit: maximumLoadSize, reporter: LoadReporter(progress: nil))
        let type = try ContentSniffer.shared.identify(data, filename: file.lastPathComponent).type
        guard accepted.contains(where: { type.conforms(to: $0) }) else {
            // Only the file just read goes: a failure to remove it leaves it, and the error below still says why.
            try? FileManager.default.removeItem(at: file)
            throw TransferError(
                .noMatchingRepresentation,
                "the sender saved \(file.path) holding \(type.identifier); wanted \(TransferError.list(accepted))",
                offeredTypes: [type], wantedTypes: accepted, contentType: type, file: file)
        }
        return (data, type)
    }
}
