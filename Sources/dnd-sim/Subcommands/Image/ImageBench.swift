import ArgumentParser
import DnDKit
import Foundation

/// `dnd-sim image bench FILE... [--json] [--runs N] [--threads N]`.
struct ImageBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time PNG decoding and encoding with each preset, on every core and on one.",
        discussion: """
            Each file is decoded, then encoded with the fast, balanced and smallest presets, --runs times each, \
            with up to --threads threads (default: the active cores) and again on one thread; the median time of \
            each becomes a throughput in megapixels per second. When the work ran on several threads, the time on \
            one thread divided by the time on them is its speed-up over one thread; when it ran on one thread \
            both times (a small image, a file without restart points), there is nothing to compare and no \
            speed-up is shown. A file is decoded on several threads only when it records restart points \
            (DnDKit's slices, Apple's iDOT); an image is encoded on several only when it is sliced (256 KiB of \
            samples or more). Build with -c release for meaningful numbers. With --json, each file is one line: \
            {"file", "width", "height", "decode": {"mpps", "threads", "speedup"}, "encode": {"fast": {"mpps", \
            "bytes", "threads", "speedup"}, "balanced": {…}, "smallest": {…}}}; "speedup" is null on one thread.
            """
    )

    @Argument(help: "PNG files.")
    var files: [String]

    @Flag(help: "Print one JSON object per file, one per line.")
    var json = false

    @Option(help: "How many times to run each measurement (the median is reported).")
    var runs = 5

    @Option(help: "The most threads to use (default: the active processor cores).")
    var threads: Int?

    func validate() throws {
        guard runs >= 1 else {
            throw ValidationError("--runs must be at least 1")
        }
        if let threads, threads < 1 {
            throw ValidationError("--threads must be at least 1")
        }
    }

    func run() async throws {
        if !json {
            print(
                "file  size  decode MP/s (threads: speed-up over 1 thread)  |  fast MP/s, bytes (threads: speed-up)"
                    + "  |  balanced …  |  smallest …")
        }
        try await forEachInput(files) { (path) throws(InputError) in
            let data = try ImageFiles.read(path)
            let bitmap = try ImageFiles.decodePNG(data, path: path)
            let megapixels = Double(bitmap.width * bitmap.height) / 1_000_000
            var decodeThreads = 1
            var decodeTimes: [Double] = []
            for maxThreads in [threads, 1] {
                decodeTimes.append(
                    try median(runs) { () throws(InputError) in
                        do throws(ImageError) {
                            let report = try PNGDecoder(maxThreadCount: maxThreads).decodeReporting(data).report
                            if maxThreads != 1 {
                                decodeThreads = report.threadCount
                            }
                        } catch {
                            throw InputError(path, error.message)
                        }
                    })
            }
            var encodings: [PresetName: BenchRecord.Encoding] = [:]
            for preset in PresetName.allCases {
                var size = 0
                var times: [Double] = []
                for maxThreads in [threads, 1] {
                    let encoder = PNGEncoder(options: preset.options, maxThreadCount: maxThreads)
                    times.append(
                        try median(runs) { () throws(InputError) in
                            do throws(ImageError) {
                                size = try encoder.encode(bitmap).count
                            } catch {
                                throw InputError(path, error.message)
                            }
                        })
                }
                let used = PNGEncoder(options: preset.options, maxThreadCount: threads).threadCount(for: bitmap)
                encodings[preset] = BenchRecord.Encoding(
                    mpps: rate(megapixels, times[0]), bytes: size, threads: used,
                    speedup: used > 1 ? ratio(times[1], times[0]) : nil)
            }
            let record = BenchRecord(
                file: path, width: bitmap.width, height: bitmap.height,
                decode: BenchRecord.Decoding(
                    mpps: rate(megapixels, decodeTimes[0]), threads: decodeThreads,
                    speedup: decodeThreads > 1 ? ratio(decodeTimes[1], decodeTimes[0]) : nil),
                encode: BenchRecord.Presets(
                    fast: encodings[.fast] ?? .none, balanced: encodings[.balanced] ?? .none,
                    smallest: encodings[.smallest] ?? .none))
            if json {
                do {
                    try JSONOutput.printLine(record)
                } catch {
                    throw InputError(path, "cannot write JSON: \(error)")
                }
            } else {
                print(record.text)
            }
        }
    }

    /// The median wall-clock duration of `runs` calls of `body`, in seconds.
    private func median(_ runs: Int, _ body: () throws(InputError) -> Void) throws(InputError) -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        times.sort()
        return times.count % 2 == 1
            ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    }

    /// How many times faster `fast` is than `slow`, rounded to 0.01.
    private func ratio(_ slow: Double, _ fast: Double) -> Double {
        fast > 0 ? ((slow / fast) * 100).rounded() / 100 : 0
    }

    /// Megapixels per second, rounded to 0.01.
    private func rate(_ megapixels: Double, _ seconds: Double) -> Double {
        seconds > 0 ? ((megapixels / seconds) * 100).rounded() / 100 : 0
    }
}

/// The JSON shape of one benchmarked file; keys in this order.
struct BenchRecord: Encodable {
    var file: String
    var width: Int
    var height: Int
    var decode: Decoding
    var encode: Presets

    struct Decoding: Encodable {
        var mpps: Double
        var threads: Int
        /// The time on one thread over the time on `threads`; `nil` when `threads` is 1: nothing was compared.
        var speedup: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mpps, forKey: .mpps)
            try container.encode(threads, forKey: .threads)
            try container.encode(speedup, forKey: .speedup)  // null, not left out, on one thread
        }

        private enum CodingKeys: String, CodingKey {
            case mpps, threads, speedup
        }
    }

    struct Presets: Encodable {
        var fast: Encoding
        var balanced: Encoding
        var smallest: Encoding
    }

    struct Encoding: Encodable {
        var mpps: Double
        var bytes: Int
        var threads: Int
        /// The time on one thread over the time on `threads`; `nil` when `threads` is 1: nothing was compared.
        var speedup: Double?

        static let none = Encoding(mpps: 0, bytes: 0, threads: 0, speedup: nil)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mpps, forKey: .mpps)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(threads, forKey: .threads)
            try container.encode(speedup, forKey: .speedup)  // null, not left out, on one thread
        }

        private enum CodingKeys: String, CodingKey {
            case mpps, bytes, threads, speedup
        }
    }

    /// `4 threads: ×3.1 over 1 thread`, or `1 thread` when nothing was compared.
    static func threads(_ count: Int, speedup: Double?) -> String {
        guard let speedup, count > 1 else {
            return count == 1 ? "1 thread" : "\(count) threads"
        }
        return "\(count) threads: ×\(speedup) over 1 thread"
    }

    var text: String {
        func column(_ encoding: Encoding) -> String {
            "\(encoding.mpps), \(encoding.bytes) (\(Self.threads(encoding.threads, speedup: encoding.speedup)))"
        }
        return
            "\(Terminal.styled(file, .bold))  \(width)x\(height)  \(decode.mpps) "
            + "(\(Self.threads(decode.threads, speedup: decode.speedup)))"
            + "  |  \(column(encode.fast))  |  \(column(encode.balanced))  |  \(column(encode.smallest))"
    }
}
