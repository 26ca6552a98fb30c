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
/// (`F`) or fails (`E`).
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

        func contents(of name: String) -> String? {
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
        }

        var files: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        }
    }

    nonisolated static let earlier = "an earlier report, kept\n"
    nonisolated static let document = "minutes of the meeting\n"

    /// Shows a pane that accepts `accepted` and is backed by a fresh folder that holds a `report.txt`, and has a raw
    /// XDS source offer `offered`, drop `report.txt` on it and answer `answer`.
    func drop(
        answering answer: Answer, accepted: String = "public.data", offered: String = "application/octet-stream"
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
                accepts: [\(accepted)]
                contents:
                  folder: inbox
            """
        let simulation = try Simulation(SceneFile.parse(yaml, baseDirectory: root))
        let scene = simulation.scene
        var ending: (DropOperation, DragDropError?)?
        scene.onDragEvent { event in
            if case .ended(let operation, let error) = event.kind { ending = (operation, error) }
        }
        let window = try SceneWindow(
            scene: scene, title: "xds-\(answer.rawValue)", peerTimeout: 2, renderer: simulation.snapshotRenderer())
        let source = try RawXdndSource()
        let windowID = window.windowID
        let seen = Locked<(uri: String?, conversions: [String], finished: [UInt32]?)>((nil, [], nil))
        try await runWindow(window, showing: scene) {
            let directSave = source.atom("XdndDirectSave0")
            source.setText(Array("report.txt".utf8), of: directSave)
            source.own("XdndSelection")
            source.send(
                source.atom("XdndEnter"), to: windowID,
                [source.window, 5 << 24, directSave, source.atom(offered)])
            source.send(
                source.atom("XdndPosition"), to: windowID,
                [source.window, 0, 150 << 16 | 100, 0, source.atom("XdndActionCopy")])
            _ = source.awaitMessage(source.atom("XdndStatus"), timeout: 5)
            source.send(source.atom("XdndDrop"), to: windowID, [source.window, 0, 0])
            let asked = source.answerConversion { target in
                guard target == "XdndDirectSave0" else { return [] }
                let uri = source.text(of: directSave)
                seen.withLock { $0.uri = uri }
                if answer == .saved, let uri, let path = URL(string: uri)?.path {
                    // As a source does: it writes the file where the target said.
                    try? Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
                }
                return Array(answer.rawValue.utf8)
            }
            seen.withLock { $0.conversions += asked.map { [$0] } ?? [] }
            if answer == .fallBack {
                let fetched = source.answerConversion { _ in Array(Self.document.utf8) }
                seen.withLock { $0.conversions += fetched.map { [$0] } ?? [] }
            }
            let finished = source.awaitMessage(source.atom("XdndFinished"), timeout: 10)
            seen.withLock { $0.finished = finished }
        }
        let result = seen.withLock { $0 }
        return Outcome(
            folder: folder, uri: result.uri, conversions: result.conversions, finished: result.finished,
            items: simulation.items(inPane: "inbox").map(\.name),
            droppedType: simulation.items(inPane: "inbox").first { $0.name == "report 2.txt" }?.offeredTypes.first,
            ending: ending)
    }

    @Test("S: the source saves the document under a free name in the pane's folder, and the pane shows it")
    func sourceSaves() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let outcome = try await drop(answering: .saved)
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            let uri = try #require(outcome.uri, "the window never set XdndDirectSave0 to a file")
            #expect(uri.hasPrefix("file://") && uri.hasSuffix("/inbox/report%202.txt"), "\(uri)")
            #expect(URL(string: uri)?.path == outcome.folder.appendingPathComponent("report 2.txt").path)
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
            #expect(outcome.uri?.hasSuffix("/inbox/report%202.txt") == true, "\(outcome.uri ?? "no URI")")
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
            let outcome = try await drop(answering: .saved, accepted: "public.image", offered: "image/png")
            defer { try? FileManager.default.removeItem(at: outcome.folder.deletingLastPathComponent()) }
            #expect(outcome.uri?.hasSuffix("/inbox/report.txt.png") == true, "\(outcome.uri ?? "no URI")")
            #expect(outcome.files == ["report.txt"], "the refused file stayed in the folder")
            #expect(outcome.contents(of: "report.txt") == Self.earlier)
            #expect(outcome.items == ["report.txt"])
            #expect(outcome.finished.map { $0[1] & 1 == 0 } == true, "a refused drop was reported taken")
            #expect(outcome.ending?.0 == .cancel)
            let message = outcome.ending?.1.map { "\($0)" } ?? ""
            #expect(message.contains("public.plain-text") || message.contains("text"), "\(message)")
        }
    }
}
