import ContentTypes
import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor with exactly one owner, closed when the owner is done with it.
struct FileDescriptor: ~Copyable {
    let raw: Int32
    let url: URL
    /// The size of the file when it was opened.
    let size: Int

    deinit {
        close(raw)
    }

    /// Opens a regular file for reading through `ReadableFile`, which refuses a named pipe, a socket or a device
    /// without opening it (opening a pipe for reading waits for a writer); the descriptor is a duplicate (`dup`) of
    /// the one it checked.
    ///
    /// - Throws: `TransferError` with code `fileMissing` when there is no regular file at `url`.
    static func openRegularFile(at url: URL, contentType: UTType?) throws -> FileDescriptor {
        let file: ReadableFile
        do {
            file = try ReadableFile(url.path)
        } catch  where error.code == .noSuchFile || error.code == .notADirectory {
            throw TransferError(
                .fileMissing, "the file \(url.path)\(offered(contentType)) does not exist", contentType: contentType,
                file: url)
        } catch  where error.code == .permissionDenied {
            throw TransferError(
                .fileSystem, "cannot open \(url.path)\(offered(contentType)): \(error.code)", contentType: contentType,
                file: url)
        } catch  where error.code == .isADirectory {
            throw TransferError(
                .fileMissing, "\(url.path)\(offered(contentType)) is not a regular file", contentType: contentType,
                file: url)
        } catch {
            throw TransferError(
                .fileMissing, "\(url.path)\(offered(contentType)): \(error.code)", contentType: contentType, file: url)
        }
        let raw = dup(file.descriptor)
        guard raw >= 0 else {
            throw TransferError.fileSystem("cannot open", file: url, errno: errno)
        }
        return FileDescriptor(raw: raw, url: url, size: file.byteCount)
    }

    private static func offered(_ contentType: UTType?) -> String {
        contentType.map { " (offered as \($0.identifier))" } ?? ""
    }

    /// Reads up to `buffer.count` bytes; the corresponding C function is `read`.
    ///
    /// - Returns: the number of bytes read, 0 at the end of the file.
    func readSome(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = read(raw, buffer.baseAddress, buffer.count)
            if count >= 0 {
                return count
            }
            if errno != EINTR {
                throw TransferError.fileSystem("cannot read", file: url, errno: errno)
            }
        }
    }
}
