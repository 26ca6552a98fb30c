/// The places in a PNG's zlib stream where a decoder may start inflating afresh, and the rows that start there: what
/// lets ``PNGDecoder`` decode one image on several cores.
///
/// Two chunks record them:
/// - `dkSl`, which ``PNGEncoder`` writes in every sliced file (see <doc:ParallelCoding>): private, ancillary and
///   safe to copy. Its offsets count from the first byte of the zlib stream (the IDAT data joined), so chunks added
///   or removed before the image data leave it valid; a file whose image data was recompressed no longer matches
///   it, which the decoder notices.
/// - Apple's `iDOT`, which macOS and iOS write in screenshots: two halves of the rows, each starting in its own
///   IDAT chunk, whose offsets count from the `iDOT` chunk itself.
///
/// Nothing here is trusted: the decoder checks every point as it inflates and decodes the file with libpng in one
/// pass at the first disagreement.
public struct PNGRestartPoints: Sendable, Hashable {
    /// Which chunk recorded the points.
    public enum Source: String, Sendable, Hashable {
        /// DnDKit's `dkSl` chunk.
        case dndkit = "dkSl"
        /// Apple's `iDOT` chunk.
        case appleIDOT = "iDOT"
    }

    /// One slice: the first row it holds and where its compressed data starts in the zlib stream.
    public struct Slice: Sendable, Hashable {
        /// The first row of the slice.
        public var firstRow: Int
        /// The offset of the slice's first byte in the zlib stream (the IDAT chunks' data joined), counting the
        /// 2-byte zlib header: 2 for the first slice.
        public var streamOffset: Int
    }

    /// Which chunk recorded the points.
    public var source: Source
    /// The slices in order, the first at row 0; at least two.
    public var slices: [Slice]

    /// The type of DnDKit's chunk.
    static let chunkType = "dkSl"
    /// The version of the `dkSl` layout this code reads and writes.
    static let version: UInt8 = 1

    /// The data of a `dkSl` chunk: the version byte, the slice count (4 bytes), then per slice its first row
    /// (4 bytes) and stream offset (8 bytes), all big-endian.
    var chunkData: [UInt8] {
        var data: [UInt8] = [Self.version]
        data += BigEndian.bytes(UInt32(slices.count))
        for slice in slices {
            data += BigEndian.bytes(UInt32(slice.firstRow))
            data += BigEndian.bytes(UInt64(slice.streamOffset))
        }
        return data
    }

    /// The points a file records: its `dkSl` chunk, else its `iDOT` chunk; nil when neither is there or readable.
    /// Only the layout is checked here; whether the points hold is checked while decoding.
    static func read(_ bytes: UnsafeRawBufferPointer, chunks: [PNGChunk], height: Int) -> PNGRestartPoints? {
        let imageData = chunks.filter { $0.type == "IDAT" }
        if let chunk = chunks.first(where: { $0.type == chunkType }) {
            return readDnDKit(data(of: chunk, in: bytes), height: height)
        }
        if let chunk = chunks.first(where: { $0.type == "iDOT" }) {
            return readIDOT(data(of: chunk, in: bytes), chunk: chunk, imageData: imageData, height: height)
        }
        return nil
    }

    private static func data(of chunk: PNGChunk, in bytes: UnsafeRawBufferPointer) -> [UInt8] {
        Array(bytes[chunk.offset + 8..<chunk.offset + 8 + chunk.length])
    }

    private static func readDnDKit(_ data: [UInt8], height: Int) -> PNGRestartPoints? {
        guard data.count >= 5, data[0] == version else {
            return nil
        }
        let count = Int(data.bigEndianUInt32(at: 1))
        guard count >= 2, data.count == 5 + 12 * count else {
            return nil
        }
        let slices = (0..<count).map { index in
            let at = 5 + 12 * index
            return Slice(
                firstRow: Int(data.bigEndianUInt32(at: at)),
                streamOffset: Int(truncatingIfNeeded: data.bigEndianUInt64(at: at + 4)))
        }
        return ordered(PNGRestartPoints(source: .dndkit, slices: slices), height: height)
    }

    /// Apple's layout, as publicly reverse-engineered and confirmed by an Apple engineer (w3c/png issue 530): 4-byte
    /// big-endian words, the number of parts, then per part its first row, its row count and the offset from the
    /// start of the `iDOT` chunk (its length field) to the IDAT chunk where the part's data starts.
    private static func readIDOT(
        _ data: [UInt8], chunk: PNGChunk, imageData: [PNGChunk], height: Int
    ) -> PNGRestartPoints? {
        guard data.count >= 4, (data.count - 4) % 12 == 0 else {
            return nil
        }
        let count = Int(data.bigEndianUInt32(at: 0))
        guard count >= 2, data.count == 4 + 12 * count else {
            return nil
        }
        var slices: [Slice] = []
        var nextRow = 0
        for index in 0..<count {
            let at = 4 + 12 * index
            let firstRow = Int(data.bigEndianUInt32(at: at))
            let rows = Int(data.bigEndianUInt32(at: at + 4))
            let target = chunk.offset + Int(data.bigEndianUInt32(at: at + 8))
            guard firstRow == nextRow, rows > 0 else {
                return nil
            }
            nextRow += rows
            // The stream offset of the IDAT chunk the part points at: the data of the IDAT chunks before it.
            var streamOffset = 0
            var found = false
            for idat in imageData {
                if idat.offset == target {
                    found = true
                    break
                }
                streamOffset += idat.length
            }
            guard found else {
                return nil
            }
            slices.append(Slice(firstRow: firstRow, streamOffset: index == 0 ? streamOffset + 2 : streamOffset))
        }
        guard nextRow == height else {
            return nil
        }
        return ordered(PNGRestartPoints(source: .appleIDOT, slices: slices), height: height)
    }

    /// The points when they are in order: the first slice at row 0 right after the zlib header, rows and offsets
    /// strictly increasing, rows inside the image.
    private static func ordered(_ points: PNGRestartPoints, height: Int) -> PNGRestartPoints? {
        guard let first = points.slices.first, first.firstRow == 0, first.streamOffset == 2 else {
            return nil
        }
        for (previous, next) in zip(points.slices, points.slices.dropFirst()) {
            guard next.firstRow > previous.firstRow, next.firstRow < height,
                next.streamOffset > previous.streamOffset
            else {
                return nil
            }
        }
        return points
    }
}

extension [UInt8] {
    fileprivate func bigEndianUInt32(at offset: Int) -> UInt32 {
        self[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    fileprivate func bigEndianUInt64(at offset: Int) -> UInt64 {
        self[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
