import Foundation
import PNGCodec
import TestSupport
import Testing

/// One image on several cores: sliced encodes read back by libpng and by an independent reader, sliced and `iDOT`
/// decodes compared sample for sample with libpng's, and restart points that do not hold falling back to libpng.
@Suite("Parallel coding")
struct ParallelCodingTests {
    /// libpng on one thread: the reference every parallel decode must equal.
    static let libpng = PNGDecoder(maxThreadCount: 1)
    static let parallel = PNGDecoder(maxThreadCount: 4)

    @Test(
        "every PngSuite image, encoded in 1, 2, 3 and 7 slices with each preset, reads back through libpng and in slices",
        arguments: Fixtures.parallelCodingFiles)
    func pngSuiteRoundTrips(file: String) async throws {
        // About 40 encodes and decodes per file: off Swift's cooperative threads, which other suites need. The
        // expectations run back here, in the test.
        let cases = try await offThePool { try Self.roundTrips(file) }
        #expect(cases.count == 12)
        for item in cases {
            let label = "\(file), \(item.label)"
            #expect(item.sliceCount == item.expectedSlices, "\(label)")
            #expect(item.libpngHash == item.originalHash, "\(label)")
            #expect(item.libpngMetadata == item.oneStreamMetadata, "\(label)")
            #expect(item.slicedHash == item.libpngHash, "\(label)")
            #expect(item.slicedMetadata == item.libpngMetadata, "\(label)")
            if item.expectedSlices > 1 {
                #expect(item.report.restartPoints?.source == .dndkit, "\(label)")
                #expect(item.report.restartPoints?.slices.count == item.expectedSlices, "\(label)")
                #expect(item.report.threadCount == min(4, item.expectedSlices), "\(label): \(item.report)")
            } else {
                #expect(item.report.restartPoints == nil, "\(label)")
                #expect(item.report.threadCount == 1, "\(label)")
            }
        }
    }

    @Test(
        "every PngSuite image, its rows kept as stored (palette, low bit depths, tRNS), decodes in slices like libpng",
        arguments: Fixtures.parallelCodingFiles)
    func pngSuiteStoredLayouts(file: String) async throws {
        let cases = try await offThePool { try Self.storedLayoutCases(file) }
        let info = try Self.libpng.info(Fixtures.data(file))
        if info.isInterlaced {
            #expect(cases.isEmpty)
            guard info.height >= 2 else {
                return
            }
            // Restart points on an interlaced file (forged: no encoder writes them) leave it to libpng.
            let recorded = Self.replacingRecord(of: try Fixtures.data(file), with: [(0, 2), (1, 10)])
            let (decoded, report) = try Self.parallel.decodeReporting(recorded)
            #expect(report.restartPoints?.slices.count == 2)
            #expect(report.threadCount == 1)
            #expect(report.fallback == .interlaced, "\(report)")
            #expect(decoded == (try Self.libpng.decode(recorded)))
            return
        }
        #expect(cases.count == 2 * [2, 3, 7].filter { $0 <= info.height }.count)
        if info.height >= 2 {
            // The rows stay as stored: the sliced file is a palette, low-bit or tRNS file when the original is.
            let resliced = try Self.libpng.info(PNGEncoder().reslicing(Fixtures.data(file), slices: 2))
            #expect(resliced.colorType == info.colorType && resliced.bitDepth == info.bitDepth)
            #expect(resliced.decodedFormat == info.decodedFormat)
        }
        for item in cases {
            let label = "\(file), \(item.label)"
            #expect(item.slicedHash == item.libpngHash, "\(label)")
            #expect(item.libpngHash == item.originalHash, "\(label)")
            #expect(item.slicedMetadata == item.libpngMetadata, "\(label)")
            #expect(item.report.restartPoints?.slices.count == item.expectedSlices, "\(label)")
            #expect(item.report.fallback == nil, "\(label): \(item.report)")
            #expect(item.report.threadCount == min(4, item.expectedSlices), "\(label): \(item.report)")
        }
    }

    /// A PngSuite file resliced with its stored rows, recorded in `dkSl` and in `iDOT`, decoded both ways.
    static func storedLayoutCases(_ file: String) throws -> [RoundTrip] {
        let data = try Fixtures.data(file)
        let original = try Self.libpng.decode(data)
        guard !(try Self.libpng.info(data).isInterlaced) else {
            return []
        }
        var cases: [RoundTrip] = []
        for slices in [2, 3, 7] where slices <= original.height {
            let resliced = try PNGEncoder(options: .balanced, maxThreadCount: 3).reslicing(data, slices: slices)
            let idot = SlicedPNG.rebuild(
                resliced, points: SlicedPNG.dndkitPoints(resliced), height: original.height, record: .appleIDOT)
            for (record, file) in [("dkSl", resliced), ("iDOT", idot)] {
                let byLibpng = try Self.libpng.decode(file)
                let (inSlices, report) = try Self.parallel.decodeReporting(file)
                cases.append(
                    RoundTrip(
                        label: "\(slices) slices in \(record)", sliceCount: slices, expectedSlices: slices,
                        originalHash: Fixtures.sha256(original), libpngHash: Fixtures.sha256(byLibpng),
                        slicedHash: Fixtures.sha256(inSlices), oneStreamMetadata: original.metadata,
                        libpngMetadata: byLibpng.metadata, slicedMetadata: inSlices.metadata, report: report))
            }
        }
        return cases
    }

    @Test(
        "palette, low-bit and tRNS files whose restart points do not hold fall back to libpng",
        arguments: ["basn3p02.png", "basn3p08.png", "tbbn0g04.png", "tbrn2c08.png", "tm3n3p02.png", "basn0g01.png"])
    func forgedStoredLayouts(file: String) throws {
        let data = try Fixtures.data(file)
        let sliced = try PNGEncoder(options: .balanced).reslicing(data, slices: 3)
        let reference = try Self.libpng.decode(data)
        let points = SlicedPNG.dndkitPoints(sliced)
        #expect(try Self.parallel.decodeReporting(sliced).report.threadCount == 3)
        for index in 1..<points.count {
            for (rowDelta, offsetDelta) in [(0, -1), (0, 1), (1, 0), (-1, 0)] {
                var forged = points
                forged[index].row += rowDelta
                forged[index].offset += offsetDelta
                let (decoded, report) = try Self.parallel.decodeReporting(
                    Self.replacingRecord(of: sliced, with: forged))
                #expect(decoded == reference, "\(forged)")
                #expect(report.threadCount == 1, "\(forged)")
                #expect(report.fallback != nil, "\(forged)")
            }
        }
    }

    @Test("a palette index past the palette, where libpng only warns, falls back to libpng")
    func paletteIndexOutsideThePalette() throws {
        // basn3p04 uses 15 of its colours: a palette of 4 leaves most indices outside.
        let sliced = try PNGEncoder(options: .balanced).reslicing(Fixtures.data("basn3p04.png"), slices: 2)
        var file = Data(TestPNG.signature)
        for (type, body) in SlicedPNG.chunks(sliced) {
            file += TestPNG.chunk(type, type == "PLTE" ? Array(body.prefix(12)) : body)
        }
        let (decoded, report) = try Self.parallel.decodeReporting(file)
        #expect(report.threadCount == 1)
        #expect(report.fallback == .samplesOutOfRange, "\(report)")
        #expect(decoded == (try Self.libpng.decode(file)))
    }

    /// What one encode of a PngSuite image in slices gave, read back by libpng and from its restart points.
    struct RoundTrip: Sendable {
        var label: String
        var sliceCount: Int
        var expectedSlices: Int
        var originalHash: String
        var libpngHash: String
        var slicedHash: String
        var oneStreamMetadata: PNGMetadata
        var libpngMetadata: PNGMetadata
        var slicedMetadata: PNGMetadata
        var report: PNGDecoder.Report
    }

    static func roundTrips(_ file: String) throws -> [RoundTrip] {
        let original = try PNGDecoder().decode(Fixtures.data(file))
        var cases: [RoundTrip] = []
        for (name, preset) in [("fast", PNGEncoder.Options.fast), ("balanced", .balanced), ("smallest", .smallest)] {
            let oneStream = try Self.libpng.decode(
                PNGEncoder(options: Self.options(preset, .oneStream)).encode(original))
            for slices in [1, 2, 3, 7] {
                let encoder = PNGEncoder(options: Self.options(preset, .slices(slices)), maxThreadCount: 3)
                let data = try encoder.encode(original)
                let byLibpng = try Self.libpng.decode(data)
                let (inSlices, report) = try Self.parallel.decodeReporting(data)
                cases.append(
                    RoundTrip(
                        label: "\(name), \(slices) slices", sliceCount: encoder.sliceCount(for: original),
                        expectedSlices: min(slices, original.height), originalHash: Fixtures.sha256(original),
                        libpngHash: Fixtures.sha256(byLibpng), slicedHash: Fixtures.sha256(inSlices),
                        oneStreamMetadata: oneStream.metadata, libpngMetadata: byLibpng.metadata,
                        slicedMetadata: inSlices.metadata, report: report))
            }
        }
        return cases
    }

    static func options(_ preset: PNGEncoder.Options, _ slicing: PNGEncoder.Slicing) -> PNGEncoder.Options {
        var options = preset
        options.slicing = slicing
        // One stream and slices compared in the bitmap's own layout: the reductions (one stream only) are
        // ReductionTests' subject.
        options.triesLosslessReductions = false
        return options
    }

    @Test("the number of threads changes how fast, never the bytes")
    func threadsDoNotChangeBytes() throws {
        let bitmap = Self.noisy(width: 301, height: 203, format: .rgba16)
        let options = Self.options(.balanced, .slices(7))
        let one = try PNGEncoder(options: options, maxThreadCount: 1).encode(bitmap)
        let three = try PNGEncoder(options: options, maxThreadCount: 3).encode(bitmap)
        #expect(one == three)
        #expect(try Self.libpng.decode(one) == bitmap)
    }

    @Test("an independent reader (Python's zlib and a small unfilter, no libpng) reads sliced files")
    func independentReader() async throws {
        guard let python = Self.python3 else {
            // CI images have python3; a machine without it cannot run this check.
            print("skipped: no python3 on PATH to run Scripts/png-samples.py")
            return
        }
        var files: [(URL, String)] = []
        let folder = try temporaryFolder("sliced")
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = [
            Self.noisy(width: 97, height: 61, format: .rgba8), Self.noisy(width: 40, height: 33, format: .rgb16),
            Self.noisy(width: 17, height: 70, format: .grayAlpha8), Self.noisy(width: 64, height: 9, format: .gray16),
        ]
        for (index, bitmap) in images.enumerated() {
            for slices in [2, 3, 7] {
                let url = folder.appendingPathComponent("\(index)-\(slices).png")
                try PNGEncoder(options: Self.options(.balanced, .slices(slices))).encode(bitmap).write(to: url)
                files.append((url, "\(bitmap.width)x\(bitmap.height) \(Fixtures.sha256(bitmap))"))
            }
        }
        let script = Self.packageRoot.appendingPathComponent("Scripts/png-samples.py").path
        let arguments = [script] + files.map(\.0.path)
        let output = try await offThePool { () throws -> String in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        #expect(output.split(separator: "\n").map(String.init) == files.map(\.1))
    }

    @Test("an iDOT file (Apple's layout) decodes in two halves, equal to libpng's decode")
    func appleIDOT() throws {
        let bitmap = Self.noisy(width: 120, height: 90, format: .rgba8)
        let sliced = try PNGEncoder(options: Self.options(.balanced, .slices(2))).encode(bitmap)
        let points = SlicedPNG.dndkitPoints(sliced)
        #expect(points.count == 2)
        let idot = SlicedPNG.rebuild(sliced, points: points, height: 90, record: .appleIDOT)
        let (decoded, report) = try Self.parallel.decodeReporting(idot)
        #expect(report.restartPoints?.source == .appleIDOT)
        #expect(report.threadCount == 2)
        #expect(report.fallback == nil)
        #expect(decoded == (try Self.libpng.decode(idot)))
        #expect(decoded == bitmap)
        // Re-encoding writes its own restart points, never the file's iDOT.
        #expect(decoded.metadata.otherChunks.isEmpty)
    }

    @Test(
        "a restart row filtered Up, Average or Paeth is unfiltered once the slice above is done",
        arguments: [SlicedPNG.Record.dndkit, .appleIDOT])
    func restartRowsThatNeedTheRowAbove(record: SlicedPNG.Record) throws {
        let (width, height) = (33, 40)
        let pixels = Self.noisy(width: width, height: height, format: .rgba8)
        let bytes = pixels.withUnsafeBytes { [UInt8]($0) }
        let file = SlicedPNG.stored(
            width: width, height: height, pixels: bytes, restartRows: [12, 28, 34], record: record
        ) { UInt8($0 % 5) }
        let (decoded, report) = try Self.parallel.decodeReporting(file)
        #expect(report.threadCount == 4, "\(report)")
        #expect(decoded == (try Self.libpng.decode(file)))
        #expect(decoded == pixels)
    }

    @Test(
        "a palette, low-bit or keyed restart row filtered Up, Average or Paeth is unfiltered, then expanded",
        arguments: [StoredKind.palette4, .gray2Key, .rgb16Key])
    func storedRestartRowsThatNeedTheRowAbove(kind: StoredKind) throws {
        let (width, height) = (37, 40)
        let (layout, pixels) = kind.image(width: width, height: height)
        for record in [SlicedPNG.Record.dndkit, .appleIDOT] {
            let file = SlicedPNG.stored(
                width: width, height: height, pixels: pixels, layout: layout, restartRows: [12, 28, 34],
                record: record
            ) { UInt8($0 % 5) }
            let (decoded, report) = try Self.parallel.decodeReporting(file)
            #expect(report.threadCount == 4, "\(report)")
            #expect(report.fallback == nil, "\(report)")
            #expect(decoded == (try Self.libpng.decode(file)))
        }
    }

    /// Stored layouts that need expanding, with a noisy image in each.
    enum StoredKind: Sendable, CaseIterable {
        /// 4-bit palette of 16 colours, the first 5 with tRNS alpha.
        case palette4
        /// 2-bit gray with a tRNS key of 2.
        case gray2Key
        /// 16-bit RGB with a tRNS key colour that some pixels have.
        case rgb16Key

        func image(width: Int, height: Int) -> (SlicedPNG.Layout, [UInt8]) {
            let noise = ParallelCodingTests.noisy(width: width, height: height, format: .rgb16)
                .withUnsafeBytes { [UInt8]($0) }
            switch self {
            case .palette4, .gray2Key:
                let bits = self == .palette4 ? 4 : 2
                let rowBytes = (width * bits + 7) / 8
                // Every sample's bits from the noise, the padding bits of each row left 0.
                var rows = [UInt8](repeating: 0, count: rowBytes * height)
                for y in 0..<height {
                    for x in 0..<width {
                        let sample = Int(noise[(y * width + x) * 6]) & ((1 << bits) - 1)
                        rows[y * rowBytes + x * bits / 8] |= UInt8(sample << (8 - bits - x * bits % 8))
                    }
                }
                if self == .gray2Key {
                    let layout = SlicedPNG.Layout(
                        colorType: 0, bitDepth: 2, rowBytes: rowBytes, bytesPerPixel: 1, chunks: [("tRNS", [0, 2])])
                    return (layout, rows)
                }
                let palette = (0..<48).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
                let layout = SlicedPNG.Layout(
                    colorType: 3, bitDepth: 4, rowBytes: rowBytes, bytesPerPixel: 1,
                    chunks: [("PLTE", palette), ("tRNS", [0, 60, 128, 200, 255])])
                return (layout, rows)
            case .rgb16Key:
                var rows = noise
                // Some pixels equal to the key.
                for pixel in Swift.stride(from: 0, to: width * height, by: 7) {
                    rows.replaceSubrange(pixel * 6..<pixel * 6 + 6, with: [1, 2, 3, 4, 5, 6])
                }
                let layout = SlicedPNG.Layout(
                    colorType: 2, bitDepth: 16, rowBytes: width * 6, bytesPerPixel: 6,
                    chunks: [("tRNS", [1, 2, 3, 4, 5, 6])])
                return (layout, rows)
            }
        }
    }

    @Test("restart points that do not hold fall back to libpng, never to wrong pixels")
    func forgedPoints() throws {
        let bitmap = Self.noisy(width: 80, height: 50, format: .rgb8)
        let sliced = try PNGEncoder(options: Self.options(.balanced, .slices(3))).encode(bitmap)
        let points = SlicedPNG.dndkitPoints(sliced)
        let reference = try Self.libpng.decode(sliced)
        var forgeries: [[(row: Int, offset: Int)]] = []
        for index in 1..<points.count {
            for delta in [-1, 1, 5] {
                var moved = points
                moved[index].offset += delta
                forgeries.append(moved)
            }
            var row = points
            row[index].row += 1
            forgeries.append(row)
            row[index].row -= 2
            forgeries.append(row)
        }
        for forged in forgeries {
            // The IDAT chunks stay as they are; only the record lies.
            let file = SlicedPNG.rebuild(sliced, points: points, height: 50, record: .none)
            let lying = Self.replacingRecord(of: file, with: forged)
            let (decoded, report) = try Self.parallel.decodeReporting(lying)
            #expect(decoded == reference, "\(forged)")
            #expect(report.threadCount == 1)
            #expect(report.fallback != nil)
        }
        // Recompressed image data under a copied (safe-to-copy) record.
        let recompressed = try PNGEncoder(options: Self.options(.fast, .oneStream)).encode(bitmap)
        let stale = Self.replacingRecord(of: recompressed, with: points)
        let (decoded, report) = try Self.parallel.decodeReporting(stale)
        #expect(decoded == reference)
        #expect(report.fallback != nil)
    }

    @Test("the slices check the IDAT CRCs: a wrong one throws crcMismatch naming the first wrong chunk, as before")
    func imageDataCRCs() throws {
        let bitmap = Self.noisy(width: 60, height: 45, format: .rgba8)
        let sliced = try PNGEncoder(options: Self.options(.balanced, .slices(3))).encode(bitmap)
        // One IDAT chunk per slice.
        let file = SlicedPNG.rebuild(sliced, points: SlicedPNG.dndkitPoints(sliced), height: 45, record: .dndkit)
        var offsets: [Int] = []
        var offset = 8
        for (type, body) in SlicedPNG.chunks(file) {
            if type == "IDAT" { offsets.append(offset) }
            offset += 12 + body.count
        }
        #expect(offsets.count == 3)
        #expect(try Self.parallel.decodeReporting(file).report.threadCount == 3)
        let bytes = [UInt8](file)
        /// The file with the last byte of the CRC of the IDAT chunks at `indices` flipped, or a byte of their data.
        func corrupted(_ indices: [Int], data: Bool = false) -> Data {
            var copy = bytes
            for index in indices {
                let length = Int(TestPNG.readBigEndian(bytes, offsets[index]))
                copy[offsets[index] + (data ? 8 + length / 2 : 11 + length)] ^= 0x10
            }
            return Data(copy)
        }
        for (indices, data, wrong) in [([1], false, 1), ([2, 1], false, 1), ([0, 2], false, 0), ([2], true, 2)] {
            let file = corrupted(indices, data: data)
            for decoder in [Self.parallel, Self.libpng] {
                #expect {
                    try decoder.decode(file)
                } throws: { error in
                    let error = error as? ImageError
                    return error?.code == .crcMismatch && error?.offset == offsets[wrong] && error?.chunk == "IDAT"
                }
            }
        }
    }

    @Test("a cancelled task's sliced encode stops with ImageError.Code.cancelled")
    func cancellation() async throws {
        let bitmap = Self.noisy(width: 256, height: 256, format: .rgba8)
        let encoder = PNGEncoder(options: Self.options(.balanced, .slices(8)), maxThreadCount: 2)
        let task = Task { () throws(ImageError) -> Data in
            withUnsafeCurrentTask { $0?.cancel() }
            return try encoder.encode(bitmap)
        }
        let result = await task.result
        #expect((try? result.get()) == nil)
        if case .failure(let error) = result {
            #expect((error as? ImageError)?.code == .cancelled)
        }
    }

    // MARK: Helpers

    /// The file with a `dkSl` chunk recording `points` right before its first IDAT (any old one removed).
    static func replacingRecord(of png: Data, with points: [(row: Int, offset: Int)]) -> Data {
        var data: [UInt8] = [1] + TestPNG.bigEndian(UInt32(points.count))
        for point in points {
            data +=
                TestPNG.bigEndian(UInt32(point.row)) + TestPNG.bigEndian(0) + TestPNG.bigEndian(UInt32(point.offset))
        }
        var file = Data(TestPNG.signature)
        var recorded = false
        for (type, body) in SlicedPNG.chunks(png) where type != "dkSl" {
            if type == "IDAT" && !recorded {
                file += TestPNG.chunk("dkSl", data)
                recorded = true
            }
            file += TestPNG.chunk(type, body)
        }
        return file
    }

    /// Samples from a fixed integer hash, with smooth parts, so that every filter gets chosen somewhere.
    static func noisy(width: Int, height: Int, format: Bitmap.PixelFormat) -> Bitmap {
        var bitmap: Bitmap
        do {
            bitmap = try Bitmap(width: width, height: height, format: format)
        } catch {
            fatalError("\(error)")
        }
        bitmap.withUnsafeMutableBytes { bytes in
            for index in bytes.indices {
                var hash = UInt32(truncatingIfNeeded: index &* 2_654_435_761)
                hash ^= hash >> 15
                let smooth = UInt8(truncatingIfNeeded: index / 7)
                bytes[index] = index % 3 == 0 ? smooth : UInt8(truncatingIfNeeded: hash)
            }
        }
        return bitmap
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let python3: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
