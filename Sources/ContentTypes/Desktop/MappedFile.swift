#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The only unsafe code that reads mapped files (shared-mime-info's `mime.cache` and `types`, read by `MIMECache`).
// Everything that reads the bytes does it through the bounds-checked `Span` that `withBytes` lends.
//
// Invariants (checked by assertions in debug builds):
// 1. A `MappedFile` maps exactly `count` bytes (at least one) from a non-nil `base`, read-only (`PROT_READ`,
//    `MAP_PRIVATE`); nothing ever writes through `base`.
// 2. The mapping is unmapped exactly once, in `deinit`, when no reference (hence no `withBytes` call) remains.
// 3. The `Span` given to `withBytes`'s body covers exactly the mapping (`count` bytes from `base`) and lives only while
//    the body runs: a `Span` is non-escapable, so it cannot outlive the call, and the body holds `self` alive.
// 4. `bigEndianWord` loads four bytes through the `Span`'s `RawSpan`, whose load checks that they lie inside it; any
//    four bytes are a valid `UInt32`.
//
// The one hazard of a mapping: if another process truncates the file in place while it is mapped, a read past the
// file's new end faults (SIGBUS). shared-mime-info's `update-mime-database` never rewrites a file in place: it writes
// a new file and renames it over the old one, so a mapping keeps the old file's pages; GLib maps the same files the
// same way. SIGBUS is not handled here.

/// A regular file mapped read-only (`PROT_READ`, `MAP_PRIVATE`), unmapped when the last reference goes.
package final class MappedFile: @unchecked Sendable {
    /// The file's size in bytes when mapped.
    package let count: Int
    /// The file's modification time when mapped (`st_mtim`), for currency checks.
    let modified: FileTime
    /// The first byte of the mapping (invariant 1).
    private let base: UnsafePointer<UInt8>

    /// Maps the file `name` of the directory open as `directory` (a descriptor from `open(O_DIRECTORY)`).
    ///
    /// `nil` when it cannot be opened, is not a regular file (opening never blocks: `O_NONBLOCK`, and `fstat` is
    /// asked before mapping), is empty, is larger than `limit` bytes, or cannot be mapped. The corresponding C
    /// functions are `openat`, `fstat`, `mmap` and `close`; nothing else is called.
    ///
    /// - Parameters:
    ///   - name: the file's name in the directory.
    ///   - directory: a descriptor of the directory.
    ///   - limit: the largest size mapped, in bytes.
    init?(name: String, in directory: Int32, limit: Int = 64 << 20) {
        let descriptor = name.withCString { name in
            openat(directory, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        }
        guard descriptor >= 0 else {
            return nil
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileTime.isRegularFile(status.st_mode), status.st_size > 0,
            status.st_size <= limit
        else {
            return nil
        }
        let size = Int(status.st_size)
        // (`MAP_FAILED` as its value: the overlay's is a call into libswiftGlibc, as is `S_IFMT`, and a process's first
        // use of the database would pay for binding each at run time.)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            mapped != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            return nil
        }
        count = size
        modified = FileTime(status.st_mtim)
        base = UnsafePointer(mapped.bindMemory(to: UInt8.self, capacity: size))
        assert(count > 0)
    }

    deinit {
        let result = munmap(UnsafeMutableRawPointer(mutating: base), count)
        assert(result == 0, "munmap of \(count) bytes failed")
    }

    /// Calls `body` with the mapped bytes; the `Span` lives only while `body` runs.
    ///
    /// - Parameter body: what to do with the bytes.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    package func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let bytes = Span(_unsafeElements: UnsafeBufferPointer(start: base, count: count))
        assert(bytes.count == count)
        return try body(bytes)
    }

    /// The big-endian 32-bit word at `offset` of `bytes`, which must hold four bytes there (the load checks it).
    ///
    /// - Parameters:
    ///   - bytes: the bytes.
    ///   - offset: where the word starts.
    /// - Returns: the word.
    @inline(__always)
    static func bigEndianWord(_ bytes: Span<UInt8>, at offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}

/// A file's modification time (`st_mtim`), ordered by time.
struct FileTime: Comparable, Sendable {
    /// Seconds since the epoch.
    let seconds: Int
    /// Nanoseconds past `seconds`.
    let nanoseconds: Int

    /// The time `time` stands for.
    ///
    /// - Parameter time: a `timespec` from `stat`.
    init(_ time: timespec) {
        seconds = Int(time.tv_sec)
        nanoseconds = Int(time.tv_nsec)
    }

    /// The modification time of the file `name` of the directory open as `directory`; `nil` when it is missing or
    /// not a regular file. `name` is a NUL-terminated C string: a literal, so that no `String` is made. The
    /// corresponding C function is `fstatat`.
    ///
    /// - Parameters:
    ///   - name: the file's name in the directory.
    ///   - directory: a descriptor of the directory.
    init?(ofRegularFile name: UnsafePointer<CChar>, in directory: Int32) {
        var status = stat()
        guard fstatat(directory, name, &status, 0) == 0, Self.isRegularFile(status.st_mode) else {
            return nil
        }
        self.init(status.st_mtim)
    }

    /// Whether a file's `st_mode` is a regular file's: `S_ISREG`, with POSIX's values of `S_IFMT` (0o170000) and
    /// `S_IFREG` (0o100000), the same on every Linux architecture. (The Glibc overlay's `S_IFMT` and `S_IFREG` are
    /// calls into libswiftGlibc, which a process's first use of the database would pay for binding at run time.)
    @inline(__always)
    static func isRegularFile(_ mode: mode_t) -> Bool {
        mode & 0o170000 == 0o100000
    }

    static func < (left: FileTime, right: FileTime) -> Bool {
        (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
    }
}
