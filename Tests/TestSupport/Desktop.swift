import Foundation

/// Whether the desktop's real peers can run: an X server (`DISPLAY`), xdotool to move the real pointer, and
/// Debian's Python with GTK 4's bindings for the GTK peer (`.ci/run` installs them all).
public let hasDesktopPeers: Bool = {
    guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty,
        FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")
    else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    probe.arguments = ["-c", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
}()

/// Whether the Qt 5 peer (`Tests/Peers/qt5-peer.py`) can run too: the desktop's peers and Debian's PyQt5.
public let hasQtPeer: Bool = {
    guard hasDesktopPeers else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    probe.arguments = ["-c", "from PyQt5 import QtWidgets"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
}()

/// The X server's screen and its one pointer are shared by every test that opens a window or moves the pointer (in
/// any suite, any test target of the process): windows open at the screen's origin (Xvfb runs no window manager),
/// so each test holds the desktop for its whole run.
public actor DesktopPointer {
    /// The one pointer.
    public static let shared = DesktopPointer()
    private var isHeld = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` with the pointer to itself.
    /// - Parameter body: What moves the pointer.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func exclusively<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if isHeld { await withCheckedContinuation { waiting.append($0) } }
        isHeld = true
        defer {
            if waiting.isEmpty { isHeld = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}

/// Runs xdotool (the real pointer, through XTest) with `arguments`, blocking until it ends.
/// - Parameter arguments: xdotool's command chain.
/// - Throws: When xdotool cannot be started.
public func xdotool(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
}

/// The arguments for a drag with the real pointer: press at `from`, move in `steps` steps of 50 ms to `to`, settle
/// there with a few one-pixel moves, release.
///
/// The settling is GTK's due: a GTK source sends a position only once the target has answered the last one, and a
/// move made while it waits is not sent later, so on a loaded machine the drag's last positions may never reach
/// the target. A hand on a mouse is never still; the settling moves give GTK a position to send once it has its
/// answer, as a user's would.
/// - Parameters:
///   - from: Where the button goes down, on the screen.
///   - to: Where it goes up.
///   - steps: How many moves between.
/// - Returns: xdotool's command chain.
public func dragArguments(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 16) -> [String] {
    var arguments = ["mousemove", "\(from.x)", "\(from.y)", "mousedown", "1"]
    for step in 1...steps {
        let x = from.x + (to.x - from.x) * step / steps
        let y = from.y + (to.y - from.y) * step / steps
        arguments += ["mousemove", "\(x)", "\(y)", "sleep", "0.05"]
    }
    for wiggle in [1, 0, 1, 0, 1, 0] {
        arguments += ["sleep", "0.15", "mousemove", "\(to.x + wiggle)", "\(to.y)"]
    }
    return arguments + ["sleep", "0.3", "mouseup", "1"]
}

/// A real GTK 4 window as a drag source or drop target (`Tests/Peers/gtk4-peer.py`, GTK's own XDND), or a Qt 5
/// one (`Tests/Peers/qt5-peer.py`, the same options and events), printing what happens as JSON Lines, read here as
/// they come.
public final class GTKPeer: @unchecked Sendable {
    private let process = Process()
    /// The events read, and the start of a line not complete yet.
    private let lines = Locked<(events: [[String: any Sendable]], partial: Data)>(([], Data()))

    /// Starts the peer and waits until its window is up.
    /// - Parameters:
    ///   - arguments: The peer's role and options (`source --png FILE --at X,Y`).
    ///   - script: The peer, a file of `Tests/Peers`: `gtk4-peer.py` or `qt5-peer.py`.
    /// - Throws: When it does not start or never shows its window.
    public init(_ arguments: [String], script: String = "gtk4-peer.py") throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Peers/\(script)")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [path.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = lines
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            lines.withLock { state in
                state.partial.append(data)
                while let end = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = state.partial[state.partial.startIndex..<end]
                    state.partial = Data(state.partial[(end + 1)...])
                    if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] {
                        state.events.append(object.mapValues { Self.sendable($0) })
                    }
                }
            }
        }
        try process.run()
        guard wait(for: "ready", timeout: 20) != nil else {
            stop()
            throw PeerError(description: "the peer \(script) did not show its window in 20 s")
        }
    }

    private static func sendable(_ value: Any) -> any Sendable {
        switch value {
        case let text as String: text
        case let number as NSNumber: number.doubleValue
        case let list as [Any]: list.map { sendable($0) }
        default: "\(value)"
        }
    }

    /// The events printed so far.
    public var events: [[String: any Sendable]] { lines.withLock { $0.events } }

    /// Waits (blocking) for the first event named `name`.
    /// - Parameters:
    ///   - name: The event's name (`ready`, `drag-end`, `drop`).
    ///   - timeout: The longest wait, in seconds.
    /// - Returns: The event, or nil when it did not come in time.
    @discardableResult
    public func wait(for name: String, timeout: Double) -> [String: any Sendable]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let event = events.first(where: { $0["event"] as? String == name }) { return event }
            usleep(20_000)
        }
        return nil
    }

    /// Ends the peer (by its process id).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }

    deinit { stop() }

    struct PeerError: Error, CustomStringConvertible {
        let description: String
    }
}
