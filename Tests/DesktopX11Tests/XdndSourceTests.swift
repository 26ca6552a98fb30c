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

    init<T: Transferable>(
        title: String, dragging payload: T, allowMoveOutside: Bool = false, allowCopyOutside: Bool? = nil
    ) throws {
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
                    operationsOutsideApp: .init(
                        allowCopy: allowCopyOutside ?? !allowMoveOutside, allowMove: allowMoveOutside))
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

    /// Why each session that ended without a transfer ended, in words.
    var endReasons: [String] {
        events.compactMap { if case .ended(_, let error?) = $0.kind { error.message } else { nil } }
    }

    /// Drags the item with the real pointer to `to` (on the screen), running the window until the session ended.
    func drag(to: (x: Int, y: Int)) async throws {
        try await runWindow(
            window, until: { endings.count == 1 },
            while: { try xdotool(dragArguments(from: (100, 100), to: to, steps: 20)) })
    }
}

/// The peers that take drops from a DnDKit window in the tests of drags out: GTK 4 always, Qt 5 when PyQt5 is there.
let targetPeers = ["gtk4-peer.py"] + (hasQtPeer ? ["qt5-peer.py"] : [])

/// Drags from a DnDKit window out to a real GTK 4 or Qt 5 program, over XDND (DnDKit as the drag source, the peer as
/// the drop target, the real pointer moved by xdotool).
@Suite(
    "XDND: drags from a DnDKit window to GTK and Qt", .serialized,
    .enabled(if: hasDesktopPeers, "needs an X server, xdotool and GTK 4's Python bindings"))
@MainActor
struct XdndSourceTests {
    @Test(
        "an image dragged out arrives with identical pixels; the session ends with the peer's copy",
        arguments: targetPeers)
    func imageToPeer(peerScript: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var samples = [UInt8](repeating: 0, count: 200 * 120 * 3)
        for index in samples.indices { samples[index] = UInt8(truncatingIfNeeded: index &* 40_503 >> 7) }
        let picture = try Bitmap(width: 200, height: 120, format: .rgb8, bytes: samples)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(
                ["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "texture", "--save", folder.path],
                script: peerScript)
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-image", dragging: picture)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            #expect(drop?["width"] as? Double == 200 && drop?["height"] as? Double == 120, "\(peer.events)")
            let saved = try #require(drop?["saved"] as? String)
            let received = try PNGDecoder().decode(Data(contentsOf: URL(fileURLWithPath: saved)))
            #expect(received.convertedToRGBA8() == picture.convertedToRGBA8(), "the peer got other pixels")
            #expect(!source.removed)
        }
    }

    @Test("text dragged out arrives as the same string, UTF-8", arguments: targetPeers)
    func textToPeer(peerScript: String) async throws {
        let text = "Grüße, Ελλάδα, Привет"
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(
                ["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "text"], script: peerScript)
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-text", dragging: text)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            #expect(drop?["text"] as? String == text, "\(peer.events)")
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

    @Test(
        "to a GTK target that takes only moves: a move (also when a copy is allowed) ends once GTK has it; a copy-only drag ends refused",
        arguments: [(move: true, copy: false), (move: true, copy: true), (move: false, copy: true)])
    func moveOnlyGTK(allowed: (move: Bool, copy: Bool)) async throws {
        let picture = try Bitmap(width: 16, height: 16, format: .rgb8, bytes: [UInt8](repeating: 120, count: 768))
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer([
                "target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "texture", "--action", "move",
            ])
            defer { peer.stop() }
            let source = try SourceWindow(
                title: "xdnd-out-move-\(allowed.move)-\(allowed.copy)", dragging: picture,
                allowMoveOutside: allowed.move,
                allowCopyOutside: allowed.copy)
            try await source.drag(to: peerMiddle)
            guard allowed.move else {
                #expect(source.endings == [.cancel], "\(source.events)")
                #expect(source.endReasons.count == 1)
                #expect(
                    source.endReasons.allSatisfy { $0.hasPrefix("the target refused the drop") }, "\(source.endReasons)"
                )
                #expect(peer.events.allSatisfy { $0["event"] as? String != "drop" })
                #expect(!source.removed)
                return
            }
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.move], "\(source.events)")
            #expect(source.removed)
            let dropped = try #require(drop?["t"] as? Double)
            let ended = try #require(source.endedAt).timeIntervalSince1970
            #expect(ended >= dropped, "the source removed its item before GTK had it")
        }
    }

    @Test(
        "copy and move allowed (XdndActionAsk), to a target that takes only copies: it gets a copy, the item stays",
        arguments: targetPeers)
    func copyOnlyTargetWhenMoveIsAllowed(peerScript: String) async throws {
        let picture = try Bitmap(width: 16, height: 16, format: .rgb8, bytes: [UInt8](repeating: 60, count: 768))
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(
                ["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "texture"], script: peerScript)
            defer { peer.stop() }
            let source = try SourceWindow(
                title: "xdnd-out-copy-or-move", dragging: picture, allowMoveOutside: true, allowCopyOutside: true)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(drop != nil, "\(peer.events) \(source.endReasons)")
            #expect(source.endings == [.copy], "\(source.events)")
            #expect(!source.removed)
        }
    }

    @Test("a file URL dragged out arrives as its path, bytes identical", arguments: targetPeers)
    func fileToPeer(peerScript: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report 1.txt")
        try Data("quarterly numbers\n".utf8).write(to: file)
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(
                ["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "file"], script: peerScript)
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-file", dragging: file)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            #expect(drop?["paths"] as? [any Sendable] as? [String] == [file.path], "\(peer.events)")
        }
    }

    @Test(
        "an image dragged out to a target that takes files gets a staged PNG that outlives the drop: read a second later",
        arguments: targetPeers)
    func stagedFileOutlivesTheDrop(peerScript: String) async throws {
        let picture = try Bitmap(
            width: 24, height: 16, format: .rgb8, bytes: (0..<(24 * 16 * 3)).map { UInt8($0 % 251) })
        let exported = try await ItemProvider(picture).loadDataRepresentation(for: .png)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("expected.png")
        try exported.write(to: expected)
        let digest = try sha256(of: expected)
        try await DesktopPointer.shared.exclusively { @MainActor in
            // The peer reads the files again a second after the drop, as a file manager copies when its user says so.
            let peer = try GTKPeer(
                ["target", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--accept", "file", "--copy-after", "1"],
                script: peerScript)
            defer { peer.stop() }
            let source = try SourceWindow(title: "xdnd-out-staged", dragging: picture)
            try await source.drag(to: peerMiddle)
            let drop = try await offThePool { peer.wait(for: "drop", timeout: 5) }
            #expect(source.endings == [.copy], "\(source.events)")
            #expect(source.scene.dragSessions.isEmpty, "the drag is over before the peer copies")
            let copied = try await offThePool { peer.wait(for: "copied", timeout: 5) }
            let paths = (drop?["paths"] as? [any Sendable])?.compactMap { $0 as? String } ?? []
            let atDrop = (drop?["sha256"] as? [any Sendable])?.compactMap { $0 as? String } ?? []
            let later = (copied?["sha256"] as? [any Sendable])?.compactMap { $0 as? String } ?? []
            #expect(paths.count == 1 && atDrop == [digest], "\(peer.events)")
            #expect(later == [digest], "the staged file was gone a second after the drop: \(peer.events)")
            #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "kept until the process ends")
        }
    }

    @Test("a target that dies after reading the staged file's path: the drop ends at once, cancelled; the file stays")
    func targetDiesMidTransfer() async throws {
        let picture = try Bitmap(width: 8, height: 8, format: .rgb8, bytes: [UInt8](repeating: 77, count: 192))
        try await DesktopPointer.shared.exclusively { @MainActor in
            let target = try RawXdndTarget(at: peerOrigin)
            let taken = Task.detached { target.takeDropAndVanish(as: "text/uri-list", timeout: 15) }
            let source = try SourceWindow(title: "xdnd-out-dies", dragging: picture)
            let started = Date()
            try await source.drag(to: peerMiddle)
            let uriList = try #require(await taken.value, "the target never got the drop's data")
            let path = try #require(
                URL(string: String(decoding: uriList, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))?
                    .path)
            #expect(target.existed.withLock { $0 }, "the staged file was not there while the target read its path")
            #expect(source.endings == [.cancel], "\(source.events)")
            #expect(!source.removed)
            #expect(source.scene.dragSessions.isEmpty)
            // Handed out is handed out: the path may already be in another program's hands.
            #expect(FileManager.default.fileExists(atPath: path), "the staged file \(path) went with the drop")
            #expect(Date().timeIntervalSince(started) < 14, "the drag did not end")
            // The window's destruction ends the drop at once, well before the 3 s the source would wait for an answer.
            let vanished = try #require(target.vanishedAt.withLock { $0 })
            let ended = try #require(source.endedAt)
            #expect(ended.timeIntervalSince(vanished) < 2, "the source waited for a program that was gone")
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
            let loop = source.window.loop
            let driving = Task.detached {
                defer {
                    finished.withLock { $0 = true }
                    loop.wake()
                }
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
            #expect(
                source.endReasons.allSatisfy { $0.hasPrefix("released over no drop target") }, "\(source.endReasons)")
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

/// A hand-made XDND target on a raw libxcb connection: a 300×300 window that accepts every drag with a copy, and on
/// the drop reads the data and disappears without a word, as a program that crashes in the middle of a drop.
final class RawXdndTarget: @unchecked Sendable {
    private let client: RawXdndSource
    let window: xcb_window_t
    /// Whether the file of the first `file:` URI read was there when it was read.
    let existed = Locked(false)
    /// When the window went away.
    let vanishedAt = Locked<Date?>(nil)

    init(at origin: (x: Int, y: Int)) throws {
        client = try RawXdndSource()
        let connection = client.connection
        guard let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data else {
            throw RawXdndSource.PeerFailure(description: "the X server has no screen")
        }
        window = xcb_generate_id(connection)
        var values: [UInt32] = [1, UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)]
        xcb_create_window(
            connection, UInt8(XCB_COPY_FROM_PARENT), window, screen.pointee.root, Int16(origin.x), Int16(origin.y), 300,
            300, 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual,
            XCB_CW_OVERRIDE_REDIRECT.rawValue | XCB_CW_EVENT_MASK.rawValue, &values)
        client.setWords([5], of: "XdndAware", type: xcb_atom_t(XCB_ATOM_ATOM.rawValue), on: window)
        xcb_map_window(connection, window)
        xcb_flush(connection)
    }

    /// Answers every position with "yes, a copy"; on the drop, converts `XdndSelection` to `type`, then destroys its
    /// window without sending `XdndFinished`. Returns the bytes read, or nil when no drop came within `timeout`.
    func takeDropAndVanish(as type: String, timeout: Double) -> Data? {
        let connection = client.connection
        let position = client.atom("XdndPosition")
        let drop = client.atom("XdndDrop")
        defer {
            xcb_destroy_window(connection, window)
            xcb_flush(connection)
            vanishedAt.withLock { $0 = Date() }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let message = client.awaitEvent(timeout: deadline.timeIntervalSinceNow) {
                event -> (xcb_atom_t, [UInt32])? in
                guard Int32(event.pointee.response_type & 0x7F) == XCB_CLIENT_MESSAGE else { return nil }
                let message = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_client_message_event_t.self)
                    .pointee
                let d = message.data.data32
                return (message.type, [d.0, d.1, d.2, d.3, d.4])
            }
            guard let (kind, words) = message else { return nil }
            if kind == position {
                client.send(
                    client.atom("XdndStatus"), to: words[0], [window, 1, 0, 0, client.atom("XdndActionCopy")])
            } else if kind == drop {
                xcb_convert_selection(
                    connection, window, client.atom("XdndSelection"), client.atom(type), client.atom("DROPPED"),
                    words[2])
                xcb_flush(connection)
                let notified = client.awaitEvent(timeout: 5) { event -> Bool? in
                    Int32(event.pointee.response_type & 0x7F) == XCB_SELECTION_NOTIFY ? true : nil
                }
                guard notified == true else { return nil }
                let cookie = xcb_get_property(
                    connection, 1, window, client.atom("DROPPED"), UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0,
                    1 << 20)
                guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return nil }
                defer { free(reply) }
                let length = Int(xcb_get_property_value_length(reply))
                guard let value = xcb_get_property_value(reply) else { return Data() }
                let data = Data(bytes: value, count: length)
                let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if let url = URL(string: text), url.isFileURL {
                    existed.withLock { $0 = FileManager.default.fileExists(atPath: url.path) }
                }
                return data
            }
        }
        return nil
    }
}
