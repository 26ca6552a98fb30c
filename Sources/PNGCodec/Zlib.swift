import CPNG
import Foundation

/// zlib streams inside ancillary chunks, through CPNG.
enum Zlib {
    /// The decompressed bytes of a zlib stream. The corresponding C function is `cpng_inflate`.
    static func inflate(_ input: UnsafeRawBufferPointer, maxLength: Int) -> Result<Data, InflateFailure> {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = cpng_inflate(
            input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count, maxLength, &output, &length)
        switch status {
        case CPNG_OK:
            guard let output else {
                return .success(Data())
            }
            return .success(Data(bytesNoCopy: output, count: length, deallocator: .free))
        case CPNG_LIMIT:
            return .failure(.tooLarge)
        case CPNG_OUT_OF_MEMORY:
            return .failure(.outOfMemory)
        default:
            return .failure(.corrupt)
        }
    }

    enum InflateFailure: Error {
        case corrupt
        case tooLarge
        case outOfMemory
    }

    /// `input` compressed as a zlib stream at the default level. The corresponding C function is `cpng_deflate`.
    static func deflate(_ input: some ContiguousBytes) throws(ImageError) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = input.withUnsafeBytes { raw in
            cpng_deflate(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, 9, &output, &length)
        }
        guard status == CPNG_OK, let output else {
            throw ImageError(.outOfMemory, "zlib could not compress \(length) bytes of metadata")
        }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }
}
