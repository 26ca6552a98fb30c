import Foundation

#if os(Linux)
    import CFileSystem
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A user's file opened for reading: a regular file, never a named pipe, a socket or a device, and read no further
/// than it was long when it was opened. Every DnDKit command and library that reads a file the user named opens it
/// here, so that the rule holds everywhere: sniffing its type (`ContentSniffer`), reading a PNG or a declaration
/// file, moving it.
///
/// Opening checks what is at the path with `stat` first and refuses anything but a regular file without opening it
/// (opening a named pipe for reading waits for a writer; opening a device may act on it). The file is then opened with
/// `O_NONBLOCK`, so that not even a pipe put in its place meanwhile can block the opening, and checked again with
/// `fstat`: it must be a regular file and the same one (device and inode) that `stat` saw. Symbolic links are
/// followed, as `cat` and `cp` follow them; the check applies to the file they lead to.
///
/// Reads are bounded: at most the size `fstat` gave when the file was opened (a file that grows meanwhile is read as
/// long as it was), or less when the caller says so. A file whose size is 0 (such as those under `/proc`, which have
/// content all the same) is read up to the caller's limit.
///
/// The corresponding C functions are `stat`, `open`, `fstat`, `fcntl`, `pread` and `close`. Exactly one owner closes
/// the descriptor, when the value goes away.
package struct ReadableFile: ~Copyable {
    /// The path, as given.
    package let path: String
    /// The open descriptor; closed when the value goes away.
    package let descriptor: Int32
    /// What `fstat` said of the file when it was opened.
    package let status: stat

    /// The size in bytes when the file was opened.
    package var byteCount: Int { Int(status.st_size) }

    /// Opens a regular file for reading.
    /// - Parameters:
    ///   - path: The file.
    ///   - operation: What is being done, for the error: "cannot read".
    ///   - keepingAccessTime: Whether to leave the file's access time alone where the system allows it (`O_NOATIME`,
    ///     for files this process owns), as `mv` does for a file it moves.
    ///   - beforeOpening: Runs between the check of what is at the path and its opening (tests put another file
    ///     there to see that the swap is caught).
    /// - Throws: `FileSystemError`: no such file, is a directory, not a regular file (a named pipe, …), permission
    ///   denied, replaced while it was opened.
    package init(
        _ path: String, operation: String = "cannot read", keepingAccessTime: Bool = false,
        beforeOpening: () -> Void = {}
    ) throws(FileSystemError) {
        var checked = stat()
        guard stat(path, &checked) == 0 else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
        try Self.requireRegularFile(checked, path: path, operation: operation)
        beforeOpening()
        let descriptor = Self.openNonBlocking(path, keepingAccessTime: keepingAccessTime)
        guard descriptor >= 0 else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            let code = errno
            close(descriptor)
            throw FileSystemError(operation, path: path, errno: code)
        }
        do throws(FileSystemError) {
            try Self.requireRegularFile(opened, path: path, operation: operation)
            guard opened.st_dev == checked.st_dev, opened.st_ino == checked.st_ino else {
                throw FileSystemError(.replacedWhileOpening, path: path, operation: operation)
            }
            // Reads of a regular file never wait anyway; the flag is cleared so that nothing later depends on it.
            let flags = fcntl(descriptor, F_GETFL)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        } catch {
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
        self.status = opened
    }

    deinit {
        close(descriptor)
    }

    /// What a `stat` result says is at the path, as the error for anything but a regular file.
    private static func requireRegularFile(_ status: stat, path: String, operation: String) throws(FileSystemError) {
        switch FileKind(mode: status.st_mode) {
        case .regularFile: return
        case .directory: throw FileSystemError(.isADirectory, path: path, operation: operation)
        case let kind: throw FileSystemError(.notARegularFile(kind), path: path, operation: operation)
        }
    }

    /// `open` for reading with `O_NONBLOCK`, and `O_NOATIME` when asked and allowed.
    private static func openNonBlocking(_ path: String, keepingAccessTime: Bool) -> Int32 {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        #if os(Linux)
            if keepingAccessTime {
                let descriptor = open(path, flags | cfilesystem_o_noatime())
                if descriptor >= 0 || errno != EPERM {
                    return descriptor
                }
            }
        #endif
        return open(path, flags)
    }

    /// The most bytes a read with `limit` takes: the size at opening (or `limit` when that size is 0), no more than
    /// `limit`.
    package func readableByteCount(limit: Int) -> Int {
        byteCount > 0 ? min(byteCount, limit) : limit
    }

    /// Reads from `offset` until `buffer` is full or the file ends; the corresponding C function is `pread`.
    /// - Returns: How many bytes were read.
    /// - Throws: `FileSystemError` when the system cannot read.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int = 0) throws(FileSystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, base + total, buffer.count - total, off_t(offset + total))
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError("cannot read", path: path, errno: errno)
            }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Reads the first bytes of the file: at most `limit`, and never more than the file held when it was opened.
    /// - Parameter limit: The most bytes to read.
    /// - Returns: The bytes.
    /// - Throws: `FileSystemError` when the system cannot read.
    package func readPrefix(upTo limit: Int) throws(FileSystemError) -> Data {
        var data = Data(count: readableByteCount(limit: limit))
        let result = data.withUnsafeMutableBytes { buffer in
            Result { () throws(FileSystemError) in try read(into: buffer) }
        }
        data.count = try result.get()
        return data
    }

    /// Reads the whole file as it was when opened.
    /// - Parameter limit: The largest file read; a larger one is an error (`tooLarge`), and nothing is read.
    /// - Returns: The bytes.
    /// - Throws: `FileSystemError`: too large, or the system cannot read.
    package func readAll(limit: Int) throws(FileSystemError) -> Data {
        guard byteCount <= limit else {
            throw FileSystemError(.tooLarge, path: path, operation: "cannot read")
        }
        return try readPrefix(upTo: limit)
    }
}
