import Diagnostics
import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole files written the way a file tool must: a file that exists is never replaced unless the caller proves it
/// wrote it (or the user asked), and a file being written appears under its name only once it is complete, synced
/// to the disk and, where asked, read back, so an interrupted write leaves the old file whole (or no file) and never
/// half of one. Failures are ``FileSystemError``s naming the file and the cause.
///
/// The work is done by ``FileBeingWritten`` (write aside, sync, read back, place) and ``Renaming`` (`renameat2` with
/// `RENAME_NOREPLACE`, or `RENAME_EXCHANGE` to replace only a file the caller wrote).
package enum OutputFile {
    /// What may happen to a file that already has the name being written.
    package enum Replacing: Sendable, Hashable {
        /// Nothing is replaced: the write fails with `exists` and the file stays as it was.
        case nothing
        /// The file is replaced only while it is still the one the caller wrote (the identity a write returned),
        /// unchanged since; anything else there fails with `exists` and stays as it was.
        case fileWritten(WrittenFile)
        /// Any file is replaced (the user asked for it, as with `--force`); its permissions are kept. A folder never is.
        case anyFile
    }

    /// Reads a whole file, as long as it was when opened (FileAccess's `ReadableFile`, which this forwards to): a named
    /// pipe, a socket or a device is refused at once, without being opened for reading.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - limit: The largest size read; a larger file is an error (`tooLarge`).
    /// - Returns: Its bytes.
    /// - Throws: `FileSystemError`: no such file, is a directory, not a regular file, permission denied, too large.
    package static func readContents(atPath path: String, limit: Int = 1 << 31) throws(FileSystemError) -> Data {
        try ReadableFile(path).readAll(limit: limit)
    }

    /// Whether something is at a path (a file, a folder or a link, even a dangling one).
    ///
    /// - Parameter path: The path.
    /// - Returns: `true` when the name is taken.
    package static func exists(_ path: String) -> Bool {
        WrittenFile(atPath: path) != nil
    }

    /// Writes a whole file: to a new hidden file beside it first, synced to the disk (and read back when asked), then
    /// given its name.
    ///
    /// A new file gets the usual permissions (`0666` less the umask); a file replaced keeps the old one's.
    ///
    /// - Parameters:
    ///   - data: The contents.
    ///   - path: The file to write.
    ///   - existing: What may happen to a file already there.
    ///   - readingBack: Whether to read the file back and compare it before giving it its name.
    /// - Returns: The identity of the file written, for ``Replacing/fileWritten(_:)`` later.
    /// - Throws: `FileSystemError`: already exists, is a directory, permission denied, no space, read back differs,
    ///   …; nothing is left behind but what was there before.
    @discardableResult
    package static func writeContents(
        _ data: Data, toPath path: String, existing: Replacing, readingBack: Bool = false
    ) throws(FileSystemError) -> WrittenFile {
        let operation = "cannot write"
        var status = stat()
        let present = lstat(path, &status) == 0
        if present && (status.st_mode & S_IFMT) == S_IFDIR {
            throw FileSystemError(.isADirectory, path: path, operation: operation)
        }
        if present && existing == .nothing {
            throw FileSystemError(.exists, path: path, operation: operation)
        }
        let file = try FileBeingWritten(for: path, operation: operation)
        try file.write(data)
        if present, (status.st_mode & S_IFMT) == S_IFREG, fchmod(file.descriptor, status.st_mode & 0o7777) != 0 {
            throw FileSystemError(operation, path: path, errno: errno)
        }
        try file.synchronize()
        if readingBack {
            try file.readBack(matches: data)
        }
        return try file.place(existing)
    }

    /// Writes a whole file, replacing an existing one only when `replacing` (the user asked).
    ///
    /// - Parameters:
    ///   - data: The contents.
    ///   - path: The file to write.
    ///   - replacing: Whether an existing file of that name may be replaced (a folder never is).
    /// - Throws: `FileSystemError`, as ``writeContents(_:toPath:existing:readingBack:)``.
    package static func writeContents(_ data: Data, toPath path: String, replacing: Bool) throws(FileSystemError) {
        try writeContents(data, toPath: path, existing: replacing ? .anyFile : .nothing)
    }
}

extension ErrorCode where Failure == FileSystemError {
    /// A file written and read back did not hold what was written; it was not given its name.
    package static let readBackDiffers = Self(rawValue: "it did not read back as written")
}
