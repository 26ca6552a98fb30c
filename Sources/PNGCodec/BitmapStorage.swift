/// The pixel bytes of one or more ``Bitmap`` values: a single allocation, shared until one of them
/// mutates (copy-on-write, through `isKnownUniquelyReferenced`).
///
/// `@unchecked Sendable`: the bytes are written only while the storage is uniquely referenced (while a
/// decoder fills a new storage, or through a bitmap's mutating methods after the uniqueness check), so
/// storage shared between threads is only ever read.
final class BitmapStorage: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    /// Allocates `byteCount` bytes without initialising them, for a decoder that writes every byte.
    init(uninitializedByteCount byteCount: Int) {
        bytes = .allocate(byteCount: byteCount, alignment: 16)
    }

    /// Allocates `byteCount` zero bytes.
    convenience init(zeroedByteCount byteCount: Int) {
        self.init(uninitializedByteCount: byteCount)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// A new storage holding a copy of these bytes.
    func copy() -> BitmapStorage {
        let copy = BitmapStorage(uninitializedByteCount: bytes.count)
        copy.bytes.copyMemory(from: UnsafeRawBufferPointer(bytes))
        return copy
    }

    deinit {
        bytes.deallocate()
    }
}
