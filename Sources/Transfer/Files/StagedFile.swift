import FileAccess
import FileWriting
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file in the staging folder, alone in its own subfolder. Removed, with its subfolder, when the last reference
/// goes away.
final class StagedFile: Sendable {
    let url: URL
    let folder: URL

    /// Writes a file named `name` (already sanitised) in a new staging subfolder with `write`, through FileWriting as
    /// every layer writes files: aside under a hidden name (created exclusively, without following a link, mode 0600),
    /// then renamed to `name` once `write` returned, never replacing anything. When `write` throws, the hidden file
    /// and the subfolder are removed and nothing ever had the name.
    ///
    /// A staged file is not synchronised to the disk: it lives only as long as this process, which removes it at exit.
    ///
    /// - Returns: the staged file.
    /// - Throws: what `write` threw, or `TransferError` with code `fileSystem` naming the file.
    static func create(named name: String, write: (FileBeingWritten) throws -> Void) throws -> StagedFile {
        let folder = try StagingArea.makeSubdirectory()
        let url = folder.appendingPathComponent(name, isDirectory: false)
        do {
            let file = try FileBeingWritten(for: url.path, mode: 0o600)
            try write(file)
            try file.place(.nothing)
        } catch {
            rmdir(folder.path)
            throw (error as? FileSystemError).map(TransferError.fileSystem) ?? error
        }
        return StagedFile(url: url, folder: folder)
    }

    private init(url: URL, folder: URL) {
        self.url = url
        self.folder = folder
    }

    deinit {
        unlink(url.path)
        rmdir(folder.path)
    }
}
