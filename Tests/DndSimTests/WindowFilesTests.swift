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
    static let folderScene = """
        scene: Inbox
        size: [400, 300]
        panes:
          - name: inbox
            frame: [0, 0, 400, 300]
            accepts: [public.png, public.plain-text]
            contents:
              folder: inbox
        """

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
}
