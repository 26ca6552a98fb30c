import FileAccess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a folder, read with the C library so that a failure is an `errno`, never Foundation's words. The
/// corresponding C functions are `opendir`, `readdir` and `closedir`.
package enum FolderListing {
    /// The names in a folder, `.` and `..` left out, sorted.
    ///
    /// - Parameters:
    ///   - path: The folder.
    ///   - operation: What was being done, for the error.
    /// - Returns: The names.
    /// - Throws: `FileSystemError`: no such file, not a directory, permission denied.
    package static func names(in path: String, operation: String) throws(FileSystemError) -> [String] {
        guard let folder = opendir(path) else {
            throw FileSystemError(operation, path: path, errno: errno)
        }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { throw FileSystemError(operation, path: path, errno: errno) }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
