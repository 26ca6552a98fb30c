import ContentTypes
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

@testable import DragDrop

@Suite("Drag events: what a session did, as values")
struct DragEventTests {
    @Test("a copy drop reports lift, entry, feedback, proposal, drop, loads, action and end, with their values")
    func copyDrop() async throws {
        let stage = Stage()
        let target = stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(260, 240), at: 0.7)
        await stage.scene.finishDrops()
        let session = DragSession.ID(rawValue: 1)
        #expect(stage.events.allSatisfy { $0.session == session })
        let kinds = stage.events.map(\.kind)
        #expect(
            kinds == [
                .lifted(pointerID: 1, location: point(50, 50), itemContentTypes: [[.token]]),
                .entered, .targetedChanged(true), .proposed(.copy),
                .dropped(.copy, location: point(60, 40), acceptedItemIndices: [0], itemCount: 1),
                .targetedChanged(false), .loadStarted(itemCount: 1, receiver: "Token"),
                .itemLoaded(index: 0, itemCount: 1, receiver: "Token"), .actionReturned(true),
                .ended(.copy, error: nil),
            ])
        #expect(stage.events.first?.nodeID == stage.source.id)
        #expect(stage.events.dropFirst().dropLast().allSatisfy { $0.nodeID == target.id })
        #expect(stage.events.last?.nodeID == stage.source.id)
        // Times come from the scene's clock.
        #expect(stage.events.map(\.time) == [0.5, 0.6, 0.6, 0.6, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7])
    }

    @Test("a load failure and an end carry typed errors with their codes")
    func loadFailure() async throws {
        let stage = Stage(Token(name: "bad"))
        let pane = stage.scene.root.addChild(
            "pane", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
        pane.dropDestination(for: CheckedToken.self) { _, _ in true }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        await stage.scene.finishDrops()
        let failure = stage.events.compactMap { event -> DragDropError? in
            guard case .itemFailed(0, 1, let error) = event.kind else { return nil }
            return error
        }
        #expect(failure.map(\.code) == [.loadFailed])
        #expect(failure.first?.underlyingError is TransferError)
        guard case .ended(.cancel, let error?) = stage.events.last?.kind else {
            Issue.record("the session did not end with a reason: \(stage.events.last.map { "\($0)" } ?? "nothing")")
            return
        }
        #expect(error.code == .loadFailed)
        #expect(stage.events.last?.timelineEntries.map(\.kind) == [.dragCancelled, .dragEnded])
    }

    @Test("an observer hears nothing once removed; others still hear")
    func removingAnObserver() throws {
        let stage = Stage()
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
        var heard = 0
        let token = stage.scene.onDragEvent { _ in heard += 1 }
        try stage.lift()
        #expect(heard == 1)
        stage.scene.removeObserver(token)
        try stage.move(point(250, 250), at: 0.6)
        #expect(heard == 1)
        #expect(stage.events.count == 4)
    }

    @Test("a drop action learns its own session from the scene, with two drops released at once")
    func actionsReachTheirSession() async throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        var seen: [String: DragSession.ID] = [:]
        for (index, name) in ["left", "right"].enumerated() {
            let source = scene.root.addChild(
                "\(name) source", frame: rect(CGFloat(index) * 200, 0, 100, 100),
                content: .shape(.rectangle, fill: .gray))
            source.draggable(Token(name: name))
        }
        let pane = scene.root.addChild("pane", frame: rect(0, 200, 400, 200), content: .shape(.rectangle, fill: .gray))
        pane.dropDestination(for: Token.self) { [unowned scene] tokens, _ in
            if let session = scene.currentDragSession, let token = tokens.first { seen[token.name] = session.id }
            return true
        }
        #expect(scene.currentDragSession == nil)
        try scene.send(.down, point(250, 50), at: 0, pointer: 2)
        try scene.send(.down, point(50, 50), at: 0.1, pointer: 1)
        try scene.advance(to: 0.7)
        try scene.send(.move, point(300, 300), at: 0.8, pointer: 2)
        try scene.send(.move, point(100, 300), at: 0.8, pointer: 1)
        try scene.send(.up, point(300, 300), at: 0.9, pointer: 2)
        try scene.send(.up, point(100, 300), at: 0.9, pointer: 1)
        await scene.finishDrops()
        // The right source lifted first: it is drag#1.
        #expect(seen == ["right": DragSession.ID(rawValue: 1), "left": DragSession.ID(rawValue: 2)])
        #expect(scene.currentDragSession == nil)
    }

    @Test("a callback that cancels its own session stops the coordinator at once: no proposal, a balanced target")
    func reentrantCancel() throws {
        let stage = Stage()
        let pane = stage.scene.root.addChild(
            "pane", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
        pane.dropDestination(for: Token.self) { _, _ in
            true
        } isTargeted: { [unowned stage] isTargeted in
            if isTargeted, let session = stage.scene.currentDragSession { stage.scene.cancelDragSession(session.id) }
        }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        #expect(
            stage.events.map(\.kind) == [
                .lifted(pointerID: 1, location: point(50, 50), itemContentTypes: [[.token]]),
                .entered, .targetedChanged(true), .exited, .targetedChanged(false),
                .ended(.cancel, error: DragDropError(.cancelled, "drag#1 was cancelled")),
            ])
        #expect(!pane.isDropTargeted)
    }

    @Test("the invariants hold for a valid stream and name each broken rule")
    func invariants() {
        let source = NodeID(rawValue: 1)
        let target = NodeID(rawValue: 2)
        let other = NodeID(rawValue: 3)
        func event(_ kind: DragEvent.Kind, _ node: NodeID, session: Int = 1) -> DragEvent {
            DragEvent(time: 0, session: DragSession.ID(rawValue: session), nodeID: node, nodeName: "n", kind: kind)
        }
        func firstViolation(_ events: [DragEvent]) -> String? {
            var invariants = DragInvariants()
            for event in events {
                if let violation = invariants.check(event) { return violation }
            }
            return nil
        }
        let valid = [
            event(.lifted(pointerID: 1, location: .zero, itemContentTypes: [[.token]]), source),
            event(.entered, target), event(.targetedChanged(true), target),
            event(.entered, target, session: 2),
            event(.exited, target), event(.ended(.cancel, error: nil), source),
            event(.dropped(.copy, location: .zero, acceptedItemIndices: [0], itemCount: 1), target, session: 2),
            event(.targetedChanged(false), target, session: 2), event(.ended(.copy, error: nil), source, session: 2),
        ]
        #expect(firstViolation(valid) == nil)
        #expect(firstViolation([event(.entered, target), event(.entered, other)])?.contains("while over") == true)
        #expect(firstViolation([event(.exited, target)])?.contains("was not over") == true)
        #expect(firstViolation([event(.targetedChanged(true), target)])?.contains("no session over it") == true)
        #expect(
            firstViolation([
                event(.entered, target), event(.targetedChanged(true), target), event(.targetedChanged(true), target),
            ])?
            .contains("twice") == true)
        #expect(firstViolation([event(.targetedChanged(false), target)])?.contains("without true") == true)
        #expect(
            firstViolation([
                event(.entered, target), event(.targetedChanged(true), target), event(.targetedChanged(false), target),
            ])?
            .contains("with sessions over it") == true)
        #expect(
            firstViolation([event(.entered, target), event(.ended(.cancel, error: nil), source)])?.contains(
                "ended while over") == true)
        #expect(
            firstViolation([event(.ended(.cancel, error: nil), source), event(.ended(.cancel, error: nil), source)])?
                .contains("after it ended") == true)
    }
}
