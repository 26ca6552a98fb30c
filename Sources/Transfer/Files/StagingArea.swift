import FileWriting
import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The private folder where DnDKit writes the files it hands to receivers: one per process, created on first use
/// in the temporary directory (`TMPDIR`) with `mkdtemp` (mode 0700, a random name), removed with everything in it
/// when the process exits normally.
///
/// Each staged file gets its own `mkdtemp` subfolder, so that files keep their suggested names without ever
/// colliding, and is created exclusively without following links.
enum StagingArea {
    private struct Folder: Sendable {
        let path: String
        /// The process that created the folder; a forked child that exits must not remove its parent's folder.
        let owner: pid_t
    }

    private static let folder = Lock<Folder?>(nil)

    /// The staging folder, created if needed.
    ///
    /// - Throws: `TransferError` with code `fileSystem` when the folder cannot be created.
    static func directory() throws -> URL {
        let path = try folder.withLock { folder -> String in
            if let folder {
                return folder.path
            }
            let base = FileManager.default.temporaryDirectory
            let path = try makeTemporaryDirectory(in: base.path, prefix: "dndkit-staging-\(getpid())-")
            folder = Folder(path: path, owner: getpid())
            atexit { StagingArea.removeAtExit() }
            return path
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// The staging folder if this process has created it.
    static var existingDirectory: URL? {
        folder.withLock { $0.map { URL(fileURLWithPath: $0.path, isDirectory: true) } }
    }

    /// A new empty subfolder of the staging folder, mode 0700.
    static func makeSubdirectory() throws -> URL {
        let parent = try directory()
        return URL(fileURLWithPath: try makeTemporaryDirectory(in: parent.path, prefix: ""), isDirectory: true)
    }

    /// Creates a directory with a random name, mode 0700, in `parent`: `prefix` and six random characters. The
    /// corresponding C function is `mkdtemp`.
    /// - Throws: `TransferError` with code `fileSystem` naming `parent`.
    static func makeTemporaryDirectory(in parent: String, prefix: String) throws -> String {
        var template = Array("\(parent)/\(prefix)XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let made else {
            throw TransferError.fileSystem(
                "cannot create a private folder in", file: URL(fileURLWithPath: parent), errno: errno)
        }
        return String(cString: made)
    }

    /// Removes the staging folder and everything in it; called at exit by the process that created it.
    static func removeAtExit() {
        guard let folder = folder.withLock({ $0 }), folder.owner == getpid() else {
            return
        }
        TreeRemoval.remove(folderAt: folder.path)
    }
}
