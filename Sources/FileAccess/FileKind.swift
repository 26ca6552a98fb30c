#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a name in the file system is: a regular file, a folder, or one of the special files that must never be read
/// as if they were files (a named pipe or a device may block a reader forever or never end).
package enum FileKind: Sendable, Hashable, CustomStringConvertible {
    /// A regular file.
    case regularFile
    /// A folder.
    case directory
    /// A named pipe (FIFO): reading waits for a writer.
    case namedPipe
    /// A Unix domain socket.
    case socket
    /// A character device (`/dev/null`, a terminal).
    case characterDevice
    /// A block device (a disk).
    case blockDevice
    /// A symbolic link (only `lstat` sees one).
    case symbolicLink
    /// A kind the system reports and DnDKit does not know.
    case other

    /// The kind `st_mode` names.
    /// - Parameter mode: A `stat` result's `st_mode`.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .namedPipe
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// In words, with an article: `a named pipe`, `a socket`, `a character device`.
    package var description: String {
        switch self {
        case .regularFile: "a regular file"
        case .directory: "a folder"
        case .namedPipe: "a named pipe"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .symbolicLink: "a symbolic link"
        case .other: "a special file"
        }
    }
}
