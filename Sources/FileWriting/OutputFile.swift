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
        /// The file is replaced only when dnd-sim wrote it: it carries the mark of a file written with `marking`
        /// (``WrittenMark``), unchanged since; anything else there fails with `notWrittenHere` and stays as it was.
        /// This is what `--force` means for a file the user names.
        case marked
        /// Any file is replaced; its permissions are kept. A folder never is. Only for files in a folder that dnd-sim
        /// made itself.
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
    ///   - marking: Whether to mark the file as dnd-sim's (``WrittenMark``), so that ``Replacing/marked`` may
    ///     replace it later.
    /// - Returns: The identity of the file written, for ``Replacing/fileWritten(_:)`` later.
    /// - Throws: `FileSystemError`: already exists, not written by dnd-sim, is a directory, permission denied, no
    ///   space, read back differs, …; nothing is left behind but what was there before.
    @discardableResult
    package static func writeContents(
        _ data: Data, toPath path: String, existing: Replacing, readingBack: Bool = false, marking: Bool = false
    ) throws(FileSystemError) -> WrittenFile {
        let operation = "cannot write"
        var status = stat()
        let present = lstat(path, &status) == 0
        if present && (status.st_mode & S_IFMT) == S_IFDIR {
            throw FileSystemError(.isADirectory, path: path, operation: operation)
        }
        var placing = existing
        if present && existing == .nothing {
            throw FileSystemError(.exists, path: path, operation: operation)
        }
        if present && existing == .marked {
            guard let written = WrittenMark.unchangedFile(atPath: path) else {
                throw FileSystemError(.notWrittenHere, path: path, operation: operation)
            }
            placing = .fileWritten(written)
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
        if marking {
            WrittenMark.mark(file.descriptor)
        }
        return try file.place(placing)
    }

    /// Writes a whole file that the user named, marked as dnd-sim's (``WrittenMark``); a file already there is
    /// replaced only when `replacing` (the user asked, with `--force`) and it is dnd-sim's own output, unchanged since.
    ///
    /// - Parameters:
    ///   - data: The contents.
    ///   - path: The file to write.
    ///   - replacing: Whether dnd-sim's own earlier output of that name may be replaced (a folder never is).
    /// - Throws: `FileSystemError`, as ``writeContents(_:toPath:existing:readingBack:marking:)``: `exists` when a
    ///   file is there and `replacing` is false, `notWrittenHere` when it is true but the file is not dnd-sim's.
    package static func writeContents(_ data: Data, toPath path: String, replacing: Bool) throws(FileSystemError) {
        try writeContents(data, toPath: path, existing: replacing ? .marked : .nothing, marking: true)
    }
}

extension ErrorCode where Failure == FileSystemError {
    /// A file written and read back did not hold what was written; it was not given its name.
    package static let readBackDiffers = Self(rawValue: "it did not read back as written")
    /// A file is there that dnd-sim did not write, or that changed since (``OutputFile/Replacing/marked``).
    package static let notWrittenHere = Self(rawValue: "not written by dnd-sim, or changed since")
}
