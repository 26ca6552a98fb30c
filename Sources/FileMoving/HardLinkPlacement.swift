#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension VerifiedCopy {
    /// Gives a file that is moved its new name with `link`, as `mv` does within one file system: no byte is copied,
    /// the destination name is the source's own file (same device, same inode), and removing the source name later
    /// frees no blocks. The name is never taken from an existing file (`link` fails with `EEXIST` instead).
    ///
    /// The new name is then checked with `fstat`: the same device and inode as the file read and checked, and the same
    /// size as was read.
    /// - Parameters:
    ///   - source: The file's path.
    ///   - input: A descriptor of the file, open since its bytes were read and checked.
    ///   - byteCount: How many bytes were read and checked.
    ///   - target: The new name.
    /// - Returns: Whether the file was given its new name; false when it cannot be linked here (another file system,
    ///   no hard links, not allowed, a symbolic link), so that the caller copies it instead. Nothing was created then.
    /// - Throws: `CopyProblem` when the name is taken (nothing is replaced), or when the new name turned out not to be
    ///   the file as it was checked (the new name is removed again when it is this file's).
    func placeByLink(_ source: String, descriptor input: Int32, byteCount: Int, at target: String) throws -> Bool {
        var checked = stat()
        var named = stat()
        // The name must still be the file that was read (not a symbolic link to it, not a file put in its place).
        guard fstat(input, &checked) == 0, lstat(source, &named) == 0, Self.same(named, checked) else {
            return false
        }
        guard link(source, target) == 0 else {
            if errno == EEXIST { throw CopyProblem("\(target) already exists; it is not replaced") }
            return false
        }
        let output = open(target, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        var placed = stat()
        guard output >= 0, fstat(output, &placed) == 0 else {
            let failure = CopyProblem.system("cannot check \(target) after linking it")
            if output >= 0 { close(output) }
            Self.removeLink(target, to: checked)
            throw failure
        }
        close(output)
        guard Self.same(placed, checked) else {
            throw CopyProblem("\(target) is not the file that was linked there; it is left alone")
        }
        guard placed.st_size == byteCount else {
            Self.removeLink(target, to: checked)
            throw CopyProblem(
                "it changed while it was checked (\(byteCount) bytes read, \(placed.st_size) now); its new name was removed"
            )
        }
        return true
    }

    /// Whether two `stat` results describe the same file.
    private static func same(_ left: stat, _ right: stat) -> Bool {
        left.st_dev == right.st_dev && left.st_ino == right.st_ino
    }

    /// Removes a name this move gave a file, only if it still names that file.
    private static func removeLink(_ target: String, to file: stat) {
        var status = stat()
        if lstat(target, &status) == 0, same(status, file) { unlink(target) }
    }
}
