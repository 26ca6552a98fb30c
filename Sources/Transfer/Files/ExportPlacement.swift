import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts an exported file into a folder of the caller's without overwriting anything there.
enum ExportPlacement {
    /// Copies `file` into `folder` under a hidden temporary name, then links it under `file`'s name, or the first of
    /// `name 2.ext`, `name 3.ext`, … that is free (`link` never replaces an existing name), and removes the temporary
    /// name. An interrupted copy leaves at most the hidden temporary file, never a partial file under the final name.
    ///
    /// - Returns: the file's URL in `folder`.
    /// - Throws: `TransferError` with code `fileSystem`.
    static func place(_ file: URL, in folder: URL) throws -> URL {
        let name = file.lastPathComponent
        let temporary = folder.appendingPathComponent(".\(name).\(UUID().uuidString).partial", isDirectory: false)
        do {
            let source = try FileDescriptor.openRegularFile(at: file, contentType: nil)
            let target = try FileDescriptor.createExclusively(at: temporary)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let count = try source.readSome(into: buffer)
                if count == 0 {
                    break
                }
                try target.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
        defer { unlink(temporary.path) }
        _ = chmod(temporary.path, 0o644)
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension.isEmpty ? "" : "." + (name as NSString).pathExtension
        for attempt in 1...10_000 {
            let candidate = folder.appendingPathComponent(
                attempt == 1 ? name : "\(stem) \(attempt)\(suffix)", isDirectory: false)
            if link(temporary.path, candidate.path) == 0 {
                return candidate
            }
            let code = errno
            guard code == EEXIST else {
                throw TransferError.fileSystem("cannot create", file: candidate, errno: code)
            }
        }
        throw TransferError(.fileSystem, "every name like \(name) is taken in \(folder.path)", file: folder)
    }
}
