import FileWriting
import Foundation
import PNGCodec

/// Pictures written as PNG files the way every DnDKit output is written (FileWriting's ``OutputFile``): aside under a
/// hidden name, synced to the disk, then given their name, never over an existing file.
package enum SnapshotFile {
    /// Encodes a picture as PNG and writes it to a new file.
    /// - Parameters:
    ///   - picture: The picture, as ``SnapshotRenderer/render(_:)`` or a window capture made it.
    ///   - path: The file to write; nothing may be there.
    ///   - options: How to compress; ``PNGEncoder/Options/fast`` by default.
    /// - Returns: The identity of the file written.
    /// - Throws: ``SnapshotError`` with `SnapshotError.Code.encodingFailed` when PNGCodec fails; `FileSystemError`
    ///   when the file cannot be written (`exists` for a file already there, which is left as it was).
    @discardableResult
    package static func write(
        _ picture: Bitmap, toPath path: String, options: PNGEncoder.Options = .fast
    ) throws -> WrittenFile {
        let data: Data
        do {
            data = try PNGEncoder(options: options).encode(picture)
        } catch {
            throw SnapshotError(.encodingFailed, "could not encode the snapshot: \(error)", underlyingError: error)
        }
        return try OutputFile.writeContents(data, toPath: path, existing: .nothing)
    }
}
