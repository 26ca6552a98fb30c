// Performance target of `dnd-sim move` (issue 7), release builds: moving 200 PNG screenshots (1920×1080, about
// 1 MB each) takes at most 2x the time `cp` takes to copy the same files, and the bytes are identical afterwards.
//
// Each iteration lays out two fresh copies of the screenshots, flushed to disk as screenshots taken a while ago are,
// then runs back to back, alternating the order: `/bin/cp FILES... DIR` and `/bin/rm FILES...` on one copy (what
// `mv` to another file system costs), `dnd-sim move FILES... --to DIR` on the other, and `dnd-sim move --copy` from
// `cp`'s output (nothing removed). Every one is a process started afresh, `dnd-sim` the repository's release build
// (`.build/release/dnd-sim`, or `DNDSIM`), as StartupBenchmarks starts it: the times are what a user waits for,
// process start and libmagic's first load included on both sides. Every folder is on one file system, so the move
// links each file into place and removes its source name, as `mv` does (no byte copied, no block freed); the copy is
// the verified copy that a move to another file system also makes. It records the ratios of the wall-clock times:
// move vs cp (the target), move vs cp then rm, and copy vs cp. Thresholds/ holds the targets (p90, the worst
// 10% of iterations); check them with `swift package benchmark thresholds check --target MoveBenchmarks`.

import Benchmark
import DndSimBinary
import Foundation
import PNGCodec

#if canImport(Glibc)
    import Glibc
#endif

/// Thrown when a benchmark's result is wrong, which fails the run.
struct WrongResult: Error, CustomStringConvertible {
    let description: String
}

enum MoveMetric {
    static let moveVsCp = BenchmarkMetric.custom(
        "move vs cp time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let moveVsCpAndRm = BenchmarkMetric.custom(
        "move vs cp then rm time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let copyVsCp = BenchmarkMetric.custom(
        "copy vs cp time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let moveMilliseconds = BenchmarkMetric.custom(
        "move (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let copyMilliseconds = BenchmarkMetric.custom(
        "copy (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let cpMilliseconds = BenchmarkMetric.custom(
        "cp (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let rmMilliseconds = BenchmarkMetric.custom(
        "rm (ms)", polarity: .prefersSmaller, useScalingFactor: false)
}

let benchmarks: @Sendable () -> Void = {
    let target = BenchmarkThresholds(relative: [:], absolute: [.p90: 0])
    Benchmark(
        "move-200-screenshots-vs-cp",
        configuration: .init(
            metrics: [
                MoveMetric.moveVsCp, MoveMetric.moveVsCpAndRm, MoveMetric.copyVsCp, MoveMetric.moveMilliseconds,
                MoveMetric.copyMilliseconds, MoveMetric.cpMilliseconds, MoveMetric.rmMilliseconds,
            ],
            warmupIterations: 1, maxDuration: .seconds(120), maxIterations: 10,
            thresholds: [MoveMetric.moveVsCp: target, MoveMetric.moveVsCpAndRm: target, MoveMetric.copyVsCp: target])
    ) { benchmark in
        let dndSim = try dndSimBinary()
        let screenshots = try Screenshots.paths()
        let originals = try screenshots.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let names = screenshots.map { ($0 as NSString).lastPathComponent }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("move-benchmark-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        for iteration in benchmark.scaledIterations {
            try? FileManager.default.removeItem(at: work)
            let folders = ["for-cp", "for-move", "cp", "moved", "copied"].map { work.appendingPathComponent($0) }
            for folder in folders {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let forCp = try layOut(originals, names, in: folders[0])
            let forMove = try layOut(originals, names, in: folders[1])
            var times: [String: Double] = [:]
            for side in iteration % 2 == 0 ? [0, 1] : [1, 0] {
                if side == 0 {
                    times["cp"] = try time { try run("/bin/cp", forCp + [folders[2].path]) }
                    times["rm"] = try time { try run("/bin/rm", forCp) }
                } else {
                    times["move"] = try time { try run(dndSim, ["move"] + forMove + ["--to", folders[3].path]) }
                }
            }
            let fromCp = names.map { folders[2].appendingPathComponent($0).path }
            times["copy"] = try time { try run(dndSim, ["move", "--copy"] + fromCp + ["--to", folders[4].path]) }
            for (name, original) in zip(names, originals) {
                for folder in folders[2...] where try Data(contentsOf: folder.appendingPathComponent(name)) != original
                {
                    throw WrongResult(description: "\(folder.lastPathComponent)/\(name) differs from the screenshot")
                }
                if FileManager.default.fileExists(atPath: folders[1].appendingPathComponent(name).path) {
                    throw WrongResult(description: "the source of \(name) was not removed")
                }
            }
            let cp = times["cp"] ?? 0
            let move = times["move"] ?? 0
            benchmark.measurement(MoveMetric.moveVsCp, percent(move / cp))
            benchmark.measurement(MoveMetric.moveVsCpAndRm, percent(move / (cp + (times["rm"] ?? 0))))
            benchmark.measurement(MoveMetric.copyVsCp, percent((times["copy"] ?? 0) / cp))
            for (metric, key) in [
                (MoveMetric.moveMilliseconds, "move"), (MoveMetric.copyMilliseconds, "copy"),
                (MoveMetric.cpMilliseconds, "cp"), (MoveMetric.rmMilliseconds, "rm"),
            ] {
                benchmark.measurement(metric, Int(((times[key] ?? 0) * 1000).rounded()))
            }
        }
    }
}

/// Writes the screenshots into a folder and flushes them to disk; returns their paths.
func layOut(_ originals: [Data], _ names: [String], in folder: URL) throws -> [String] {
    try zip(originals, names).map { data, name in
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.synchronize()
        try handle.close()
        return url.path
    }
}

func percent(_ ratio: Double) -> Int {
    ratio.isFinite ? Int((ratio * 100).rounded()) : 0
}

/// Runs a program and waits for it, what it prints thrown away (each moved file is checked afterwards).
func run(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw WrongResult(description: "\(program) failed with status \(process.terminationStatus)")
    }
}

func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
