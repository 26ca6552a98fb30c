import ContentTypes
import Foundation

/// Hands a produced payload to a receiver in the form it wants: bytes or a file, converting between them (reading a
/// file into memory, writing bytes to a staged file, copying a file into the staging folder) within a size limit,
/// reporting progress and stopping when cancelled.
@usableFromInline
enum PayloadDelivery {
    /// The bytes of a payload.
    ///
    /// - Throws: `TransferError` (`tooLarge`, `fileMissing`, `fileSystem`, `cancelled`).
    @usableFromInline
    static func data(
        of payload: ProducedPayload, contentType: UTType, limit: Int, reporter: LoadReporter
    ) throws -> Data {
        switch payload {
        case .data(let data):
            guard data.count <= limit else {
                throw TransferError.tooLarge(contentType, size: data.count, limit: limit)
            }
            reporter.expect(bytes: data.count)
            return data
        case .file(let url, _):
            return try read(url, contentType: contentType, limit: limit, reporter: reporter)
        }
    }

    /// A payload as a file: the original when `openInPlace` was asked for and the sender allows it, a staged copy
    /// otherwise. `name` is the suggested name of a staged file, sanitised here.
    ///
    /// - Throws: `TransferError` (`tooLarge`, `fileMissing`, `fileSystem`, `cancelled`).
    static func file(
        of payload: ProducedPayload, openInPlace: Bool, name: String?, contentType: UTType, limit: Int,
        reporter: LoadReporter
    ) throws -> ReceivedTransferredFile {
        switch payload {
        case .data(let data):
            guard data.count <= limit else {
                throw TransferError.tooLarge(contentType, size: data.count, limit: limit)
            }
            reporter.expect(bytes: data.count)
            let staged = try StagedFile.create(named: FileNames.sanitized(name, contentType: contentType)) { target in
                try data.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        try reporter.checkCancellation(contentType)
                        let end = min(bytes.count, offset + LoadReporter.chunkSize)
                        try target.write(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                        reporter.advance(by: end - offset)
                        offset = end
                    }
                }
            }
            return ReceivedTransferredFile(staged: staged)
        case .file(let url, let originalAccessAllowed):
            if openInPlace && originalAccessAllowed {
                _ = try FileDescriptor.openRegularFile(at: url, contentType: contentType)  // it must exist
                return ReceivedTransferredFile(file: url, isOriginalFile: true)
            }
            return try copy(url, name: name, contentType: contentType, limit: limit, reporter: reporter)
        }
    }

    /// Reads a whole file into memory.
    static func read(_ url: URL, contentType: UTType, limit: Int, reporter: LoadReporter) throws -> Data {
        let source = try FileDescriptor.openRegularFile(at: url, contentType: contentType)
        guard source.size <= limit else {
            throw TransferError.tooLarge(contentType, size: source.size, limit: limit)
        }
        reporter.expect(bytes: source.size)
        var data = Data()
        data.reserveCapacity(source.size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: LoadReporter.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            try reporter.checkCancellation(contentType)
            let count = try source.readSome(into: buffer)
            if count == 0 {
                return data
            }
            guard data.count + count <= limit else {
                throw TransferError.tooLarge(contentType, size: data.count + count, limit: limit)
            }
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            reporter.advance(by: count)
        }
    }

    /// Copies a file into the staging folder, under the suggested name or else the file's own name.
    private static func copy(
        _ url: URL, name: String?, contentType: UTType, limit: Int, reporter: LoadReporter
    ) throws -> ReceivedTransferredFile {
        let source = try FileDescriptor.openRegularFile(at: url, contentType: contentType)
        guard source.size <= limit else {
            throw TransferError.tooLarge(contentType, size: source.size, limit: limit)
        }
        reporter.expect(bytes: source.size)
        let stagedName = FileNames.sanitized(name ?? url.lastPathComponent, contentType: contentType)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: LoadReporter.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let staged = try StagedFile.create(named: stagedName) { target in
            var copied = 0
            while true {
                try reporter.checkCancellation(contentType)
                let count = try source.readSome(into: buffer)
                if count == 0 {
                    return
                }
                copied += count
                guard copied <= limit else {
                    throw TransferError.tooLarge(contentType, size: copied, limit: limit)
                }
                try target.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                reporter.advance(by: count)
            }
        }
        return ReceivedTransferredFile(staged: staged)
    }
}
