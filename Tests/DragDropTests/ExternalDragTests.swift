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
        await stage.scene.finishDrops()
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
}
