import CPNG
import Foundation

extension PNGEncoder {
    /// `png` with its image data compressed again in `slices` slices, with a `dkSl` chunk recording them, and its
    /// rows kept as the file stores them: the same colour type, bit depth, palette, tRNS and other chunks (those
    /// after the image data move before it). ``encode(_:)`` writes 8- and 16-bit samples only; this makes the sliced
    /// palette, low-bit-depth and tRNS files that the decoder also reads from their restart points, for the tests
    /// and the fuzzer's seeds. Uses ``options`` (level, strategy, filters) and ``maxThreadCount``.
    ///
    /// - Parameters:
    ///   - png: a whole PNG file, not interlaced.
    ///   - slices: the number of slices, at least 2 and at most the image's height.
    /// - Returns: the sliced file.
    /// - Throws: ``ImageError`` when `png` does not decode, is interlaced, or `slices` is out of range.
    package func reslicing(_ png: Data, slices: Int) throws(ImageError) -> Data {
        try options.validate()
        let result = png.withUnsafeBytes { bytes in
            Result { () throws(ImageError) -> Data in try reslicing(bytes, slices: slices) }
        }
        return try result.get()
    }

    private func reslicing(_ bytes: UnsafeRawBufferPointer, slices: Int) throws(ImageError) -> Data {
        let info = try PNGStructure.walk(bytes, limits: PNGDecoder.Limits(), checkingImageData: true).info
        guard !info.isInterlaced else {
            throw ImageError(.invalidBitmap, "an interlaced image has no rows to slice")
        }
        guard (2...info.height).contains(slices) else {
            throw ImageError(.invalidBitmap, "\(slices) slices for an image of \(info.height) rows")
        }
        let channels =
            switch info.colorType {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        let rowBytes = (info.width * channels * info.bitDepth + 7) / 8
        let bytesPerPixel = max(1, channels * info.bitDepth / 8)
        let rawCount = info.height * (rowBytes + 1)
        var stream = [UInt8]()
        for chunk in info.chunks where chunk.type == "IDAT" {
            stream += bytes[chunk.offset + 8..<chunk.offset + 8 + chunk.length]
        }
        let inflated = stream.withUnsafeBytes { Zlib.inflate($0, maxLength: rawCount) }
        guard case .success(let raw) = inflated, raw.count == rawCount else {
            throw ImageError(.badImageData, "the image data does not inflate to \(info.height) rows")
        }
        // The unfiltered rows, after a row of zeros: the row above the first, as filters see it.
        var rows = [UInt8](repeating: 0, count: (info.height + 1) * rowBytes)
        var filters = [UInt8](repeating: 0, count: info.height)
        for y in 0..<info.height {
            filters[y] = raw[y * (rowBytes + 1)]
            guard filters[y] <= 4 else {
                throw ImageError(.badImageData, "row \(y) has filter type \(filters[y])")
            }
            let start = y * (rowBytes + 1) + 1
            rows.replaceSubrange((y + 1) * rowBytes..<(y + 2) * rowBytes, with: raw[start..<start + rowBytes])
        }
        rows.withUnsafeMutableBufferPointer { rows in
            guard let base = rows.baseAddress else {
                return
            }
            cpng_unfilter_rows(base + rowBytes, rowBytes, filters, UInt32(info.height), rowBytes, bytesPerPixel)
        }
        let chunks = info.chunks.filter { !["IHDR", "IDAT", "IEND", "dkSl", "iDOT"].contains($0.type) }.map {
            ($0.type, Data(bytes[$0.offset + 8..<$0.offset + 8 + $0.length]))
        }
        var encoder = SlicedEncoder(
            width: info.width, height: info.height, format: info.decodedFormat, options: options, slices: slices,
            threads: SliceWorkers.threadCount(maxThreadCount, slices: slices))
        encoder.stored = SlicedEncoder.StoredRows(colorType: info.colorType, bitDepth: info.bitDepth)
        let result = rows.withUnsafeBytes { rows in
            Result { () throws(ImageError) -> Data in
                try encoder.encode(
                    UnsafeRawBufferPointer(rebasing: rows[rowBytes...]), stride: rowBytes, chunks: chunks)
            }
        }
        return try result.get()
    }
}
