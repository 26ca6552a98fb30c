import Foundation
import PNGCodec

#if canImport(Glibc)
    import Glibc
#endif

/// Thrown when a benchmark's result is wrong, which fails the run.
struct WrongResult: Error, CustomStringConvertible {
    let description: String
}

/// The repository this package is in (the folder above `Benchmarks/`), found from the running benchmark's path.
let repository: URL = {
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" && folder.lastPathComponent != "Benchmarks" { folder.deleteLastPathComponent() }
    return folder.deletingLastPathComponent()
}()

/// One desktop the benchmarks run programs on: the X server of `DISPLAY` (driven with xdotool), or a headless sway
/// with a virtual pointer (the tests' Wayland kit, `Tests/Peers/wayland`), this session's own unless `DNDTEST_DIR`
/// names a running one.
final class Session {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case wayland
        case x11
        var description: String { rawValue }
    }

    let backend: Backend
    /// A folder the programs can read (for Wayland, the session's user too).
    let work: URL
    /// The sway session's folder (Wayland).
    private let sessionFolder: URL?
    private let ownsSession: Bool
    private var programs: [Program] = []

    static let kit = repository.appendingPathComponent("Tests/Peers")
    private static var sway: String { kit.appendingPathComponent("wayland/headless-sway.sh").path }

    /// The app: `GTK_PROBE`, else the GTK package's release build of `gtk-probe`.
    static var probe: URL {
        if let named = ProcessInfo.processInfo.environment["GTK_PROBE"] { return URL(fileURLWithPath: named) }
        return repository.appendingPathComponent("Integrations/GTK/.build/release/gtk-probe")
    }

    /// Why `backend` cannot run here, or nil.
    static func missing(_ backend: Backend) -> String? {
        guard FileManager.default.isExecutableFile(atPath: probe.path) else {
            return "\(probe.path) is missing: build it with "
                + "`cd Integrations/GTK && swift build -c release --product gtk-probe`, or set GTK_PROBE"
        }
        let tools: [String]
        switch backend {
        case .x11:
            guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else { return "DISPLAY is not set" }
            tools = ["/usr/bin/xclip", "/usr/bin/xdotool", "/usr/bin/python3"]
        case .wayland:
            tools = ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/wl-copy", "/usr/bin/wl-paste", "/usr/bin/python3"]
        }
        return tools.first { !FileManager.default.isExecutableFile(atPath: $0) }.map { "\($0) is missing" }
    }

    init(_ backend: Backend) throws {
        self.backend = backend
        let name = "gtk-bench-\(getpid())-\(UUID().uuidString.prefix(8))"
        switch backend {
        case .x11:
            sessionFolder = nil
            ownsSession = false
            work = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        case .wayland:
            if let shared = ProcessInfo.processInfo.environment["DNDTEST_DIR"],
                FileManager.default.fileExists(atPath: shared + "/env")
            {
                sessionFolder = URL(fileURLWithPath: shared)
                ownsSession = false
            } else {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name + "-sway")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                // Through bash, every inherited descriptor above 2 closed first: Foundation's `Process` learns that
                // its child ended from a socket the child inherits, and sway and vptr.py, which outlive the start
                // script, would hold it open for ever (`waitUntilExit` never returned).
                let closing = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done"#
                let started = try Self.run(
                    "/bin/bash", ["-c", closing + #"; exec /bin/sh "$@""#, "bash", Self.sway, "start", folder.path])
                guard started.status == 0 else {
                    throw WrongResult(description: "headless sway did not start: \(started.error)")
                }
                sessionFolder = folder
                ownsSession = true
            }
            work = sessionFolder?.appendingPathComponent(name) ?? URL(fileURLWithPath: name)
        }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        chmod(work.path, 0o755)
    }

    /// Ends every program started here, the owner of the clipboard and (when it is this session's) sway.
    func stop() {
        for program in programs { program.stop() }
        programs = []
        if ownsSession, let sessionFolder {
            _ = try? Self.run("/bin/sh", [Self.sway, "stop", sessionFolder.path])
            try? FileManager.default.removeItem(at: sessionFolder)
        } else {
            try? FileManager.default.removeItem(at: work)
        }
    }

    // MARK: Programs

    /// Starts the app (`gtk-probe`) with `arguments`.
    func probe(_ arguments: [String]) throws -> Program {
        try launch([try readable(Self.probe).path] + arguments)
    }

    /// Starts the GTK 4 peer of the tests (`Tests/Peers/gtk4-peer.py`) with `arguments`.
    func peer(_ arguments: [String]) throws -> Program {
        let script = try readable(Self.kit.appendingPathComponent("gtk4-peer.py"))
        return try launch(["/usr/bin/python3", script.path] + arguments)
    }

    /// A copy of `file` in the work folder (Wayland's clients run as the session's user, who may not read the
    /// repository).
    private func readable(_ file: URL) throws -> URL {
        let copy = work.appendingPathComponent(file.lastPathComponent)
        if !FileManager.default.fileExists(atPath: copy.path) {
            try FileManager.default.copyItem(at: file, to: copy)
            chmod(copy.path, 0o755)
        }
        return copy
    }

    private func launch(_ command: [String], input: URL? = nil) throws -> Program {
        let program: Program
        switch backend {
        case .x11:
            program = try Program(
                "/usr/bin/env", ["GDK_BACKEND=x11", "NO_AT_BRIDGE=1"] + command, input: input)
        case .wayland:
            program = try Program(
                "/bin/sh", [Self.sway, "run", "env", "GDK_BACKEND=wayland", "NO_AT_BRIDGE=1"] + command, input: input,
                environment: sessionEnvironment)
        }
        programs.append(program)
        return program
    }

    private var sessionEnvironment: [String: String] {
        sessionFolder.map { ["DNDTEST_DIR": $0.path] } ?? [:]
    }

    // MARK: Windows and the pointer

    /// A window's frame on the screen.
    struct Frame {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
    }

    /// Waits for `program`'s window, titled `title`, and moves its top-left corner to `origin`.
    func place(_ program: Program, title: String, at origin: (x: Int, y: Int)) throws -> Frame {
        guard program.wait(for: "ready", timeout: 30) != nil else {
            throw WrongResult(description: "\(title) did not show its window: \(program.events())")
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            switch backend {
            case .x11:
                let found = try Self.run("/usr/bin/xdotool", ["search", "--name", "^\(title)$"]).output
                if let window = found.split(separator: "\n").first {
                    _ = try Self.run("/usr/bin/xdotool", ["windowmove", String(window), "\(origin.x)", "\(origin.y)"])
                    let shell = try Self.run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", String(window)])
                    var values: [String: Int] = [:]
                    for line in shell.output.split(separator: "\n") {
                        let parts = line.split(separator: "=")
                        if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
                    }
                    if values["X"] == origin.x, values["Y"] == origin.y, let width = values["WIDTH"],
                        let height = values["HEIGHT"]
                    {
                        return Frame(x: origin.x, y: origin.y, width: width, height: height)
                    }
                }
            case .wayland:
                _ = try inSession(
                    "swaymsg", ["[title=\"^\(title)$\"] floating enable, move position \(origin.x) \(origin.y)"])
                if let frame = try swayFrame(title), frame.x == origin.x, frame.y == origin.y { return frame }
            }
            usleep(100_000)
        }
        throw WrongResult(description: "the window \(title) could not be placed at \(origin)")
    }

    private func swayFrame(_ title: String) throws -> Frame? {
        let tree = Data(try inSession("swaymsg", ["-t", "get_tree"]).output.utf8)
        guard let root = try JSONSerialization.jsonObject(with: tree) as? [String: Any] else { return nil }
        var stack = [root]
        while let node = stack.popLast() {
            if node["name"] as? String == title, node["pid"] != nil, let rect = node["rect"] as? [String: Any] {
                let value = { (key: String) in (rect[key] as? NSNumber)?.intValue ?? 0 }
                return Frame(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
            }
            stack += (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
        }
        return nil
    }

    /// Presses the button at `from` and moves in steps to `to`, keeping it down (``release()`` ends the drag).
    func hold(from: (x: Int, y: Int), to: (x: Int, y: Int)) throws {
        switch backend {
        case .x11:
            var arguments = ["mousemove", "\(from.x)", "\(from.y)", "sleep", "0.1", "mousedown", "1"]
            for step in 1...16 {
                let x = from.x + (to.x - from.x) * step / 16
                let y = from.y + (to.y - from.y) * step / 16
                arguments += ["mousemove", "\(x)", "\(y)", "sleep", "0.05"]
            }
            // GTK sends a position only once the last one was answered: small moves at the end let the target hear
            // where the pointer stopped.
            for wiggle in [1, 0, 1, 0] { arguments += ["sleep", "0.15", "mousemove", "\(to.x + wiggle)", "\(to.y)"] }
            _ = try Self.run("/usr/bin/xdotool", arguments)
        case .wayland:
            var commands = "abs \(from.x) \(from.y)\nsleep 0.1\nabs \(from.x + 1) \(from.y)\nsleep 0.1\ndown\n"
            for step in 1...20 {
                let x = from.x + (to.x - from.x) * step / 20
                let y = from.y + (to.y - from.y) * step / 20
                commands += "abs \(x) \(y)\nsleep 0.03\n"
            }
            for wiggle in [1, 0, 1, 0] { commands += "sleep 0.15\nabs \(to.x + wiggle) \(to.y)\n" }
            _ = try pointer(commands + "sync\n", until: "synced")
        }
    }

    /// Releases the button; returns when it was released (wall-clock seconds).
    func release() throws -> Double {
        switch backend {
        case .x11:
            let released = Date().timeIntervalSince1970
            _ = try Self.run("/usr/bin/xdotool", ["mouseup", "1"])
            return released
        case .wayland:
            // vptr.py prints the time it sent the release to the compositor.
            guard let released = try pointer("up\n", until: "release")["t"] as? Double else {
                throw WrongResult(description: "vptr.py did not say when it released")
            }
            return released
        }
    }

    /// Writes `commands` to the virtual pointer and waits for its next event named `event`.
    private func pointer(_ commands: String, until event: String) throws -> [String: Any] {
        guard let folder = sessionFolder else { throw WrongResult(description: "no sway session") }
        let log = folder.appendingPathComponent("vptr.log")
        let events = {
            (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }.filter { $0["event"] as? String == event } ?? []
        }
        let seen = events().count
        let fifo = try FileHandle(forWritingTo: folder.appendingPathComponent("vptr.fifo"))
        fifo.write(Data(commands.utf8))
        try fifo.close()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let now = events()
            if now.count > seen { return now[seen] }
            usleep(1000)
        }
        throw WrongResult(description: "vptr.py never said \(event)")
    }

    // MARK: The clipboard

    /// Gives the clipboard to the desktop's own tool (xclip, wl-copy), serving `file` as `type` until the session
    /// stops.
    func own(_ file: URL, as type: String) throws {
        switch backend {
        case .x11:
            programs.append(
                try Program("/usr/bin/xclip", ["-quiet", "-selection", "clipboard", "-t", type, "-i", file.path]))
        case .wayland:
            programs.append(
                try Program(
                    "/bin/sh", [Self.sway, "run", "wl-copy", "--foreground", "-t", type], input: file,
                    environment: sessionEnvironment))
        }
        // Checked outside the timing: the tool reads every byte, once the owner serves them (wl-copy first copies
        // its input to a file of its own, which takes a while on a busy machine).
        let size = try file.resourceValues(forKeys: [.fileSizeKey]).fileSize
        var count = ""
        let deadline = Date().addingTimeInterval(15)
        repeat {
            usleep(500_000)
            count = try timedPaste(type, into: "| wc -c").output
            if Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) == size { return }
        } while Date() < deadline
        throw WrongResult(description: "the desktop's tool read \(count) bytes from the clipboard")
    }

    /// Where the desktop's tool writes what it pastes, in ``timedPaste(_:into:)``.
    enum PasteSink {
        /// /dev/null: the bytes are dropped as they come (the tool's fastest, no memory touched).
        case null
        /// A new file in /dev/shm (memory), removed after the timing: the bytes are held, as an app holds what it
        /// pasted.
        case memoryFile
    }

    /// The desktop's tool (`wl-paste -n`, `xclip -o`) reading the clipboard as `type` into `sink`, timed by the shell
    /// around that one process (seconds).
    func timedPaste(_ type: String, into sink: PasteSink) throws -> Double {
        let redirection: String
        var cleanup = ""
        switch sink {
        case .null:
            redirection = "> /dev/null"
        case .memoryFile:
            let file = "/dev/shm/\(work.lastPathComponent)-paste.bin"
            redirection = "> \(file)"
            cleanup = "; rm -f \(file)"
        }
        let timing = try timedPaste(type, into: redirection, then: cleanup).error
        guard let seconds = timing.split(separator: "\n").last.flatMap({ Double($0) }) else {
            throw WrongResult(description: "no time for the desktop's paste: \(timing)")
        }
        return seconds
    }

    private func timedPaste(_ type: String, into redirection: String, then cleanup: String = "") throws -> (
        output: String, error: String
    ) {
        let tool =
            backend == .wayland
            ? "wl-paste -n -t \(type)" : "xclip -o -selection clipboard -t \(type)"
        let script = "TIMEFORMAT=%3R; time (\(tool) \(redirection))\(cleanup)"
        let result =
            backend == .wayland
            ? try inSession("bash", ["-c", script]) : try Self.run("/bin/bash", ["-c", script])
        return (result.output, result.error)
    }

    /// Runs a tool inside the sway session and waits for it.
    private func inSession(_ tool: String, _ arguments: [String]) throws -> (
        status: Int32, output: String, error: String
    ) {
        try Self.run("/bin/sh", [Self.sway, "run", tool] + arguments, environment: sessionEnvironment)
    }

    /// Runs a program to its end; its standard output and error.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String, error: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Files, not pipes: a program leaving a daemon behind (sway's start) keeps a pipe open for ever.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gtk-bench-\(UUID().uuidString)")
        for suffix in [".out", ".err"]
        where !FileManager.default.createFile(atPath: scratch.path + suffix, contents: nil) {
            throw WrongResult(description: "cannot write \(scratch.path + suffix)")
        }
        defer {
            try? FileManager.default.removeItem(atPath: scratch.path + ".out")
            try? FileManager.default.removeItem(atPath: scratch.path + ".err")
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let read = { (suffix: String) in (try? String(contentsOfFile: scratch.path + suffix, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, read(".out"), read(".err"))
    }
}

/// A program printing JSON Lines (the app, the GTK peer), read as they come.
final class Program: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [[String: Any]] = []
    private var partial = Data()

    init(_ path: String, _ arguments: [String], input: URL? = nil, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            self?.take(data)
        }
        try process.run()
    }

    private func take(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        partial.append(data)
        while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Data(partial[partial.startIndex..<end])
            partial = Data(partial[(end + 1)...])
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] { lines.append(object) }
        }
    }

    /// The events printed so far named `name` (all of them for nil).
    func events(_ name: String? = nil) -> [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return lines.filter { name == nil || $0["event"] as? String == name }
    }

    /// Waits for the first event named `name`.
    func wait(for name: String, timeout: Double = 15) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let event = events(name).first { return event }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    /// Ends the program by its process id.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }
}

/// A PNG written through DnDKit's encoder (the file the GTK peer drags).
enum PNGFile {
    static func write(width: Int, height: Int, rgb: [UInt8], to url: URL) throws {
        let png = try PNGEncoder(options: .balanced).encode(
            try Bitmap(width: width, height: height, format: .rgb8, bytes: rgb))
        try png.write(to: url)
        chmod(url.path, 0o644)
    }
}
