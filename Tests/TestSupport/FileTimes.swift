import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies files from one folder into another, keeping each file's modification time to the nanosecond, as `cp -p`
/// does: for tests of code that compares the ages of files (a cache and the files it was made from).
///
/// The times go through `stat` and `utimensat` (the corresponding C functions), not `Date`, whose floating point
/// can move a time by a fraction of a microsecond and so reorder two files made within one.
/// - Parameters:
///   - names: The files' names in `source`.
///   - source: Where they are.
///   - destination: Where the copies go, under the same names.
/// - Throws: The error of `FileManager.copyItem(at:to:)`, or a `POSIXError` when a time cannot be read or set.
public func copyKeepingModificationTimes(_ names: [String], from source: URL, to destination: URL) throws {
    for name in names {
        let original = source.appendingPathComponent(name).path
        let copy = destination.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        try setModificationTime(of: copy, to: modificationTime(of: original))
    }
}

/// A file's modification time, as `stat` gives it (the file a symbolic link names).
/// - Parameter path: The file.
/// - Returns: Seconds and nanoseconds since 1970.
/// - Throws: A `POSIXError` when `stat` fails.
public func modificationTime(of path: String) throws -> timespec {
    var status = stat()
    guard stat(path, &status) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    #if canImport(Darwin)
        return status.st_mtimespec
    #else
        return status.st_mtim
    #endif
}

/// Sets a file's access and modification times, to the nanosecond.
/// - Parameters:
///   - path: The file.
///   - time: Seconds and nanoseconds since 1970.
/// - Throws: A `POSIXError` when `utimensat` fails.
public func setModificationTime(of path: String, to time: timespec) throws {
    let times = [time, time]
    guard utimensat(AT_FDCWD, path, times, 0) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
