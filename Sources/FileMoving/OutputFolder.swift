import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of outputs written as a whole: everything goes into a hidden folder beside it, which takes the folder's
/// name only once the work is complete. Nothing that was in the folder is overwritten piecemeal or left stale beside
/// the new files, and an interrupted run leaves the old folder as it was.
///
/// An existing folder that holds anything is refused unless `replacing`; then it is replaced as a whole when the new
/// one is committed (moved aside, the new one renamed into place, the old one removed). An empty folder is simply
/// taken. The corresponding C functions are `mkdir` and `rename`.
public final class OutputFolder {
    /// The folder the outputs are for.
    public let path: String
    /// Where to write them until ``commit()``.
    public let staging: URL
    private let replacing: Bool
    private var done = false

    /// Checks the folder and makes the hidden one beside it (and the folders above it, if missing).
    ///
    /// - Parameters:
    ///   - path: The output folder.
    ///   - replacing: Whether a folder that holds something may be replaced.
    /// - Throws: `FileSystemError`: `exists` for a folder that holds something, `notADirectory` for a file there,
    ///   or why the hidden folder cannot be made.
    public init(_ path: String, replacing: Bool) throws(FileSystemError) {
        let operation = "cannot write the output folder"
        let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        var status = stat()
        if lstat(url.path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw FileSystemError(.notADirectory, path: path, operation: operation)
            }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            if !contents.isEmpty && !replacing {
                throw FileSystemError(.exists, path: path, operation: operation)
            }
        }
        let parent = url.deletingLastPathComponent()
        try Self.makeFolders(parent.path, operation: operation)
        // A new folder with a random name; mkdir applies the umask, as for any folder the user makes.
        var generator = SystemRandomNumberGenerator()
        var made: String?
        for _ in 0..<100 where made == nil {
            let candidate =
                "\(parent.path)/.\(url.lastPathComponent).partial-\(String(generator.next() & 0xFF_FFFF_FFFF, radix: 36))"
            if mkdir(candidate, 0o777) == 0 {
                made = candidate
            } else if errno != EEXIST {
                throw FileSystemError(operation, path: path, errno: errno)
            }
        }
        guard let made else {
            throw FileSystemError(operation, path: path, errno: EEXIST)
        }
        self.path = url.path
        self.staging = URL(fileURLWithPath: made, isDirectory: true)
        self.replacing = replacing
    }

    deinit {
        if !done { discard() }
    }

    /// Gives the finished outputs the folder's name, replacing what was there if that was allowed.
    ///
    /// - Throws: `FileSystemError` when the folder cannot be put in place; the old folder is then as it was.
    public func commit() throws(FileSystemError) {
        let operation = "cannot write the output folder"
        if rename(staging.path, path) == 0 {
            done = true
            return
        }
        let code = errno
        guard code == EEXIST || code == ENOTEMPTY else {
            throw FileSystemError(operation, path: path, errno: code)
        }
        guard replacing else {
            throw FileSystemError(.exists, path: path, operation: operation)
        }
        let aside = staging.path.replacingOccurrences(of: ".partial-", with: ".old-")
        guard rename(path, aside) == 0 else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
        guard rename(staging.path, path) == 0 else {
            let failure = FileSystemError(operation, path: path, errno: errno)
            _ = rename(aside, path)
            throw failure
        }
        done = true
        try? FileManager.default.removeItem(atPath: aside)
    }

    /// Makes a folder and any missing folders above it, as `mkdir -p` does; the corresponding C function is `mkdir`.
    private static func makeFolders(_ path: String, operation: String) throws(FileSystemError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw FileSystemError(.notADirectory, path: path, operation: operation)
            }
            return
        }
        let above = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if above != path {
            try makeFolders(above, operation: operation)
        }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
    }

    /// Removes the unfinished outputs; the folder stays as it was.
    public func discard() {
        done = true
        try? FileManager.default.removeItem(at: staging)
    }

}
