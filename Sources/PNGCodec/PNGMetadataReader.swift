import Foundation

/// Reads ``PNGMetadata`` from the ancillary chunks of a PNG whose structure ``PNGStructure`` has checked.
///
/// A malformed or duplicated ancillary chunk is skipped with a warning, as the PNG specification lets
/// decoders do, so that one bad text chunk does not make a whole image unreadable.
struct PNGMetadataReader {
    let bytes: UnsafeRawBufferPointer
    let header: PNGStructure.Header
    /// The PLTE chunk, for resolving a bKGD palette index.
    let paletteChunk: PNGChunk?
    let limits: PNGDecoder.Limits

    func read(_ chunks: [PNGChunk], warnings: inout [String]) -> PNGMetadata {
        var metadata = PNGMetadata()
        var seen: Set<String> = []
        for chunk in chunks {
            let data = UnsafeRawBufferPointer(rebasing: bytes[chunk.offset + 8..<chunk.offset + 8 + chunk.length])
            let isText = ["tEXt", "zTXt", "iTXt"].contains(chunk.type)
            if !isText && seen.contains(chunk.type) && Self.singleChunkTypes.contains(chunk.type) {
                warnings.append("a second \(chunk.type) chunk at byte \(chunk.offset) was ignored")
                continue
            }
            seen.insert(chunk.type)
            do {
                try read(chunk, data, into: &metadata)
            } catch {
                warnings.append("\(chunk.type) at byte \(chunk.offset) was ignored: \(error.problem)")
            }
        }
        return metadata
    }

    /// Ancillary chunk types of which a file may hold only one.
    private static let singleChunkTypes: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP", "pHYs", "tIME", "bKGD", "tRNS"]

    /// Why one chunk was skipped.
    struct Skip: Error {
        var problem: String
    }

    private func read(
        _ chunk: PNGChunk, _ data: UnsafeRawBufferPointer, into metadata: inout PNGMetadata
    ) throws(Skip) {
        switch chunk.type {
        case "gAMA":
            try expect(data, length: 4)
            let value = data.bigEndianUInt32(at: 0)
            guard value > 0 else {
                throw Skip(problem: "gamma 0 is not valid")
            }
            metadata.gamma = Double(value) / 100_000
        case "cHRM":
            try expect(data, length: 32)
            func point(_ index: Int) -> PNGMetadata.Chromaticity {
                PNGMetadata.Chromaticity(
                    x: Double(data.bigEndianUInt32(at: index * 8)) / 100_000,
                    y: Double(data.bigEndianUInt32(at: index * 8 + 4)) / 100_000)
            }
            metadata.chromaticities = PNGMetadata.Chromaticities(
                white: point(0), red: point(1), green: point(2), blue: point(3))
        case "sRGB":
            try expect(data, length: 1)
            guard let intent = PNGMetadata.RenderingIntent(rawValue: data[0]) else {
                throw Skip(problem: "rendering intent \(data[0]) is not valid (0…3)")
            }
            metadata.sRGBIntent = intent
        case "iCCP":
            let (name, rest) = try keyword(data)
            guard rest.first == 0 else {
                throw Skip(problem: "unknown compression method")
            }
            metadata.iccProfile = PNGMetadata.ICCProfile(
                name: name, data: try inflate(UnsafeRawBufferPointer(rebasing: rest.dropFirst())))
        case "pHYs":
            try expect(data, length: 9)
            guard let unit = PNGMetadata.PhysicalDimensions.Unit(rawValue: data[8]) else {
                throw Skip(problem: "unit \(data[8]) is not valid (0 or 1)")
            }
            metadata.physicalDimensions = PNGMetadata.PhysicalDimensions(
                pixelsPerUnitX: data.bigEndianUInt32(at: 0), pixelsPerUnitY: data.bigEndianUInt32(at: 4), unit: unit)
        case "tIME":
            try expect(data, length: 7)
            let time = PNGMetadata.ModificationTime(
                year: UInt16(data[0]) << 8 | UInt16(data[1]), month: data[2], day: data[3], hour: data[4],
                minute: data[5], second: data[6])
            guard time.isValid else {
                throw Skip(problem: "the time \(time) is not valid")
            }
            metadata.modificationTime = time
        case "bKGD":
            metadata.backgroundColor = try backgroundColor(data)
        case "tEXt", "zTXt", "iTXt":
            metadata.textEntries.append(try textEntry(chunk.type, data))
        case "tRNS":
            guard PNGStructure.isUsable(chunk, header, palette: paletteChunk) else {
                throw Skip(problem: "it does not fit colour type \(header.colorType.rawValue) (\(header.colorType))")
            }
        default:
            // Any other ancillary chunk (lowercase first letter) is kept as stored; critical chunks are the
            // structure's business.
            guard chunk.type.utf8.first.map({ $0 & 0x20 != 0 }) == true else {
                break
            }
            // Restart points describe how this file's image data is laid out, which any encode rewrites: an
            // encoder writes its own, never these again.
            guard chunk.type != PNGRestartPoints.chunkType, chunk.type != "iDOT" else {
                break
            }
            metadata.otherChunks.append(
                PNGMetadata.OtherChunk(
                    type: chunk.type, data: Data(data), storedColorType: header.colorType.rawValue,
                    storedBitDepth: UInt8(header.bitDepth)))
        }
    }

    private func expect(_ data: UnsafeRawBufferPointer, length: Int) throws(Skip) {
        guard data.count == length else {
            throw Skip(problem: "length \(data.count), not \(length)")
        }
    }

    /// Splits a chunk's data into a keyword (1…79 Latin-1 bytes, NUL-terminated) and what follows the NUL.
    private func keyword(_ data: UnsafeRawBufferPointer) throws(Skip) -> (String, Slice<UnsafeRawBufferPointer>) {
        guard let end = data.firstIndex(of: 0) else {
            throw Skip(problem: "the keyword has no terminating NUL")
        }
        if let problem = PNGKeyword.problem(with: data[..<end]) {
            throw Skip(problem: problem)
        }
        return (Latin1.decode(data[..<end]), data[(end + 1)...])
    }

    private func inflate(_ data: UnsafeRawBufferPointer) throws(Skip) -> Data {
        switch Zlib.inflate(data, maxLength: limits.maxAncillaryChunkBytes) {
        case .success(let inflated):
            return inflated
        case .failure(.tooLarge):
            throw Skip(problem: "it decompresses to more than the limit of \(limits.maxAncillaryChunkBytes) bytes")
        case .failure(.outOfMemory):
            throw Skip(problem: "out of memory while decompressing it")
        case .failure(.corrupt):
            throw Skip(problem: "its compressed data is corrupt")
        }
    }

    private func textEntry(_ type: String, _ data: UnsafeRawBufferPointer) throws(Skip) -> PNGMetadata.TextEntry {
        let (keyword, rest) = try keyword(data)
        switch type {
        case "tEXt":
            return PNGMetadata.TextEntry(
                keyword: keyword, text: Latin1.decode(rest), isCompressed: false, isInternational: false)
        case "zTXt":
            guard rest.first == 0 else {
                throw Skip(problem: "unknown compression method")
            }
            let text = try inflate(UnsafeRawBufferPointer(rebasing: rest.dropFirst()))
            return PNGMetadata.TextEntry(
                keyword: keyword, text: Latin1.decode(text), isCompressed: true, isInternational: false)
        default:
            guard rest.count >= 2, rest[rest.startIndex] <= 1, rest[rest.startIndex + 1] == 0 else {
                throw Skip(problem: "bad compression flag or method")
            }
            let isCompressed = rest[rest.startIndex] == 1
            var remainder = rest.dropFirst(2)
            guard let languageEnd = remainder.firstIndex(of: 0) else {
                throw Skip(problem: "the language tag has no terminating NUL")
            }
            let languageTag = String(decoding: remainder[..<languageEnd], as: UTF8.self)
            remainder = remainder[(languageEnd + 1)...]
            guard let translatedEnd = remainder.firstIndex(of: 0) else {
                throw Skip(problem: "the translated keyword has no terminating NUL")
            }
            let translated = try utf8(remainder[..<translatedEnd], "translated keyword")
            let body = UnsafeRawBufferPointer(rebasing: remainder[(translatedEnd + 1)...])
            let text = isCompressed ? try utf8(try inflate(body), "text") : try utf8(body, "text")
            return PNGMetadata.TextEntry(
                keyword: keyword, text: text, isCompressed: isCompressed, isInternational: true,
                languageTag: languageTag, translatedKeyword: translated)
        }
    }

    private func utf8(_ bytes: some Collection<UInt8>, _ what: String) throws(Skip) -> String {
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw Skip(problem: "its \(what) is not valid UTF-8")
        }
        return string
    }

    private func backgroundColor(_ data: UnsafeRawBufferPointer) throws(Skip) -> PNGMetadata.BackgroundColor {
        switch header.colorType {
        case .palette:
            try expect(data, length: 1)
            let index = Int(data[0])
            guard let paletteChunk, index * 3 + 2 < paletteChunk.length else {
                throw Skip(problem: "palette index \(index) is outside the palette")
            }
            let entry = paletteChunk.offset + 8 + index * 3
            return .rgb(red: UInt16(bytes[entry]), green: UInt16(bytes[entry + 1]), blue: UInt16(bytes[entry + 2]))
        case .gray, .grayAlpha:
            try expect(data, length: 2)
            let gray = data.bigEndianUInt16(at: 0)
            guard Int(gray) < 1 << header.bitDepth else {
                throw Skip(problem: "gray \(gray) does not fit bit depth \(header.bitDepth)")
            }
            // Scaled like the samples: libpng's expansion of 1, 2 and 4-bit gray replicates the bits.
            let scale: UInt16 = header.bitDepth >= 8 ? 1 : 255 / UInt16((1 << header.bitDepth) - 1)
            return .gray(gray * scale)
        case .rgb, .rgba:
            try expect(data, length: 6)
            let red = data.bigEndianUInt16(at: 0)
            let green = data.bigEndianUInt16(at: 2)
            let blue = data.bigEndianUInt16(at: 4)
            guard Int(max(red, green, blue)) < 1 << header.bitDepth else {
                throw Skip(problem: "a colour value does not fit bit depth \(header.bitDepth)")
            }
            return .rgb(red: red, green: green, blue: blue)
        }
    }
}

extension UnsafeRawBufferPointer {
    func bigEndianUInt32(at offset: Int) -> UInt32 {
        loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian
    }

    func bigEndianUInt16(at offset: Int) -> UInt16 {
        loadUnaligned(fromByteOffset: offset, as: UInt16.self).bigEndian
    }
}
