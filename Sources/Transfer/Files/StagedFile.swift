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

    /// Creates a file named `name` (already sanitised) in a new staging subfolder and fills it with `write`.
    ///
    /// The file is created exclusively (`O_CREAT | O_EXCL`) and without following links (`O_NOFOLLOW`), mode 0600.
    /// When `write` throws, the file is removed.
    ///
    /// - Returns: the staged file.
    static func create(named name: String, write: (borrowing FileDescriptor) throws -> Void) throws -> StagedFile {
        let folder = try StagingArea.makeSubdirectory()
        let staged = StagedFile(url: folder.appendingPathComponent(name, isDirectory: false), folder: folder)
        let descriptor = try FileDescriptor.createExclusively(at: staged.url)
        try write(descriptor)
        return staged
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
