// Performance targets of PNGCodec (issue 2), release builds, each measured against libpng called directly
// (CLibPNGBaseline) in the same run:
// - decode: at least 0.95x libpng's throughput on every bench image;
// - `.balanced` encode: at least 0.95x libpng's default encode;
// - `.fast` encode: at least 8x `.balanced` on the photo, files at most 1.25x larger;
// - peak memory of a decode: at most the decoded bitmap plus the encoded input plus 10%;
// - batch decode of 8 images on 2 cores: at least 1.7x single-core throughput.
// Every "vs" metric is a ratio of two timings taken back to back in one iteration, so that a machine busy with
// other work slows both sides alike. Thresholds/ holds the targets (p90 for larger-is-better metrics is the
// worst 10% of iterations); check them with `swift package benchmark thresholds check --target PNGBenchmarks`.
//
// Images: the folder in $PNG_BENCH_IMAGES, else Benchmarks/Images.generated (made by the shared
// gen_bench_images.py, git-ignored), else the shared test data folder beside the repository
// (`../shared/testdata/bench`).

import Benchmark
import CLibPNGBaseline
import Foundation
import PNGCodec

let benchmarks: @Sendable () -> Void = {
    let images = BenchImage.all
    if images.count < BenchImage.names.count {
        print(
            "PNGBenchmarks: missing images; run gen_bench_images.py into Benchmarks/Images.generated"
                + " (found \(images.map(\.name)))")
    }
    // The targets themselves are the p90 values in Thresholds/; any shortfall from them is a regression.
    let target = BenchmarkThresholds(relative: [:], absolute: [.p90: 0])
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 15)

    // MARK: Decoding

    for image in images {
        Benchmark(
            "decode-\(image.name)-vs-libpng",
            configuration: .init(
                metrics: [.wallClock, PNGMetric.speedVsLibpng, PNGMetric.codecKilopixels, PNGMetric.libpngKilopixels],
                thresholds: [PNGMetric.speedVsLibpng: target])
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let (libpng, codec) = fastestOfInterleaved(image.repeats(pixelBudget: 16_000_000, minimum: 2)) {
                    blackHole(baselineDecode(image.data))
                } _: {
                    blackHole(try? PNGDecoder().decode(image.data))
                }
                benchmark.measurement(PNGMetric.speedVsLibpng, percent(libpng / codec))
                benchmark.measurement(PNGMetric.codecKilopixels, image.kilopixelsPerSecond(codec))
                benchmark.measurement(PNGMetric.libpngKilopixels, image.kilopixelsPerSecond(libpng))
            }
        }

        Benchmark(
            "decode-\(image.name)-peak-memory",
            configuration: .init(
                metrics: [.mallocBytesCount, .mallocCountTotal, .peakMemoryResidentDelta, PNGMetric.peakMemory],
                thresholds: [PNGMetric.peakMemory: target])
        ) { benchmark in
            baseline_map_large_allocations()
            for _ in benchmark.scaledIterations {
                let baseline = ResidentMemory.resetPeak()
                let bitmap = try? PNGDecoder().decode(image.data)
                let peak = ResidentMemory.peak() - baseline
                benchmark.measurement(
                    PNGMetric.peakMemory,
                    percent(Double(peak + image.data.count) / Double((bitmap?.byteCount ?? 0) + image.data.count)))
                blackHole(bitmap)
            }
        }
    }

    // MARK: Encoding

    for image in images {
        Benchmark(
            "encode-\(image.name)-balanced-vs-libpng",
            configuration: .init(
                metrics: [.wallClock, PNGMetric.speedVsLibpng, PNGMetric.codecKilopixels, PNGMetric.libpngKilopixels],
                warmupIterations: image.bitmap.width > 2048 ? 0 : 1, maxDuration: .seconds(150),
                maxIterations: image.bitmap.width > 2048 ? 3 : 5,
                thresholds: [PNGMetric.speedVsLibpng: target])
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let (libpng, codec) = fastestOfInterleaved(image.repeats(pixelBudget: 4_000_000, minimum: 1)) {
                    blackHole(baselineEncode(image.bitmap))
                } _: {
                    blackHole(try? PNGEncoder(options: .balanced).encode(image.bitmap))
                }
                benchmark.measurement(PNGMetric.speedVsLibpng, percent(libpng / codec))
                benchmark.measurement(PNGMetric.codecKilopixels, image.kilopixelsPerSecond(codec))
                benchmark.measurement(PNGMetric.libpngKilopixels, image.kilopixelsPerSecond(libpng))
            }
        }
    }

    if let photo = images.first(where: { $0.name == "photo_4096x4096_rgba8" }) {
        Benchmark(
            "encode-\(photo.name)-fast-vs-balanced",
            configuration: .init(
                metrics: [.wallClock, PNGMetric.fastSpeedup, PNGMetric.fastSize, PNGMetric.codecKilopixels],
                warmupIterations: 0, maxDuration: .seconds(100), maxIterations: 3,
                thresholds: [PNGMetric.fastSpeedup: target, PNGMetric.fastSize: target])
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                var fastSize = 0
                var balancedSize = 0
                let fast = seconds { fastSize = (try? PNGEncoder(options: .fast).encode(photo.bitmap))?.count ?? 0 }
                let balanced = seconds {
                    balancedSize = (try? PNGEncoder(options: .balanced).encode(photo.bitmap))?.count ?? 0
                }
                benchmark.measurement(PNGMetric.fastSpeedup, percent(balanced / fast))
                benchmark.measurement(PNGMetric.fastSize, percent(Double(fastSize) / Double(max(balancedSize, 1))))
                benchmark.measurement(PNGMetric.codecKilopixels, photo.kilopixelsPerSecond(fast))
            }
        }
    }

    // MARK: Batch decoding

    // Eight images of mixed sizes: the three shipped bench images, repeated.
    let small = images.filter { $0.name != "photo_4096x4096_rgba8" }
    if !small.isEmpty {
        let batch = (0..<8).map { small[$0 % small.count].data }
        Benchmark(
            "batch-decode-8-images-2-cores-vs-1",
            configuration: .init(
                metrics: [.wallClock, PNGMetric.batchSpeedup], thresholds: [PNGMetric.batchSpeedup: target])
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                var one = Double.infinity
                var two = Double.infinity
                for _ in 0..<3 {
                    one = min(
                        one, await asyncSeconds { blackHole(await PNGDecoder().decode(batch, maxConcurrency: 1)) })
                    two = min(
                        two, await asyncSeconds { blackHole(await PNGDecoder().decode(batch, maxConcurrency: 2)) })
                }
                benchmark.measurement(PNGMetric.batchSpeedup, percent(one / two))
            }
        }
    }

    // MARK: Growth

    registerGrowthBenchmarks()

    // MARK: One image on several cores

    registerParallelBenchmarks(images)

    // MARK: The smallest files, against optipng

    registerReductionBenchmarks(images)
}

/// The custom metrics; their targets are in Thresholds/.
enum PNGMetric {
    static let speedVsLibpng = BenchmarkMetric.custom(
        "speed vs libpng (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let codecKilopixels = BenchmarkMetric.custom(
        "PNGCodec (kilopixels/s)", polarity: .prefersLarger, useScalingFactor: false)
    static let libpngKilopixels = BenchmarkMetric.custom(
        "libpng (kilopixels/s)", polarity: .prefersLarger, useScalingFactor: false)
    static let fastSpeedup = BenchmarkMetric.custom(
        "fast vs balanced speed (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let fastSize = BenchmarkMetric.custom(
        "fast vs balanced size (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let peakMemory = BenchmarkMetric.custom(
        "peak memory vs bitmap+input (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let batchSpeedup = BenchmarkMetric.custom(
        "2 cores vs 1 speed (%)", polarity: .prefersLarger, useScalingFactor: false)
}

/// One bench image, read once, with its decoded bitmap for the encoders.
struct BenchImage: Sendable {
    static let names = [
        "photo_4096x4096_rgba8", "screen_1920x1080_rgba8", "photo16_1024x1024_rgb16", "palette_2048x2048_p8",
    ]

    static let folders: [String] = {
        if let folder = ProcessInfo.processInfo.environment["PNG_BENCH_IMAGES"] {
            return [folder]
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shared = package.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/testdata/bench")
        return [package.appendingPathComponent("Images.generated").path, shared.path]
    }()

    static let all: [BenchImage] = names.compactMap { name in
        for folder in folders {
            if let data = try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).png")),
                let bitmap = try? PNGDecoder().decode(data)
            {
                return BenchImage(name: name, data: data, bitmap: bitmap)
            }
        }
        return nil
    }

    var name: String
    var data: Data
    var bitmap: Bitmap

    /// How many times each side runs in one iteration of a comparison: about `pixelBudget` pixels' worth, at
    /// least `minimum`, at most 7 — more for small images, whose timings are noisier.
    func repeats(pixelBudget: Int, minimum: Int) -> Int {
        max(minimum, min(7, pixelBudget / (bitmap.width * bitmap.height)))
    }

    func kilopixelsPerSecond(_ seconds: Double) -> Int {
        Int((Double(bitmap.width * bitmap.height) / 1_000 / seconds).rounded())
    }
}

/// Decodes with libpng's classic API directly, into the same layout as PNGCodec.
func baselineDecode(_ data: Data) -> Int {
    data.withUnsafeBytes { bytes in
        var image = baseline_image()
        guard baseline_decode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &image) == 0
        else {
            return 0
        }
        defer { baseline_image_free(&image) }
        return Int(image.row_bytes) * Int(image.height)
    }
}

/// Encodes with libpng's defaults directly.
func baselineEncode(_ bitmap: Bitmap) -> Int {
    bitmap.withUnsafeBytes { pixels in
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = baseline_encode(
            pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(bitmap.width), UInt32(bitmap.height),
            Int32(bitmap.format.channels.count), Int32(bitmap.format.bitDepth.rawValue), &output, &size)
        free(output)
        return status == 0 ? size : 0
    }
}

/// The process's resident memory, from /proc/self (Linux).
enum ResidentMemory {
    /// Resets the peak ("VmHWM") to the current resident size (Linux ≥ 4.0) and returns that size in bytes.
    static func resetPeak() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return field("VmRSS")
    }

    /// The peak resident size since the last reset, in bytes.
    static func peak() -> Int {
        field("VmHWM")
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("\(name):") })
        else {
            return 0
        }
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return (fields.dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Runs `a` and `b` alternately `repeats` times each and returns the fastest time of each: interference from
/// other processes only ever adds time, so the minimum is the steadiest estimate. (The batch benchmark does the
/// same with three async runs of each.)
func fastestOfInterleaved(_ repeats: Int, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
    var fastestA = Double.infinity
    var fastestB = Double.infinity
    for _ in 0..<repeats {
        fastestA = min(fastestA, seconds(a))
        fastestB = min(fastestB, seconds(b))
    }
    return (fastestA, fastestB)
}

func asyncSeconds(_ body: () async -> Void) async -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func percent(_ ratio: Double) -> Int {
    ratio.isFinite ? Int((ratio * 100).rounded()) : 0
}
