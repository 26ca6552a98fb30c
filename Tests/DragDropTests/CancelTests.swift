import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// Every way a drag session is cancelled ends it cleanly: the target's feedback is balanced, the preview is gone,
/// no session is left, and the source hears `.ended(.cancel)` with the reason.
@Suite("Cancel paths")
struct CancelTests {
    /// Balanced feedback, no session, no preview left.
    private func expectClean(_ stage: Stage, sourceLocation: SourceLocation = #_sourceLocation) {
        let trues = stage.log.lines.filter { $0.hasSuffix("isTargeted true") }.count
        let falses = stage.log.lines.filter { $0.hasSuffix("isTargeted false") }.count
        #expect(trues == falses, "isTargeted unbalanced: \(stage.log.lines)", sourceLocation: sourceLocation)
        #expect(stage.scene.dragSessions.isEmpty, sourceLocation: sourceLocation)
        #expect(!stage.scene.hasPendingDrops, sourceLocation: sourceLocation)
        #expect(
            !stage.scene.root.subtree.contains { $0.name.hasSuffix("preview") }, "a preview is left",
            sourceLocation: sourceLocation)
    }

    @Test("a pointer cancel while hovering")
    func pointerCancel() throws {
        let stage = Stage()
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.scene.send(.cancel, point(250, 250), at: 0.7)
        #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false", "source ended(cancel)"])
        #expect(stage.ending == "ended(cancel) pointer cancelled")
        expectClean(stage)
    }

    @Test("Escape while hovering a delegate's target: dropExited, and the pointer drags nothing more")
    func escape() throws {
        let stage = Stage()
        let delegate = RecordingDelegate("d", log: stage.log)
        stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
            .onDrop(of: [.token], delegate: delegate)
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.scene.send(KeyEvent(key: .escape, time: 0.7))
        try stage.move(point(260, 250), at: 0.8)
        try stage.release(point(260, 250), at: 0.9)
        #expect(
            stage.log.lines == [
                "d validate 50,50", "d entered providers 0", "d updated 50,50", "d exited", "source ended(cancel)",
            ])
        #expect(stage.ending == "ended(cancel) cancelled")
        #expect(
            stage.dragLog.suffix(2) == [
                "source drag.cancelled drag#1 cancelled: Escape was pressed", "source drag.ended drag#1 cancel",
            ])
        expectClean(stage)
    }

    @Test("a release over no target")
    func releaseOverNothing() throws {
        let stage = Stage()
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.move(point(150, 350), at: 0.7)
        try stage.release(point(150, 350), at: 0.8)
        #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false", "source ended(cancel)"])
        #expect(stage.ending == "ended(cancel) no target")
        #expect(stage.updates.last?.error?.message == "released over no drop target at (150, 350)")
        expectClean(stage)
    }

    @Test("a release over a target that proposes .cancel")
    func targetCancels() async throws {
        let stage = Stage()
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100)).dropConfiguration { _ in
            DropConfiguration(operation: .cancel)
        }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        await stage.scene.finishDrops()
        #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false", "source ended(cancel)"])
        #expect(stage.ending == "ended(cancel) refused")
        expectClean(stage)
    }

    @Test("the hovered target is removed, alone or with its container")
    func targetRemoved() throws {
        for removeContainer in [false, true] {
            let stage = Stage()
            let box = stage.scene.root.addChild("box", frame: rect(150, 150, 200, 200))
            let pane = stage.tokenTarget("pane", frame: rect(50, 50, 100, 100), in: box)
            try stage.lift()
            try stage.move(point(250, 250), at: 0.6)
            if removeContainer { box.removeFromParent() } else { pane.removeFromParent() }
            #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false", "source ended(cancel)"])
            #expect(stage.ending == "ended(cancel) target removed")
            try stage.move(point(260, 260), at: 0.7)
            try stage.release(point(260, 260), at: 0.8)
            #expect(stage.log.lines.count == 3)
            expectClean(stage)
        }
    }

    @Test("a delegate's removed target hears dropExited")
    func delegateTargetRemoved() throws {
        let stage = Stage()
        let delegate = RecordingDelegate("d", log: stage.log)
        let pane = stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100)).contentShape(Rectangle())
            .onDrop(of: [.token], delegate: delegate)
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        pane.removeFromParent()
        #expect(stage.log.lines.suffix(2) == ["d exited", "source ended(cancel)"])
        expectClean(stage)
    }

    @Test("the source, or its container, is removed while dragging")
    func sourceRemoved() throws {
        for removeContainer in [false, true] {
            let scene = Scene(size: CGSize(width: 400, height: 400))
            let log = Log()
            let box = scene.root.addChild("box", frame: rect(0, 0, 200, 200))
            let source = box.addChild("source", frame: rect(0, 0, 100, 100), content: .shape(.rectangle, fill: .red))
            source.draggable(Token(name: "a")).onDragSessionUpdated { session in
                if case .ended = session.phase {
                    log.add("source \(session.phase) \(session.error?.code.rawValue ?? "")")
                }
            }
            scene.root.addChild("pane", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
                .dropDestination(for: Token.self) { _, _ in
                    log.add("action")
                    return true
                } isTargeted: {
                    log.add("isTargeted \($0)")
                }
            try scene.send(.down, point(50, 50), at: 0)
            try scene.advance(to: 0.5)
            try scene.send(.move, point(250, 250), at: 0.6)
            if removeContainer { box.removeFromParent() } else { source.removeFromParent() }
            #expect(log.lines == ["isTargeted true", "isTargeted false", "source ended(cancel) source removed"])
            try scene.send(.up, point(250, 250), at: 0.7)
            #expect(!scene.hasPendingDrops)
            #expect(scene.dragSessions.isEmpty)
            #expect(scene.root.children.map(\.name) == (removeContainer ? ["pane"] : ["box", "pane"]))
        }
    }

    @Test("cancelDragSession(_:) cancels one session and leaves the other")
    func cancelOneSession() throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        var endings: [String] = []
        for index in 0..<2 {
            scene.root.addChild(
                "s\(index)", frame: rect(CGFloat(index) * 100, 0, 100, 100), content: .shape(.circle, fill: .red)
            )
            .draggable(Token(name: "t\(index)"))
            .onDragSessionUpdated { session in
                if case .ended = session.phase {
                    endings.append("s\(index) \(session.phase) \(session.error?.code.rawValue ?? "")")
                }
            }
        }
        try scene.send(.down, point(50, 50), at: 0, pointer: 1)
        try scene.send(.down, point(150, 50), at: 0, pointer: 2)
        try scene.advance(to: 0.5)
        let first = try #require(scene.dragSessions.first)
        scene.cancelDragSession(first.id)
        #expect(endings == ["s0 ended(cancel) cancelled"])
        #expect(scene.dragSessions.map(\.pointerID) == [2])
    }

    @Test("Escape while a drop's items are loading cancels the loads; the action never runs")
    func escapeWhileLoading() async throws {
        let stage = Stage(Token(name: "escape-600000"))
        // The load runs on threads of its own. (The source's export, which it waits for, runs on a cooperative
        // thread: an unstructured task does not inherit the executor preference; see waitUntil.)
        stage.scene.dropLoadingExecutor = CountingExecutor()
        stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
            .dropDestination(for: SlowToken.self) { [log = stage.log] _, _ in
                log.add("action")
                return true
            } isTargeted: { [log = stage.log] in
                log.add("pane isTargeted \($0)")
            }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        let session = try #require(stage.scene.dragSessions.first)
        #expect(session.isDropping)
        #expect(session.loadProgress == DropProgress(completedItemCount: 0, totalItemCount: 1))
        // Once the ten-minute load is under way, Escape stops it: its task is cancelled. (A shorter load could end
        // by itself before this test runs again: the suites beside it can hold every cooperative thread for seconds.)
        try await waitUntil { SlowToken.started.withLock { $0.contains("escape-600000") } }
        try stage.scene.send(KeyEvent(key: .escape, time: 0.8))
        let finished = await stage.scene.finishDrops()
        #expect(finished.isEmpty)
        try await waitUntil { SlowToken.cancelled.withLock { $0.contains("escape-600000") } }
        #expect(SlowToken.cancelled.withLock { $0.contains("escape-600000") })
        #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false", "source ended(cancel)"])
        #expect(stage.ending == "ended(cancel) cancelled")
        expectClean(stage)
    }

    @Test("the target is removed while its drop is loading: the action never runs")
    func targetRemovedWhileLoading() async throws {
        let stage = Stage()
        let pane = stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        pane.removeFromParent()
        #expect(await stage.scene.finishDrops().isEmpty)
        #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false", "source ended(cancel)"])
        #expect(stage.ending == "ended(cancel) target removed")
        expectClean(stage)
    }
}
