// Each step of a tag look-up alone, timed in a plain release program (issue 30): the public initialisers as a caller
// calls them, the same through a supertype the caller holds, through `UTType(tag:tagClass:conformingTo:)`, and through
// a registry the caller holds, on the mixes of ContentTypesBenchmarks. Not a benchmark of the plugin: a tool to find
// where the time goes (`perf record`, or instruction counts under `valgrind --tool=callgrind` with `--rounds`).
//
//     swift build -c release --product TagLookupProbe
//     .build/release/TagLookupProbe --declared ["case name part"] [--rounds N]
//
// `--declared` adds a declared type to the current registry first, as the benchmarks do.

import ContentTypes
import Foundation

let extensionMix = ["png", "jpg", "PDF", "json", "txt", "html", "zip", "svg", "gz", "mp3", "tar", "c"]
let mimeTypeMix = [
    "image/png", "image/jpeg", "application/pdf", "application/json", "text/plain", "text/html", "application/zip",
    "image/svg+xml", "application/gzip", "audio/mpeg", "application/x-tar", "text/csv",
]

@inline(never) func consume(_ type: UTType?) { if type == nil { print("nil") } }

func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// `--rounds N` runs each case once, N calls (for instruction counts under callgrind); otherwise the fastest of 7
/// runs of 1.2M calls is timed.
let fixedRounds = CommandLine.arguments.firstIndex(of: "--rounds").flatMap { Int(CommandLine.arguments[$0 + 1]) }

func time(_ name: String, _ body: (Int) -> Void) {
    let rounds = fixedRounds ?? 1_200_000
    var best = UInt64.max
    for _ in 0..<(fixedRounds == nil ? 7 : 1) {
        let start = now()
        body(rounds)
        best = min(best, now() - start)
    }
    print(
        name.padding(toLength: 60, withPad: " ", startingAt: 0),
        String(format: "%6.1f ns", Double(best) / Double(rounds)))
}

let declared = TypeDeclaration(
    identifier: "org.dndkit.bench.drawing", conformsTo: ["public.json"],
    tags: [.filenameExtension: ["drawing"], .mimeType: ["application/x-dndkit-drawing"]])
if CommandLine.arguments.contains("--declared") {
    try? TypeRegistry.updateCurrent { try $0.adding([declared]) }
}
let only = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") && Int($0) == nil }
let mimes = mimeTypeMix
let exts = extensionMix
let data = UTType.data
let registry = TypeRegistry.current

// The unknown-tag cases of ContentTypesBenchmarks' DynamicTypes.swift: a known tag, an unknown one again, a new one
// each call (from 100,000 made beforehand), each then `conforms(to: .data)`.
let distinctExtensions = (0..<100_000).map { "unk\($0)" }
let distinctMIMETypes = (0..<100_000).map { "application/x-unk\($0)" }
@inline(never) func check(_ answer: Bool?) { if answer != true { print("x") } }

let cases: [(String, (Int) -> Void)] = [
    ("unknown ext: known", { n in for _ in 0..<n { check(UTType(filenameExtension: "png")?.conforms(to: .data)) } }),
    (
        "unknown ext: repeated",
        { n in for _ in 0..<n { check(UTType(filenameExtension: "zzqunknown")?.conforms(to: .data)) } }
    ),
    (
        "unknown ext: distinct",
        { n in
            for i in 0..<n { check(UTType(filenameExtension: distinctExtensions[i % 100_000])?.conforms(to: .data)) }
        }
    ),
    (
        "unknown ext: distinct, 16 of them",
        { n in for i in 0..<n { check(UTType(filenameExtension: distinctExtensions[i % 16])?.conforms(to: .data)) } }
    ),
    (
        "unknown ext: distinct, read only",
        { n in for i in 0..<n { check(distinctExtensions[i % 100_000].utf8.count > 3) } }
    ),
    (
        "unknown mime: known",
        { n in for _ in 0..<n { check(UTType(mimeType: "application/json")?.conforms(to: .data)) } }
    ),
    (
        "unknown mime: repeated",
        { n in for _ in 0..<n { check(UTType(mimeType: "application/x-zzq-unknown")?.conforms(to: .data)) } }
    ),
    (
        "unknown mime: distinct",
        { n in for i in 0..<n { check(UTType(mimeType: distinctMIMETypes[i % 100_000])?.conforms(to: .data)) } }
    ),
    ("mime: UTType(mimeType:)", { n in for i in 0..<n { consume(UTType(mimeType: mimes[i % 12])) } }),
    (
        "mime: UTType(mimeType:conformingTo: held)",
        { n in for i in 0..<n { consume(UTType(mimeType: mimes[i % 12], conformingTo: data)) } }
    ),
    (
        "mime: UTType(tag:tagClass:conformingTo: held)",
        { n in for i in 0..<n { consume(UTType(tag: mimes[i % 12], tagClass: .mimeType, conformingTo: data)) } }
    ),
    (
        "mime: UTType(tag:tagClass:conformingTo: nil)",
        { n in for i in 0..<n { consume(UTType(tag: mimes[i % 12], tagClass: .mimeType, conformingTo: nil)) } }
    ),
    (
        "mime: registry.type(tag:) held, data",
        { n in for i in 0..<n { consume(registry.type(tag: mimes[i % 12], tagClass: .mimeType, conformingTo: data)) } }
    ),
    (
        "mime: TypeRegistry.current.type(tag:) data",
        { n in
            for i in 0..<n {
                consume(TypeRegistry.current.type(tag: mimes[i % 12], tagClass: .mimeType, conformingTo: data))
            }
        }
    ),
    ("ext: UTType(filenameExtension:)", { n in for i in 0..<n { consume(UTType(filenameExtension: exts[i % 12])) } }),
    (
        "ext: UTType(filenameExtension:) + conforms",
        { n in for i in 0..<n { if UTType(filenameExtension: exts[i % 12])?.conforms(to: .data) != true { print("x") } }
        }
    ),
    (
        "ext: registry.type(tag:) held, data",
        { n in
            for i in 0..<n {
                consume(registry.type(tag: exts[i % 12], tagClass: .filenameExtension, conformingTo: data))
            }
        }
    ),
    (
        "empty loop (array read + consume)",
        { n in
            for i in 0..<n {
                consume(i % 12 == 13 ? nil : data)
                _ = mimes[i % 12]
            }
        }
    ),
]
for (name, body) in cases where only.map({ name.contains($0) }) ?? true {
    time(name, body)
}
