// Types nobody declares (issue 30): a dynamic type is computed from its tag and freed with the last value that holds
// it, so that a program fed names it does not control stays bounded. Release builds, through the public API and the
// current registry, as a program calls it (`UTType(filenameExtension:)` then `conforms(to: .data)`):
// - an unknown extension or MIME type, the same one again and a new one each call: at most 1.5x the known one,
//   measured side by side in every iteration;
// - one million distinct unknown extensions, then one million distinct MIME types: resident size grows by at most
//   16 MiB at the end (755 and 846 MiB before issue 30).

import Benchmark
import ContentTypes
import Foundation

/// The metrics of the unknown-against-known look-ups.
enum UnknownMetric {
    static let known = BenchmarkMetric.custom("known (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let repeated = BenchmarkMetric.custom(
        "unknown, repeated (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let distinct = BenchmarkMetric.custom(
        "unknown, distinct (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let repeatedRatio = BenchmarkMetric.custom(
        "repeated vs known (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let distinctRatio = BenchmarkMetric.custom(
        "distinct vs known (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let all = [known, repeated, distinct, repeatedRatio, distinctRatio]
}

/// The metrics of the memory benchmark.
enum DynamicMemoryMetric {
    static let extensions = BenchmarkMetric.custom(
        "resident growth after 1M extensions (KiB)", polarity: .prefersSmaller, useScalingFactor: false)
    static let mimeTypes = BenchmarkMetric.custom(
        "resident growth after 1M more MIME types (KiB)", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The process's resident size in bytes, from `/proc/self/statm` (its second field, in pages).
func residentBytes() -> Int {
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

func registerDynamicTypeBenchmarks() {
    // Tags made before the measurement, so that the distinct case times the look-up, not making the strings.
    let distinctCount = 100_000
    let distinctExtensions = (0..<distinctCount).map { "unk\($0)" }
    let distinctMIMETypes = (0..<distinctCount).map { "application/x-unk\($0)" }
    let cases: [(String, String, String, [String], (String) -> UTType?)] = [
        ("UTType(filenameExtension:)", "png", "zzqunknown", distinctExtensions, { UTType(filenameExtension: $0) }),
        (
            "UTType(mimeType:)", "application/json", "application/x-zzq-unknown", distinctMIMETypes,
            { UTType(mimeType: $0) }
        ),
    ]
    for (name, known, unknown, distinct, lookUp) in cases {
        Benchmark(
            "\(name) unknown (repeated, distinct) vs known",
            configuration: .init(
                metrics: UnknownMetric.all, warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20)
        ) { benchmark in
            let rounds = 20_000
            var offset = 0
            for _ in benchmark.scaledIterations {
                var times = [Double](repeating: .infinity, count: 3)
                for _ in 0..<3 {
                    times[0] = min(
                        times[0],
                        seconds {
                            for _ in 0..<rounds {
                                blackHole(lookUp(known)?.conforms(to: .data))
                            }
                        })
                    times[1] = min(
                        times[1],
                        seconds {
                            for _ in 0..<rounds {
                                blackHole(lookUp(unknown)?.conforms(to: .data))
                            }
                        })
                    times[2] = min(
                        times[2],
                        seconds {
                            for round in 0..<rounds {
                                blackHole(lookUp(distinct[(offset + round) % distinctCount])?.conforms(to: .data))
                            }
                        })
                    offset += rounds
                }
                let perCall = times.map { Int(($0 / Double(rounds) * 1e12).rounded()) }
                benchmark.measurement(UnknownMetric.known, perCall[0])
                benchmark.measurement(UnknownMetric.repeated, perCall[1])
                benchmark.measurement(UnknownMetric.distinct, perCall[2])
                benchmark.measurement(UnknownMetric.repeatedRatio, percent(times[1] / times[0]))
                benchmark.measurement(UnknownMetric.distinctRatio, percent(times[2] / times[0]))
            }
        }
    }

    // Memory: what the issue measured from a plain program. Growth is read from /proc at the end of each phase;
    // `peakMemoryResident` records the whole run's peak.
    Benchmark(
        "1M distinct unknown extensions then 1M MIME types: resident growth",
        configuration: .init(
            metrics: [.peakMemoryResident, DynamicMemoryMetric.extensions, DynamicMemoryMetric.mimeTypes],
            warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 1)
    ) { benchmark in
        let count = 1_000_000
        let start = residentBytes()
        var conforming = 0
        for index in 0..<count {
            if UTType(filenameExtension: "x\(index)")?.conforms(to: .data) == true {
                conforming += 1
            }
        }
        let afterExtensions = residentBytes()
        for index in 0..<count {
            if UTType(mimeType: "application/x-\(index)")?.conforms(to: .data) == true {
                conforming += 1
            }
        }
        let afterMIMETypes = residentBytes()
        guard conforming == 2 * count else {
            throw WrongResult(description: "\(2 * count - conforming) dynamic types do not conform to public.data")
        }
        benchmark.measurement(DynamicMemoryMetric.extensions, max(0, afterExtensions - start) / 1024)
        benchmark.measurement(DynamicMemoryMetric.mimeTypes, max(0, afterMIMETypes - start) / 1024)
    }
}
