import CXCB
import DesktopX11
import DragDrop
import Foundation
import Gestures
import PNGCodec
import TestSupport
import Testing
import Transfer

/// A window with one draggable item at (50, 50, 100, 100), at the screen's origin: what its source hears, and
/// every drag event, are kept, with the wall-clock time each session ended.
@MainActor
final class SourceWindow {
    let scene = Scene(size: CGSize(width: 300, height: 300))
    let window: SceneWindow
    let item: Node
    var events: [DragEvent] = []
    var phases: [DragSession.Phase] = []
    var endedAt: Date?
    var removed = false

    init<T: Transferable>(title: String, dragging payload: T, allowMoveOutside: Bool = false) throws {
        item = scene.root.addChild("item", frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            .contentShape(Rectangle())
        window = try SceneWindow(scene: scene, title: title, peerTimeout: 3) { scene in
            try Bitmap(
                width: Int(scene.size.width), height: Int(scene.size.height), format: .rgb8,
                bytes: [UInt8](repeating: 230, count: Int(scene.size.width * scene.size.height) * 3))
        }
        item.draggable(payload)
            .dragConfiguration(
                DragConfiguration(
                    operationsOutsideApp: .init(allowCopy: !allowMoveOutside, allowMove: allowMoveOutside))
            )
            .onDragSessionUpdated { [unowned self] session in
                phases.append(session.phase)
                if case .ended(let operation) = session.phase {
                    endedAt = Date()
                    // A source that allows moving removes its item when it hears that it was moved, as apps do.
                    if operation == .move { removed = true }
                }
            }
        scene.onDragEvent { [unowned self] event in events.append(event) }
    }

    var endings: [DropOperation] {
        events.compactMap { if case .ended(let operation, _) = $0.kind { operation } else { nil } }
    }

    /// Drags the item with the real pointer to `to` (on the screen), running the window until the session ended.
    func drag(to: (x: Int, y: Int)) async throws {
        let finished = Locked(false)
        let driving = Task.detached {
            defer { finished.withLock { $0 = true } }
            try await offThePool { try xdotool(dragArguments(from: (100, 100), to: to, steps: 20)) }
        }
        let deadline = Date().addingTimeInterval(15)
        try await window.run(for: 15) {
            let ended = endings.count == 1
            return !(finished.withLock { $0 } && ended) && Date() < deadline
        }
        try await driving.value
    }
}

/// Drags from a DnDKit window out to a real GTK 4 program, over XDND (DnDKit as the drag source, the GTK peer as the
/// drop target, the real pointer moved by xdotool).
@Suite(
    "XDND: drags from a DnDKit window to GTK", .serialized,
    .enabled(if: hasDesktopPeers, "needs an X server, xdotool and GTK 4's Python bindings"))
@MainActor
struct XdndSourceTests {
    @Test("an image dragged out to GTK arrives with identical pixels; the session ends with GTK's copy")
    func imageToGTK() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var samples = [UInt8](repeating: 0, count: 200 * 120 * 3)
        for index in samples.indices { samples[index] = UInt8(truncatingIfNeeded: index &* 40_503 >> 7) }
        let picture = try Bitmap(width: 200, height: 120, format: .rgb8, bytes: samples)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer([
                "target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "texture", "--save", folder.path,
            ])
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-image", dragging: picture)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            #expect(drop?["width"] as? Double == 200 && drop?["height"] as? Double == 120, "\(peer.events)")
            let saved = try #require(drop?["saved"] as? String)
            let received = try PNGDecoder().decode(Data(contentsOf: URL(fileURLWithPath: saved)))
            #expect(received.convertedToRGBA8() == picture.convertedToRGBA8(), "GTK got other pixels")
            #expect(!source.removed)
        }
    }

    @Test("over a window whose XdndProxy names GTK's: the drag is offered through the proxy and GTK takes the drop")
    func throughAProxy() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = try Bitmap(
            width: 24, height: 16, format: .rgb8, bytes: (0..<(24 * 16 * 3)).map { UInt8($0 % 251) })
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer([
                "target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "texture", "--save", folder.path,
            ])
            defer { peer.stop() }
            let ready = try #require(peer.wait(for: "ready", timeout: 5))
            let gtkWindow = try #require((ready["window"] as? Double).map { xcb_window_t($0) })
            // A window over GTK's, aware of XDND but answering nothing itself: its proxy is GTK's window, which
            // names itself as its own proxy, as XDND asks of a proxy.
            let client = try RawXdndSource()
            let cover = client.cover(x: Int16(peerOrigin.x), y: Int16(peerOrigin.y), width: 300, height: 300)
            let atomType = xcb_atom_t(XCB_ATOM_ATOM.rawValue)
            let windowType = xcb_atom_t(XCB_ATOM_WINDOW.rawValue)
            client.setWords([5], of: "XdndAware", type: atomType, on: cover)
            client.setWords([gtkWindow], of: "XdndProxy", type: windowType, on: cover)
            client.setWords([gtkWindow], of: "XdndProxy", type: windowType, on: gtkWindow)
            let source = try SourceWindow(title: "xdnd-out-proxy", dragging: picture)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            let saved = try #require(drop?["saved"] as? String, "GTK got no drop through the proxy: \(peer.events)")
            let received = try PNGDecoder().decode(Data(contentsOf: URL(fileURLWithPath: saved)))
            #expect(received.convertedToRGBA8() == picture.convertedToRGBA8(), "GTK got other pixels")
        }
    }

    @Test("a move out to GTK: the item is removed only once GTK has finished the drop")
    func moveToGTK() async throws {
        let picture = try Bitmap(width: 16, height: 16, format: .rgb8, bytes: [UInt8](repeating: 120, count: 768))
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer([
                "target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "texture", "--action", "move",
            ])
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-move", dragging: picture, allowMoveOutside: true)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.move], "\(source.events)")
            #expect(source.removed)
            let dropped = try #require(drop?["t"] as? Double)
            let ended = try #require(source.endedAt).timeIntervalSince1970
            #expect(ended >= dropped, "the source removed its item before GTK had it")
            #expect(source.phases.last == .dataTransferCompleted)
        }
    }

    @Test("a file URL dragged out to GTK arrives as its path, bytes identical")
    func fileToGTK() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report 1.txt")
        try Data("quarterly numbers\n".utf8).write(to: file)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "file"])
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-file", dragging: file)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            #expect(drop?["paths"] as? [any Sendable] as? [String] == [file.path], "\(peer.events)")
        }
    }

    @Test("an image dragged out to a GTK target that takes files gets a staged PNG, removed once GTK has finished")
    func stagedFileToGTK() async throws {
        let picture = try Bitmap(
            width: 24, height: 16, format: .rgb8, bytes: (0..<(24 * 16 * 3)).map { UInt8($0 % 251) })
        let exported = try await ItemProvider(picture).loadDataRepresentation(for: .png)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("expected.png")
        try exported.write(to: expected)
        let digest = try sha256(of: expected)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "file"])
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-staged", dragging: picture)
            try await source.drag(to: peerMiddle)
            try await source.window.run(for: 0.5)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            let paths = (drop?["paths"] as? [any Sendable])?.compactMap { $0 as? String } ?? []
            let sums = (drop?["sha256"] as? [any Sendable])?.compactMap { $0 as? String } ?? []
            #expect(paths.count == 1 && sums == [digest], "\(peer.events)")
            #expect(paths.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "the staged file was left behind")
        }
    }

    @Test("Escape while the drag is over GTK: cancelled, GTK hears it leave, nothing dropped")
    func escapeOverGTK() async throws {
        let picture = try Bitmap(width: 4, height: 4, format: .rgb8, bytes: [UInt8](repeating: 9, count: 48))
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "texture"])
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-escape", dragging: picture)
            let finished = Locked(false)
            let driving = Task.detached {
                defer { finished.withLock { $0 = true } }
                try await offThePool {
                    var moves = dragArguments(from: (100, 100), to: peerMiddle, steps: 20)
                    moves.removeLast(2)
                    try xdotool(moves + ["key", "Escape", "sleep", "0.5", "mouseup", "1"])
                }
            }
            let deadline = Date().addingTimeInterval(15)
            try await source.window.run(for: 15) {
                !(finished.withLock { $0 } && source.endings.count == 1) && Date() < deadline
            }
            try await driving.value
            let left = try await offThePool { peer.wait(for: "leave", timeout: 5) }
            #expect(source.endings == [.cancel], "\(source.events)")
            #expect(left != nil, "GTK never heard the drag leave: \(peer.events)")
            #expect(peer.events.allSatisfy { $0["event"] as? String != "drop" })
        }
    }

    @Test("released over the bare desktop (no XDND-aware window): cancelled, the item stays")
    func releaseOverNothing() async throws {
        let picture = try Bitmap(width: 4, height: 4, format: .rgb8, bytes: [UInt8](repeating: 1, count: 48))
        try await DesktopPointer.shared.exclusively { @MainActor in
            let source = try SourceWindow(title: "xdnd-out-nothing", dragging: picture, allowMoveOutside: true)
            try await source.drag(to: (1100, 120))
            #expect(source.endings == [.cancel], "\(source.events)")
            #expect(!source.removed)
        }
    }
}

/// The SHA-256 of a file, by sha256sum.
func sha256(of file: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
}
