import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// Drags from other programs (`Scene.beginExternalDrag`), as a desktop host feeds them in: the scene's own targeting,
/// feedback, proposals, drop and loads, with no source node.
@Suite("External drags")
struct ExternalDragTests {
    /// A provider offering a token, as another program's item registered under the type it offers.
    func token(_ name: String) -> ItemProvider {
        ItemProvider(Token(name: name))
    }

    @Test("an external drag targets by type, lights the target, drops, loads and reports copy")
    func dropsOnTheTargetThatTakesIt() async throws {
        let stage = Stage()
        // The load runs on threads of its own, so that suites holding Swift's cooperative threads do not starve it.
        stage.scene.dropLoadingExecutor = CountingExecutor()
        stage.cardTarget("cards", frame: rect(100, 100, 100, 100))
        stage.tokenTarget("tokens", frame: rect(200, 200, 100, 100))
        let drag = stage.scene.beginExternalDrag([token("t")], at: point(150, 150))
        #expect(drag.proposal == .cancel, "the card target does not take a token")
        #expect(drag.targetFrame == nil)
        drag.move(to: point(250, 250))
        #expect(drag.proposal == .copy)
        #expect(drag.targetFrame == rect(200, 200, 100, 100))
        drag.drop(at: point(260, 270))
        #expect(drag.outcome == nil, "the token is loading")
        #expect(stage.scene.hasPendingDrops)
        // A host with other work waits for the loads without blocking on them.
        try await waitUntil { stage.scene.hasLoadedDrop }
        #expect(drag.outcome == nil, "loaded, but the action runs only in finishDrops")
        await stage.scene.finishDrops()
        #expect(!stage.scene.hasLoadedDrop)
        #expect(drag.outcome == .copy)
        #expect(drag.error == nil)
        #expect(
            stage.log.lines == ["tokens isTargeted true", "tokens isTargeted false", "tokens action [\"t\"] at 60,70"])
        #expect(
            stage.dragLog.first
                == "root drag.arrived drag#1 from another program at (150, 150): 1 item [org.dndkit.test.token]")
        #expect(stage.updates.isEmpty, "the scene's source heard a drag that is not its own")
    }

    @Test("a move is proposed only while the other program allows it")
    func allowedOperations() {
        let stage = Stage()
        let node = stage.scene.root.addChild(
            "mover", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
        node.dropDestination(for: Token.self) { _, _ in true }.dropConfiguration { _ in
            DropConfiguration(operation: .move)
        }
        let drag = stage.scene.beginExternalDrag([token("t")], allowedOperations: [.copy], at: point(250, 250))
        #expect(drag.proposal == .copy)
        drag.allowedOperations = [.copy, .move]
        drag.move(to: point(251, 250))
        #expect(drag.proposal == .move)
        drag.cancel("the drag left the window")
        #expect(drag.outcome == .cancel)
    }

    @Test("leaving, or a release over nothing, ends with cancel and balanced feedback")
    func cancelPaths() throws {
        let stage = Stage()
        stage.tokenTarget("tokens", frame: rect(200, 200, 100, 100))
        let left = stage.scene.beginExternalDrag([token("a")], at: point(250, 250))
        left.cancel("the drag left the window")
        #expect(left.outcome == .cancel)
        #expect(left.error?.code == .cancelled)
        #expect(left.error?.message == "the drag left the window")
        let missed = stage.scene.beginExternalDrag([token("b")], at: point(250, 250))
        missed.drop(at: point(10, 390))
        #expect(missed.outcome == .cancel)
        #expect(missed.error?.code == .noTarget)
        #expect(
            stage.log.lines
                == Array(repeating: ["tokens isTargeted true", "tokens isTargeted false"], count: 2).flatMap { $0 })
        #expect(stage.scene.dragSessions.isEmpty)
    }

    @Test(
        "a drag handed off to another program leaves its target and ends as that program says, within what the source allows outside"
    )
    func handOff() throws {
        let stage = Stage(allowMove: true)
        stage.tokenTarget("tokens", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 1)
        let id = try #require(stage.scene.dragSessions.first?.id)
        #expect(stage.scene.itemProviders(ofDragSession: id)?.count == 1)
        #expect(stage.scene.operationsOutsideApp(ofDragSession: id) == [.copy])
        let drag = try #require(stage.scene.handOffDragSession(id))
        #expect(stage.scene.handOffDragSession(id) == nil, "handed off twice")
        #expect(stage.scene.dragSessions.first?.isDropping == true)
        try stage.release(point(250, 250), at: 2)  // the release the host lets through: ignored
        #expect(drag.outcome == nil)
        drag.finish(.move)
        #expect(drag.outcome == .copy, "the source allows other programs only to copy")
        drag.finish(.cancel)
        #expect(stage.ending == "ended(copy)")
        #expect(stage.log.lines == ["tokens isTargeted true", "tokens isTargeted false", "source ended(copy)"])
        #expect(stage.dragLog.contains("source drag.handedOff drag#1 1 item to another program"))
    }

    @Test("a handed-off drag that the other program refuses ends with cancel and the reason")
    func handOffRefused() throws {
        let stage = Stage()
        try stage.lift()
        try stage.move(point(350, 350), at: 1)
        let id = try #require(stage.scene.dragSessions.first?.id)
        let drag = try #require(stage.scene.handOffDragSession(id))
        drag.finish(.cancel, "no answer in 5 s")
        #expect(drag.outcome == .cancel)
        #expect(stage.ending == "ended(cancel) refused")
        #expect(stage.updates.last?.error?.message == "no answer in 5 s")
    }

    @Test("a file from another program arrives with its name (DroppedData.suggestedName)")
    func fileKeepsItsName() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("holiday \(UUID()).txt")
        try Data("sand\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let scene = Scene(size: CGSize(width: 100, height: 100))
        var received: [DroppedData] = []
        scene.root.addChild("notes", frame: rect(0, 0, 100, 100)).contentShape(Rectangle())
            .dropDestination(of: [.plainText]) { items, _ in
                received += items
                return true
            }
        let provider = try #require(ItemProvider(contentsOf: file))
        let drag = scene.beginExternalDrag([provider], at: point(50, 50))
        drag.drop(at: point(50, 50))
        await scene.finishDrops()
        #expect(drag.outcome == .copy)
        #expect(received.map(\.suggestedName) == [file.lastPathComponent])
        #expect(received.map(\.data) == [Data("sand\n".utf8)])
    }
}
