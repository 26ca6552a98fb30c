import Foundation
import TestSupport
import Testing

/// A dropped item's kind, and how a peer drags it: `--png FILE`, `--text STRING` or `--file PATH`.
enum DroppedKind: String, CaseIterable, Sendable {
    case png, text, file
}

/// The peers that drag onto a `dnd-sim window`: GTK 4 always, Qt 5 when PyQt5 is there.
let dropPeers = ["gtk4-peer.py"] + (hasQtPeer ? ["qt5-peer.py"] : [])

/// The path of a peer in `Tests/Peers`.
func peerScript(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Peers/\(name)").path
}

/// Starts a peer (`gtk4-peer.py` or `qt5-peer.py`) and waits until it says its window is up.
func startPeer(_ script: String, _ arguments: [String]) throws -> Process {
    let peer = Process()
    peer.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    peer.arguments = [peerScript(script)] + arguments
    let output = Pipe()
    peer.standardOutput = output
    peer.standardError = FileHandle.nullDevice
    try peer.run()
    var said = Data()
    while !String(decoding: said, as: UTF8.self).contains("ready") {
        let piece = output.fileHandleForReading.availableData
        if piece.isEmpty { break }
        said.append(piece)
    }
    return peer
}

@Suite(
    "dnd-sim window: dropped files keep their type, handed-out files outlive drags",
    .serialized, .enabled(if: hasDesktopPeers, "needs an X server, xdotool and GTK"))
struct WindowFilesTests {
    /// A scene of one pane filling a 400×300 window, with `fields` (YAML lines) under the pane.
    static func onePane(scene: String, pane: String, _ fields: [String]) -> String {
        (["scene: \(scene)", "size: [400, 300]", "panes:", "  - name: \(pane)", "    frame: [0, 0, 400, 300]"]
            + fields.map { "    " + $0 }).joined(separator: "\n")
    }

    /// A pane that keeps PNG images and text in the folder `inbox`.
    static let folderScene = onePane(
        scene: "Inbox", pane: "inbox", ["accepts: [public.png, public.plain-text]", "contents:", "  folder: inbox"])

    @Test(
        "after a drop of PNG bytes, text or a file from GTK and Qt, the folder-backed pane's scene opens again",
        arguments: dropPeers, DroppedKind.allCases)
    func folderPaneReopens(peer script: String, kind: DroppedKind) async throws {
        let root = try temporaryFolder("reopen")
        defer { try? FileManager.default.removeItem(at: root) }
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let scene = root.appendingPathComponent("inbox.yaml")
        try Data(Self.folderScene.utf8).write(to: scene)
        let png = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("PNGCodecTests/Fixtures/pngtest.png"))
        // A text file whose name has no extension: saved under its name, with the extension its content has.
        let notes = root.appendingPathComponent("notes")
        try Data("three lines\nof notes\nhere\n".utf8).write(to: notes)
        let pngFile = root.appendingPathComponent("picture.png")
        try png.write(to: pngFile)
        let offered: [String]
        let expected: (name: String, bytes: Data)
        switch kind {
        case .png: (offered, expected) = (["--png", pngFile.path], ("item.png", png))
        case .text: (offered, expected) = (["--text", "dropped words"], ("item.txt", Data("dropped words".utf8)))
        case .file: (offered, expected) = (["--file", notes.path], ("notes.txt", try Data(contentsOf: notes)))
        }
        let log = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> String in
                let peer = try startPeer(script, ["source", "--at", "700,400"] + offered)
                defer {
                    kill(peer.processIdentifier, SIGKILL)
                    peer.waitUntilExit()
                }
                let window = try TwoWindowTests.Window([scene.path])
                defer { window.stop() }
                try awaitWindow(named: "dnd-sim: Inbox")
                try xdotool(dragArguments(from: (850, 550), to: (200, 150), steps: 20))
                let deadline = Date().addingTimeInterval(20)
                while window.events("saved").isEmpty && Date() < deadline { usleep(50_000) }
                return "\(window.records)"
            }
        }
        let saved = inbox.appendingPathComponent(expected.name)
        #expect(FileManager.default.contents(atPath: saved.path) == expected.bytes, "\(log)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.path) == [expected.name], "\(log)")
        // The scene opens again, the dropped item read back from the folder as what its content is.
        let again = try dndSim(["run", scene.path], timeout: 60)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("inbox: \(expected.name) (1 item)"), "\(again.standardOutput)")
    }

    /// A pane of one generated picture (its thumbnail's middle at (32, 38)) that moves what is dropped on it.
    static let outboxScene = onePane(
        scene: "Outbox", pane: "outbox", ["operation: move", "contents:", "  generate: 1", "  prefix: photo"])

    /// The middle of a peer put at (700, 400), on the screen.
    static let peerMiddle = (x: 850, y: 550)

    /// A start removes dead processes' staging folders only; SIGTERM ends the window with its own removed.
    @Test("a picture dragged out to a target taking files: its staged PNG outlives the drag, not the process")
    func stagedFilesOutliveTheDragNotTheProcess() async throws {
        let root = try temporaryFolder("staging")
        defer { try? FileManager.default.removeItem(at: root) }
        // The window's temporary folder: what it stages goes there, and so do the folders of earlier processes.
        let temporary = root.appendingPathComponent("tmp")
        let living = try livingProcess()
        defer {
            kill(living.processIdentifier, SIGKILL)
            living.waitUntilExit()
        }
        let abandoned = temporary.appendingPathComponent("dndkit-staging-\(try endedProcessID())-Qw12Er/Ty34Ui")
        let alive = temporary.appendingPathComponent("dndkit-staging-\(living.processIdentifier)-As56Df/Gh78Jk")
        for folder in [abandoned, alive] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("left behind".utf8).write(to: folder.appendingPathComponent("item.png"))
        }
        let scene = root.appendingPathComponent("outbox.yaml")
        try Data(Self.outboxScene.utf8).write(to: scene)
        let (window, copied, status) = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> (TwoWindowTests.Window, [String: any Sendable]?, Int32) in
                let peer = try GTKPeer(["target", "--at", "700,400", "--accept", "file", "--copy-after", "1"])
                defer { peer.stop() }
                let window = try TwoWindowTests.Window([scene.path], environment: ["TMPDIR": temporary.path])
                try awaitWindow(named: "dnd-sim: Outbox")
                #expect(!FileManager.default.fileExists(atPath: abandoned.path), "a dead process's folder was kept")
                #expect(FileManager.default.fileExists(atPath: alive.path), "a living process's folder was removed")
                try xdotool(dragArguments(from: (32, 38), to: Self.peerMiddle, steps: 20))
                let copied = peer.wait(for: "copied", timeout: 20)
                kill(window.process.processIdentifier, SIGTERM)
                window.process.waitUntilExit()
                return (window, copied, window.process.terminationStatus)
            }
        }
        #expect(window.events("end").map { $0["detail"] as? String } == ["copy"], "\(window.records)")
        let paths = (copied?["paths"] as? [any Sendable])?.compactMap { $0 as? String } ?? []
        let sums = (copied?["sha256"] as? [any Sendable])?.compactMap { $0 as? String } ?? []
        #expect(
            paths.count == 1 && sums.count == 1, "the staged file was gone a second after the drop: \(copied ?? [:])")
        let staging = "\(temporary.path)/dndkit-staging-\(window.process.processIdentifier)-"
        #expect(paths.allSatisfy { $0.hasPrefix(staging) }, "\(paths)")
        // SIGTERM ends the window as closing it does: the panes are printed and the staging folder is removed.
        #expect(window.process.terminationReason == .exit && status == 0)
        #expect(!window.records.filter { $0["type"] as? String == "pane" }.isEmpty, "\(window.records)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left == [alive.deletingLastPathComponent().lastPathComponent], "\(left)")
    }

    @Test("a pane whose operation is move moves a picture out to a GTK target that takes only moves")
    func paneMovesOutToGTK() async throws {
        let root = try temporaryFolder("move-out")
        defer { try? FileManager.default.removeItem(at: root) }
        let scene = root.appendingPathComponent("outbox.yaml")
        try Data(Self.outboxScene.utf8).write(to: scene)
        let (window, drop) = try await DesktopPointer.shared.exclusively {
            try await offThePool { () throws -> (TwoWindowTests.Window, [String: any Sendable]?) in
                let peer = try GTKPeer(["target", "--at", "700,400", "--accept", "texture", "--action", "move"])
                defer { peer.stop() }
                let window = try TwoWindowTests.Window([scene.path])
                try awaitWindow(named: "dnd-sim: Outbox")
                try xdotool(dragArguments(from: (32, 38), to: Self.peerMiddle, steps: 20))
                let drop = peer.wait(for: "drop", timeout: 10)
                let deadline = Date().addingTimeInterval(10)
                while window.events("removed").isEmpty && Date() < deadline { usleep(50_000) }
                window.stop()
                return (window, drop)
            }
        }
        #expect(drop != nil, "GTK got no picture")
        let kinds = window.records.compactMap { $0["event"] as? String }
        #expect(window.events("end").map { $0["detail"] as? String } == ["move"], "\(window.records)")
        // The picture leaves its pane only once the session handed to GTK ended with GTK's move (its XdndFinished).
        let handedOff = try #require(kinds.firstIndex(of: "handOff"), "\(kinds)")
        let removed = try #require(kinds.firstIndex(of: "removed"), "\(kinds)")
        #expect(handedOff < removed, "\(kinds)")
        let outbox = window.records.first { $0["type"] as? String == "pane" && $0["pane"] as? String == "outbox" }
        #expect((outbox?["items"] as? [Any])?.isEmpty == true, "\(outbox ?? [:])")
    }
}
