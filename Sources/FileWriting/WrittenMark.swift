import Foundation

#if canImport(Glibc)
    import CFileSystem
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mark a file that dnd-sim wrote carries, so that `--force` can tell its own output from the user's files: the
/// extended attribute `user.dnd-sim.written`, holding the file's identity (``WrittenFile``: device, inode, size and
/// modification time) as it was written.
///
/// A file counts as dnd-sim's while its mark matches what it is now. A file from anywhere else has no mark; an edit
/// changes its size or time, a copy (even one that keeps attributes and times) has another inode, and a file saved
/// over it by an editor is another file: none of them matches, so none is replaced. On a file system that keeps no
/// extended attributes for users, files are written unmarked, and `--force` replaces none of them. The
/// corresponding C functions are `fstat`, `fsetxattr`, `lstat` and `lgetxattr`.
package enum WrittenMark {
    /// The extended attribute's name.
    package static let attribute = "user.dnd-sim.written"

    /// Marks an open file with its identity now: call it once the file is written and synced (renaming it later keeps
    /// the identity, and the mark with it).
    /// - Parameter descriptor: The file, open for writing.
    /// - Returns: False when the mark could not be set (a file system without user attributes).
    @discardableResult
    package static func mark(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let value = try? JSONEncoder().encode(WrittenFile(status)) else {
            return false
        }
        return value.withUnsafeBytes { fsetxattr(descriptor, attribute, $0.baseAddress, $0.count, 0) } == 0
    }

    /// The identity of the file at `path` when it carries a mark that matches it now (dnd-sim wrote it and it has not
    /// changed since); nil for anything else, a link included.
    /// - Parameter path: The file.
    /// - Returns: Its identity, the proof ``OutputFile/Replacing/fileWritten(_:)`` asks for.
    package static func unchangedFile(atPath path: String) -> WrittenFile? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = lgetxattr(path, attribute, &buffer, buffer.count)
        guard count > 0, let marked = try? JSONDecoder().decode(WrittenFile.self, from: Data(buffer[..<count])),
            marked == WrittenFile(status)
        else { return nil }
        return marked
    }
}
