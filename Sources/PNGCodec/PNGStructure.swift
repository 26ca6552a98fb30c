import CPNG

/// The one pass over a PNG's chunks: checks the signature, walks the chunk list, validates IHDR and the order of
/// critical chunks, checks the CRC of every chunk (IDAT too when decoding), applies the decoder's limits and reads
/// the metadata — all before any pixel memory is allocated, so that errors name their chunk and byte precisely
/// and oversized images fail at once. libpng then sees only what it must inflate and expand (``Parsed/spans``).
enum PNGStructure {
    /// A walked file: its info, and the runs of bytes libpng needs to decode the pixels: the signature, IHDR, PLTE
    /// for a palette image, a tRNS that applies, the IDAT chunks and IEND.
    struct Parsed {
        var info: PNGInfo
        var spans: [Range<Int>]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The IHDR fields.
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: PNGColorType
        var isInterlaced: Bool
    }

    /// The structure and metadata, without the IDAT CRCs (what `PNGDecoder.info(_:)` reports).
    static func parse(_ bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits) throws(ImageError) -> PNGInfo {
        try walk(bytes, limits: limits, checkingImageData: false).info
    }

    /// The structure alone (see ``PNGDecoder/checkStructure(_:)``): no limit applied, no metadata read.
    static func check(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
        _ = try walk(bytes, limits: nil, checkingImageData: false)
    }

    /// Walks the file once; `checkingImageData` checks the IDAT CRCs too, as a decode does. Without `limits` (a
    /// check of the structure alone), no limit is applied and the metadata, which the limits guard, is not read.
    static func walk(
        _ bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits?, checkingImageData: Bool
    ) throws(ImageError) -> Parsed {
        try checkSignature(bytes)
        var chunks: [PNGChunk] = []
        var header: Header?
        var paletteChunk: PNGChunk?
        var transparencyChunk: PNGChunk?
        var ancillaryCount = 0
        var seenImageData = false
        var imageDataEnded = false
        var offset = signature.count
        var ended = false
        while !ended {
            let chunk = try readChunk(bytes, at: offset, after: chunks.last)
            let data = UnsafeRawBufferPointer(rebasing: bytes[chunk.offset + 8..<chunk.offset + 8 + chunk.length])
            if chunks.isEmpty && chunk.type != "IHDR" {
                throw ImageError(
                    .badChunk, "the first chunk is \(chunk.type), not IHDR (at byte \(chunk.offset))",
                    chunk: chunk.type, offset: chunk.offset)
            }
            if checkingImageData || chunk.type != "IDAT" {
                try checkCRC(bytes, chunk)
            }
            if seenImageData && chunk.type != "IDAT" {
                imageDataEnded = true
            }
            switch chunk.type {
            case "IHDR":
                guard header == nil else {
                    throw misplaced("a second IHDR chunk", chunk)
                }
                let parsed = try parseHeader(data, chunk)
                if let limits { try checkDimensions(parsed, limits) }
                header = parsed
            case "PLTE":
                guard paletteChunk == nil else {
                    throw misplaced("a second PLTE chunk", chunk)
                }
                guard !seenImageData else {
                    throw misplaced("PLTE after the image data", chunk)
                }
                paletteChunk = chunk
            case "IDAT":
                guard !imageDataEnded else {
                    throw misplaced("IDAT chunks that are not consecutive: another IDAT", chunk)
                }
                seenImageData = true
            case "IEND":
                guard chunk.length == 0 else {
                    throw ImageError(
                        .badChunk, "IEND has length \(chunk.length), not 0 (at byte \(chunk.offset))",
                        chunk: "IEND", offset: chunk.offset)
                }
                ended = true
            default:
                guard !chunk.isCritical else {
                    throw ImageError(
                        .badChunk, "unknown critical chunk \(chunk.type) at byte \(chunk.offset)",
                        chunk: chunk.type, offset: chunk.offset)
                }
                ancillaryCount += 1
                if let limits { try checkAncillaryLimits(chunk, count: ancillaryCount, limits) }
                if chunk.type == "tRNS" && !seenImageData && transparencyChunk == nil {
                    transparencyChunk = chunk
                }
            }
            chunks.append(chunk)
            offset = chunk.offset + 12 + chunk.length
        }
        guard let header else {
            // Unreachable: the first chunk was checked to be IHDR. Kept as an error, not a crash.
            throw ImageError(.badChunk, "no IHDR chunk", chunk: "IHDR", offset: signature.count)
        }
        guard seenImageData else {
            throw ImageError(.missingImageData, "no IDAT chunk: the file has no image data", chunk: "IDAT")
        }
        try checkPalette(paletteChunk, header)
        let hasTransparency = transparencyChunk.map { isUsable($0, header, palette: paletteChunk) } ?? false
        let format = decodedFormat(header, hasTransparency: hasTransparency)
        var warnings: [String] = []
        var metadata = PNGMetadata()
        if let limits {
            try checkDecodedSize(header, format, limits)
            metadata = PNGMetadataReader(
                bytes: bytes, header: header, paletteChunk: paletteChunk, limits: limits
            ).read(chunks, warnings: &warnings)
        }
        let info = PNGInfo(
            width: header.width, height: header.height, bitDepth: header.bitDepth, colorType: header.colorType,
            isInterlaced: header.isInterlaced, chunks: chunks, metadata: metadata, decodedFormat: format,
            warnings: warnings, trailingByteCount: bytes.count - offset)
        var spans = [0..<signature.count]
        for chunk in chunks {
            let needed: Bool
            switch chunk.type {
            case "IHDR", "IDAT", "IEND": needed = true
            case "PLTE": needed = header.colorType == .palette
            case "tRNS": needed = hasTransparency && chunk.offset == transparencyChunk?.offset
            default: needed = false
            }
            if needed { spans.append(chunk.offset..<chunk.offset + 12 + chunk.length) }
        }
        return Parsed(info: info, spans: spans)
    }

    private static func checkSignature(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
        let prefix = Array(bytes.prefix(signature.count))
        if prefix == signature {
            return
        }
        if prefix.count < signature.count && prefix == Array(signature.prefix(prefix.count)) {
            throw ImageError(
                .truncated, "truncated in the signature: the data has only \(bytes.count) bytes", offset: bytes.count)
        }
        let firstBad = zip(prefix, signature).prefix { $0 == $1 }.count
        var message = "bad signature: not a PNG file (byte \(firstBad) differs from the PNG signature)"
        if prefix.count >= 4 && Array(prefix.prefix(4)) == Array(signature.prefix(4)) {
            // The line-ending bytes are there to catch text-mode transfers (CR LF <-> LF).
            message =
                "bad signature: the line-ending bytes of the PNG signature are altered at byte \(firstBad)"
                + " (was the file transferred as text?)"
        }
        throw ImageError(.badSignature, message, offset: firstBad)
    }

    /// Reads the length and type of the chunk at `offset` and checks that all of it is present.
    private static func readChunk(
        _ bytes: UnsafeRawBufferPointer, at offset: Int, after previous: PNGChunk?
    ) throws(ImageError) -> PNGChunk {
        let remaining = bytes.count - offset
        guard remaining >= 8 else {
            let place = previous.map { "after chunk \($0.type)" } ?? "after the signature"
            throw ImageError(
                .truncated,
                remaining == 0
                    ? "truncated: the data ends at byte \(offset) \(place), before IEND"
                    : "truncated in a chunk header at byte \(offset) \(place): \(remaining) of 8 bytes",
                chunk: previous?.type, offset: offset)
        }
        let length = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian
        let typeBytes = Array(bytes[offset + 4..<offset + 8])
        guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            let hex = typeBytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            throw ImageError(
                .badChunk, "the chunk at byte \(offset) has an invalid type (bytes \(hex))", offset: offset)
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= 0x7FFF_FFFF else {
            throw ImageError(
                .badChunk, "chunk \(type) at byte \(offset) has length \(length), more than 2^31-1",
                chunk: type, offset: offset)
        }
        guard Int(length) <= remaining - 12 else {
            throw ImageError(
                .truncated,
                "truncated in chunk \(type) at byte \(bytes.count): the chunk at byte \(offset) needs"
                    + " \(Int(length) + 12) bytes, \(remaining) remain",
                chunk: type, offset: bytes.count)
        }
        return PNGChunk(type: type, offset: offset, length: Int(length))
    }

    private static func checkCRC(_ bytes: UnsafeRawBufferPointer, _ chunk: PNGChunk) throws(ImageError) {
        let covered = UnsafeRawBufferPointer(rebasing: bytes[chunk.offset + 4..<chunk.offset + 8 + chunk.length])
        let stored = bytes.loadUnaligned(fromByteOffset: chunk.offset + 8 + chunk.length, as: UInt32.self).bigEndian
        let computed = cpng_crc32(0, covered.baseAddress?.assumingMemoryBound(to: UInt8.self), covered.count)
        guard computed == stored else {
            throw crcMismatch(chunk.type, at: chunk.offset)
        }
    }

    /// Checks the CRC of every IDAT chunk, in order: what `walk` leaves out when not `checkingImageData`.
    static func checkImageDataCRCs(_ bytes: UnsafeRawBufferPointer, chunks: [PNGChunk]) throws(ImageError) {
        for chunk in chunks where chunk.type == "IDAT" {
            try checkCRC(bytes, chunk)
        }
    }

    static func crcMismatch(_ type: String, at offset: Int) -> ImageError {
        ImageError(.crcMismatch, "CRC mismatch in chunk \(type) at byte \(offset)", chunk: type, offset: offset)
    }

    private static func misplaced(_ what: String, _ chunk: PNGChunk) -> ImageError {
        ImageError(.badChunk, "\(what) at byte \(chunk.offset)", chunk: chunk.type, offset: chunk.offset)
    }

    private static func parseHeader(_ data: UnsafeRawBufferPointer, _ chunk: PNGChunk) throws(ImageError) -> Header {
        func bad(_ problem: String, _ detail: String? = nil) -> ImageError {
            ImageError(
                .badHeader, "\(problem) in IHDR" + (detail.map { " (\($0))" } ?? ""), chunk: "IHDR",
                offset: chunk.offset)
        }
        guard data.count == 13 else {
            throw bad("length \(data.count)", "it must be 13")
        }
        let width = data.bigEndianUInt32(at: 0)
        let height = data.bigEndianUInt32(at: 4)
        let bitDepth = Int(data[8])
        guard width >= 1, width <= 0x7FFF_FFFF else {
            throw bad("width \(width) is not valid", "1…2^31-1")
        }
        guard height >= 1, height <= 0x7FFF_FFFF else {
            throw bad("height \(height) is not valid", "1…2^31-1")
        }
        guard let colorType = PNGColorType(rawValue: data[9]) else {
            throw bad("bad colour type \(data[9])", "valid: 0, 2, 3, 4, 6")
        }
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            let allowed = colorType.allowedBitDepths.map(String.init).joined(separator: ", ")
            throw bad(
                "bit depth \(bitDepth) is not valid for colour type \(colorType.rawValue)",
                "\(colorType) allows \(allowed)")
        }
        guard data[10] == 0 else {
            throw bad("unknown compression method \(data[10])")
        }
        guard data[11] == 0 else {
            throw bad("unknown filter method \(data[11])")
        }
        guard data[12] <= 1 else {
            throw bad("unknown interlace method \(data[12])")
        }
        return Header(
            width: Int(width), height: Int(height), bitDepth: bitDepth, colorType: colorType,
            isInterlaced: data[12] == 1)
    }

    private static func checkDimensions(_ header: Header, _ limits: PNGDecoder.Limits) throws(ImageError) {
        if header.width > limits.maxWidth {
            throw ImageError(
                .limitExceeded,
                "width \(header.width) exceeds the limit of \(limits.maxWidth) (\(PNGDecoder.Limits.Name.maxWidth))",
                chunk: "IHDR", offset: signature.count, limit: .maxWidth)
        }
        if header.height > limits.maxHeight {
            throw ImageError(
                .limitExceeded,
                "height \(header.height) exceeds the limit of \(limits.maxHeight) (\(PNGDecoder.Limits.Name.maxHeight))",
                chunk: "IHDR", offset: signature.count, limit: .maxHeight)
        }
    }

    private static func checkAncillaryLimits(
        _ chunk: PNGChunk, count: Int, _ limits: PNGDecoder.Limits
    ) throws(ImageError) {
        if chunk.length > limits.maxAncillaryChunkBytes {
            throw ImageError(
                .limitExceeded,
                "chunk \(chunk.type) at byte \(chunk.offset) has \(chunk.length) bytes, more than the limit of"
                    + " \(limits.maxAncillaryChunkBytes) (\(PNGDecoder.Limits.Name.maxAncillaryChunkBytes))",
                chunk: chunk.type, offset: chunk.offset, limit: .maxAncillaryChunkBytes)
        }
        if count > limits.maxAncillaryChunkCount {
            throw ImageError(
                .limitExceeded,
                "more than \(limits.maxAncillaryChunkCount) ancillary chunks (the limit,"
                    + " \(PNGDecoder.Limits.Name.maxAncillaryChunkCount)), at chunk \(chunk.type) at byte \(chunk.offset)",
                chunk: chunk.type, offset: chunk.offset, limit: .maxAncillaryChunkCount)
        }
    }

    private static func checkPalette(_ palette: PNGChunk?, _ header: Header) throws(ImageError) {
        switch (header.colorType, palette) {
        case (.palette, nil):
            throw ImageError(.badChunk, "no PLTE chunk, which colour type 3 (palette) needs", chunk: "PLTE")
        case (.gray, let chunk?), (.grayAlpha, let chunk?):
            throw ImageError(
                .badChunk,
                "PLTE at byte \(chunk.offset) is not allowed for colour type \(header.colorType.rawValue)"
                    + " (\(header.colorType))",
                chunk: "PLTE", offset: chunk.offset)
        case (.palette, let chunk?):
            guard chunk.length > 0, chunk.length % 3 == 0, chunk.length / 3 <= 1 << header.bitDepth else {
                throw ImageError(
                    .badChunk,
                    "PLTE at byte \(chunk.offset) has length \(chunk.length): not 3 to \(3 << header.bitDepth)"
                        + " bytes in steps of 3 for bit depth \(header.bitDepth)",
                    chunk: "PLTE", offset: chunk.offset)
            }
        default:
            // A suggested palette in an RGB image is optional and not used for decoding.
            break
        }
    }

    /// Whether libpng will turn this tRNS chunk into alpha: it ignores one of the wrong size, one before PLTE,
    /// and one in an image that already has alpha.
    static func isUsable(_ transparency: PNGChunk, _ header: Header, palette: PNGChunk?) -> Bool {
        switch header.colorType {
        case .gray:
            return transparency.length == 2
        case .rgb:
            return transparency.length == 6
        case .palette:
            guard let palette, palette.offset < transparency.offset else {
                return false
            }
            return (1...palette.length / 3).contains(transparency.length)
        case .grayAlpha, .rgba:
            return false
        }
    }

    /// The layout libpng's expand transformation produces.
    static func decodedFormat(_ header: Header, hasTransparency: Bool) -> Bitmap.PixelFormat {
        let depth: Bitmap.BitDepth = header.bitDepth == 16 ? .sixteen : .eight
        let channels: Bitmap.Channels =
            switch header.colorType {
            case .gray: hasTransparency ? .grayAlpha : .gray
            case .grayAlpha: .grayAlpha
            case .rgb, .palette: hasTransparency ? .rgba : .rgb
            case .rgba: .rgba
            }
        return Bitmap.PixelFormat(channels: channels, bitDepth: depth)
    }

    private static func checkDecodedSize(
        _ header: Header, _ format: Bitmap.PixelFormat, _ limits: PNGDecoder.Limits
    ) throws(ImageError) {
        let (rowBytes, rowOverflow) = header.width.multipliedReportingOverflow(by: format.bytesPerPixel)
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: header.height)
        guard !rowOverflow, !overflow, total <= limits.maxDecodedBytes else {
            let size = rowOverflow || overflow ? "more than \(Int.max)" : "\(total)"
            throw ImageError(
                .limitExceeded,
                "the decoded \(header.width)x\(header.height) \(format) image needs \(size) bytes, more than the"
                    + " limit of \(limits.maxDecodedBytes) (\(PNGDecoder.Limits.Name.maxDecodedBytes))",
                chunk: "IHDR", offset: signature.count, limit: .maxDecodedBytes)
        }
    }
}
