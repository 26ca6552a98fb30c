#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What identifies a file that was written: its device and inode, size and modification time when it got its name.
///
/// A caller keeps it as proof of what it wrote: ``OutputFile/Replacing/fileWritten(_:)`` replaces a file only while it
/// is still that file, unchanged (the same inode, size and modification time), so that a file the user put there or
/// edited since is never replaced.
package struct WrittenFile: Sendable, Hashable, Codable {
    /// The file system's device number.
    package var device: UInt64
    /// The inode number.
    package var inode: UInt64
    /// The size in bytes.
    package var size: Int64
    /// The modification time, in nanoseconds since 1970.
    package var modified: Int64

    /// The identity a `stat` result gives.
    /// - Parameter status: What `stat`, `lstat` or `fstat` said of the file.
    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

    /// The identity of what is at a path now (without following a symbolic link); nil when nothing is there.
    /// The corresponding C function is `lstat`.
    /// - Parameter path: The path.
    package init?(atPath path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
