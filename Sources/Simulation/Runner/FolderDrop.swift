import ContentTypes
import FileAccess
import FileWriting
import Foundation
import Transfer

/// Saving what another program drops on a folder-backed pane: into the folder under the item's name (numbered when
/// the name is taken), written aside, read back and compared, and given its name only when complete (`OutputFile`),
/// never over an existing file.
enum FolderDrop {
    /// The name a dropped item gets: the sender's suggested name (a file's name from a `text/uri-list`, the name a
    /// source offers) when it has one that is a plain file name, else `item`; with the extension of the item's type
    /// when the name has none of that type's (`item.png`, `item.txt`, `notes` → `notes.txt`), so that a folder
    /// holding it can be read again by name as well as by content.
    /// - Parameters:
    ///   - suggested: The sender's suggested name, if any.
    ///   - type: The type the item arrived as.
    /// - Returns: The name, without a path separator, never `.` or `..`.
    static func name(suggested: String?, type: UTType) -> String {
        // Only the last component of what a sender suggests, without control characters: never a path.
        let cleaned = suggested.map { name in
            String(
                String.UnicodeScalarView(
                    (name as NSString).lastPathComponent.unicodeScalars.filter { $0.value >= 0x20 && $0 != "/" })
            )
            .trimmingCharacters(in: .whitespaces)
        }
        let base = cleaned.flatMap { ["", ".", ".."].contains($0) ? nil : $0 } ?? "item"
        return (base as NSString).appendingPathExtension(for: namingType(of: type))
    }

    /// The type whose extension a file of `type` gets: itself when it has one, else its most specific supertype that
    /// has one (UTF-8 text, which has no extension of its own, is named as plain text: `.txt`).
    private static func namingType(of type: UTType) -> UTType {
        guard type.preferredFilenameExtension == nil else { return type }
        let named = type.supertypes.filter { $0.preferredFilenameExtension != nil }
        return named.max { ($0.supertypes.count, $1.identifier) < ($1.supertypes.count, $0.identifier) } ?? type
    }

    /// Saves `data` in `folder` as `name`, or `name 2`, `name 3`… (before the extension) when taken.
    /// - Returns: The path written.
    /// - Throws: `FileSystemError` when the folder cannot take it, or when the file did not read back as written
    ///   (`readBackDiffers`; it was not given its name); `SimulationError` when every name is taken.
    static func save(_ data: Data, as name: String, in folder: URL) throws -> String {
        let path = try freePath(for: name, in: folder)
        // Never over a file: one that appears meanwhile makes this fail rather than be replaced.
        try OutputFile.writeContents(data, toPath: path, existing: .nothing, readingBack: true)
        return path
    }

    /// Gives a file another program saved itself (Direct Save) its place in `folder`, the folder its private folder is
    /// in: as `name`, or `name 2`, `name 3`… (before the extension) when taken — each tried with a rename that never
    /// replaces, so a file that appears meanwhile under a name is left alone and the next name is tried.
    /// - Returns: The path the file now has.
    /// - Throws: `FileSystemError` when the rename fails otherwise; `SimulationError` when every name is taken.
    static func place(_ saved: DirectlySavedFile, as name: String, in folder: URL) throws -> String {
        for path in candidatePaths(for: name, in: folder) {
            let code = saved.place(at: path)
            guard code == EEXIST else {
                guard code == 0 else {
                    throw FileSystemError("cannot save the dropped file as", path: path, errno: code)
                }
                return path
            }
        }
        throw SimulationError(.unreadableFile, "\(folder.path) has no free name for \(name)")
    }

    /// The path in `folder` that `save(_:as:in:)` would write `name` to: `name`, or `name 2`, `name 3`… (before the
    /// extension), the first that no file has.
    /// - Throws: `SimulationError` when every name is taken.
    static func freePath(for name: String, in folder: URL) throws -> String {
        guard let path = candidatePaths(for: name, in: folder).first(where: { !OutputFile.exists($0) }) else {
            throw SimulationError(.unreadableFile, "\(folder.path) has no free name for \(name)")
        }
        return path
    }

    /// The paths a file named `name` may have in `folder`, in the order they are tried: `name`, `name 2`, `name 3`…
    /// up to `name 1000` (numbered before the extension).
    private static func candidatePaths(for name: String, in folder: URL) -> some Sequence<String> {
        let base = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        return (1...1000).lazy.map { number in
            let candidate = number == 1 ? name : "\(base) \(number)" + (suffix.isEmpty ? "" : ".\(suffix)")
            return folder.appendingPathComponent(candidate).path
        }
    }
}
