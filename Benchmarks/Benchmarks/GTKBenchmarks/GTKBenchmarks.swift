// Performance targets of DnDKitGTK (issue 26), release builds, each against GTK or the desktop's own tool in the same
// run, under a headless sway (Wayland) and under an X server (Xvfb, `DISPLAY`):
//   - a drop of a 1920x1080 PNG from the GTK 4 peer into a DnDKitGTK app: from the button's release to the app's
//     `dropDestination` action (the PNG decoded into a Bitmap) at most 1.1x the GTK peer into the GTK peer (release to
//     GTK handing over the decoded texture);
//   - a 64 MiB clipboard paste into the app: at least 0.9x the throughput of `wl-paste` (Wayland) and `xclip -o` (X11)
//     reading the same owner, both to /dev/null and into a file in /dev/shm (holding the bytes, as the app does), and a
//     peak resident growth of at most 2x the payload;
//   - an idle app (a window with a drop destination, DnDKitGTK's main-queue source installed) wakes no more than a
//     plain GTK window: context switches of all its threads over 2 s (`/proc/PID/task/*/status`).
//
// The app is the tests' probe (`gtk-probe`, a DnDKitGTK app, one window, one role), built in release in the GTK
// package: `cd Integrations/GTK && swift build -c release --product gtk-probe` (or name another with GTK_PROBE). The
// family links no GTK itself: what it measures are separate processes (the app, the GTK peer, wl-paste, xclip), as a
// user's desktop runs them, so this package needs no GTK headers. Each backend the machine lacks (no DISPLAY; no sway)
// registers nothing and says why; the sway session is this family's own unless DNDTEST_DIR names a running one.
//
//     Xvfb :90 -screen 0 1280x800x24 -nolisten tcp & export DISPLAY=:90
//     (cd ../Integrations/GTK && swift build -c release --product gtk-probe)
//     swift package --allow-writing-to-package-directory benchmark --target GTKBenchmarks

import Benchmark
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum GTKMetric {
    static let dropMilliseconds = BenchmarkMetric.custom(
        "GTK peer to DnDKitGTK drop (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let gtkDropMilliseconds = BenchmarkMetric.custom(
        "GTK peer to GTK peer drop (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let dropVsGTK = BenchmarkMetric.custom(
        "drop time vs GTK's (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let pasteMilliseconds = BenchmarkMetric.custom(
        "DnDKitGTK paste (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let pasteProcessorMilliseconds = BenchmarkMetric.custom(
        "DnDKitGTK paste, the app's processor time (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let toolMilliseconds = BenchmarkMetric.custom(
        "wl-paste or xclip -o to /dev/null (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let toolHoldingMilliseconds = BenchmarkMetric.custom(
        "wl-paste or xclip -o into /dev/shm (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let pasteVsTool = BenchmarkMetric.custom(
        "paste throughput vs the tool's to /dev/null (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let pasteVsToolHolding = BenchmarkMetric.custom(
        "paste throughput vs the tool's into /dev/shm (%)", polarity: .prefersLarger, useScalingFactor: false)
    static let firstTouchMilliseconds = BenchmarkMetric.custom(
        "first touch of 64 MiB of new memory (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    static let pastePeak = BenchmarkMetric.custom(
        "paste's peak resident growth vs payload (%)", polarity: .prefersSmaller, useScalingFactor: false)
    static let idleWakeups = BenchmarkMetric.custom(
        "DnDKitGTK app context switches in 2 s", polarity: .prefersSmaller, useScalingFactor: false)
    static let plainWakeups = BenchmarkMetric.custom(
        "plain GTK window context switches in 2 s", polarity: .prefersSmaller, useScalingFactor: false)
}

let benchmarks: @Sendable () -> Void = {
    let backends = Session.Backend.allCases.filter { backend in
        if let missing = Session.missing(backend) {
            print("GTKBenchmarks: no \(backend) benchmarks: \(missing)")
            return false
        }
        return true
    }
    for backend in backends {
        Benchmark(
            "gtk-drop-1920x1080-png-vs-gtk-to-gtk-\(backend)",
            configuration: .init(
                metrics: [GTKMetric.dropVsGTK, GTKMetric.dropMilliseconds, GTKMetric.gtkDropMilliseconds],
                warmupIterations: 1, maxDuration: .seconds(180), maxIterations: 8)
        ) { benchmark in
            let session = try Session(backend)
            defer { session.stop() }
            try Drop.measure(benchmark, in: session)
        }

        Benchmark(
            "gtk-paste-64mib-vs-\(backend == .wayland ? "wl-paste" : "xclip")",
            configuration: .init(
                metrics: [
                    GTKMetric.pasteVsTool, GTKMetric.pasteVsToolHolding, GTKMetric.pasteMilliseconds,
                    GTKMetric.pasteProcessorMilliseconds, GTKMetric.toolMilliseconds,
                    GTKMetric.toolHoldingMilliseconds, GTKMetric.firstTouchMilliseconds, GTKMetric.pastePeak,
                ],
                warmupIterations: 1, maxDuration: .seconds(180), maxIterations: 12)
        ) { benchmark in
            let session = try Session(backend)
            defer { session.stop() }
            try Paste.measure(benchmark, in: session)
        }

        Benchmark(
            "gtk-idle-wakeups-2s-vs-plain-gtk-\(backend)",
            configuration: .init(
                metrics: [GTKMetric.idleWakeups, GTKMetric.plainWakeups],
                warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 5)
        ) { benchmark in
            let session = try Session(backend)
            defer { session.stop() }
            try Idle.measure(benchmark, in: session)
        }
    }
}

/// Drops of a 1920x1080 PNG from the GTK peer, alternately into the app and into a GTK peer target, each timed from
/// the button's release to the receiver's action.
enum Drop {
    static func measure(_ benchmark: Benchmark, in session: Session) throws {
        var samples = [UInt8](repeating: 0, count: 1920 * 1080 * 3)
        var seed: UInt32 = 2026
        for index in samples.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            // Gradients with a little noise: a photo-like 1920x1080 PNG of a few MB.
            samples[index] = UInt8(truncatingIfNeeded: (index / 3) % 1920 / 8 + Int(seed >> 29))
        }
        let file = session.work.appendingPathComponent("frame.png")
        try PNGFile.write(width: 1920, height: 1080, rgb: samples, to: file)
        let source = try session.peer(["source", "--title", "bench-src", "--png", file.path])
        let app = try session.probe(["target", "--title", "bench-app", "--accept", "image", "--size", "300,250"])
        let gtk = try session.peer(["target", "--title", "bench-gtk", "--accept", "texture", "--size", "300,250"])
        let from = try session.place(source, title: "bench-src", at: (40, 60))
        let targets = [
            try session.place(app, title: "bench-app", at: (500, 60)),
            try session.place(gtk, title: "bench-gtk", at: (500, 400)),
        ]
        usleep(500_000)  // the windows drawn where they were moved
        for iteration in benchmark.scaledIterations {
            var times = [0.0, 0.0]
            for side in iteration % 2 == 0 ? [0, 1] : [1, 0] {
                let receiver = side == 0 ? app : gtk
                let drops = receiver.events("drop").count
                try session.hold(from: from.center, to: targets[side].center)
                let released = try session.release()
                let deadline = Date().addingTimeInterval(15)
                while receiver.events("drop").count == drops && Date() < deadline { usleep(1000) }
                guard let drop = receiver.events("drop").dropFirst(drops).first else {
                    throw WrongResult(
                        description: "no drop reached \(side == 0 ? "the app" : "the GTK peer") at "
                            + "\(targets[side]): its events \(receiver.events()), the source's \(source.events())")
                }
                // The app's event is printed by its action, the Bitmap decoded; the peer's "arrived" is when GTK
                // handed it the decoded texture.
                guard let arrived = (side == 0 ? drop["t"] : drop["arrived"]) as? Double,
                    drop["width"] as? Int == 1920
                else {
                    throw WrongResult(description: "a wrong drop: \(drop)")
                }
                times[side] = arrived - released
                usleep(400_000)
            }
            benchmark.measurement(GTKMetric.dropMilliseconds, Int((times[0] * 1000).rounded()))
            benchmark.measurement(GTKMetric.gtkDropMilliseconds, Int((times[1] * 1000).rounded()))
            benchmark.measurement(GTKMetric.dropVsGTK, Int((times[0] / times[1] * 100).rounded()))
        }
    }
}

/// A 64 MiB clipboard paste into the app (a new app each time: `clip-get --png` pastes once and exits), against the
/// desktop's tool reading the same owner twice, both timed in the same iteration: to /dev/null (the tool's fastest:
/// the bytes are dropped as they come) and into a file in /dev/shm (the bytes held in memory, as the app holds what it
/// pasted). The order of the three turns changes with each iteration. Two more figures show where the app's time
/// goes: its processor time (all threads: on X11 the reads run on a thread of their own), and the first touch of 64
/// MiB of new memory in this process (`mmap`, one write to each 4 KiB page, `munmap`): what holding the bytes costs at
/// least, which a tool writing to /dev/null never pays.
enum Paste {
    static let size = 64 << 20
    static func measure(_ benchmark: Benchmark, in session: Session) throws {
        var bytes = [UInt8](repeating: 0, count: size)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in stride(from: 0, to: size, by: 8) {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            withUnsafeBytes(of: seed) { word in
                for offset in 0..<8 { bytes[index + offset] = word[offset] }
            }
        }
        let file = session.work.appendingPathComponent("large.bin")
        try Data(bytes).write(to: file)
        chmod(file.path, 0o644)
        try session.own(file, as: "image/png")
        let sides = [0, 1, 2]
        for iteration in benchmark.scaledIterations {
            var times = [0.0, 0.0, 0.0]
            var peak = 0
            var processor = 0.0
            let turn = iteration % sides.count
            for side in sides[turn...] + sides[..<turn] {
                switch side {
                case 0:
                    let got = try appPaste(in: session, title: "bench-paste-\(iteration)")
                    times[0] = got.seconds
                    peak = got.peak
                    processor = got.processor
                case 1: times[1] = try session.timedPaste("image/png", into: .null)
                default: times[2] = try session.timedPaste("image/png", into: .memoryFile)
                }
            }
            let touch = try firstTouch(size)
            benchmark.measurement(GTKMetric.pasteMilliseconds, Int((times[0] * 1000).rounded()))
            benchmark.measurement(GTKMetric.pasteProcessorMilliseconds, Int(processor.rounded()))
            benchmark.measurement(GTKMetric.toolMilliseconds, Int((times[1] * 1000).rounded()))
            benchmark.measurement(GTKMetric.toolHoldingMilliseconds, Int((times[2] * 1000).rounded()))
            benchmark.measurement(GTKMetric.pasteVsTool, Int((times[1] / times[0] * 100).rounded()))
            benchmark.measurement(GTKMetric.pasteVsToolHolding, Int((times[2] / times[0] * 100).rounded()))
            benchmark.measurement(GTKMetric.firstTouchMilliseconds, Int((touch * 1000).rounded()))
            benchmark.measurement(GTKMetric.pastePeak, peak * 100 / size)
        }
    }

    /// One paste by a new app (`clip-get --png`): its time (seconds), its processor time (ms, all threads) and its
    /// peak resident growth (bytes).
    private static func appPaste(in session: Session, title: String) throws -> (
        seconds: Double, processor: Double, peak: Int
    ) {
        let app = try session.probe(["clip-get", "--title", title, "--png"])
        defer { app.stop() }
        guard let got = app.wait(for: "got", timeout: 60) else {
            throw WrongResult(description: "the app did not paste: \(app.events())")
        }
        guard got["bytes"] as? Int == size, let ms = got["ms"] as? Double,
            let before = got["rssBeforeKB"] as? Int, let high = got["peakKB"] as? Int,
            let cpu = got["cpuMs"] as? Double
        else {
            throw WrongResult(description: "a wrong paste: \(got)")
        }
        return (ms / 1000, cpu, (high - before) * 1024)
    }

    /// The time (seconds) to map `size` bytes of new private memory, write one byte to each 4 KiB page, and unmap it.
    private static func firstTouch(_ size: Int) throws -> Double {
        let started = ContinuousClock.now
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        // MAP_FAILED, a cast macro Swift does not import, is (void *)-1.
        guard let memory = mapped, memory != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw WrongResult(description: "no memory for the first-touch figure: \(String(cString: strerror(errno)))")
        }
        for offset in stride(from: 0, to: size, by: 4096) {
            memory.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self)
        }
        let elapsed = ContinuousClock.now - started
        munmap(memory, size)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// Two idle windows side by side: the app with a drop destination (DnDKitGTK's main-queue source installed) and
/// the same program as a plain GTK window; each iteration counts both one's context switches over the same 2 s.
enum Idle {
    static func measure(_ benchmark: Benchmark, in session: Session) throws {
        let app = try session.probe(["target", "--title", "bench-idle-app", "--accept", "image", "--size", "300,250"])
        let plain = try session.probe(["plain", "--title", "bench-idle-plain", "--size", "300,250"])
        _ = try session.place(app, title: "bench-idle-app", at: (40, 60))
        _ = try session.place(plain, title: "bench-idle-plain", at: (500, 60))
        let pids = try [app, plain].map { program in
            guard let pid = program.wait(for: "ready")?["pid"] as? Int else {
                throw WrongResult(description: "no process id: \(program.events())")
            }
            return pid_t(pid)
        }
        // The pointer is elsewhere and nothing moves: let start-up work settle.
        sleep(2)
        for _ in benchmark.scaledIterations {
            let before = try pids.map(contextSwitches)
            sleep(2)
            let after = try pids.map(contextSwitches)
            benchmark.measurement(GTKMetric.idleWakeups, after[0] - before[0])
            benchmark.measurement(GTKMetric.plainWakeups, after[1] - before[1])
        }
    }

    /// Voluntary and involuntary context switches of all of `pid`'s threads so far.
    static func contextSwitches(_ pid: pid_t) throws -> Int {
        let tasks = "/proc/\(pid)/task"
        var total = 0
        for thread in try FileManager.default.contentsOfDirectory(atPath: tasks) {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else {
                continue  // a thread that ended meanwhile
            }
            for line in status.split(separator: "\n") {
                if line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                    total += line.split(whereSeparator: { $0 == " " || $0 == "\t" }).last.flatMap { Int($0) } ?? 0
                }
            }
        }
        return total
    }
}
