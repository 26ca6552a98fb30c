import ArgumentParser
import DnDKit
import Foundation

/// `dnd-sim image bench FILE... [--json] [--runs N]`.
struct ImageBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time PNG decoding and encoding with each preset.",
        discussion: """
            Each file is decoded, then encoded with the fast, balanced and smallest presets, --runs times each; \
            the median time of each becomes a throughput in megapixels per second. Build with -c release for \
            meaningful numbers. With --json, each file is one line: {"file", "width", "height", "decode_mpps", \
            "encode": {"fast": {"mpps", "bytes"}, "balanced": {…}, "smallest": {…}}}.
            """
    )

    @Argument(help: "PNG files.")
    var files: [String]

    @Flag(help: "Print one JSON object per file, one per line.")
    var json = false

    @Option(help: "How many times to run each measurement (the median is reported).")
    var runs = 5

    func validate() throws {
        guard runs >= 1 else {
            throw ValidationError("--runs must be at least 1")
        }
    }

    func run() async throws {
        if !json {
            print("file  size  decode MP/s  |  fast MP/s, bytes  |  balanced MP/s, bytes  |  smallest MP/s, bytes")
        }
        try await forEachInput(files) { (path) throws(InputError) in
            let data = try ImageFiles.read(path)
            let bitmap = try ImageFiles.decodePNG(data, path: path)
            let megapixels = Double(bitmap.width * bitmap.height) / 1_000_000
            let decodeTime = try median(runs) { () throws(InputError) in
                _ = try ImageFiles.decodePNG(data, path: path)
            }
            var encodings: [PresetName: BenchRecord.Encoding] = [:]
            for preset in PresetName.allCases {
                var size = 0
                let time = try median(runs) { () throws(InputError) in
                    do throws(ImageError) {
                        size = try PNGEncoder(options: preset.options).encode(bitmap).count
                    } catch {
                        throw InputError(path, error.message)
                    }
                }
                encodings[preset] = BenchRecord.Encoding(mpps: rate(megapixels, time), bytes: size)
            }
            let record = BenchRecord(
                file: path, width: bitmap.width, height: bitmap.height, decodeMpps: rate(megapixels, decodeTime),
                encode: BenchRecord.Presets(
                    fast: encodings[.fast] ?? .init(mpps: 0, bytes: 0),
                    balanced: encodings[.balanced] ?? .init(mpps: 0, bytes: 0),
                    smallest: encodings[.smallest] ?? .init(mpps: 0, bytes: 0)))
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
    var decodeMpps: Double
    var encode: Presets

    struct Presets: Encodable {
        var fast: Encoding
        var balanced: Encoding
        var smallest: Encoding
    }

    struct Encoding: Encodable {
        var mpps: Double
        var bytes: Int
    }

    var text: String {
        func column(_ encoding: Encoding) -> String { "\(encoding.mpps), \(encoding.bytes)" }
        return
            "\(Terminal.styled(file, .bold))  \(width)x\(height)  \(decodeMpps)  |  \(column(encode.fast))  |  "
            + "\(column(encode.balanced))  |  \(column(encode.smallest))"
    }
}
