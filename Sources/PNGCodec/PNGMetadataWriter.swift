import Foundation

/// Serialises ``PNGMetadata`` into ancillary chunks for the encoder, checking that every value can be
/// stored; the inverse of ``PNGMetadataReader``.
struct PNGMetadataWriter {
    /// The format of the bitmap being encoded, which a bKGD must match.
    let format: Bitmap.PixelFormat

    /// The chunks, in the order they are written: colour space first, then the rest.
    func chunks(for metadata: PNGMetadata) throws(ImageError) -> [(String, Data)] {
        var chunks: [(String, Data)] = []
        if let gamma = metadata.gamma {
            chunks.append(("gAMA", BigEndian.bytes(try scaled(gamma, "gamma", in: "gAMA"))))
        }
        if let chromaticities = metadata.chromaticities {
            var data = Data()
            for point in [chromaticities.white, chromaticities.red, chromaticities.green, chromaticities.blue] {
                data += BigEndian.bytes(try scaled(point.x, "chromaticity x", in: "cHRM"))
                data += BigEndian.bytes(try scaled(point.y, "chromaticity y", in: "cHRM"))
            }
            chunks.append(("cHRM", data))
        }
        if let intent = metadata.sRGBIntent {
            chunks.append(("sRGB", Data([intent.rawValue])))
        }
        if let profile = metadata.iccProfile {
            chunks.append(("iCCP", try keyword(profile.name, in: "iCCP") + [0] + Zlib.deflate(profile.data)))
        }
        if let dimensions = metadata.physicalDimensions {
            chunks.append(
                (
                    "pHYs",
                    BigEndian.bytes(dimensions.pixelsPerUnitX) + BigEndian.bytes(dimensions.pixelsPerUnitY)
                        + [dimensions.unit.rawValue]
                ))
        }
        if let background = metadata.backgroundColor {
            chunks.append(("bKGD", try backgroundData(background)))
        }
        if let time = metadata.modificationTime {
            guard time.isValid else {
                throw ImageError(.invalidMetadata, "the modification time \(time) is not valid", chunk: "tIME")
            }
            chunks.append(
                ("tIME", BigEndian.bytes(time.year) + [time.month, time.day, time.hour, time.minute, time.second]))
        }
        for entry in metadata.textEntries {
            chunks.append((entry.chunkType, try textData(entry)))
        }
        for chunk in metadata.otherChunks where keeps(chunk) {
            chunks.append((chunk.type, chunk.data))
        }
        return chunks
    }

    /// Whether the pixels being written are exactly those decoded from the file the metadata came from.
    let samplesAsStored: Bool

    /// Whether a chunk PNGCodec does not interpret stays valid for the pixels being written: always when it is safe
    /// to copy, else only for the samples as stored, in the same colour type and bit depth.
    func keeps(_ chunk: PNGMetadata.OtherChunk) -> Bool {
        chunk.isSafeToCopy
            || (samplesAsStored && chunk.storedColorType == Self.colorType(of: format)
                && Int(chunk.storedBitDepth) == format.bitDepth.rawValue)
    }

    /// The IHDR colour type the encoder writes for a format.
    static func colorType(of format: Bitmap.PixelFormat) -> UInt8 {
        switch format.channels {
        case .gray: 0
        case .rgb: 2
        case .grayAlpha: 4
        case .rgba: 6
        }
    }

    /// A value stored as an unsigned 31-bit integer times 100000.
    private func scaled(_ value: Double, _ what: String, in chunk: String) throws(ImageError) -> UInt32 {
        let stored = (value * 100_000).rounded()
        guard stored.isFinite, stored >= 0, stored <= 0x7FFF_FFFF, !(chunk == "gAMA" && stored == 0) else {
            throw ImageError(
                .invalidMetadata, "\(what) \(value) cannot be stored in \(chunk) (0…21474.83647 in steps of 0.00001)",
                chunk: chunk)
        }
        return UInt32(stored)
    }

    /// A keyword and its NUL terminator.
    private func keyword(_ keyword: String, in chunk: String) throws(ImageError) -> Data {
        guard let bytes = Latin1.encode(keyword) else {
            throw ImageError(
                .invalidMetadata, "the \(chunk) keyword \"\(keyword)\" has a character outside Latin-1", chunk: chunk)
        }
        if let problem = PNGKeyword.problem(with: bytes) {
            throw ImageError(.invalidMetadata, "the \(chunk) keyword \"\(keyword)\": \(problem)", chunk: chunk)
        }
        return Data(bytes + [0])
    }

    private func backgroundData(_ background: PNGMetadata.BackgroundColor) throws(ImageError) -> Data {
        let maximum = UInt16(format.bitDepth.maxSampleValue)
        switch (background, format.channels.isColor) {
        case (.gray(let gray), false):
            guard gray <= maximum else {
                throw ImageError(
                    .invalidMetadata, "background gray \(gray) does not fit a \(format) image", chunk: "bKGD")
            }
            return BigEndian.bytes(gray)
        case (.rgb(let red, let green, let blue), true):
            guard max(red, green, blue) <= maximum else {
                throw ImageError(
                    .invalidMetadata, "background colour (\(red), \(green), \(blue)) does not fit a \(format) image",
                    chunk: "bKGD")
            }
            return BigEndian.bytes(red) + BigEndian.bytes(green) + BigEndian.bytes(blue)
        default:
            throw ImageError(
                .invalidMetadata, "a \(background) background does not fit a \(format) image", chunk: "bKGD")
        }
    }

    private func textData(_ entry: PNGMetadata.TextEntry) throws(ImageError) -> Data {
        let type = entry.chunkType
        var data = try keyword(entry.keyword, in: type)
        guard entry.isInternational else {
            guard let text = Latin1.encode(entry.text) else {
                throw ImageError(
                    .invalidMetadata,
                    "the \(type) text of \"\(entry.keyword)\" has characters outside Latin-1; make it international"
                        + " (iTXt)",
                    chunk: type)
            }
            if entry.isCompressed {
                data += [0]
                data += try Zlib.deflate(text)
            } else {
                data += text
            }
            return data
        }
        for (value, what) in [(entry.languageTag, "language tag"), (entry.translatedKeyword, "translated keyword")]
        where value.utf8.contains(0) {
            throw ImageError(
                .invalidMetadata, "the iTXt \(what) of \"\(entry.keyword)\" contains a NUL character", chunk: type)
        }
        data += [entry.isCompressed ? 1 : 0, 0]
        data += Data(entry.languageTag.utf8) + [0]
        data += Data(entry.translatedKeyword.utf8) + [0]
        let text = Data(entry.text.utf8)
        data += entry.isCompressed ? try Zlib.deflate(text) : text
        return data
    }
}

/// Big-endian bytes of unsigned integers, as PNG stores them.
enum BigEndian {
    static func bytes<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }
}
