// One image on several cores (issue 16), release builds, side by side with libpng called directly in each iteration:
// - `.balanced` encode of the 4096x4096 photo on 2 cores: at least 1.8x libpng's one-thread encode, the file at
//   most 1.005x the size of libpng's;
// - decode of a DnDKit-sliced file and of an `iDOT` file on 2 cores: at least 1.7x libpng's decode of the same
//   file, with samples identical to the image (checked before measuring; a mismatch fails the run);
// - the crossover: the sliced encode against the one-stream encode at 128² … 1024² pixels, for Slicing.automatic;
// - growth at 1, 16 and 64 megapixels on 1 and 2 threads, from which the serial fraction is measured (Amdahl).

import Benchmark
import CLibPNGBaseline
import Foundation
import PNGCodec

enum ParallelMetric {
    static let encodeSpeed = BenchmarkMetric.custom(
        "parallel encode vs libpng speed (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let encodeSize = BenchmarkMetric.custom(
        "parallel encode vs libpng size (‰)", polarity: .prefersSmaller, useScalingFactor: false)
    static let encodeSizeOneStream = BenchmarkMetric.custom(
        "parallel encode vs one stream size (‰)", polarity: .prefersSmaller, useScalingFactor: false)
    static let decodeSpeed = BenchmarkMetric.custom(
        "parallel decode vs libpng speed (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let threads = BenchmarkMetric.custom("threads used", polarity: .prefersLarger, useScalingFactor: false)

    static func crossover(_ side: Int) -> BenchmarkMetric {
        .custom("\(side)x\(side) 2 slices vs one stream speed (%)", polarity: .prefersLarger, useScalingFactor: false)
    }

    static func growth(_ what: String, threads: Int) -> BenchmarkMetric {
        .custom(
            "\(what) on \(threads) thread\(threads == 1 ? "" : "s") (ns/pixel)", polarity: .prefersSmaller,
            useScalingFactor: false)
    }
}

func registerParallelBenchmarks(_ images: [BenchImage]) {
    let target = BenchmarkThresholds(relative: [:], absolute: [.p90: 0])
    let twoThreads = 2

    if let photo = images.first(where: { $0.name == "photo_4096x4096_rgba8" }) {
        Benchmark(
            "parallel-encode-\(photo.name)-balanced-vs-libpng",
            configuration: .init(
                metrics: [
                    .wallClock, ParallelMetric.encodeSpeed, ParallelMetric.encodeSize,
                    ParallelMetric.encodeSizeOneStream, ParallelMetric.threads,
                ],
                warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3,
                thresholds: [
                    ParallelMetric.encodeSpeed: target, ParallelMetric.encodeSize: target,
                    ParallelMetric.encodeSizeOneStream: target,
                ])
        ) { benchmark in
            let encoder = PNGEncoder(options: .balanced, maxThreadCount: twoThreads)
            // The same settings in one stream (libpng, with PNGCodec's 64 KiB IDAT chunks), measured once.
            var oneStream = PNGEncoder.Options.balanced
            oneStream.slicing = .oneStream
            let oneStreamSize = try PNGEncoder(options: oneStream).encode(photo.bitmap).count
            for _ in benchmark.scaledIterations {
                var libpngSize = 0
                var slicedSize = 0
                let (libpng, sliced) = fastestOfInterleaved(2) {
                    libpngSize = baselineEncode(photo.bitmap)
                } _: {
                    slicedSize = (try? encoder.encode(photo.bitmap))?.count ?? 0
                }
                benchmark.measurement(ParallelMetric.encodeSpeed, percent(libpng / sliced))
                benchmark.measurement(
                    ParallelMetric.encodeSize, Int((Double(slicedSize) / Double(max(libpngSize, 1)) * 1000).rounded()))
                benchmark.measurement(
                    ParallelMetric.encodeSizeOneStream,
                    Int((Double(slicedSize) / Double(oneStreamSize) * 1000).rounded()))
                benchmark.measurement(ParallelMetric.threads, encoder.threadCount(for: photo.bitmap))
            }
        }

        // The files decoded: the photo as DnDKit slices it, and in Apple's iDOT layout (two halves).
        let files = LazyFiles(photo.bitmap)
        for kind in ["sliced", "idot"] {
            Benchmark(
                "parallel-decode-\(kind)-\(photo.name)-vs-libpng",
                configuration: .init(
                    metrics: [.wallClock, ParallelMetric.decodeSpeed, ParallelMetric.threads],
                    warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 10,
                    thresholds: [ParallelMetric.decodeSpeed: target])
            ) { benchmark in
                let data = try kind == "sliced" ? files.value().sliced : files.value().idot
                let decoder = PNGDecoder(maxThreadCount: twoThreads)
                let (decoded, report) = try decoder.decodeReporting(data)
                guard decoded == photo.bitmap, report.threadCount == twoThreads else {
                    throw GrowthFailure("the \(kind) photo did not decode on 2 threads to itself: \(report)")
                }
                for _ in benchmark.scaledIterations {
                    let (libpng, sliced) = fastestOfInterleaved(3) {
                        blackHole(baselineDecode(data))
                    } _: {
                        blackHole(try? decoder.decode(data))
                    }
                    benchmark.measurement(ParallelMetric.decodeSpeed, percent(libpng / sliced))
                    benchmark.measurement(ParallelMetric.threads, report.threadCount)
                }
            }
        }
    }

    // The crossover: where slicing starts to pay on 2 cores.
    let sides = [128, 256, 512, 1_024]
    let crossoverImages = sides.map { LazyGrowthImage(side: $0) }
    Benchmark(
        "parallel-encode-crossover",
        configuration: .init(
            metrics: [.wallClock] + sides.map(ParallelMetric.crossover), warmupIterations: 1,
            maxDuration: .seconds(60), maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            for (side, image) in zip(sides, crossoverImages) {
                let (bitmap, _) = try image.value()
                var one = PNGEncoder.Options.balanced
                one.slicing = .oneStream
                var two = PNGEncoder.Options.balanced
                two.slicing = .slices(2)
                let repeats = max(1, 1_048_576 / (side * side))
                let (single, sliced) = fastestOfInterleaved(min(repeats, 7)) {
                    blackHole(try? PNGEncoder(options: one).encode(bitmap))
                } _: {
                    blackHole(try? PNGEncoder(options: two, maxThreadCount: twoThreads).encode(bitmap))
                }
                benchmark.measurement(ParallelMetric.crossover(side), percent(single / sliced))
            }
        }
    }

    // Growth on 1 and 2 threads: `.fast` encode in slices, and decode of the sliced file.
    for side in [1_024, 4_096, 8_192] {
        let megapixels = side * side / 1_048_576
        let image = LazyGrowthImage(side: side)
        let metrics = [1, 2].flatMap { threads in
            [
                ParallelMetric.growth("sliced fast encode", threads: threads),
                ParallelMetric.growth("sliced decode", threads: threads),
            ]
        }
        Benchmark(
            "parallel-growth-\(megapixels)MP-photo",
            configuration: .init(
                metrics: [.wallClock] + metrics, warmupIterations: 0, maxDuration: .seconds(60),
                maxIterations: side > 4_096 ? 3 : 5)
        ) { benchmark in
            let (bitmap, _) = try image.value()
            var options = PNGEncoder.Options.fast
            options.slicing = .slices(16)
            let sliced = try PNGEncoder(options: options).encode(bitmap)
            let pixels = Double(side * side)
            for _ in benchmark.scaledIterations {
                for threads in [1, 2] {
                    let encoder = PNGEncoder(options: options, maxThreadCount: threads)
                    // The faster of two runs each: other processes only ever add time.
                    let encode = min(
                        seconds { blackHole(try? encoder.encode(bitmap)) },
                        seconds { blackHole(try? encoder.encode(bitmap)) })
                    var decoded: Bitmap?
                    let decoder = PNGDecoder(maxThreadCount: threads)
                    let decode = min(
                        seconds { decoded = try? decoder.decode(sliced) },
                        seconds { decoded = try? decoder.decode(sliced) })
                    guard decoded == bitmap else {
                        throw GrowthFailure("the \(megapixels) MP sliced photo did not decode to itself")
                    }
                    benchmark.measurement(
                        ParallelMetric.growth("sliced fast encode", threads: threads),
                        Int((encode * 1e9 / pixels).rounded()))
                    benchmark.measurement(
                        ParallelMetric.growth("sliced decode", threads: threads), Int((decode * 1e9 / pixels).rounded())
                    )
                }
            }
        }
    }
}

/// The photo encoded once in DnDKit's slices and once in Apple's iDOT layout, made when first asked for.
final class LazyFiles: @unchecked Sendable {
    private let bitmap: Bitmap
    private let lock = NSLock()
    private var made: (sliced: Data, idot: Data)?

    init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
    }

    func value() throws -> (sliced: Data, idot: Data) {
        try lock.withLock {
            if let made { return made }
            let sliced = try PNGEncoder(options: .balanced).encode(bitmap)
            var halves = PNGEncoder.Options.balanced
            halves.slicing = .slices(2)
            let idot = IDOTFile.make(from: try PNGEncoder(options: halves).encode(bitmap), height: bitmap.height)
            made = (sliced, idot)
            return (sliced, idot)
        }
    }
}

/// Rewrites a 2-slice DnDKit file in the layout Apple's screenshots use, as publicly described: the zlib stream cut
/// into two IDAT chunks where the second slice starts, and an `iDOT` chunk (the number of parts, then per part its
/// first row, row count and the offset from the `iDOT` chunk to its IDAT chunk) in place of `dkSl`.
enum IDOTFile {
    static func make(from png: Data, height: Int) -> Data {
        let bytes = [UInt8](png)
        var chunks: [(String, ArraySlice<UInt8>)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(word(bytes, offset))
            chunks.append(
                (
                    String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self),
                    bytes[offset + 8..<offset + 8 + length]
                ))
            offset += 12 + length
        }
        guard let record = chunks.first(where: { $0.0 == "dkSl" })?.1, word(Array(record), 1) == 2 else {
            return png
        }
        let points = Array(record)
        let secondRow = Int(word(points, 5 + 12))
        let secondOffset = Int(word(points, 5 + 12 + 8))
        let stream = chunks.filter { $0.0 == "IDAT" }.flatMap(\.1)
        let first = Array(stream[..<secondOffset])
        let second = Array(stream[secondOffset...])
        var out = Data(bytes[0..<8])
        for (type, data) in chunks.prefix(while: { $0.0 != "IDAT" }) where type != "dkSl" {
            out += chunk(type, Array(data))
        }
        let idatStart = 12 + 28
        let idot =
            bigEndian(2) + bigEndian(0) + bigEndian(UInt32(secondRow)) + bigEndian(UInt32(idatStart))
            + bigEndian(UInt32(secondRow)) + bigEndian(UInt32(height - secondRow))
            + bigEndian(UInt32(idatStart + 12 + first.count))
        out += chunk("iDOT", idot)
        out += chunk("IDAT", first)
        out += chunk("IDAT", second)
        out += chunk("IEND", [])
        return out
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> Data {
        let covered = Array(type.utf8) + data
        return Data(bigEndian(UInt32(data.count)) + covered + bigEndian(crc32(covered)))
    }

    /// The CRC-32 of PNG chunks, from its table.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
}
