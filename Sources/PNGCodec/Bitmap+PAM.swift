import Foundation

// PAM, the Netpbm "portable arbitrary map" (P7): a text header of WIDTH, HEIGHT, DEPTH, MAXVAL and TUPLTYPE
// lines ending with ENDHDR, then the samples, row after row, 16-bit ones big-endian — the same layout as a
// Bitmap's storage.
extension Bitmap {
    /// Reads a PAM (Netpbm P7) file with TUPLTYPE GRAYSCALE, GRAYSCALE_ALPHA, RGB or RGB_ALPHA and MAXVAL 255
    /// (8-bit) or 65535 (16-bit). A missing TUPLTYPE is taken from DEPTH. Comments (`#`) are allowed in the
    /// header. PAM has no metadata, so the bitmap has none.
    ///
    /// - Parameters:
    ///   - pamData: a whole PAM file holding one image.
    ///   - limits: the largest image to accept (``PNGDecoder/Limits``; only the size limits apply).
    /// - Throws: ``ImageError`` with code `ImageError.Code.badPAM` naming the header line and field at fault,
    ///   `ImageError.Code.truncated` when the samples end early, `ImageError.Code.limitExceeded`.
    public init(pamData: Data, limits: PNGDecoder.Limits = PNGDecoder.Limits()) throws(ImageError) {
        let header = try PAMHeader(pamData)
        if header.width > limits.maxWidth || header.height > limits.maxHeight {
            throw ImageError(
                .limitExceeded,
                "PAM image \(header.width)x\(header.height) exceeds the limit of"
                    + " \(limits.maxWidth)x\(limits.maxHeight)")
        }
        let byteCount = try Self.byteCount(width: header.width, height: header.height, format: header.format)
        guard byteCount <= limits.maxDecodedBytes else {
            throw ImageError(
                .limitExceeded,
                "PAM image needs \(byteCount) bytes, more than the limit of \(limits.maxDecodedBytes)")
        }
        let available = pamData.count - header.rasterOffset
        guard available >= byteCount else {
            throw ImageError(
                .truncated, "truncated PAM: the samples have \(available) of \(byteCount) bytes",
                offset: pamData.count)
        }
        guard available == byteCount else {
            throw ImageError(
                .badPAM,
                "PAM has \(available - byteCount) bytes after the samples of its one image (only one image per"
                    + " file is supported)",
                offset: header.rasterOffset + byteCount)
        }
        let start = pamData.index(pamData.startIndex, offsetBy: header.rasterOffset)
        try self.init(
            width: header.width, height: header.height, format: header.format, bytes: pamData[start...])
    }

    /// This bitmap as a PAM (Netpbm P7) file: TUPLTYPE from the channels, MAXVAL 255 or 65535, samples exactly
    /// as stored. Metadata is not kept (PAM has none).
    ///
    /// - Returns: a whole PAM file.
    public func pamData() -> Data {
        let header = """
            P7
            WIDTH \(width)
            HEIGHT \(height)
            DEPTH \(format.channels.count)
            MAXVAL \(format.bitDepth.maxSampleValue)
            TUPLTYPE \(PAMHeader.tupleType(format.channels))
            ENDHDR

            """
        var data = Data(header.utf8)
        data.reserveCapacity(data.count + byteCount)
        withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }
}

/// The parsed header of a PAM file.
struct PAMHeader {
    var width: Int
    var height: Int
    var format: Bitmap.PixelFormat
    /// Where the samples start.
    var rasterOffset: Int

    static let tupleTypes: [String: Bitmap.Channels] = [
        "GRAYSCALE": .gray, "GRAYSCALE_ALPHA": .grayAlpha, "RGB": .rgb, "RGB_ALPHA": .rgba,
    ]

    static func tupleType(_ channels: Bitmap.Channels) -> String {
        tupleTypes.first { $0.value == channels }?.key ?? "RGB_ALPHA"
    }

    /// The longest header read before giving up on finding ENDHDR.
    static let maxHeaderBytes = 65_536

    init(_ data: Data) throws(ImageError) {
        let bytes = [UInt8](data.prefix(Self.maxHeaderBytes))
        var lineNumber = 0
        var position = 0
        var fields: [String: (value: Int, line: Int)] = [:]
        var tupleType: (value: String, line: Int)?
        var ended = false
        while !ended {
            guard let newline = bytes[position...].firstIndex(of: 0x0A) else {
                throw ImageError(
                    .badPAM,
                    lineNumber == 0
                        ? "not a PAM file: no header line" : "PAM header has no ENDHDR line (read \(lineNumber) lines)",
                    line: lineNumber + 1)
            }
            lineNumber += 1
            let line = String(decoding: bytes[position..<newline], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            position = newline + 1
            if lineNumber == 1 {
                try Self.checkMagic(line)
                continue
            }
            if line.isEmpty || line.hasPrefix("#") {
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let keyword = String(parts[0])
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            func bad(_ problem: String) -> ImageError {
                ImageError(.badPAM, "PAM header line \(lineNumber): \(problem)", line: lineNumber)
            }
            switch keyword {
            case "ENDHDR":
                ended = true
            case "WIDTH", "HEIGHT", "DEPTH", "MAXVAL":
                guard fields[keyword] == nil else {
                    throw bad("\(keyword) appears twice")
                }
                guard let number = Int(value), number > 0 else {
                    throw bad("\(keyword) \"\(value)\" is not a positive integer")
                }
                fields[keyword] = (number, lineNumber)
            case "TUPLTYPE":
                // The format lets TUPLTYPE lines add up; one is all a supported type needs.
                guard tupleType == nil else {
                    throw bad("TUPLTYPE appears twice")
                }
                tupleType = (value, lineNumber)
            default:
                throw bad("unknown header field \"\(keyword)\"")
            }
        }
        for name in ["WIDTH", "HEIGHT", "DEPTH", "MAXVAL"] where fields[name] == nil {
            throw ImageError(.badPAM, "PAM header has no \(name) line", line: lineNumber)
        }
        let depth = fields["DEPTH"]?.value ?? 0
        guard let maxval = fields["MAXVAL"], maxval.value == 255 || maxval.value == 65_535 else {
            let line = fields["MAXVAL"]?.line ?? lineNumber
            throw ImageError(
                .badPAM,
                "PAM header line \(line): MAXVAL \(fields["MAXVAL"]?.value ?? 0) is not supported (255 or 65535)",
                line: line)
        }
        let channels: Bitmap.Channels
        if let tupleType {
            guard let named = Self.tupleTypes[tupleType.value] else {
                throw ImageError(
                    .badPAM,
                    "PAM header line \(tupleType.line): TUPLTYPE \"\(tupleType.value)\" is not supported"
                        + " (GRAYSCALE, GRAYSCALE_ALPHA, RGB, RGB_ALPHA)",
                    line: tupleType.line)
            }
            guard named.count == depth else {
                let line = fields["DEPTH"]?.line ?? lineNumber
                throw ImageError(
                    .badPAM,
                    "PAM header line \(line): DEPTH \(depth) does not match TUPLTYPE \(tupleType.value),"
                        + " which needs \(named.count)",
                    line: line)
            }
            channels = named
        } else {
            guard let inferred = Bitmap.Channels(rawValue: depth) else {
                let line = fields["DEPTH"]?.line ?? lineNumber
                throw ImageError(
                    .badPAM, "PAM header line \(line): DEPTH \(depth) is not supported (1 to 4)", line: line)
            }
            channels = inferred
        }
        width = fields["WIDTH"]?.value ?? 0
        height = fields["HEIGHT"]?.value ?? 0
        format = Bitmap.PixelFormat(channels: channels, bitDepth: maxval.value == 255 ? .eight : .sixteen)
        rasterOffset = position
    }

    private static func checkMagic(_ line: String) throws(ImageError) {
        guard line != "P7" else {
            return
        }
        if ["P1", "P2", "P3", "P4", "P5", "P6"].contains(line) {
            throw ImageError(
                .badPAM, "PAM header line 1: \(line) is a PBM/PGM/PPM file; only PAM (P7) is supported", line: 1)
        }
        throw ImageError(.badPAM, "PAM header line 1: expected \"P7\", found \"\(line.prefix(20))\"", line: 1)
    }
}
