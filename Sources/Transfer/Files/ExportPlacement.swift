import FileAccess
import FileWriting
import Foundation

/// Puts an exported file into a folder of the caller's without overwriting anything there.
enum ExportPlacement {
    /// Copies `file` into `folder` through FileWriting, as every layer writes files: aside under a hidden name, then
    /// given `file`'s name, or the first of `name 2.ext`, `name 3.ext`, … that is free
    /// (`FileBeingWritten.placeUnderFreeName(attempts:)`: nothing is ever replaced). An interrupted copy leaves
    /// nothing, never a partial file under the final name.
    ///
    /// - Returns: the file's URL in `folder`.
    /// - Throws: `TransferError` with code `fileSystem` naming the file, or `fileMissing` when `file` is gone.
    static func place(_ file: URL, in folder: URL) throws -> URL {
        let source = try FileDescriptor.openRegularFile(at: file, contentType: nil)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        do {
            let target = try FileBeingWritten(for: folder.appendingPathComponent(file.lastPathComponent).path)
            while true {
                let count = try source.readSome(into: buffer)
                if count == 0 {
                    break
                }
                try target.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
            return URL(fileURLWithPath: try target.placeUnderFreeName().path, isDirectory: false)
        } catch let error as FileSystemError {
            throw TransferError.fileSystem(error)
        }
    }
}
