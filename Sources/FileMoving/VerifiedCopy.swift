import FileWriting
import Foundation

#if os(Linux)
    import CFileSystem
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why one file could not be copied: the reason a refusal reports.
struct CopyProblem: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }

    /// A failed system call, with the cause in plain words (`FileSystemError`'s: "no space left on the device").
    static func system(_ what: String, _ code: Int32 = errno) -> CopyProblem {
        CopyProblem("\(what): \(FileSystemError(what, path: "", errno: code).code)")
    }
}

/// Copies files into a folder so that a copy is either complete and byte-identical or absent, and never replaces an
/// existing file; or, for a file that is moved within one file system, gives it its new name with a hard link, as
/// `mv` does (see `placeByLink`), and copies it only where that is not possible.
///
/// Each file is read once into a reused buffer, checked by the caller, copied aside (a `FileBeingWritten`: a hidden
/// name in the folder, created exclusively; the kernel copies the pages with `sendfile` on Linux), closed, read back
/// and compared byte for byte with what was read, and only then given its name without replacing anything (FileWriting's
/// `renameat2` with `RENAME_NOREPLACE`, or `link` where that is missing). Any failure closes and removes the hidden
/// file, so that each file stands alone: one that does not fit on a full disk gives its space back to the next, and
/// its error names the copy by the name it was to have. Sources are opened with `ReadableFile` (regular files only).
/// The corresponding C functions are `pread`, `sendfile`, `fsync` and `utimensat`; FileWriting does the rest.
final class VerifiedCopy {
    /// Where a file was placed, its size, and whether it was linked there rather than copied.
    typealias Placement = (path: String, byteCount: Int, linked: Bool)

    /// The largest file copied: each is held in memory once, and read back once.
    static let maximumByteCount = 1 << 31

    private var contents: UnsafeMutableRawBufferPointer
    private var readBack: UnsafeMutableRawBufferPointer

    /// Whether each copy and its folder entry are flushed to disk (`fsync`) before `copy` returns.
    let synchronizes: Bool

    /// For tests, on any file system: how many bytes of copies the destination still takes, as if it were that
    /// full. A copy that does not fit writes what fits and then fails as `write` does on a full disk (`ENOSPC`); a
    /// copy that is placed uses up its size. `nil`: the file system decides.
    var simulatedFreeSpace: Int?

    init(synchronizes: Bool, simulatedFreeSpace: Int? = nil) {
        self.synchronizes = synchronizes
        self.simulatedFreeSpace = simulatedFreeSpace
        contents = .allocate(byteCount: 1 << 20, alignment: 16)
        readBack = .allocate(byteCount: 1 << 20, alignment: 16)
    }

    deinit {
        contents.deallocate()
        readBack.deallocate()
    }

    /// Copies `source` to `folder/name`, or links it there.
    /// - Parameters:
    ///   - source: The file to copy.
    ///   - folder: The destination folder.
    ///   - name: The name to give the copy.
    ///   - links: Whether the file is being moved, so that a hard link to it may take the place of a copy: tried
    ///     first, and the file is copied when the link cannot be made (another file system, no hard links, not
    ///     allowed). The source name stays either way; the caller removes it.
    ///   - check: Looks at the file's bytes before anything is written or linked; throws to refuse the file.
    /// - Returns: The copy's (or link's) path and size, and whether it is a link.
    /// - Throws: `CopyProblem` (or what `check` throws): nothing is left in the folder.
    func copy(
        _ source: String, into folder: String, as name: String, links: Bool = false,
        check: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Placement {
        let target = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        var status = stat()
        if lstat(target, &status) == 0 {
            throw CopyProblem("\(target) already exists; it is not replaced")
        }
        let file: ReadableFile
        do {
            file = try ReadableFile(source, keepingAccessTime: true)
        } catch {
            throw CopyProblem("\(error.code)")
        }
        let input = file.descriptor
        let attributes = file.status
        let size = try readWhole(file)
        let bytes = UnsafeRawBufferPointer(rebasing: contents[0..<size])
        try check(bytes)
        if links, try placeByLink(source, descriptor: input, byteCount: size, at: target) {
            if synchronizes {
                guard fsync(input) == 0 else {
                    let failure = CopyProblem.system("cannot flush \(source) to disk")
                    unlink(target)
                    throw failure
                }
                try synchronize(folder: folder, of: target)
            }
            return (target, size, true)
        }
        // Errors name the copy by the name it is to have: the hidden name is this process's own business. On any
        // failure the copy is closed and removed (when `output` goes away), so that a full disk gets its space back
        // for the next file.
        let output: FileBeingWritten
        do {
            output = try FileBeingWritten(for: target, mode: attributes.st_mode & 0o777)
        } catch {
            throw CopyProblem("cannot create the copy \(target): \(error.code)")
        }
        try transfer(bytes, from: input, to: output)
        Self.copyOwnershipModeAndAttributes(from: input, attributes, to: output.descriptor)
        if synchronizes, fsync(output.descriptor) != 0 {
            throw CopyProblem.system("cannot flush the copy \(target) to disk")
        }
        do {
            try output.close()
        } catch {
            throw CopyProblem("cannot finish writing the copy \(target): \(error.code)")
        }
        try compare(output.temporaryPath, as: target, with: bytes)
        // Last, once nothing reads or writes the copy any more: its times are the source's.
        var times = [attributes.st_atim, attributes.st_mtim]
        guard utimensat(AT_FDCWD, output.temporaryPath, &times, 0) == 0 else {
            throw CopyProblem.system("cannot set the times of the copy \(target)")
        }
        do {
            try output.place(.nothing)
        } catch  where error.code == .exists {
            throw CopyProblem("\(target) already exists; it is not replaced")
        } catch {
            throw CopyProblem("cannot name the copy \(target): \(error.code)")
        }
        simulatedFreeSpace? -= size
        if synchronizes {
            try synchronize(folder: folder, of: target)
        }
        return (target, size, false)
    }

    /// Flushes the folder's entries to disk, so that the copy's (or link's) name survives a power cut; on failure the
    /// name is removed, so that its source stays the only one.
    private func synchronize(folder: String, of target: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let failure = CopyProblem.system("cannot flush \(folder) to disk")
            if descriptor >= 0 { close(descriptor) }
            unlink(target)
            throw failure
        }
        close(descriptor)
    }

    /// What `mv` keeps when it copies a file to another file system, besides its times (set last): its owner and
    /// group where this process may set them, its permissions (without set-user-ID and set-group-ID when the owner
    /// could not be kept, as `cp` does), and its extended attributes where the target file system takes them. Each
    /// is kept as far as the system allows; none stops the move. The corresponding C functions are `fchown`,
    /// `fchmod`, `flistxattr`, `fgetxattr` and `fsetxattr`.
    private static func copyOwnershipModeAndAttributes(from input: Int32, _ attributes: stat, to output: Int32) {
        var mode = attributes.st_mode & 0o7777
        if fchown(output, attributes.st_uid, attributes.st_gid) != 0 {
            mode &= ~(S_ISUID | S_ISGID)
        }
        _ = fchmod(output, mode)
        #if os(Linux)
            let listSize = flistxattr(input, nil, 0)
            guard listSize > 0 else { return }
            var list = [UInt8](repeating: 0, count: listSize)
            guard flistxattr(input, &list, listSize) == listSize else { return }
            for nameBytes in list.split(separator: 0) {
                let name = String(decoding: nameBytes, as: UTF8.self)
                let valueSize = fgetxattr(input, name, nil, 0)
                guard valueSize >= 0 else { continue }
                var value = [UInt8](repeating: 0, count: max(valueSize, 1))
                guard fgetxattr(input, name, &value, valueSize) == valueSize else { continue }
                _ = fsetxattr(output, name, value, valueSize, 0)
            }
        #endif
    }

    /// Reads a regular file into `contents`, all of it as long as it was when opened; returns its size.
    private func readWhole(_ file: borrowing ReadableFile) throws -> Int {
        let size = file.byteCount
        guard size <= Self.maximumByteCount else {
            throw CopyProblem("it is \(size) bytes; files over \(Self.maximumByteCount) bytes are not moved")
        }
        // A byte more than the size, so that a file that grew meanwhile is seen to have.
        Self.ensure(&contents, holds: size + 1)
        let count: Int
        do {
            count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: contents[0..<(size + 1)]))
        } catch {
            throw CopyProblem("cannot read it: \(error.code)")
        }
        guard count == size else {
            throw CopyProblem("it changed while it was read (\(size) bytes expected, \(count) read)")
        }
        return size
    }

    /// Writes the file's bytes to the copy: on Linux with `sendfile` from the source file itself, so that the kernel
    /// copies the pages without a trip through this process (what `cp` gets from `copy_file_range`); with `write`
    /// from the bytes read otherwise, or when `sendfile` cannot. Either way the copy is then compared with the bytes
    /// read.
    private func transfer(_ bytes: UnsafeRawBufferPointer, from input: Int32, to output: FileBeingWritten) throws {
        let path = output.path
        if let space = simulatedFreeSpace, bytes.count > space {
            try write(UnsafeRawBufferPointer(rebasing: bytes[0..<max(space, 0)]), to: output)
            throw CopyProblem.system("cannot write the copy \(path)", ENOSPC)
        }
        #if os(Linux)
            var offset: off_t = 0
            while offset < bytes.count {
                let count = sendfile(output.descriptor, input, &offset, bytes.count - Int(offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
            }
            if offset == bytes.count { return }
            // sendfile stopped early (the source shrank, or the file systems cannot): start again with write.
            guard ftruncate(output.descriptor, 0) == 0, lseek(output.descriptor, 0, SEEK_SET) == 0 else {
                throw CopyProblem.system("cannot write the copy \(path)")
            }
        #endif
        try write(bytes, to: output)
    }

    /// Writes bytes to the copy, naming it in the error as `cannot write the copy PATH: no space left on the device`.
    private func write(_ bytes: UnsafeRawBufferPointer, to output: FileBeingWritten) throws {
        do {
            try output.write(bytes)
        } catch {
            throw CopyProblem("cannot write the copy \(output.path): \(error.code)")
        }
    }

    /// Reads the copy back (under its temporary name) and compares it with what was written.
    private func compare(_ temporary: String, as target: String, with bytes: UnsafeRawBufferPointer) throws {
        Self.ensure(&readBack, holds: bytes.count + 1)
        let count: Int
        do {
            count = try ReadableFile(temporary).read(into: readBack)
        } catch {
            throw CopyProblem("cannot read back the copy \(target): \(error.code)")
        }
        guard count == bytes.count, Self.same(readBack, bytes) else {
            throw CopyProblem("the copy \(target) differs from its source after writing; it was removed")
        }
    }

    /// Whether the first `bytes.count` bytes of `buffer` are `bytes`, compared with `memcmp`.
    private static func same(_ buffer: UnsafeMutableRawBufferPointer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let left = buffer.baseAddress, let right = bytes.baseAddress else { return bytes.isEmpty }
        return memcmp(left, right, bytes.count) == 0
    }

    /// Grows a buffer (discarding its contents) to at least `byteCount` bytes.
    private static func ensure(_ buffer: inout UnsafeMutableRawBufferPointer, holds byteCount: Int) {
        guard buffer.count < byteCount else { return }
        buffer.deallocate()
        buffer = .allocate(byteCount: max(byteCount, buffer.count * 2), alignment: 16)
    }
}
