import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of special files, for the tests that check that a named pipe, a socket or a device is refused at once and
/// never read: a named pipe (`fifo`), a listening Unix domain socket (`socket`) and, beside them, a regular file the
/// caller writes. Removed (and the socket closed) by ``remove()``.
public final class SpecialFiles: @unchecked Sendable {
    /// The folder.
    public let folder: URL
    /// The named pipe's path; no process ever writes to it unless ``unblockReaders()`` is called.
    public let namedPipe: String
    /// The socket's path.
    public let socket: String
    private let socketDescriptor: Int32

    /// Makes the folder, the named pipe and the socket. The corresponding C functions are `mkfifo`, `socket` and
    /// `bind`.
    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("dndkit-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        namedPipe = folder.appendingPathComponent("fifo").path
        socket = folder.appendingPathComponent("socket").path
        guard mkfifo(namedPipe, 0o644) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        socketDescriptor = try Self.bindSocket(at: socket)
    }

    /// A path in the folder.
    /// - Parameter name: The file's name.
    /// - Returns: The path.
    public func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Opens the named pipe for writing from another thread after `delay` seconds and closes it at once, so that a
    /// reader blocked in `open` (the defect these tests guard against) returns instead of hanging the test run: the
    /// test then fails on the time it took or on what it read, rather than never ending.
    /// - Parameters:
    ///   - path: Where the named pipe is, when a test moved it; ``namedPipe`` otherwise.
    ///   - delay: Seconds to wait first.
    public func unblockReaders(of path: String? = nil, after delay: Double) {
        let path = path ?? namedPipe
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: delay)
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { close(descriptor) }
        }
    }

    /// Closes the socket and removes the folder.
    public func remove() {
        close(socketDescriptor)
        try? FileManager.default.removeItem(at: folder)
    }

    private static func bindSocket(at path: String) throws -> Int32 {
        #if os(Linux)
            let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let fits = withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            guard bytes.count < buffer.count else { return false }
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
            return true
        }
        guard fits else {
            close(descriptor)
            throw POSIXError(.ENAMETOOLONG)
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        return descriptor
    }
}
