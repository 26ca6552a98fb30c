import ContentTypes
import DesktopX11
import DragDrop
import Foundation
import Gestures
import PNGCodec
import TestSupport
import Testing
import Transfer

/// A window of three drop targets, at the screen's origin (Xvfb runs no window manager): images on the left half,
/// text at the top right, files at the bottom right. What each receives, and every drag event, is kept.
@MainActor
final class DropWindow {
    let scene = Scene(size: CGSize(width: 600, height: 300))
    let window: SceneWindow
    var bitmaps: [Bitmap] = []
    var texts: [String] = []
    var files: [URL] = []
    var events: [DragEvent] = []
    let images: Node
    let text: Node
    let fileNode: Node

    init(title: String) throws {
        images = scene.root.addChild("images", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            .contentShape(Rectangle())
        text = scene.root.addChild("text", frame: CGRect(x: 300, y: 0, width: 300, height: 150))
            .contentShape(Rectangle())
        fileNode = scene.root.addChild("files", frame: CGRect(x: 300, y: 150, width: 300, height: 150))
            .contentShape(Rectangle())
        window = try SceneWindow(scene: scene, title: title, peerTimeout: 2) { scene in
            try Bitmap(
                width: Int(scene.size.width), height: Int(scene.size.height), format: .rgb8,
                bytes: [UInt8](repeating: 200, count: Int(scene.size.width * scene.size.height) * 3))
        }
        images.dropDestination(for: Bitmap.self) { [unowned self] items, _ in
            bitmaps += items
            return true
        }
        text.dropDestination(for: String.self) { [unowned self] items, _ in
            texts += items
            return true
        }
        fileNode.dropDestination(for: URL.self) { [unowned self] items, _ in
            files += items
            return true
        }
        scene.onDragEvent { [unowned self] event in events.append(event) }
    }

    /// The centre of a node on the screen.
    func centre(of node: Node) -> (x: Int, y: Int) {
        (Int(node.frame.midX), Int(node.frame.midY))
    }

    /// Runs the window while the real pointer drags from `from` to `to`, until the drag has ended here (or 10 s).
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int)) async throws {
        try await run { try xdotool(dragArguments(from: from, to: to)) }
    }

    /// Runs the window while `drive` works on a thread of its own (the window's steps never wait for it), until
    /// `drive` has returned and every drag has ended here, or 15 s have passed.
    func run(while drive: @escaping @Sendable () throws -> Void) async throws {
        try await runWindow(window, showing: scene, while: drive)
    }

    var endings: [DropOperation] {
        events.compactMap { if case .ended(let operation, _) = $0.kind { operation } else { nil } }
    }

    /// The nodes whose `isTargeted` went true.
    var lit: [String] {
        events.compactMap { if case .targetedChanged(true) = $0.kind { $0.nodeName } else { nil } }
    }
}

/// Where the GTK peer's window is put, and the middle of it, where drags start.
let peerOrigin = (x: 700, y: 400)
let peerMiddle = (x: 850, y: 550)

/// The peers that drag into a DnDKit window in the tests of drops: GTK 4 always, Qt 5 when PyQt5 is there. Qt
/// serves `XdndSelection` only at the time stamp the drag sent (its `XdndPosition`'s, then its `XdndDrop`'s).
let sourcePeers = ["gtk4-peer.py"] + (hasQtPeer ? ["qt5-peer.py"] : [])

/// Whether a peer's `drag-end` says its drop was taken as a copy: Qt names the action, GTK says it need not delete.
func heardCopy(_ end: [String: any Sendable]?) -> Bool {
    guard let end else { return false }
    if let action = end["action"] as? String { return action == "copy" }
    return end["delete"] as? Double == 0
}

/// Drops from a real GTK 4 or Qt 5 program into a DnDKit window, over XDND (the peer as the drag source, the real
/// pointer moved by xdotool).
@Suite(
    "XDND: drops from GTK and Qt into a DnDKit window", .serialized,
    .enabled(if: hasDesktopPeers, "needs an X server, xdotool and GTK 4's Python bindings"))
@MainActor
struct XdndTargetTests {
    @Test("a PNG dragged from the peer arrives with identical pixels; the peer hears the copy", arguments: sourcePeers)
    func pngFromPeer(script: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var samples = [UInt8](repeating: 0, count: 320 * 200 * 4)
        for index in samples.indices { samples[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
        let original = try Bitmap(width: 320, height: 200, format: .rgba8, bytes: samples)
        let file = folder.appendingPathComponent("picture.png")
        try PNGEncoder(options: .balanced).encode(original).write(to: file)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(
                ["source", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--png", file.path], script: script)
            defer { peer.stop() }
            let target = try DropWindow(title: "xdnd-png")
            try await target.drag(from: peerMiddle, to: target.centre(of: target.images))
            let end = try await offThePool { peer.wait(for: "drag-end", timeout: 5) }
            #expect(target.endings == [.copy], "\(target.events)")
            #expect(target.lit == ["images"])
            #expect(target.bitmaps.count == 1)
            #expect(target.bitmaps.first == original, "the pixels differ from the PNG \(script) offered")
            #expect(heardCopy(end), "\(script) did not hear a finished copy: \(peer.events)")
        }
    }

    @Test("UTF-8 text dragged from the peer arrives as the same string, on the text target", arguments: sourcePeers)
    func textFromPeer(script: String) async throws {
        let text = "Grüße, Καλημέρα, 世界 — drag and drop"
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(
                ["source", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--text", text], script: script)
            defer { peer.stop() }
            let target = try DropWindow(title: "xdnd-text")
            try await target.drag(from: peerMiddle, to: target.centre(of: target.text))
            #expect(target.endings == [.copy], "\(target.events)")
            #expect(target.texts == [text], "\(peer.events)")
            #expect(target.lit == ["text"])
        }
    }

    @Test(
        "files dragged from the peer (text/uri-list) arrive as their own paths, bytes untouched, typed by content",
        arguments: sourcePeers)
    func filesFromPeer(script: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("shot.dat")  // a PNG under a name that says nothing
        try PNGEncoder(options: .fast).encode(
            try Bitmap(width: 8, height: 8, format: .rgb8, bytes: [UInt8](repeating: 90, count: 192))
        ).write(to: png)
        let note = folder.appendingPathComponent("note with space.txt")
        try Data("a note\n".utf8).write(to: note)
        let before = try [png, note].map { try Data(contentsOf: $0) }
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(
                ["source", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--file", png.path, note.path], script: script)
            defer { peer.stop() }
            let target = try DropWindow(title: "xdnd-files")
            try await target.drag(from: peerMiddle, to: target.centre(of: target.fileNode))
            let end = try await offThePool { peer.wait(for: "drag-end", timeout: 5) }
            #expect(target.endings == [.copy], "\(target.events)")
            #expect(heardCopy(end), "\(script) did not hear a finished copy: \(peer.events)")
            #expect(target.files.map(\.path) == [png.path, note.path])
            #expect(try target.files.map { try Data(contentsOf: $0) } == before)
            let arrived = target.events.compactMap { event -> [[UTType]]? in
                if case .arrived(_, let types) = event.kind { types } else { nil }
            }
            #expect(arrived.first?.first?.first == .png, "the PNG's content decides its type: \(arrived)")
        }
    }

    @Test("GTK killed in the middle of its drag: the session ends, isTargeted goes back to false, the next drag works")
    func sourceKilledMidDrag() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("picture.png")
        let picture = try Bitmap(width: 6, height: 6, format: .rgb8, bytes: [UInt8](repeating: 40, count: 108))
        try PNGEncoder(options: .fast).encode(picture).write(to: file)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(["source", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--png", file.path])
            defer { peer.stop() }
            let target = try DropWindow(title: "xdnd-killed")
            let over = target.centre(of: target.images)
            try await target.run {
                // Into the target with the button held, then the source dies before it lets go.
                var moves = dragArguments(from: peerMiddle, to: over)
                moves.removeLast(2)
                try xdotool(moves)
                peer.stop()
                usleep(300_000)
                try xdotool(["mouseup", "1"])
            }
            #expect(target.lit == ["images"], "\(target.events)")
            let dark = target.events.filter { if case .targetedChanged(false) = $0.kind { true } else { false } }
            #expect(dark.map(\.nodeName) == ["images"])
            #expect(target.endings == [.cancel])
            #expect(target.events.last.map { "\($0)" }?.contains("went away") == true, "\(target.events)")
            #expect(target.bitmaps.isEmpty)
            // The window goes on: another program's drag is taken.
            let second = try GTKPeer(["source", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--png", file.path])
            defer { second.stop() }
            try await target.drag(from: peerMiddle, to: over)
            #expect(target.endings == [.cancel, .copy])
            #expect(target.bitmaps == [picture])
        }
    }

    @Test("an image dragged from GTK over a target that takes only text never lights it, and the drop is refused")
    func imageOverTextTarget() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("picture.png")
        try PNGEncoder(options: .fast).encode(
            try Bitmap(width: 4, height: 4, format: .rgb8, bytes: [UInt8](repeating: 7, count: 48))
        ).write(to: file)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(["source", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--png", file.path])
            defer { peer.stop() }
            let target = try DropWindow(title: "xdnd-refused")
            try await target.drag(from: peerMiddle, to: target.centre(of: target.text))
            let cancelled = try await offThePool { peer.wait(for: "drag-cancel", timeout: 5) }
            #expect(target.endings == [.cancel])
            #expect(!target.lit.contains("text"))
            #expect(target.texts.isEmpty && target.bitmaps.isEmpty)
            #expect(cancelled != nil, "GTK was told the drop was taken: \(peer.events)")
            let reasons = target.events.compactMap {
                if case .ended(_, let error?) = $0.kind { error.message } else { nil }
            }
            #expect(
                reasons.count == 1 && reasons.allSatisfy { $0.hasPrefix("the target refused the drop") }, "\(reasons)")
        }
    }
}
