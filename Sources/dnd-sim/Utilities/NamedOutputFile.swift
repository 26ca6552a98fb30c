import FileWriting
import Foundation

/// A file the user names for a command's output (`image convert OUT`, `clipboard paste --out FILE`): written aside
/// and renamed into place, marked as dnd-sim's (``WrittenMark``). An existing file is refused; with `--force`, only
/// dnd-sim's own earlier output, unchanged since, is replaced, never a file it did not write.
enum NamedOutputFile {
    /// Refuses before any work is done when `path` could not be written: a file is there and `force` is false, or
    /// it is true but the file is not dnd-sim's. ``write(_:to:force:)`` checks again.
    static func check(_ path: String, force: Bool) throws(InputError) {
        guard OutputFile.exists(path) else { return }
        if !force { throw refusal(path, .exists) }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, WrittenMark.unchangedFile(atPath: path) == nil
        {
            throw refusal(path, .notWrittenHere)
        }
    }

    /// Writes the file.
    static func write(_ data: Data, to path: String, force: Bool) throws(InputError) {
        do {
            try OutputFile.writeContents(data, toPath: path, replacing: force)
        } catch  where error.code == .exists || error.code == .notWrittenHere {
            throw refusal(path, error.code)
        } catch {
            throw InputError(path, "\(error.operation): \(error.code)")
        }
    }

    /// Why a file in the way stays, and what to do.
    private static func refusal(_ path: String, _ code: FileSystemError.Code) -> InputError {
        code == .exists
            ? InputError(path, "already exists; it is not replaced (--force replaces dnd-sim's own earlier output)")
            : InputError(
                path,
                "already exists and dnd-sim did not write it (or it changed since): --force replaces only dnd-sim's "
                    + "own output; remove it or choose another name")
    }
}
