import Dispatch
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes the sources of moved files on a queue of its own, in order, while the next files are still being
/// placed: removing the source of a copied file can wait for the file system (freeing its blocks, discarding them on
/// an SSD) as long as copying it did; removing the source name of a linked file frees nothing and is quick. Only
/// files whose copy or link is complete and verified are ever handed over. The corresponding C function
/// is `unlink`.
final class SourceRemoval: Sendable {
    private let queue = DispatchQueue(label: "org.dndkit.move.source-removal")
    /// Why a source could not be removed, by the index of its file.
    private let failures = Lock<[Int: String]>([:])

    /// Removes `path` after the files handed over before it.
    func remove(_ path: String, index: Int) {
        queue.async { [self] in
            if unlink(path) != 0 {
                let reason = FileSystemError("cannot remove", path: path, errno: errno).code.description
                failures.withLock { $0[index] = reason }
            }
        }
    }

    /// Waits until every source handed over is removed (or failed to be); returns the failures by file index.
    func finish() -> [Int: String] {
        queue.sync {}
        return failures.withLock { $0 }
    }
}
