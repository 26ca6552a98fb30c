import ContentTypes
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

@testable import DragDrop

/// A session's state and origin as values: what each stage holds (the hovered target, the node dropped on and its
/// loads, the operation and the node it ended on), and transitions that cannot go back.
@Suite("Drag session state")
struct SessionStateTests {
    /// The state, worded: `dragging(tokens)`, `dropping(tokens, loading)`, `handedOff`, `ended(copy, tokens)`.
    func describe(_ state: LiveDragSession.State) -> String {
        switch state {
        case .dragging(let target): "dragging(\(target?.name ?? "-"))"
        case .dropping(let node, let loads): "dropping(\(node.name)\(loads == nil ? "" : ", loading"))"
        case .handedOff: "handedOff"
        case .ended(let operation, let target): "ended(\(operation), \(target?.name ?? "-"))"
        }
    }

    func pointer(of session: LiveDragSession) -> Int? {
        if case .scene(let pointerID) = session.origin { pointerID } else { nil }
    }

    @Test("a drag of the scene: dragging with no target, over one, dropping and loading on it, ended on it")
    func dragOfTheScene() async throws {
        let stage = Stage()
        stage.scene.dropLoadingExecutor = CountingExecutor()
        let target = stage.tokenTarget("tokens", frame: rect(200, 200, 100, 100))
        try stage.lift(pointer: 3)
        let session = try #require(stage.scene[extension: DragCoordinatorKey.self]?.sessions.first)
        #expect(pointer(of: session) == 3)
        #expect(!session.isExternal)
        #expect(describe(session.state) == "dragging(-)")
        try stage.move(point(250, 250), at: 1, pointer: 3)
        #expect(describe(session.state) == "dragging(tokens)")
        try stage.release(point(250, 250), at: 2, pointer: 3)
        #expect(describe(session.state) == "dropping(tokens, loading)")
        #expect(session.snapshot().isDropping)
        await stage.scene.finishDrops()
        #expect(describe(session.state) == "ended(copy, tokens)")
        #expect(session.snapshot().targetNodeID == target.id, "the end forgot the target")
        #expect(stage.ending == "ended(copy)")
    }

    @Test("a drop from another program: its origin has no pointer of the scene's; it drops, loads and ends")
    func dropFromAnotherProgram() async throws {
        let stage = Stage()
        stage.scene.dropLoadingExecutor = CountingExecutor()
        stage.tokenTarget("tokens", frame: rect(200, 200, 100, 100))
        let drag = stage.scene.beginExternalDrag([ItemProvider(Token(name: "t"))], at: point(50, 50))
        let session = drag.session
        guard case .otherProgram = session.origin else {
            Issue.record("a drag from another program has origin \(session.origin)")
            return
        }
        #expect(session.pointerID == nil && session.isExternal)
        #expect(drag.snapshot.isExternal)
        #expect(describe(session.state) == "dragging(-)")
        drag.move(to: point(250, 250))
        #expect(describe(session.state) == "dragging(tokens)")
        drag.drop(at: point(250, 250))
        #expect(describe(session.state) == "dropping(tokens, loading)")
        await stage.scene.finishDrops()
        #expect(describe(session.state) == "ended(copy, tokens)")
        #expect(drag.outcome == .copy)
    }

    @Test("a cancel ends the session off its target, once: later transitions change nothing")
    func cancel() throws {
        let stage = Stage()
        let target = stage.tokenTarget("tokens", frame: rect(200, 200, 100, 100))
        let drag = stage.scene.beginExternalDrag([ItemProvider(Token(name: "t"))], at: point(250, 250))
        let session = drag.session
        #expect(describe(session.state) == "dragging(tokens)")
        drag.cancel("the other program cancelled")
        #expect(describe(session.state) == "ended(cancel, -)")
        #expect(drag.error?.code == .cancelled)
        #expect(stage.log.lines == ["tokens isTargeted true", "tokens isTargeted false"])
        // Nothing moves an ended session on: no target, no drop, no second end.
        session.hover(target)
        session.drop(on: target)
        session.handOff()
        #expect(!session.end(.copy))
        drag.drop(at: point(250, 250))
        #expect(describe(session.state) == "ended(cancel, -)")
        #expect(drag.outcome == .cancel)
    }

    @Test("a drag handed to another program waits handed off, and ends as that program says")
    func handOff() throws {
        let stage = Stage()
        stage.tokenTarget("tokens", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 1)
        let id = try #require(stage.scene.dragSessions.first?.id)
        let outgoing = try #require(stage.scene.handOffDragSession(id))
        let session = outgoing.session
        #expect(describe(session.state) == "handedOff")
        #expect(session.snapshot().isDropping && session.snapshot().targetNodeID == nil)
        // A drop of the scene's cannot start on a handed-off session.
        session.drop(on: stage.source)
        #expect(describe(session.state) == "handedOff")
        outgoing.finish(.copy)
        #expect(describe(session.state) == "ended(copy, -)")
        #expect(stage.ending == "ended(copy)")
    }
}
