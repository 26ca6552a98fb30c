import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole files read and written the way a file tool must: a file that exists is never replaced unless that was
/// asked for, and a file being written appears under its name only once it is complete, so an interrupted write
/// leaves the old file whole (or no file) and never half of one. Failures are ``FileSystemError``s naming the file
/// and the cause.
///
/// The corresponding C functions are `open`, `fstat`, `write`, `fsync`, `fchmod`, `link`, `rename` and
/// `unlink`.
public enum OutputFile {
    /// Reads a whole file, as long as it was when opened (see `ReadableFile`): a named pipe, a socket or a device is
    /// refused at once, without being opened for reading.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - limit: The largest size read; a larger file is an error (`tooLarge`).
    /// - Returns: Its bytes.
    /// - Throws: `FileSystemError`: no such file, is a directory, not a regular file, permission denied, too large.
    public static func readContents(atPath path: String, limit: Int = 1 << 31) throws(FileSystemError) -> Data {
        try ReadableFile(path).readAll(limit: limit)
    }

    /// Whether something is at a path (a file, a folder or a link, even a dangling one).
    ///
    /// - Parameter path: The path.
    /// - Returns: `true` when the name is taken.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Writes a whole file: to a new hidden file beside it first, synced to the disk, then given its name.
    ///
    /// Without `replacing`, the name is given with `link`, which fails rather than replace a file that appeared in
    /// the meantime; with it, with `rename`, which replaces the old file in one step, and the new file keeps the old
    /// one's permissions. A new file gets the usual permissions (`0666` less the umask).
    ///
    /// - Parameters:
    ///   - data: The contents.
    ///   - path: The file to write.
    ///   - replacing: Whether an existing file of that name may be replaced (a folder never is).
    /// - Throws: `FileSystemError`: already exists, is a directory, permission denied, no space, …; nothing is left
    ///   behind but what was there before.
    public static func writeContents(_ data: Data, toPath path: String, replacing: Bool) throws(FileSystemError) {
        let operation = "cannot write"
        var existing = stat()
        let exists = lstat(path, &existing) == 0
        if exists && (existing.st_mode & S_IFMT) == S_IFDIR {
            throw FileSystemError(.isADirectory, path: path, operation: operation)
        }
        if exists && !replacing {
            throw FileSystemError(.exists, path: path, operation: operation)
        }
        let (temporary, descriptor) = try createSibling(of: path, operation: operation)
        var placed = false
        defer {
            if !placed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: path, operation: operation)
            if exists, (existing.st_mode & S_IFMT) == S_IFREG, fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
                throw FileSystemError(operation, path: path, errno: errno)
            }
            guard fsync(descriptor) == 0 else {
                throw FileSystemError(operation, path: path, errno: errno)
            }
        }
        if replacing {
            guard rename(temporary, path) == 0 else {
                throw FileSystemError(operation, path: path, errno: errno)
            }
            placed = true
            return
        }
        if link(temporary, path) == 0 {
            unlink(temporary)
            placed = true
            return
        }
        let linkError = errno
        guard linkError == EPERM || linkError == EOPNOTSUPP || linkError == EXDEV else {
            throw FileSystemError(operation, path: path, errno: linkError)
        }
        // A file system without hard links: reserve the name with an exclusive create, then rename over it.
        let reservation = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard reservation >= 0 else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
        close(reservation)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(path)
            throw FileSystemError(operation, path: path, errno: code)
        }
        placed = true
    }

    /// A new, exclusively created file in the same folder as `path`, named after it and hidden.
    private static func createSibling(of path: String, operation: String) throws(FileSystemError) -> (String, Int32) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(generator.next() & 0xFF_FFFF_FFFF, radix: 36)
            let candidate = "\(folder)/.\(url.lastPathComponent).\(suffix).partial"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if descriptor >= 0 {
                return (candidate, descriptor)
            }
            if errno != EEXIST {
                throw FileSystemError(operation, path: path, errno: errno)
            }
        }
        throw FileSystemError(operation, path: path, errno: EEXIST)
    }

    private static func writeAll(
        _ data: Data, to descriptor: Int32, path: String, operation: String
    ) throws(FileSystemError) {
        let failure: Int32? = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        if let failure {
            throw FileSystemError(operation, path: path, errno: failure)
        }
    }
}
