#if os(Linux)
    import CFileSystem
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Giving a finished file or folder its name: the two ways FileWriting renames, each in one place, each returning the
/// `errno` of a failure (0 on success) for the caller to map to a ``FileSystemError`` naming the path it shows.
package enum Renaming {
    /// Gives `from` the name `to` without ever replacing what is at `to`: `renameat2` with `RENAME_NOREPLACE`; on a
    /// file system that cannot promise it (`EINVAL`), `link` and `unlink` for a file, which fail rather than replace
    /// too; where neither works, a check just before `rename`.
    ///
    /// - Parameters:
    ///   - from: The finished file or folder, in the same file system.
    ///   - to: Its name.
    /// - Returns: 0, or the `errno` of the failure (`EEXIST` when something is at `to`).
    package static func withoutReplacing(_ from: String, _ to: String) -> Int32 {
        #if os(Linux)
            if cfilesystem_rename_noreplace(from, to) == 0 { return 0 }
            guard errno == EINVAL || errno == ENOSYS else { return errno }
        #endif
        var status = stat()
        if lstat(from, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            if link(from, to) == 0 {
                unlink(from)
                return 0
            }
            let code = errno
            guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS else {
                return code
            }
        }
        if lstat(to, &status) == 0 { return EEXIST }
        return rename(from, to) == 0 ? 0 : errno
    }

    /// Gives `from` the name `to`, replacing the file there only if it is still `expected`: the two names are swapped
    /// in one step (`renameat2` with `RENAME_EXCHANGE`), what was at `to` is checked under the name `from` now has,
    /// and swapped back if it is not the expected file; otherwise it is removed. Where the file system cannot swap,
    /// the check comes just before `rename`. With nothing at `to`, nothing is replaced (as ``withoutReplacing(_:_:)``).
    ///
    /// - Parameters:
    ///   - from: The finished file, in the same folder.
    ///   - to: Its name.
    ///   - expected: What the caller wrote at `to` earlier.
    /// - Returns: 0, or the `errno` of the failure: `EEXIST` when what is at `to` is not `expected` (it is left
    ///   there, unchanged).
    package static func replacing(_ from: String, _ to: String, ifStill expected: WrittenFile) -> Int32 {
        #if os(Linux)
            if cfilesystem_rename_exchange(from, to) == 0 {
                guard WrittenFile(atPath: from) == expected else {
                    // Not the file that was written: give both their names back.
                    return cfilesystem_rename_exchange(from, to) == 0 ? EEXIST : errno
                }
                unlink(from)
                return 0
            }
            switch errno {
            case ENOENT where WrittenFile(atPath: to) == nil: return withoutReplacing(from, to)
            case EINVAL, ENOSYS: break
            case let code: return code
            }
        #endif
        guard let present = WrittenFile(atPath: to) else { return withoutReplacing(from, to) }
        guard present == expected else { return EEXIST }
        return rename(from, to) == 0 ? 0 : errno
    }
}
