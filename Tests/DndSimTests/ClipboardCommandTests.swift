import Foundation
import TestSupport
import Testing

/// The X server the desktop tests use: `.ci/run` starts Xvfb and sets DISPLAY.
private let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty

/// These use the primary selection, and hold the desktop (`DesktopPointer`) while they do: DesktopX11Tests' middle
/// button test owns the primary selection too.
@Suite("dnd-sim clipboard", .serialized, .enabled(if: hasDisplay, "needs an X server: DISPLAY is not set"))
struct ClipboardCommandTests {
    @Test("copy in one dnd-sim, paste in another; paste --out refuses an existing file and a type not offered")
    func copyAndPasteBetweenProcesses() async throws {
        let folder = try temporaryFolder("paste")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("note.txt").path
        let results = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> [DndSimResult] in try copyAndPaste(out: out) }
        }
        #expect(results[0].standardOutput.split(separator: "\n").contains("text/plain;charset=utf-8"))
        #expect(results[1].status == 0)
        #expect(results[1].standardOutput == "two processes")
        #expect(results[2].status == 0)
        #expect(FileManager.default.contents(atPath: out) == Data("two processes".utf8))
        #expect(results[3].status == 1)
        #expect(results[3].standardError.contains("already exists"))
        #expect(results[4].status == 1)
        #expect(results[4].standardError.contains("offers no public.png"))
    }

    @Test("64 MiB through the clipboard both ways with xclip, in increments, in separate processes")
    func largeFilesBothWays() async throws {
        let folder = try temporaryFolder("incr")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("payload.bin")
        let viaXclip = folder.appendingPathComponent("via-xclip.bin")
        let viaDndSim = folder.appendingPathComponent("via-dnd-sim.bin")
        let pasted = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> DndSimResult in
                try writeNoise(to: original, count: 64 << 20)
                // dnd-sim owns the selection; xclip pastes into a file.
                let copy = try start(["clipboard", "copy", "--primary", original.path, "--for", "60"])
                try waitForTypes(containing: "application/octet-stream")
                try runToEnd(
                    "/bin/sh", ["-c", "xclip -selection primary -o -t application/octet-stream > '\(viaXclip.path)'"])
                stop(copy)
                // xclip owns the selection; dnd-sim pastes into a file.
                let owner = try startXclipOwner(of: original, type: "application/octet-stream")
                defer { kill(owner.processIdentifier, SIGKILL) }
                // xclip answers each piece when it gets the CPU: a loaded machine can keep it waiting for seconds.
                return try dndSim([
                    "clipboard", "paste", "--primary", "--as", "public.data", "--out", viaDndSim.path, "--timeout",
                    "60",
                ])
            }
        }
        #expect(try sameBytes(original, viaXclip))
        #expect(pasted.status == 0, "\(pasted.standardError)")
        #expect(try sameBytes(original, viaDndSim))
    }

    @Test("paste --timeout takes seconds above 0 and says so otherwise")
    func pasteTimeoutIsChecked() throws {
        for value in ["0", "-1", "inf", "soon"] {
            let result = try dndSim(["clipboard", "paste", "--timeout", value])
            #expect(result.status != 0, "\(value)")
            #expect(result.standardError.contains("--timeout"), "\(value): \(result.standardError)")
        }
    }

    @Test("without an X server every clipboard command says so and exits 1")
    func noDisplay() throws {
        let result = try dndSim(["clipboard", "types"], environment: ["DISPLAY": ""])
        #expect(result.status == 1)
        #expect(result.standardError.contains("DISPLAY is not set"))
    }
}

/// Starts `dnd-sim` in the background.
private func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("dnd-sim")
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// Ends a background process and waits until it has ended, so that the selection it owned is free: after 5 s of
/// SIGTERM, SIGKILL.
private func stop(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
}

/// Starts xclip owning the primary selection with `file` as `type`, and waits until it offers it. xclip asked for
/// its types at once sometimes refuses them and quits (ClipboardTests' `XclipOwner` says when): it gets a moment
/// first, and is started again, up to three times, when it quit.
private func startXclipOwner(of file: URL, type: String) throws -> Process {
    for _ in 1...3 {
        let owner = Process()
        owner.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        owner.arguments = ["-selection", "primary", "-quiet", "-i", "-t", type, file.path]
        owner.standardOutput = FileHandle.nullDevice
        owner.standardError = FileHandle.nullDevice
        try owner.run()
        usleep(200_000)
        do {
            try waitForTypes(containing: type, while: { owner.isRunning })
            return owner
        } catch  where !owner.isRunning {
            continue
        }
    }
    throw CocoaError(
        .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "xclip quit three times before it offered \(type)"])
}

/// Waits until the primary selection's owner offers `type`, for 20 s or while `going` is true.
private func waitForTypes(containing type: String, while going: () -> Bool = { true }) throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && going() {
        if try dndSim(["clipboard", "types", "--primary"]).standardOutput.split(separator: "\n").contains(
            Substring(type))
        {
            return
        }
        usleep(50_000)
    }
    throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the selection never offered \(type)"])
}

/// Writes `count` pseudo-random bytes, a megabyte at a time.
private func writeNoise(to url: URL, count: Int) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var written = 0
    while written < count {
        var chunk = [UInt8](repeating: 0, count: min(1 << 20, count - written))
        for index in chunk.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            chunk[index] = UInt8(truncatingIfNeeded: state)
        }
        try handle.write(contentsOf: chunk)
        written += chunk.count
    }
}

/// Whether two files hold the same bytes, compared a megabyte at a time.
private func sameBytes(_ first: URL, _ second: URL) throws -> Bool {
    let a = try FileHandle(forReadingFrom: first)
    let b = try FileHandle(forReadingFrom: second)
    defer {
        try? a.close()
        try? b.close()
    }
    while true {
        let left = try a.read(upToCount: 1 << 20) ?? Data()
        let right = try b.read(upToCount: 1 << 20) ?? Data()
        guard left == right else { return false }
        if left.isEmpty { return true }
    }
}

@Suite("dnd-sim window", .enabled(if: hasDisplay, "needs an X server: DISPLAY is not set"))
struct WindowCommandTests {
    @Test("a real X11 window: the mouse, moved by xdotool through XTest, drags a picture from the strip to the view")
    func dragInARealWindow() async throws {
        let folder = try temporaryFolder("window")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("window.png")
        let (found, lines) = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> (Bool, [Substring]) in
                let window = Process()
                window.executableURL = productsDirectory.appendingPathComponent("dnd-sim")
                let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("Samples/Scenes/photo-sorter.yaml")
                window.arguments = [
                    "window", scene.path, "--json", "--for", "8", "--screenshot", shot.path, "--screenshot-at", "0.5",
                ]
                let output = Pipe()
                window.standardOutput = output
                window.standardError = FileHandle.nullDevice
                try window.run()
                // Wait for the window to be mapped: xdotool finds it by its title.
                let found = (try? awaitWindow(named: "dnd-sim: Photo sorter")) != nil
                // picture-1 sits at (68, 96) (README's item formula); the view is below the strip. No window manager: the
                // window is at the screen's origin.
                var moves = ["mousemove", "68", "96", "mousedown", "1"]
                for step in 1...12 { moves += ["mousemove", "68", "\(96 + step * 25)", "sleep", "0.05"] }
                moves += ["sleep", "0.3", "mouseup", "1"]
                try runToEnd("/usr/bin/xdotool", moves)
                let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .split(separator: "\n")
                window.waitUntilExit()
                return (found, lines)
            }
        }
        #expect(found, "the window never appeared")
        let records = lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let ends = records.filter { $0["event"] as? String == "end" }.compactMap { $0["detail"] as? String }
        #expect(ends == ["move"], "\(lines)")
        let view = records.first { $0["type"] as? String == "pane" && $0["pane"] as? String == "view" }
        let items = (view?["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(items == ["picture-1"])
        // The screenshot is the window as the X server has it: the scene's size, PNG, with the scene drawn in it.
        let png = try #require(FileManager.default.contents(atPath: shot.path))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 2_000)  // a blank window compresses to a few hundred bytes
        let size = [16, 20].map { offset in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(size == [390, 640])
    }
}

@Suite("dnd-sim window with dnd-sim window", .enabled(if: hasDesktopPeers, "needs an X server and xdotool"))
struct TwoWindowTests {
    /// A `dnd-sim window --json` process whose output is read as it comes.
    final class Window: @unchecked Sendable {
        let process = Process()
        private let output = Locked(Data())

        init(_ arguments: [String], environment: [String: String] = [:]) throws {
            process.executableURL = productsDirectory.appendingPathComponent("dnd-sim")
            process.arguments = ["window", "--json", "--for", "60"] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            let output = output
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty { handle.readabilityHandler = nil }
                output.withLock { $0.append(data) }
            }
            try process.run()
        }

        /// The JSON records printed so far.
        var records: [[String: Any]] {
            output.withLock { String(decoding: $0, as: UTF8.self) }.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }

        func events(_ name: String) -> [[String: Any]] {
            records.filter { $0["event"] as? String == name }
        }

        func stop() {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    @Test("a photo dragged from one dnd-sim window to another process's: XDND both ways, the bytes arrive")
    func dragBetweenProcesses() async throws {
        let (first, second) = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> (Window, Window) in
                let first = try Window([])
                let second = try Window(["--at", "0,400"])
                var deadline = Date().addingTimeInterval(30)
                while try windowCount(named: "dnd-sim: demo") < 2 && Date() < deadline { usleep(100_000) }
                // photo-1 of the first window's library, onto the second window's album (340, 40 in it).
                try xdotool(dragArguments(from: (56, 80), to: (480, 570), steps: 20))
                // Until the first has heard how its drag ended and the second has the photo.
                deadline = Date().addingTimeInterval(30)
                while (first.events("end").isEmpty || second.events("added").isEmpty) && Date() < deadline {
                    usleep(50_000)
                }
                first.stop()
                second.stop()
                return (first, second)
            }
        }
        #expect(!first.events("handOff").isEmpty, "\(first.records)")
        #expect(first.events("end").map { $0["detail"] as? String } == ["copy"])
        #expect(first.events("removed").isEmpty, "a copy leaves the photo where it was")
        #expect(!second.events("arrive").isEmpty, "\(second.records)")
        let added = second.events("added").first?["detail"] as? String
        #expect(added?.contains("of public.png") == true, "\(second.records)")
        #expect(second.events("end").map { $0["detail"] as? String } == ["copy"])
    }
}

@Suite("dnd-sim window losing its X server", .enabled(if: hasDesktopPeers, "needs Xvfb"))
struct LostServerTests {
    @Test("the X server goes away: one line saying so, a failing exit status, no screenshot half-written")
    func serverKilled() async throws {
        let folder = try temporaryFolder("lost")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("shot.png")
        let (status, errors) = try await offThePool { () throws -> (Int32, [Substring]) in
            // A server of this test's own, on a free display, to be killed.
            var display = 200
            while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") { display += 1 }
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            server.arguments = [":\(display)", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            let socket = "/tmp/.X11-unix/X\(display)"
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(50_000) }
            let window = Process()
            window.executableURL = productsDirectory.appendingPathComponent("dnd-sim")
            window.arguments = ["window", "--for", "20", "--screenshot", shot.path, "--screenshot-at", "15"]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = ":\(display)"
            window.environment = environment
            let errors = Pipe()
            window.standardOutput = FileHandle.nullDevice
            window.standardError = errors
            try window.run()
            // Once the window is up ("window N shows demo"), the server dies.
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("shows") {
                let piece = errors.fileHandleForReading.availableData
                if piece.isEmpty { break }
                seen.append(piece)
            }
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            seen.append(errors.fileHandleForReading.readDataToEndOfFile())
            let text = String(decoding: seen, as: UTF8.self)
            window.waitUntilExit()
            return (window.terminationStatus, text.split(separator: "\n"))
        }
        #expect(status != 0)
        #expect(errors.last == "dnd-sim: X11: the connection to the X server broke", "\(errors)")
        #expect(errors.count <= 2, "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: shot.path))
    }
}

@Suite("dnd-sim window with a folder-backed pane", .enabled(if: hasDesktopPeers, "needs an X server, xdotool and GTK"))
struct FolderPaneWindowTests {
    @Test("a file dragged from GTK onto a folder-backed pane is saved in its folder, bytes identical, nothing replaced")
    func fileFromGTKIsSaved() async throws {
        let root = try temporaryFolder("folder-pane")
        let inbox = root.appendingPathComponent("inbox")
        let outside = root.appendingPathComponent("outside")
        for folder in [inbox, outside] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        // A PNG of the same name is already in the folder: the drop must not replace it.
        let png = try #require(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"))
        try png.write(to: inbox.appendingPathComponent("dot.png"))
        let dropped = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("PNGCodecTests/Fixtures/pngtest.png"))
        let source = outside.appendingPathComponent("dot.png")
        try dropped.write(to: source)
        let scene = root.appendingPathComponent("folder.yaml")
        try Data(
            """
            scene: Folder
            size: [400, 300]
            panes:
              - name: inbox
                frame: [0, 0, 400, 300]
                accepts: public.image
                contents:
                  folder: inbox
            """.utf8
        ).write(to: scene)
        let (saved, log) = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> ([String], String) in
                let peer = Process()
                peer.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Peers/gtk4-peer.py")
                peer.arguments = [script.path, "source", "--at", "700,400", "--file", source.path]
                let peerOutput = Pipe()
                peer.standardOutput = peerOutput
                peer.standardError = FileHandle.nullDevice
                try peer.run()
                // The peer says "ready" once its window is where --at puts it.
                var said = Data()
                while !String(decoding: said, as: UTF8.self).contains("ready") {
                    let piece = peerOutput.fileHandleForReading.availableData
                    if piece.isEmpty { break }
                    said.append(piece)
                }
                defer {
                    kill(peer.processIdentifier, SIGKILL)
                    peer.waitUntilExit()
                }
                let window = try TwoWindowTests.Window([scene.path])
                defer { window.stop() }
                try awaitWindow(named: "dnd-sim: Folder")
                try xdotool(dragArguments(from: (850, 550), to: (200, 150), steps: 20))
                let deadline = Date().addingTimeInterval(30)
                while window.events("end").isEmpty && Date() < deadline { usleep(50_000) }
                return (window.events("saved").compactMap { $0["detail"] as? String }, "\(window.records)")
            }
        }
        let expected = inbox.appendingPathComponent("dot 2.png").path
        #expect(saved == ["dot 2.png saved to \(expected)"], "\(log)")
        #expect(FileManager.default.contents(atPath: expected) == dropped)
        #expect(FileManager.default.contents(atPath: inbox.appendingPathComponent("dot.png").path) == png)
        #expect(FileManager.default.contents(atPath: source.path) == dropped, "the source file changed")
    }
}

/// How many mapped windows have that title (xdotool's search).
func windowCount(named title: String) throws -> Int {
    let search = Process()
    search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    search.arguments = ["search", "--onlyvisible", "--name", title]
    let pipe = Pipe()
    search.standardOutput = pipe
    search.standardError = FileHandle.nullDevice
    try search.run()
    let found = pipe.fileHandleForReading.readDataToEndOfFile()
    search.waitUntilExit()
    return found.split(separator: UInt8(ascii: "\n")).count
}

/// Waits (at most 30 s) until a window of that title is mapped.
/// - Throws: When it never is.
func awaitWindow(named title: String) throws {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
        if try windowCount(named: title) > 0 { return }
        usleep(100_000)
    }
    throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no window named \(title) in 30 s"])
}

/// Copies a text with one dnd-sim and asks it of others: the results of `types`, `paste`, `paste --out` twice, and
/// `paste --as` a type not offered.
private func copyAndPaste(out: String) throws -> [DndSimResult] {
    let copy = try start(["clipboard", "copy", "--primary", "--text", "two processes", "--for", "20"])
    defer { stop(copy) }
    try waitForTypes(containing: "UTF8_STRING")
    return [
        try dndSim(["clipboard", "types", "--primary"]),
        try dndSim(["clipboard", "paste", "--primary"]),
        try dndSim(["clipboard", "paste", "--primary", "--as", "public.plain-text", "--out", out]),
        try dndSim(["clipboard", "paste", "--primary", "--out", out]),
        try dndSim(["clipboard", "paste", "--primary", "--as", "public.png"]),
    ]
}
