import CXCB
import ContentTypes
import DesktopX11
import DragDrop
import Foundation
import Gestures
import Simulation
import TestSupport
import Testing

/// XDS, the Direct Save Protocol, from the target's side: a raw source drops a document named `report.txt` on a
/// folder-backed pane whose folder already holds a `report.txt`, and saves it itself (`S`), asks the pane to save it
/// (`F`) or fails (`E`); or answers only after the drop ended (it timed out, or the source went away) and writes its
/// file then. Another program may save a file in the pane's folder while the source is asked to save.
@Suite(
    "XDND: Direct Save (XDS) into a folder-backed pane", .serialized,
    .enabled(if: hasDesktopPeers, "needs an X server and xdotool"))
@MainActor
struct XdndDirectSaveTests {
    /// How the raw source answers the request to save.
    enum Answer: String, CaseIterable, Sendable {
        case saved = "S"
        case fallBack = "F"
        case error = "E"
        /// No answer in time: once the window gave up (its `XdndFinished` came), the source writes the file.
        case late = "late"
        /// The source's window goes away while asked; once the drop ended, the source writes the file.
        case gone = "gone"
    }

    /// What the source wrote or served, and what the window did.
    struct Outcome {
        var folder: URL
        /// The URI the window set in the source's `XdndDirectSave0`, when it asked for a save.
        var uri: String?
        /// The types the window converted `XdndSelection` to, in order.
        var conversions: [String]
        /// The words of `XdndFinished`.
        var finished: [UInt32]?
        /// The pane's items after the drop.
        var items: [String]
        /// The type of the dropped item's bytes, as the pane holds it.
        var droppedType: UTType?
        /// How the drag ended, and why.
        var ending: (DropOperation, DragDropError?)?
        /// Whether the file a source wrote after the drop ended was written.
        var lateWriteLanded: Bool?

        func contents(of name: String) -> String? {
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
        }

        var files: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        }

        /// The path the window asked the source to save at, checked to be a file in a private folder (a hidden
        /// `.dnd-sim-save-` folder in the pane's folder), never a name in the pane's folder itself.
        var savedInPrivateFolder: Bool {
            guard let path = uri.flatMap({ URL(string: $0)?.path }) else { return false }
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
            return parent.lastPathComponent.hasPrefix(".dnd-sim-save-")
                && parent.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path
        }
    }

    nonisolated static let earlier = "an earlier report, kept\n"
    nonisolated static let document = "minutes of the meeting\n"
    nonisolated static let users = "the user's own file, saved meanwhile\n"

    /// Shows a pane that accepts `accepted` and is backed by a fresh folder that holds a `report.txt`, and has a raw
    /// XDS source offer `offered` (besides `XdndDirectSave0`), drop `report.txt` on it and answer `answer`. With
    /// `intruding`, another program saves a file of that name in the pane's folder once the window asked the source
    /// to save, before the source writes. With `declined`, the pane's action refuses items of that type.
    func drop(
        answering answer: Answer, accepted: String = "public.data", offered: [String] = ["application/octet-stream"],
        declined: String? = nil, intruding: String? = nil, content: Data = Data(document.utf8)
    ) async throws -> Outcome {
        let root = try temporaryFolder("xds")
        let folder = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.earlier.utf8).write(to: folder.appendingPathComponent("report.txt"))
        let yaml = """
            scene: Inbox
            size: [300, 200]
            panes:
              - name: inbox
                frame: [0, 0, 300, 200]
                accepts: [\(accepted)]\(declined.map { "\n    declines: [\($0)]" } ?? "")
                contents:
                  folder: inbox
            """
        let simulation = try Simulation(SceneFile.parse(yaml, baseDirectory: root))
        let scene = simulation.scene
        var ending: (DropOperation, DragDropError?)?
        let ended = Locked(false)
        scene.onDragEvent { event in
            if case .ended(let operation, let error) = event.kind {
                ending = (operation, error)
                ended.withLock { $0 = true }
            }
        }
        let window = try SceneWindow(
            scene: scene, title: "xds-\(answer.rawValue)", peerTimeout: 2, renderer: simulation.snapshotRenderer())
        let source = try RawXdndSource()
        let windowID = window.windowID
        let seen = Locked<(uri: String?, conversions: [String], finished: [UInt32]?, late: Bool?)>(
            (nil, [], nil, nil))
        try await runWindow(window, showing: scene) {
            let directSave = source.atom("XdndDirectSave0")
            source.setText(Array("report.txt".utf8), of: directSave)
            source.own("XdndSelection")
            let types = [directSave] + offered.map { source.atom($0) } + [0, 0]
            source.send(
                source.atom("XdndEnter"), to: windowID, [source.window, 5 << 24, types[0], types[1], types[2]])
            source.send(
                source.atom("XdndPosition"), to: windowID,
                [source.window, 0, 150 << 16 | 100, 0, source.atom("XdndActionCopy")])
            _ = source.awaitMessage(source.atom("XdndStatus"), timeout: 5)
            source.send(source.atom("XdndDrop"), to: windowID, [source.window, 0, 0])
            let asked = source.answerConversion { target in
                guard target == "XdndDirectSave0" else { return [] }
                let uri = source.text(of: directSave)
                seen.withLock { $0.uri = uri }
                if let intruding {
                    try? Data(Self.users.utf8).write(to: folder.appendingPathComponent(intruding))
                }
                let file = uri.flatMap { URL(string: $0) }.map { URL(fileURLWithPath: $0.path) }
                switch answer {
                case .saved:
                    // As a source does: it writes the file where the target said.
                    if let file { try? content.write(to: file) }
                case .late, .gone:
                    if answer == .gone {
                        xcb_destroy_window(source.connection, source.window)
                        xcb_flush(source.connection)
                        // The window hears the source go and ends the drop.
                        for _ in 0..<500 where !ended.withLock({ $0 }) { usleep(20_000) }
                    } else {
                        // The window gives up waiting, ends the drop and says so.
                        let finished = source.awaitMessage(source.atom("XdndFinished"), timeout: 10)
                        seen.withLock { $0.finished = finished }
                    }
                    let landed = file.map { (try? content.write(to: $0)) != nil }
                    seen.withLock { $0.late = landed }
                case .fallBack, .error:
                    break
                }
                return Array(answer.rawValue.utf8)
            }
            seen.withLock { $0.conversions += asked.map { [$0] } ?? [] }
            if answer == .fallBack {
                let fetched = source.answerConversion { _ in Array(Self.document.utf8) }
                seen.withLock { $0.conversions += fetched.map { [$0] } ?? [] }
            }
            if answer != .late && answer != .gone {
                let finished = source.awaitMessage(source.atom("XdndFinished"), timeout: 10)
                seen.withLock { $0.finished = finished }
            }
        }
        let result = seen.withLock { $0 }
        let items = simulation.items(inPane: "inbox")
        return Outcome(
            folder: folder, uri: result.uri, conversions: result.conversions, finished: result.finished,
            items: items.map(\.name), droppedType: items.last { $0.name != "report.txt" }?.offeredTypes.first,
            ending: ending, lateWriteLanded: result.late)
    }

    @Test("S: the source saves the document under a free name in the pane's folder, and the pane shows it")
    func sourceSaves() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: .saved)
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            let uri = try #require(outcome.uri, "the window never set XdndDirectSave0 to a file")
            #expect(uri.hasPrefix("file://") && uri.hasSuffix("/report.txt"), "\(uri)")
            #expect(outcome.savedInPrivateFolder, "\(uri)")
            #expect(outcome.conversions == ["XdndDirectSave0"], "the window fetched the bytes too")
            #expect(outcome.contents(of: "report.txt") == Self.earlier, "an existing file was overwritten")
            #expect(outcome.contents(of: "report 2.txt") == Self.document)
            #expect(outcome.files == ["report 2.txt", "report.txt"])
            #expect(outcome.items == ["report.txt", "report 2.txt"])
            // Offered as bytes of no kind (application/octet-stream), typed by the content the source saved.
            #expect(outcome.droppedType?.conforms(to: .plainText) == true, "\(outcome.droppedType as Any)")
            #expect(outcome.finished.map { $0[1] & 1 == 1 } == true, "the drop was not reported taken")
            #expect(outcome.ending?.0 == .copy)
        }
    }

    @Test("F: the source declines to save; the window fetches the bytes and saves them under a free name")
    func sourceFallsBack() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: .fallBack)
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.savedInPrivateFolder, "\(outcome.uri ?? "no URI")")
            #expect(outcome.conversions == ["XdndDirectSave0", "application/octet-stream"])
            #expect(outcome.contents(of: "report.txt") == Self.earlier, "an existing file was overwritten")
            #expect(outcome.contents(of: "report 2.txt") == Self.document)
            #expect(outcome.files == ["report 2.txt", "report.txt"])
            #expect(outcome.items == ["report.txt", "report 2.txt"])
            #expect(
                outcome.droppedType == UTType(mimeType: "application/octet-stream"),
                "the bytes fetched are of the type offered")
            #expect(outcome.finished.map { $0[1] & 1 == 1 } == true, "the drop was not reported taken")
        }
    }

    @Test("E: the source reports an error; the drop is refused and said to be, and nothing is written")
    func sourceFails() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: .error)
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.conversions == ["XdndDirectSave0"], "the window fetched the bytes after an error")
            #expect(outcome.files == ["report.txt"])
            #expect(outcome.contents(of: "report.txt") == Self.earlier)
            #expect(outcome.items == ["report.txt"])
            #expect(outcome.finished.map { $0[1] & 1 == 0 } == true, "a failed save was reported taken")
            #expect(outcome.ending?.0 == .cancel)
            let message = outcome.ending?.1.map { "\($0)" } ?? ""
            #expect(message.contains("reported an error saving it as"), "\(message)")
        }
    }

    @Test("S of content the pane does not take: the saved file is removed again and the drop refused")
    func sourceSavesRefusedContent() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            // Offered as a PNG, so the image pane takes the drag; what the source writes is text.
            let outcome = try await drop(answering: .saved, accepted: "public.image", offered: ["image/png"])
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.uri?.hasSuffix("/report.txt.png") == true, "\(outcome.uri ?? "no URI")")
            #expect(outcome.savedInPrivateFolder, "\(outcome.uri ?? "no URI")")
            #expect(outcome.files == ["report.txt"], "the refused file stayed in the folder")
            #expect(outcome.contents(of: "report.txt") == Self.earlier)
            #expect(outcome.items == ["report.txt"])
            #expect(outcome.finished.map { $0[1] & 1 == 0 } == true, "a refused drop was reported taken")
            #expect(outcome.ending?.0 == .cancel)
            let message = outcome.ending?.1.map { "\($0)" } ?? ""
            #expect(message.contains("public.plain-text") || message.contains("text"), "\(message)")
        }
    }

    @Test("S while another program saves a file under the name the pane would give: that file is kept, untouched")
    func fileAppearsBeforeTheSourceWrites() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: .saved, intruding: "report 2.txt")
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.savedInPrivateFolder, "\(outcome.uri ?? "no URI")")
            #expect(outcome.contents(of: "report 2.txt") == Self.users, "the file saved meanwhile was overwritten")
            #expect(outcome.contents(of: "report 3.txt") == Self.document, "the saved document is not the next name")
            #expect(outcome.contents(of: "report.txt") == Self.earlier)
            #expect(outcome.files == ["report 2.txt", "report 3.txt", "report.txt"], "\(outcome.files)")
            #expect(outcome.items == ["report.txt", "report 3.txt"])
            #expect(outcome.finished.map { $0[1] & 1 == 1 } == true, "the drop was not reported taken")
        }
    }

    @Test("S of refused content while a file appears under the name the pane would give: that file stays")
    func refusedContentKeepsAFileThatAppeared() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(
                answering: .saved, accepted: "public.image", offered: ["image/png"], intruding: "report.txt.png")
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.savedInPrivateFolder, "\(outcome.uri ?? "no URI")")
            #expect(outcome.contents(of: "report.txt.png") == Self.users, "the file saved meanwhile was lost")
            #expect(outcome.files == ["report.txt", "report.txt.png"], "\(outcome.files)")
            #expect(outcome.items == ["report.txt"])
            #expect(outcome.finished.map { $0[1] & 1 == 0 } == true, "a refused drop was reported taken")
        }
    }

    @Test(
        "A source that writes after the drop ended (it answered too late, or went away) leaves nothing behind",
        arguments: [Answer.late, .gone])
    func lateWriteAfterTheDropEnded(_ answer: Answer) async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: answer)
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.savedInPrivateFolder, "\(outcome.uri ?? "no URI")")
            #expect(outcome.lateWriteLanded == false, "the source's late file was written")
            #expect(outcome.files == ["report.txt"], "\(outcome.files)")
            #expect(outcome.contents(of: "report.txt") == Self.earlier)
            #expect(outcome.items == ["report.txt"])
            #expect(outcome.ending?.0 == .cancel)
            if answer == .late {
                #expect(outcome.finished.map { $0[1] & 1 == 0 } == true, "a failed save was reported taken")
            }
        }
    }

    @Test("A source that offers only XdndDirectSave0 gives one item, saved by the source, typed by its content")
    func directSaveOnly() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: .saved, accepted: "public.text", offered: [])
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.conversions == ["XdndDirectSave0"], "\(outcome.conversions)")
            #expect(outcome.contents(of: "report 2.txt") == Self.document)
            #expect(outcome.files == ["report 2.txt", "report.txt"], "\(outcome.files)")
            #expect(outcome.items == ["report.txt", "report 2.txt"])
            #expect(outcome.droppedType?.conforms(to: .plainText) == true, "\(outcome.droppedType as Any)")
            #expect(outcome.finished.map { $0[1] & 1 == 1 } == true, "the drop was not reported taken")
        }
    }

    @Test("An XdndDirectSave0-only item named .txt whose saved content is a PNG is a PNG, named so")
    func directSaveOnlyTypedByContent() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let png = SolidPNG.data(width: 2, height: 2)
            let outcome = try await drop(answering: .saved, accepted: "public.data", offered: [], content: png)
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.droppedType == .png, "\(outcome.droppedType as Any)")
            #expect(outcome.files == ["report.txt", "report.txt.png"], "\(outcome.files)")
            #expect((try? Data(contentsOf: outcome.folder.appendingPathComponent("report.txt.png"))) == png)
        }
    }

    @Test("S of content the pane's action then declines: the saved file goes with its private folder")
    func declinedByTheAction() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: .saved, declined: "public.plain-text")
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.savedInPrivateFolder, "\(outcome.uri ?? "no URI")")
            #expect(outcome.files == ["report.txt"], "\(outcome.files)")
            #expect(outcome.items == ["report.txt"])
            #expect(outcome.finished.map { $0[1] & 1 == 0 } == true, "a declined drop was reported taken")
            #expect(outcome.ending?.0 == .cancel)
        }
    }
}
