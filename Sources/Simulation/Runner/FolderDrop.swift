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
    /// - Returns: The name, without a path separator, never `.` or `..`, at most 255 bytes long (`FreeName.fitted`).
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
        // A suggestion longer than a file name may be is shortened before its extension, not refused.
        return FreeName.fitted((base as NSString).appendingPathExtension(for: namingType(of: type)))
    }

    /// The type whose extension a file of `type` gets: itself when it has one, else its most specific supertype that
    /// has one (UTF-8 text, which has no extension of its own, is named as plain text: `.txt`).
    private static func namingType(of type: UTType) -> UTType {
        guard type.preferredFilenameExtension == nil else { return type }
        let named = type.supertypes.filter { $0.preferredFilenameExtension != nil }
        return named.max { ($0.supertypes.count, $1.identifier) < ($1.supertypes.count, $0.identifier) } ?? type
    }

    /// Saves `data` in `folder` as `name`, or `name 2`, `name 3`… (before the extension) when taken: written aside,
    /// synced and read back, then given the first free name without replacing anything (`FileBeingWritten`'s
    /// `placeUnderFreeName`), so a file that appears under a name meanwhile is skipped, never overwritten.
    /// - Returns: The path written.
    /// - Throws: `FileSystemError` when the folder cannot take it, when the file did not read back as written
    ///   (`readBackDiffers`; it was not given a name), or `exists` when every name is taken.
    static func save(_ data: Data, as name: String, in folder: URL) throws -> String {
        let file = try FileBeingWritten(for: folder.appendingPathComponent(name).path)
        try file.write(data)
        try file.synchronize()
        try file.readBack(matches: data)
        return try file.placeUnderFreeName(attempts: attempts).path
    }

    /// Gives a file another program saved itself (Direct Save) its place in `folder`, the folder its private folder is
    /// in: as `name`, or `name 2`, `name 3`… (before the extension) when taken — each tried with a rename that never
    /// replaces (`Renaming`), so a file that appears meanwhile under a name is left alone and the next name is tried.
    /// - Returns: The path the file now has.
    /// - Throws: `FileSystemError` when the rename fails, `exists` when every name is taken.
    static func place(_ saved: DirectlySavedFile, as name: String, in folder: URL) throws -> String {
        let placed = Renaming.withoutReplacing(
            saved.file.path, inFolder: folder.path, freeNameFor: name, attempts: attempts)
        guard placed.errno == 0 else {
            throw FileSystemError("cannot save the dropped file as", path: placed.path, errno: placed.errno)
        }
        return placed.path
    }

    /// How many names are tried: `name`, then `name 2` to `name 1000`.
    private static let attempts = 1000
}
