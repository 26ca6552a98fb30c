import CZlib

/// The beginning of what a gzip stream holds, so that the sniffer can tell what a compressed file is named for.
enum GzipPrefix {
    /// How much of the decompressed content is made: enough for every content signature and for libmagic's text
    /// tests, and bounded whatever the stream claims.
    static let byteLimit = 64 << 10

    /// The first bytes, at most `limit`, of what the gzip stream at the start of `bytes` holds; `nil` when not one
    /// byte comes out (not gzip, or damaged before its first block). A stream cut off, damaged later, or longer
    /// than `limit` gives what came out before. The corresponding C functions are `inflateInit2_`, `inflate` and
    /// `inflateEnd`.
    static func inflate(_ bytes: UnsafeRawBufferPointer, limit: Int = byteLimit) -> [UInt8]? {
        guard let input = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var stream = z_stream()
        // 16 + 15: a gzip header and the largest window.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: limit)
        let produced = output.withUnsafeMutableBufferPointer { buffer -> Int in
            stream.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(min(bytes.count, Int(UInt32.max)))
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(buffer.count)
            while stream.avail_out > 0 {
                let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                guard result == Z_OK else { break }  // the end, an error, or no input left
            }
            return buffer.count - Int(stream.avail_out)
        }
        guard produced > 0 else { return nil }
        output.removeSubrange(produced...)
        return output
    }
}
