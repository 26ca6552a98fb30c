// ContentTypes against the C libraries a Linux program would call instead, in the same run (issue 17):
// GLib's content types (`g_content_type_is_a`, `g_content_type_guess`, `g_content_type_from_mime_type`) and
// libmagic's `magic_buffer` with the flags ContentTypes uses, all through CContentTypesBaseline.
//
// Targets, release builds:
// - conforms(to:) over a mix of 20 pairs: at most 10 ns per call, at least 20x g_content_type_is_a;
// - type by filename extension: at most 50 ns, at least 4x g_content_type_guess by name; by MIME type: at most 50 ns;
// - identifying 4 KiB of a common format: at most 0.5 µs, at least 30x magic_buffer; other formats at most 1.05x
//   magic_buffer; at least 1.8x the throughput on 2 threads as on 1.
//
// Each "vs" benchmark times both sides back to back in every iteration (the fastest of a few interleaved rounds,
// since other work only ever adds time) and records the time per call of each side and their ratio.

import Benchmark
import CContentTypesBaseline
import ContentTypes
import Dispatch
import Foundation

/// The custom metrics of the anchored benchmarks.
enum AnchoredMetric {
    static let dndkit = BenchmarkMetric.custom("DnDKit (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let anchor = BenchmarkMetric.custom(
        "C library (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let speedup = BenchmarkMetric.custom(
        "speed vs C library (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let scaling = BenchmarkMetric.custom("2 threads vs 1 (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let isSubtype = BenchmarkMetric.custom(
        "isSubtype (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let isSupertype = BenchmarkMetric.custom(
        "isSupertype (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let equality = BenchmarkMetric.custom("== (ps/call)", polarity: .prefersSmaller, useScalingFactor: false)
    static let all = [dndkit, anchor, speedup]
}

/// The type pairs of the conformance mix, as UTType values and as GLib's content types (MIME types), built once.
///
/// The values are copied out of a dictionary into arrays, as a program holds them: catalog types from static members
/// and from tag look-ups, a type a program declared, and dynamic types; true and false answers.
struct ConformanceMix: Sendable {
    let pairs: [(UTType, UTType)]
    let mimePairs: [(String, String)]

    init() {
        // A declared type of the program, as dnd-sim declares its own: its values answer from the current registry.
        let declared = TypeDeclaration(
            identifier: "org.dndkit.bench.drawing", conformsTo: ["public.json"],
            tags: [.filenameExtension: ["drawing"], .mimeType: ["application/x-dndkit-drawing"]])
        try? TypeRegistry.updateCurrent { try $0.adding([declared]) }
        let byName: [String: UTType] = [
            "image/png": .png, "image/jpeg": .jpeg, "image/gif": UTType.gif, "application/pdf": .pdf,
            "application/json": .json, "text/plain": .plainText, "text/html": .html, "application/zip": .zip,
            "application/gzip": .gzip, "image/svg+xml": UTType.svg,
            "application/x-dndkit-drawing": UTType(mimeType: "application/x-dndkit-drawing") ?? .data,
            "application/x-unknown-bench": UTType(mimeType: "application/x-unknown-bench") ?? .data,
            "application/x-other-unknown": UTType(filenameExtension: "unknownbenchext") ?? .data,
        ]
        // GLib's own supertypes are MIME types too; `image/*` is its name for any image.
        let abstract: [String: UTType] = [
            "image/*": .image, "text/plain#": .text, "application/octet-stream": .data,
            "application/zip#archive": .archive,
        ]
        let names: [(String, String)] = [
            ("image/png", "image/*"), ("image/png", "application/octet-stream"), ("image/jpeg", "image/png"),
            ("application/pdf", "application/octet-stream"), ("application/json", "text/plain#"),
            ("text/html", "text/plain#"), ("application/zip", "application/zip#archive"),
            ("application/gzip", "application/zip#archive"), ("image/svg+xml", "image/*"),
            ("application/x-dndkit-drawing", "application/json"), ("application/x-dndkit-drawing", "image/*"),
            ("application/x-unknown-bench", "application/octet-stream"), ("application/x-unknown-bench", "image/png"),
            ("application/x-other-unknown", "application/x-unknown-bench"), ("text/plain", "text/plain#"),
            ("image/gif", "image/gif"), ("application/json", "application/octet-stream"),
            ("image/png", "application/pdf"), ("text/plain", "image/*"),
            ("application/x-dndkit-drawing", "application/octet-stream"),
        ]
        func type(_ name: String) -> UTType { byName[name] ?? abstract[name] ?? .data }
        // GLib's names: the abstract entries without their DnDKit-only suffix.
        func mime(_ name: String) -> String { name.split(separator: "#").first.map(String.init) ?? name }
        pairs = names.map { (type($0.0), type($0.1)) }
        mimePairs = names.map { (mime($0.0), mime($0.1)) }
    }
}

/// The filename extensions and MIME types of the look-up mixes.
let extensionMix = ["png", "jpg", "PDF", "json", "txt", "html", "zip", "svg", "gz", "mp3", "tar", "c"]
let mimeTypeMix = [
    "image/png", "image/jpeg", "application/pdf", "application/json", "text/plain", "text/html", "application/zip",
    "image/svg+xml", "application/gzip", "audio/mpeg", "application/x-tar", "text/csv",
]

/// The first 4 KiB of a fixture file of the ContentTypes tests.
func fixturePrefix(_ path: String) -> Data? {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let url = package.appendingPathComponent("Tests/ContentTypesTests/Fixtures/Files/\(path)")
    return (try? Data(contentsOf: url)).map { Data($0.prefix(4096)) }
}

/// Common formats the sniffer knows by their signatures, and other content left to libmagic (text, MP3 behind an ID3
/// tag, a pre-POSIX tar archive, PostScript, …).
let commonFormats = [
    "image.png", "machine/stripe.jpg", "machine/footer.gif", "machine/python.webp", "machine/python.tiff",
    "machine/python.bmp", "document.pdf", "archive.zip", "machine/changelog.Debian.gz", "testtar.tar.xz",
    "program", "machine/open-sans-300italic.woff2", "machine/pluck-pcm24.wav",
]
let otherFormats = [
    "machine/mazeclean.c", "machine/basic.css", "machine/this.py", "machine/python.xpm", "machine/logo.eps",
    "machine/vim.mo", "mac-roman.ps", "xdg-user-dirs.desktop", "machine/test.mp3", "machine/recursion.tar",
]

func registerAnchoredBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: AnchoredMetric.all, warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20)

    let mix = ConformanceMix()
    Benchmark("conforms(to:) 20-pair mix vs g_content_type_is_a", configuration: configuration) { benchmark in
        let rounds = 20_000
        let pairs = mix.pairs
        let mimePairs = mix.mimePairs.map { (strdup($0.0), strdup($0.1)) }
        defer {
            for pair in mimePairs {
                free(pair.0)
                free(pair.1)
            }
        }
        for _ in benchmark.scaledIterations {
            let (ours, theirs) = fastestOfInterleaved(3) {
                for round in 0..<rounds {
                    let pair = pairs[round % 20]
                    blackHole(pair.0.conforms(to: pair.1))
                }
            } _: {
                for round in 0..<rounds / 20 {
                    let pair = mimePairs[round % 20]
                    blackHole(anchor_glib_is_a(pair.0, pair.1))
                }
            }
            record(benchmark, ours: ours / Double(rounds), theirs: theirs / Double(rounds / 20))
        }
    }

    Benchmark(
        "isSubtype, isSupertype and == 20-pair mix",
        configuration: .init(
            metrics: [AnchoredMetric.isSubtype, AnchoredMetric.isSupertype, AnchoredMetric.equality],
            warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20)
    ) { benchmark in
        let rounds = 20_000
        let pairs = mix.pairs
        for _ in benchmark.scaledIterations {
            var fastest = [Double](repeating: .infinity, count: 3)
            for _ in 0..<3 {
                fastest[0] = min(
                    fastest[0],
                    seconds {
                        for round in 0..<rounds {
                            let pair = pairs[round % 20]
                            blackHole(pair.0.isSubtype(of: pair.1))
                        }
                    })
                fastest[1] = min(
                    fastest[1],
                    seconds {
                        for round in 0..<rounds {
                            let pair = pairs[round % 20]
                            blackHole(pair.0.isSupertype(of: pair.1))
                        }
                    })
                fastest[2] = min(
                    fastest[2],
                    seconds {
                        for round in 0..<rounds {
                            let pair = pairs[round % 20]
                            blackHole(pair.0 == pair.1)
                        }
                    })
            }
            benchmark.measurement(AnchoredMetric.isSubtype, Int((fastest[0] / Double(rounds) * 1e12).rounded()))
            benchmark.measurement(AnchoredMetric.isSupertype, Int((fastest[1] / Double(rounds) * 1e12).rounded()))
            benchmark.measurement(AnchoredMetric.equality, Int((fastest[2] / Double(rounds) * 1e12).rounded()))
        }
    }

    Benchmark("UTType(filenameExtension:) mix vs g_content_type_guess", configuration: configuration) { benchmark in
        let rounds = 12_000
        let names = extensionMix.map { strdup("file.\($0)") }
        defer {
            for name in names {
                free(name)
            }
        }
        for _ in benchmark.scaledIterations {
            let (ours, theirs) = fastestOfInterleaved(3) {
                for round in 0..<rounds {
                    blackHole(UTType(filenameExtension: extensionMix[round % 12]))
                }
            } _: {
                for round in 0..<rounds / 10 {
                    blackHole(anchor_glib_guess_by_name(names[round % 12]))
                }
            }
            record(benchmark, ours: ours / Double(rounds), theirs: theirs / Double(rounds / 10))
        }
    }

    Benchmark("UTType(mimeType:) mix vs g_content_type_from_mime_type", configuration: configuration) { benchmark in
        let rounds = 12_000
        let names = mimeTypeMix.map { strdup($0) }
        defer {
            for name in names {
                free(name)
            }
        }
        for _ in benchmark.scaledIterations {
            let (ours, theirs) = fastestOfInterleaved(3) {
                for round in 0..<rounds {
                    blackHole(UTType(mimeType: mimeTypeMix[round % 12]))
                }
            } _: {
                for round in 0..<rounds / 10 {
                    blackHole(anchor_glib_from_mime_type(names[round % 12]))
                }
            }
            record(benchmark, ours: ours / Double(rounds), theirs: theirs / Double(rounds / 10))
        }
    }

    let sniffer = ContentSniffer(registry: TypeRegistry())
    for (name, files) in [("common formats", commonFormats), ("other formats", otherFormats)] {
        let samples = files.compactMap(fixturePrefix)
        if samples.count < files.count {
            print("ContentTypesBenchmarks: missing fixtures for \(name)")
        }
        Benchmark("identify 4 KiB, \(samples.count) \(name) vs magic_buffer", configuration: configuration) {
            benchmark in
            guard let handle = anchor_magic_open(anchor_magic_flags()) else {
                return
            }
            defer { anchor_magic_close(handle) }
            _ = try? sniffer.identify(samples[0])  // the sniffer's own handle, loaded outside the measurement
            let rounds = name == "common formats" ? 20 : 2
            for _ in benchmark.scaledIterations {
                let (ours, theirs) = fastestOfInterleaved(3) {
                    for _ in 0..<rounds {
                        for sample in samples {
                            blackHole(try? sniffer.identify(sample))
                        }
                    }
                } _: {
                    for _ in 0..<rounds {
                        for sample in samples {
                            sample.withUnsafeBytes { blackHole(anchor_magic_buffer(handle, $0.baseAddress, $0.count)) }
                        }
                    }
                }
                let calls = Double(rounds * samples.count)
                record(benchmark, ours: ours / calls, theirs: theirs / calls)
            }
        }
    }

    // Throughput on 2 threads against 1, the same identifications split between them.
    let mixed = (commonFormats + otherFormats).compactMap(fixturePrefix)
    Benchmark(
        "identify 4 KiB mix, 2 threads vs 1",
        configuration: .init(
            metrics: [.wallClock, AnchoredMetric.scaling], warmupIterations: 1, maxDuration: .seconds(5),
            maxIterations: 10)
    ) { benchmark in
        let rounds = 4
        // Each thread identifies its own copies, as two drags would: sharing one `Data` between threads would time
        // the contention on its reference count.
        let copies = (0..<2).map { _ in mixed.map { Data(Array($0)) } }
        func run(threads: Int) {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for _ in 0..<rounds / threads {
                    for sample in copies[thread] {
                        blackHole(try? sniffer.identify(sample))
                    }
                }
            }
        }
        run(threads: 2)  // a handle for each thread, loaded outside the measurement
        for _ in benchmark.scaledIterations {
            let (one, two) = fastestOfInterleaved(3) {
                run(threads: 1)
            } _: {
                run(threads: 2)
            }
            benchmark.measurement(AnchoredMetric.scaling, percent(one / two))
        }
    }
}

/// Records one side-by-side measurement: seconds per call of DnDKit and of the C library.
func record(_ benchmark: Benchmark, ours: Double, theirs: Double) {
    benchmark.measurement(AnchoredMetric.dndkit, Int((ours * 1e12).rounded()))
    benchmark.measurement(AnchoredMetric.anchor, Int((theirs * 1e12).rounded()))
    benchmark.measurement(AnchoredMetric.speedup, percent(theirs / ours))
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Runs `a` and `b` alternately `repeats` times each and returns the fastest time of each.
func fastestOfInterleaved(_ repeats: Int, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
    var fastestA = Double.infinity
    var fastestB = Double.infinity
    for _ in 0..<repeats {
        fastestA = min(fastestA, seconds(a))
        fastestB = min(fastestB, seconds(b))
    }
    return (fastestA, fastestB)
}

func percent(_ ratio: Double) -> Int {
    ratio.isFinite ? Int((ratio * 100).rounded()) : 0
}
