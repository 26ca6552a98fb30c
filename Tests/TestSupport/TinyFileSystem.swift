import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A memory file system (tmpfs) of a few KiB mounted on a new folder, for tests of what happens when a disk is full.
/// Mounting needs root (`CAP_SYS_ADMIN`), which `.ci/run` has; ``isAvailable`` says whether this process can.
/// The corresponding C functions are `mount` and `umount2`.
public final class TinyFileSystem: @unchecked Sendable {
    /// The folder the file system is mounted on.
    public let folder: URL

    /// Mounts a tmpfs of `byteCount` bytes on a new folder in the temporary directory.
    /// - Parameters:
    ///   - byteCount: Its size.
    ///   - readOnly: Whether to mount it read-only once `prepare` has filled it.
    ///   - prepare: Writes into the folder before it is made read-only.
    /// - Throws: `POSIXError` when it cannot be mounted (not root), or what `prepare` throws.
    public init(byteCount: Int, readOnly: Bool = false, prepare: (URL) throws -> Void = { _ in }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("dndkit-tiny-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=\(byteCount)") == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: folder)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EPERM)
        }
        do {
            try prepare(folder)
        } catch {
            remove()
            throw error
        }
        if readOnly {
            guard mount("tmpfs", folder.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=\(byteCount)") == 0 else {
                let code = errno
                remove()
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EPERM)
            }
        }
    }

    /// Unmounts the file system and removes the folder.
    public func remove() {
        umount2(folder.path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether this process may mount a file system (it runs as root, with `CAP_SYS_ADMIN`).
    public static let isAvailable: Bool = {
        guard let probe = try? TinyFileSystem(byteCount: 4096) else { return false }
        probe.remove()
        return true
    }()
}
