import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written aside: a new hidden file in the folder of the file it is to become, created exclusively, that gets
/// its name only once it is complete (``place(_:)``), and is removed if it never does.
///
/// Write it with ``write(_:)`` (or through ``descriptor``, as the mover's `sendfile` does), flush it with
/// ``synchronize()``, compare it with what was meant with ``readBack(matches:)``, then ``place(_:)`` it. Errors name
/// the file by the name it is to have (``path``): the hidden name is this process's own business. Until placed, the
/// file is closed and removed when the value goes away, so that a failure leaves nothing behind and gives a full disk
/// its space back. The corresponding C functions are `open`, `write`, `fsync`, `close` and `unlink`.
package final class FileBeingWritten {
    /// The name the file is to have.
    package let path: String
    /// Where it is written until it is placed: `.NAME.RANDOM.partial` beside ``path`` (NAME shortened if need be).
    package let temporaryPath: String
    /// The open descriptor, for writing; -1 once ``close()`` ran.
    package private(set) var descriptor: Int32
    /// What failures say was being done: "cannot write".
    package let operation: String
    private var placed = false

    /// Creates the hidden file beside `path`, exclusively and without following a link.
    /// - Parameters:
    ///   - path: The name the file is to have.
    ///   - mode: Its permissions (less the umask): `0o666` as for any new file, or a copied file's.
    ///   - operation: What failures say was being done.
    /// - Throws: `FileSystemError` naming `path`: no such file (the folder), permission denied, read-only, …
    package init(for path: String, mode: mode_t = 0o666, operation: String = "cannot write") throws(FileSystemError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(generator.next() & 0xFF_FFFF_FFFF, radix: 36)
            let candidate = "\(folder)/\(Self.hiddenName(for: url.lastPathComponent, suffix: suffix))"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if descriptor >= 0 {
                self.path = path
                self.temporaryPath = candidate
                self.descriptor = descriptor
                self.operation = operation
                return
            }
            if errno != EEXIST {
                throw FileSystemError(operation, path: path, errno: errno)
            }
        }
        throw FileSystemError(operation, path: path, errno: EEXIST)
    }

    /// `.NAME.SUFFIX.partial`, with NAME shortened (by whole characters) so that the hidden name stays within the 255
    /// bytes a file name may have, however long the final name is.
    private static func hiddenName(for name: String, suffix: String) -> String {
        let budget = Int(NAME_MAX) - ".".utf8.count - ".\(suffix).partial".utf8.count
        var kept = Substring(name)
        while kept.utf8.count > budget {
            kept = kept.dropLast()
        }
        return ".\(kept).\(suffix).partial"
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        if !placed { unlink(temporaryPath) }
    }

    /// Appends bytes; the corresponding C function is `write`.
    /// - Parameter bytes: The bytes.
    /// - Throws: `FileSystemError`: no space left on the device, …
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        guard let base = bytes.baseAddress else { return }
        var total = 0
        while total < bytes.count {
            let count = systemWrite(descriptor, base + total, bytes.count - total)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation, path: path, errno: errno)
            }
            total += count
        }
    }

    /// Appends bytes.
    /// - Parameter data: The bytes.
    /// - Throws: `FileSystemError`: no space left on the device, …
    package func write(_ data: Data) throws(FileSystemError) {
        let result = data.withUnsafeBytes { bytes in Result { () throws(FileSystemError) in try write(bytes) } }
        try result.get()
    }

    /// Flushes the file to the disk, so that once placed its name never stands for less than all of it; the
    /// corresponding C function is `fsync`.
    /// - Throws: `FileSystemError`: no space left on the device, an input/output error, …
    package func synchronize() throws(FileSystemError) {
        guard fsync(descriptor) == 0 else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
    }

    /// Closes the descriptor (a close can report a late write error, so it is checked); placing closes it anyway.
    /// - Throws: `FileSystemError`: no space left on the device, an input/output error, …
    package func close() throws(FileSystemError) {
        guard descriptor >= 0 else { return }
        let result = systemClose(descriptor)
        descriptor = -1
        guard result == 0 else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
    }

    /// Reads the file back from the disk, as a reader will, and compares it with what was meant to be written.
    /// - Parameter data: What the file should hold.
    /// - Throws: `FileSystemError` with ``FileSystemError/Code/readBackDiffers`` when it holds something else, or
    ///   the failure of the read.
    package func readBack(matches data: Data) throws(FileSystemError) {
        let read: Data
        do {
            read = try ReadableFile(temporaryPath).readAll(limit: data.count)
        } catch {
            throw FileSystemError(error.code, path: path, operation: operation)
        }
        guard read == data else {
            throw FileSystemError(.readBackDiffers, path: path, operation: operation)
        }
    }

    /// Gives the finished file its name, closing it first, and tells what was written.
    /// - Parameter existing: What may happen to a file that has the name already.
    /// - Returns: The identity of the file written, the proof ``OutputFile/Replacing/fileWritten(_:)`` asks for to
    ///   replace it later.
    /// - Throws: `FileSystemError`: `exists` when a file has the name and may not be replaced (it is left as it
    ///   was), or the failure of the rename; the hidden file is removed then.
    @discardableResult
    package func place(_ existing: OutputFile.Replacing) throws(FileSystemError) -> WrittenFile {
        let written = try finish()
        let code: Int32 =
            switch existing {
            // A marked file that is to be replaced comes as `fileWritten`; without one, nothing is in the way.
            case .nothing, .marked: Renaming.withoutReplacing(temporaryPath, path)
            case .fileWritten(let expected): Renaming.replacing(temporaryPath, path, ifStill: expected)
            case .anyFile: rename(temporaryPath, path) == 0 ? 0 : errno
            }
        guard code == 0 else {
            throw FileSystemError(operation, path: path, errno: code)
        }
        placed = true
        return written
    }

    /// Gives the finished file the first free name of ``path``'s folder among its own name, `NAME 2.EXT`,
    /// `NAME 3.EXT`, … (``FreeName``), closing it first. Nothing is ever replaced: each name is tried with
    /// `renameat2(RENAME_NOREPLACE)` (or `link`), and the next one only when that one is taken.
    /// - Parameter attempts: How many names are tried before giving up.
    /// - Returns: The path the file got, and the identity of the file written.
    /// - Throws: `FileSystemError`: `exists`, naming ``path``, when all of `attempts` names are taken; the failure of
    ///   the rename (`ENAMETOOLONG` for a name too long already, permission denied, …) naming the name tried. The
    ///   hidden file is removed then.
    @discardableResult
    package func placeUnderFreeName(
        attempts: Int = 10_000
    ) throws(FileSystemError) -> (path: String, file: WrittenFile) {
        let written = try finish()
        let url = URL(fileURLWithPath: path)
        let result = Renaming.withoutReplacing(
            temporaryPath, inFolder: url.deletingLastPathComponent().path, freeNameFor: url.lastPathComponent,
            attempts: attempts)
        guard result.errno == 0 else {
            throw FileSystemError(operation, path: result.errno == EEXIST ? path : result.path, errno: result.errno)
        }
        placed = true
        return (result.path, written)
    }

    /// Closes the file before it gets its name, and tells what was written.
    private func finish() throws(FileSystemError) -> WrittenFile {
        try close()
        var status = stat()
        guard lstat(temporaryPath, &status) == 0 else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
        return WrittenFile(status)
    }
}

/// The C library's `close` and `write`, which the methods of the same names would hide.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
