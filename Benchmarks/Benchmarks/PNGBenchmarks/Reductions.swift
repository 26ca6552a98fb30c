// `.smallest` with its lossless reductions (issue 25) against Debian's `optipng -o2`, in the same run: the
// PngSuite palette files of the PNGCodec tests (small files, where optipng's process start weighs) and the bench
// images that fit a palette or not. Each side reads the file, makes the smallest PNG it can, and writes it; the
// metrics are the total bytes and time of each side and their ratios (DnDKit over optipng: below 100% is smaller or
// faster). No threshold: the figures are reported, not held. Needs optipng on PATH (`apt-get install optipng`); the
// benchmark says so and measures nothing without it.

import Benchmark
import Foundation
import PNGCodec

enum ReductionMetric {
    static let sizeVsOptipng = BenchmarkMetric.custom(
        "bytes vs optipng -o2 (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let timeVsOptipng = BenchmarkMetric.custom(
        "time vs optipng -o2 (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let bytes = BenchmarkMetric.custom("PNGCodec bytes", polarity: .prefersSmaller, useScalingFactor: false)
    static let optipngBytes = BenchmarkMetric.custom(
        "optipng bytes", polarity: .prefersSmaller, useScalingFactor: false)
    static let milliseconds = BenchmarkMetric.custom(
        "PNGCodec (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let optipngMilliseconds = BenchmarkMetric.custom(
        "optipng (ms)", polarity: .prefersSmaller, useScalingFactor: false)
}

/// A set of PNG files, read once.
struct ReductionSet: Sendable {
    var name: String
    var files: [(name: String, data: Data)]

    /// The palette files among the PNGCodec tests' PngSuite copies.
    static let pngSuitePalettes: ReductionSet = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Tests/PNGCodecTests/Fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.filter { $0.range(of: #"^[a-z0-9]{4}3p0[1248]\.png$"#, options: .regularExpression) != nil }
            .sorted().compactMap { name in
                (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, $0) }
            }
        return ReductionSet(name: "pngsuite-palettes", files: files)
    }()
}

func registerReductionBenchmarks(_ images: [BenchImage]) {
    var sets = [ReductionSet.pngSuitePalettes]
    for image in images where image.name.hasPrefix("palette") || image.name.hasPrefix("screen") {
        sets.append(ReductionSet(name: image.name, files: [(image.name + ".png", image.data)]))
    }
    for set in sets {
        Benchmark(
            "smallest-\(set.name)-vs-optipng",
            configuration: .init(
                metrics: [
                    .wallClock, ReductionMetric.sizeVsOptipng, ReductionMetric.timeVsOptipng, ReductionMetric.bytes,
                    ReductionMetric.optipngBytes, ReductionMetric.milliseconds, ReductionMetric.optipngMilliseconds,
                ],
                warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3)
        ) { benchmark in
            guard let optipng = optipngPath() else {
                print("smallest-\(set.name)-vs-optipng: optipng is not installed; nothing measured")
                return
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reductions-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            for _ in benchmark.scaledIterations {
                var ours = 0
                var theirs = 0
                var ourTime = 0.0
                var theirTime = 0.0
                for (index, file) in set.files.enumerated() {
                    let input = folder.appendingPathComponent("\(index)-in.png")
                    let output = folder.appendingPathComponent("\(index)-optipng.png")
                    let ourOutput = folder.appendingPathComponent("\(index)-dndkit.png")
                    try file.data.write(to: input)
                    try? FileManager.default.removeItem(at: output)
                    var status: Int32 = -1
                    theirTime += seconds { status = optimize(optipng, input, into: output) }
                    guard status == 0 else {
                        throw ReductionFailure(description: "optipng failed on \(file.name) with status \(status)")
                    }
                    theirs += try Data(contentsOf: output).count
                    var written: Result<Int, any Error> = .success(0)
                    ourTime += seconds {
                        written = Result {
                            let bitmap = try PNGDecoder().decode(try Data(contentsOf: input))
                            let data = try PNGEncoder(options: .smallest).encode(bitmap)
                            try data.write(to: ourOutput)
                            return data.count
                        }
                    }
                    ours += try written.get()
                }
                benchmark.measurement(ReductionMetric.sizeVsOptipng, percent(Double(ours) / Double(max(theirs, 1))))
                benchmark.measurement(ReductionMetric.timeVsOptipng, percent(ourTime / theirTime))
                benchmark.measurement(ReductionMetric.bytes, ours)
                benchmark.measurement(ReductionMetric.optipngBytes, theirs)
                benchmark.measurement(ReductionMetric.milliseconds, Int((ourTime * 1000).rounded()))
                benchmark.measurement(ReductionMetric.optipngMilliseconds, Int((theirTime * 1000).rounded()))
            }
        }
    }
}

struct ReductionFailure: Error, CustomStringConvertible {
    var description: String
}

/// `optipng -o2` on `input`, written to `output`; its exit status.
func optimize(_ optipng: String, _ input: URL, into output: URL) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: optipng)
    process.arguments = ["-o2", "-quiet", "-out", output.path, input.path]
    do {
        try process.run()
    } catch {
        return -1
    }
    process.waitUntilExit()
    return process.terminationStatus
}

/// optipng's path, if it is installed.
func optipngPath() -> String? {
    ["/usr/bin/optipng", "/usr/local/bin/optipng"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
