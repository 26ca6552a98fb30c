import Foundation
import Testing

/// The desktop a test runs its programs on: an X server (`DISPLAY`, Xvfb in CI, driven with xdotool) or a headless
/// sway of its own (the Wayland kit in the repository's `Tests/Peers/wayland`, driven with vptr.py's virtual pointer).
final class Desktop: @unchecked Sendable {
    enum Backend: String, Sendable, CustomStringConvertible {
        case x11
        case wayland

        /// The backends this machine can run.
        static let available: [Backend] = (hasX11 ? [.x11] : []) + (hasSway ? [.wayland] : [])

        var description: String { rawValue }
    }

    let backend: Backend
    /// Whether this desktop started the sway session (and stops it).
    private let ownsSession: Bool
    /// A folder the programs may read and write (for Wayland, one the session's user can reach).
    let work: URL
    private var programs: [Program] = []
    private var stopped = false
    /// The repository's root (the root package's folder).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The repository's peers (`Tests/Peers` of the root package, which its X11 tests share).
    private let peers = Desktop.repository.appendingPathComponent("Tests/Peers")

    /// Whether an X server and xdotool are there, and Debian's Python with GTK 4 for the peers.
    static let hasX11: Bool = {
        !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") && hasPythonGTK
    }()

    /// Whether sway, wl-clipboard and Debian's Python with GTK 4 are there.
    static let hasSway: Bool = {
        ["/usr/bin/sway", "/usr/bin/wl-paste", "/usr/bin/swaymsg"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        } && hasPythonGTK
    }()

    /// Whether wtype (Debian's wtype, a virtual keyboard for Wayland) is there, to press keys under sway.
    static let hasWtype = FileManager.default.isExecutableFile(atPath: "/usr/bin/wtype")

    /// Whether the Qt 5 peer can run on `backend` (python3-pyqt5; qtwayland5 for Wayland).
    static func hasQt(on backend: Backend) -> Bool {
        hasPyQt && (backend == .x11 || FileManager.default.fileExists(atPath: qtWaylandPlugin))
    }

    private static let qtWaylandPlugin = "/usr/lib/x86_64-linux-gnu/qt5/plugins/platforms/libqwayland-generic.so"

    private static let hasPyQt: Bool = {
        (try? run("/usr/bin/python3", ["-c", "from PyQt5 import QtWidgets"]))?.status == 0
    }()

    private static let hasPythonGTK: Bool = {
        let result = try? run(
            "/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk"])
        return result?.status == 0
    }()

    /// The probe app built by this package, beside the test bundle.
    static let probe: URL = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("gtk-probe")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return directory.appendingPathComponent("gtk-probe")
    }()

    /// Starts a desktop: for Wayland, a headless sway session in a fresh folder.
    init(_ backend: Backend) throws {
        self.backend = backend
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "dndkit-gtk-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        chmod(base.path, 0o755)
        switch backend {
        case .x11:
            ownsSession = false
            work = base
        case .wayland:
            // A session started for the whole run (`.ci/run` sets DNDTEST_DIR), or one of this test's own.
            if let shared = ProcessInfo.processInfo.environment["DNDTEST_DIR"],
                FileManager.default.fileExists(atPath: shared + "/env")
            {
                try? FileManager.default.removeItem(at: base)
                ownsSession = false
                work = URL(fileURLWithPath: shared).appendingPathComponent(
                    "work-\(getpid())-\(UUID().uuidString.prefix(8))")
            } else {
                let script = peers.appendingPathComponent("wayland/headless-sway.sh").path
                let started = try Self.run("/bin/sh", [script, "start", base.path])
                guard started.status == 0 else { throw DesktopError("headless sway did not start: \(started.error)") }
                ownsSession = true
                work = base.appendingPathComponent("work")
            }
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try giveToSessionUser(work)
            try keepKeyboard()
        }
    }

    /// Gives the headless seat a keyboard for as long as this desktop runs: wtype, sleeping (its virtual keyboard
    /// lives while it runs). Each ``key(_:in:)`` runs a wtype of its own, whose keyboard the apps would not hear
    /// without this one: a client binds `wl_keyboard` only once the seat says it has a keyboard, and a lone wtype
    /// sends its keys before GTK has bound it.
    private func keepKeyboard() throws {
        guard Self.hasWtype else { return }
        owners.append(
            try Program(
                "/bin/sh", [sway, "run", "wtype", "-s", "3600000"],
                environment: ["DNDTEST_DIR": work.deletingLastPathComponent().path]))
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if try tool("swaymsg", ["-t", "get_inputs"]).text.contains("\"keyboard\"") { return }
            usleep(50_000)
        }
        throw DesktopError("the headless seat got no keyboard from wtype in 5 s")
    }

    /// The session's user owns `url` (Wayland's clients run as that user when the tests run as root).
    func giveToSessionUser(_ url: URL) throws {
        guard backend == .wayland else { return }
        let run = URL(fileURLWithPath: work.deletingLastPathComponent().path).appendingPathComponent("run")
        let owner = try FileManager.default.attributesOfItem(atPath: run.path)[.ownerAccountID] as? NSNumber
        chown(url.path, uid_t(owner?.uint32Value ?? getuid()), gid_t(UInt32.max))
    }

    /// A new folder for a program's output.
    func folder(_ name: String) throws -> URL {
        let url = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, 0o777)
        try giveToSessionUser(url)
        return url
    }

    /// Copies a file where the programs can read it.
    func place(file: URL) throws -> URL {
        let copy = work.appendingPathComponent(file.lastPathComponent)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: file, to: copy)
        chmod(copy.path, 0o755)
        return copy
    }

    /// Starts the probe app with `arguments`.
    func probe(_ arguments: [String]) throws -> Program {
        try launch(Self.probe, arguments, python: false)
    }

    /// Starts the PhotoSorter sample with `arguments`.
    func photoSorter(_ arguments: [String] = []) throws -> Program {
        try launch(
            Self.probe.deletingLastPathComponent().appendingPathComponent("photo-sorter"), arguments, python: false)
    }

    /// `dnd-sim`, the root package's executable: `DNDSIM` when set, else the root's debug build (`.ci/run` builds the
    /// root package before this one).
    static let dndSim: URL = {
        if let path = ProcessInfo.processInfo.environment["DNDSIM"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return repository.appendingPathComponent(".build/debug/dnd-sim")
    }()

    /// Starts `dnd-sim window` with `arguments` (X11: the window is an X11 window, on this desktop's X server).
    func dndSimWindow(_ arguments: [String]) throws -> Program {
        guard backend == .x11 else { throw DesktopError("dnd-sim window needs X11, not \(backend)") }
        guard FileManager.default.isExecutableFile(atPath: Self.dndSim.path) else {
            throw DesktopError(
                "dnd-sim is not built at \(Self.dndSim.path): run `swift build --product dnd-sim` at the repository's "
                    + "root, or set DNDSIM to its path")
        }
        let log = work.appendingPathComponent("dnd-sim-\(programs.count).stderr")
        let program = try Program(Self.dndSim.path, ["window", "--json"] + arguments, errorLog: log)
        programs.append(program)
        return program
    }

    /// Starts a peer of `Tests/Peers` (`gtk4-peer.py`, `qt5-peer.py`, `wayland/gtk4-clip.py`).
    func peer(_ script: String, _ arguments: [String]) throws -> Program {
        try launch(peers.appendingPathComponent(script), arguments, python: true)
    }

    private func launch(_ executable: URL, _ arguments: [String], python: Bool) throws -> Program {
        let local = try place(file: executable)
        let command = (python ? ["/usr/bin/python3", local.path] : [local.path]) + arguments
        let log = work.appendingPathComponent("\(executable.lastPathComponent)-\(programs.count).stderr")
        let program: Program
        switch backend {
        case .x11:
            program = try Program(
                "/usr/bin/env", ["GDK_BACKEND=x11", "QT_QPA_PLATFORM=xcb", "NO_AT_BRIDGE=1"] + command, errorLog: log)
        case .wayland:
            program = try Program(
                "/bin/sh",
                [sway, "run", "env", "GDK_BACKEND=wayland", "QT_QPA_PLATFORM=wayland"] + command,
                environment: ["DNDTEST_DIR": work.deletingLastPathComponent().path], errorLog: log)
        }
        programs.append(program)
        return program
    }

    private var sway: String { peers.appendingPathComponent("wayland/headless-sway.sh").path }

    /// Runs a tool inside the desktop (xclip, wl-paste, swaymsg) and waits for it.
    @discardableResult
    func tool(
        _ name: String, _ arguments: [String], input: URL? = nil, timeout: Double = 20, detaching: Bool = false
    ) throws -> Output {
        switch backend {
        case .x11:
            return try Self.run("/usr/bin/" + name, arguments, input: input, timeout: timeout, detaching: detaching)
        case .wayland:
            return try Self.run(
                "/bin/sh", [sway, "run", name] + arguments, input: input, timeout: timeout,
                environment: ["DNDTEST_DIR": work.deletingLastPathComponent().path], detaching: detaching)
        }
    }

    /// The clipboard's content of `type`, read by the desktop's own tool (xclip, wl-paste).
    func paste(_ type: String, timeout: Double = 20) throws -> Data {
        switch backend {
        case .x11: try tool("xclip", ["-o", "-selection", "clipboard", "-t", type], timeout: timeout).output
        case .wayland: try tool("wl-paste", ["-n", "-t", type], timeout: timeout).output
        }
    }

    /// Gives the clipboard to the desktop's own tool (xclip, wl-copy), serving `file` as `type` until another owner
    /// takes it or the desktop stops.
    func copy(_ file: URL, as type: String) throws {
        switch backend {
        case .x11:
            // xclip stays in the foreground (-quiet), serving the selection until another owner takes it.
            for owner in owners { owner.stop() }
            owners = [
                try Program("/usr/bin/xclip", ["-quiet", "-selection", "clipboard", "-t", type, "-i", file.path])
            ]
        case .wayland:
            try tool("wl-copy", ["-t", type], input: file, detaching: true)
        }
        usleep(300_000)
    }

    /// Gives the clipboard to an owner that never answers: the desktop's tool, stopped (SIGSTOP) once it owns it.
    func copyNeverAnswering(_ file: URL, as type: String) throws {
        let owner: Program
        switch backend {
        case .x11:
            owner = try Program("/usr/bin/xclip", ["-quiet", "-selection", "clipboard", "-t", type, "-i", file.path])
        case .wayland:
            owner = try Program(
                "/bin/sh", [sway, "run", "wl-copy", "--foreground", "-t", type], input: file,
                environment: ["DNDTEST_DIR": work.deletingLastPathComponent().path])
        }
        owners.append(owner)
        usleep(500_000)
        owner.signal(SIGSTOP)
    }

    /// The clipboard owners started by ``copy(_:as:)``.
    private var owners: [Program] = []

    /// Places a program's window with its top-left corner at `origin` on the screen and returns its frame.
    func place(_ program: Program, title: String, at origin: (x: Int, y: Int)) throws -> Frame {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            switch backend {
            case .x11:
                let found = try tool("xdotool", ["search", "--name", "^\(title)$"])
                if let window = found.text.split(separator: "\n").first {
                    try tool("xdotool", ["windowmove", String(window), "\(origin.x)", "\(origin.y)"])
                    let geometry = try tool("xdotool", ["getwindowgeometry", "--shell", String(window)]).text
                    if let frame = Frame(shell: geometry), frame.x == origin.x, frame.y == origin.y { return frame }
                }
            case .wayland:
                try tool("swaymsg", ["[title=\"^\(title)$\"] floating enable, move position \(origin.x) \(origin.y)"])
                if let frame = try swayFrame(title), frame.x == origin.x, frame.y == origin.y { return frame }
            }
            usleep(100_000)
        }
        throw DesktopError("the window \(title) could not be placed at \(origin)")
    }

    private func swayFrame(_ title: String) throws -> Frame? {
        guard let rect = try swayNode(title)?["rect"] as? [String: Any] else { return nil }
        let value = { (key: String) in (rect[key] as? NSNumber)?.intValue ?? 0 }
        return Frame(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
    }

    /// The window titled `title` in sway's tree (a node with a process id).
    private func swayNode(_ title: String) throws -> [String: Any]? {
        let tree = try tool("swaymsg", ["-t", "get_tree"]).output
        guard let root = try JSONSerialization.jsonObject(with: tree) as? [String: Any] else { return nil }
        var stack = [root]
        while let node = stack.popLast() {
            if node["name"] as? String == title, node["pid"] != nil { return node }
            stack += (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
        }
        return nil
    }

    /// Drags with the real pointer from `from` to `to` (screen pixels): press, move in steps, release.
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int)) throws {
        switch backend {
        case .x11:
            try hold(from: from, to: to)
            usleep(300_000)
            try release()
        case .wayland:
            try pointer("drag \(from.x) \(from.y) \(to.x) \(to.y) 20 0.03\nsync\n")
        }
    }

    /// Starts a drag with the real pointer and holds it: press at `from`, move in steps to `to`, keep the button
    /// down (``release()`` ends it).
    func hold(from: (x: Int, y: Int), to: (x: Int, y: Int)) throws {
        switch backend {
        case .x11:
            var arguments = ["mousemove", "\(from.x)", "\(from.y)", "sleep", "0.1", "mousedown", "1"]
            for step in 1...16 {
                arguments += [
                    "mousemove", "\(from.x + (to.x - from.x) * step / 16)", "\(from.y + (to.y - from.y) * step / 16)",
                    "sleep", "0.05",
                ]
            }
            // GTK sends a position only once the last one was answered: a few small moves at the end make sure the
            // target hears where the pointer stopped.
            for wiggle in [1, 0, 1, 0] { arguments += ["sleep", "0.15", "mousemove", "\(to.x + wiggle)", "\(to.y)"] }
            try tool("xdotool", arguments)
        case .wayland:
            var commands = "abs \(from.x) \(from.y)\nsleep 0.1\nabs \(from.x + 1) \(from.y)\nsleep 0.1\ndown\n"
            for step in 1...20 {
                commands +=
                    "abs \(from.x + (to.x - from.x) * step / 20) \(from.y + (to.y - from.y) * step / 20)\nsleep 0.03\n"
            }
            for wiggle in [1, 0, 1, 0] { commands += "sleep 0.15\nabs \(to.x + wiggle) \(to.y)\n" }
            try pointer(commands + "sync\n")
        }
    }

    /// Releases the pointer's button.
    func release() throws {
        switch backend {
        case .x11: try tool("xdotool", ["mouseup", "1"])
        case .wayland: try pointer("up\nsync\n")
        }
    }

    /// Presses keys (xdotool's names: `ctrl+c`, `Escape`) in the window titled `title`, given the keyboard focus
    /// first. X11: xdotool. Wayland: wtype, a zwp_virtual_keyboard_v1 client (the headless seat has no keyboard of
    /// its own; wtype's keyboard exists while it runs).
    /// With no title, the keys go where the keyboard is (a drag's grab).
    func key(_ keys: String, in title: String? = nil) throws {
        switch backend {
        case .x11:
            if let title {
                let found = try tool("xdotool", ["search", "--name", "^\(title)$"])
                guard let window = found.text.split(separator: "\n").first else {
                    throw DesktopError("no window \(title)")
                }
                try tool("xdotool", ["windowfocus", "--sync", String(window)])
            }
            try tool("xdotool", ["key", keys])
        case .wayland:
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wtype") else {
                throw DesktopError("pressing keys under Wayland needs wtype (Debian's wtype package)")
            }
            if let title {
                let focused = try tool("swaymsg", ["[title=\"^\(title)$\"] focus"])
                guard focused.status == 0 else { throw DesktopError("no window \(title): \(focused.text)") }
                usleep(100_000)
            }
            let typed = try tool("wtype", Self.wtypeArguments(keys))
            guard typed.status == 0 else { throw DesktopError("wtype \(keys) failed: \(typed.error)") }
        }
    }

    /// wtype's arguments for xdotool's key names: `ctrl+c` holds Ctrl (`-M ctrl`) around `-k c`.
    static func wtypeArguments(_ keys: String) -> [String] {
        var parts = keys.split(separator: "+").map(String.init)
        let key = parts.popLast() ?? keys
        let modifiers = parts.map { $0.lowercased() == "control" ? "ctrl" : $0.lowercased() }
        return modifiers.flatMap { ["-M", $0] } + ["-k", key] + modifiers.reversed().flatMap { ["-m", $0] }
    }

    /// The process id of the program that shows the window titled `title` (its own, not its launcher's).
    func windowPID(_ title: String) throws -> pid_t {
        switch backend {
        case .x11:
            let found = try tool("xdotool", ["search", "--name", "^\(title)$", "getwindowpid"])
            guard let pid = found.text.split(separator: "\n").first.flatMap({ pid_t($0) }) else {
                throw DesktopError("no process id for the window \(title): \(found.text) \(found.error)")
            }
            return pid
        case .wayland:
            guard let pid = try swayNode(title)?["pid"] as? NSNumber else {
                throw DesktopError("no process id for the window \(title)")
            }
            return pid_t(pid.int32Value)
        }
    }

    /// A click with the real pointer.
    func click(at point: (x: Int, y: Int)) throws {
        switch backend {
        case .x11: try tool("xdotool", ["mousemove", "\(point.x)", "\(point.y)", "click", "1"])
        case .wayland: try pointer("abs \(point.x) \(point.y)\nsleep 0.1\ndown\nup\nsync\n")
        }
    }

    private func pointer(_ commands: String) throws {
        let fifo = work.deletingLastPathComponent().appendingPathComponent("vptr.fifo")
        let handle = try FileHandle(forWritingTo: fifo)
        handle.write(Data(commands.utf8))
        try handle.close()
    }

    /// Ends the programs and, for Wayland, the session; removes the folder.
    func stop() {
        guard !stopped else { return }
        stopped = true
        for program in programs + owners { program.stop() }
        if ownsSession {
            let base = work.deletingLastPathComponent()
            _ = try? Self.run("/bin/sh", [sway, "stop", base.path])
            try? FileManager.default.removeItem(at: base)
        } else {
            try? FileManager.default.removeItem(at: work)
        }
    }

    deinit { stop() }

    // MARK: Processes

    struct Output {
        let status: Int32
        let output: Data
        let error: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs a program to its end (at most `timeout` seconds, then it is killed), its output in files.
    ///
    /// Not through Foundation's `Process`: it learns that a child ended when every copy of a descriptor it gives
    /// the child is closed, and a program that leaves a daemon behind (the sway session's start, wl-copy) never
    /// closes them all. `posix_spawn` and `waitpid` see the exit itself. `detaching`: the output is not kept.
    static func run(
        _ path: String, _ arguments: [String], input: URL? = nil, timeout: Double = 20,
        environment: [String: String] = [:], detaching: Bool = false
    ) throws -> Output {
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "dndkit-gtk-run-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: scratch.appendingPathExtension("out"))
            try? FileManager.default.removeItem(at: scratch.appendingPathExtension("err"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input?.path ?? "/dev/null", O_RDONLY, 0)
        let out = detaching ? "/dev/null" : scratch.appendingPathExtension("out").path
        let err = detaching ? "/dev/null" : scratch.appendingPathExtension("err").path
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw DesktopError("\(path) did not start: \(String(cString: strerror(status)))") }
        var exit: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(pid, &exit, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &exit, 0)
                break
            }
            usleep(5_000)
        }
        let output = (try? Data(contentsOf: scratch.appendingPathExtension("out"))) ?? Data()
        let error = (try? String(contentsOf: scratch.appendingPathExtension("err"), encoding: .utf8)) ?? ""
        return Output(status: (exit >> 8) & 0xff, output: output, error: error)
    }
}

/// A window's frame on the screen.
struct Frame {
    let x: Int
    let y: Int
    let width: Int
    let height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// From `xdotool getwindowgeometry --shell`.
    init?(shell: String) {
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"]
        else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
}

struct DesktopError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A program printing JSON Lines (the probe, a peer), read as they come.
final class Program: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [[String: Any]] = []
    private var partial = Data()

    /// Where its standard error goes, for messages.
    let errorLog: URL?

    init(
        _ path: String, _ arguments: [String], input: URL? = nil, environment: [String: String] = [:],
        errorLog: URL? = nil
    ) throws {
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        self.errorLog = errorLog
        if let errorLog, FileManager.default.createFile(atPath: errorLog.path, contents: nil) {
            process.standardError = try FileHandle(forWritingTo: errorLog)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            self?.take(data)
        }
        try process.run()
    }

    private func take(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        partial.append(data)
        while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let line = partial[partial.startIndex..<end]
            partial = Data(partial[(end + 1)...])
            if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] {
                lines.append(object)
            }
        }
    }

    /// The events printed so far named `name` (all of them for nil).
    func events(_ name: String? = nil) -> [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return lines.filter { name == nil || $0["event"] as? String == name }
    }

    /// Waits for the first event named `name` (blocking, polling).
    func wait(for name: String, timeout: Double = 15) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let event = events(name).first { return event }
            usleep(20_000)
        } while Date() < deadline
        return nil
    }

    var isRunning: Bool { process.isRunning }

    /// What it wrote to standard error so far (the last 2,000 characters), and whether it still runs.
    var diagnosis: String {
        let errors = errorLog.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        return (isRunning ? "running" : "exited with \(process.terminationStatus)") + "; stderr: " + errors.suffix(2000)
    }

    /// Sends a signal to the program (by its process id).
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Ends the program by its process id.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        // Bounded: Foundation sees the end only once every copy of its descriptors is closed.
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }
}
