// The command line's start-up (issue 29), release builds: `dnd-sim types identify FILE` of the binary the README
// installs takes at most 2x the wall time of `file --mime-type FILE` on the same file, started the same way.
//
// The binary is the one `swift build -c release --product dnd-sim --static-swift-stdlib` makes in the repository
// (`.build/release/dnd-sim` beside this package); build it first, or name another with `DNDSIM`. Each iteration
// starts both programs one after the other, alternating which goes first, on a PNG written once, and checks that
// each named its type. A whole run of a program is what a user waits for: loading and initialising its shared
// libraries, reading the type database, answering. The ratio's median is the figure to hold against the target.

import Benchmark
import DndSimBinary
import Foundation

/// Thrown when a benchmark's result is wrong, which fails the run.
struct WrongResult: Error, CustomStringConvertible {
    let description: String
}

enum StartupMetric {
    static let ratio = BenchmarkMetric.custom(
        "dnd-sim vs file time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let ours = BenchmarkMetric.custom(
        "dnd-sim types identify (us)", polarity: .prefersSmaller, useScalingFactor: false)
    static let theirs = BenchmarkMetric.custom(
        "file --mime-type (us)", polarity: .prefersSmaller, useScalingFactor: false)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "types-identify-vs-file",
        configuration: .init(
            metrics: [StartupMetric.ratio, StartupMetric.ours, StartupMetric.theirs],
            warmupIterations: 2, maxDuration: .seconds(20), maxIterations: 40)
    ) { benchmark in
        let dndSim = try dndSimBinary()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("startup-benchmark-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let picture = work.appendingPathComponent("picture.png")
        try smallPNG.write(to: picture)
        let commands = [
            (dndSim, ["types", "identify", picture.path], "public.png"),
            ("/usr/bin/file", ["--mime-type", picture.path], "image/png"),
        ]
        for iteration in benchmark.scaledIterations {
            var times = [0.0, 0.0]
            for side in iteration % 2 == 0 ? [0, 1] : [1, 0] {
                let (program, arguments, expected) = commands[side]
                times[side] = try time {
                    let printed = try run(program, arguments)
                    guard printed.contains(expected) else {
                        throw WrongResult(description: "\(program) printed \(printed), not \(expected)")
                    }
                }
            }
            benchmark.measurement(StartupMetric.ratio, Int((times[0] / times[1] * 100).rounded()))
            benchmark.measurement(StartupMetric.ours, Int((times[0] * 1e6).rounded()))
            benchmark.measurement(StartupMetric.theirs, Int((times[1] * 1e6).rounded()))
        }
    }
}

/// A 1×1 grey PNG: signature, IHDR, IDAT, IEND.
let smallPNG = Data([
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B, 0x55, 0x00, 0x00, 0x00, 0x0A, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00, 0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
])

/// Runs a program to its end and returns what it printed on standard output.
func run(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw WrongResult(description: "\(program) failed with status \(process.terminationStatus): \(printed)")
    }
    return printed
}

func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
