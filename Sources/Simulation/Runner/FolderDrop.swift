import FileWriting
import Foundation

/// Saving what another program drops on a folder-backed pane: into the folder under the item's name (numbered when
/// the name is taken), written aside, read back and compared, and given its name only when complete (`OutputFile`),
/// never over an existing file.
enum FolderDrop {
    /// Saves `data` in `folder` as `name`, or `name 2`, `name 3`… (before the extension) when taken.
    /// - Returns: The path written.
    /// - Throws: `FileSystemError` when the folder cannot take it, or when the file did not read back as written
    ///   (`readBackDiffers`; it was not given its name).
    static func save(_ data: Data, as name: String, in folder: URL) throws -> String {
        let base = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        for number in 1...1000 {
            let candidate = number == 1 ? name : "\(base) \(number)" + (suffix.isEmpty ? "" : ".\(suffix)")
            let path = folder.appendingPathComponent(candidate).path
            guard !OutputFile.exists(path) else { continue }
            // Never over a file: one that appears meanwhile makes this fail rather than be replaced.
            try OutputFile.writeContents(data, toPath: path, existing: .nothing, readingBack: true)
            return path
        }
        throw SimulationError(.unreadableFile, "\(folder.path) has no free name for \(name)")
    }
}
