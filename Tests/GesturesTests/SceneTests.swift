import Foundation
import Gestures
import TestSupport
import Testing

@Suite("Scene")
struct SceneTests {
    enum Marker: AttachmentKey {
        typealias Value = String
    }

    @Test func deadlinesRunInTimeOrderThenSchedulingOrder() throws {
        let scene = Scene(size: CGSize(width: 100, height: 100))
        let log = Log()
        scene.schedule(at: 2) { log.add("b \(scene.currentTime)") }
        scene.schedule(at: 1) { log.add("a \(scene.currentTime)") }
        scene.schedule(at: 2) { log.add("c \(scene.currentTime)") }
        let cancelled = scene.schedule(at: 1.5) { log.add("never") }
        scene.cancel(cancelled)
        try scene.advance(to: 1.999)
        #expect(log.lines == ["a 1.0"])
        try scene.advance(to: 2)
        #expect(log.lines == ["a 1.0", "b 2.0", "c 2.0"])
        #expect(scene.currentTime == 2)
    }

    @Test func externalDeadlinesInterleaveWithGestureDeadlines() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(LongPressGesture(minimumDuration: 1).onEnded { _ in log.add("press") })
        scene.schedule(at: 0.5) { log.add("early") }
        scene.schedule(at: 1.5) { log.add("late") }
        try scene.send(.down, center, at: 0)
        try scene.advance(to: 2)
        #expect(log.lines == ["early", "press", "late"])
    }

    @Test func badInputIsATypedError() throws {
        let scene = Scene(size: CGSize(width: 100, height: 100))
        try scene.advance(to: 1)
        #expect(throws: GestureInputError.self) { try scene.advance(to: 0.5) }
        do {
            try scene.send(.down, point(1, 1), at: 0.5)
            Issue.record("no error")
        } catch let error as GestureInputError {
            #expect(error.code == .timeWentBackwards)
            #expect(error.message.contains("pointer 1 down at time 0.5"))
        }
        #expect(throws: GestureInputError(.pointerNotDown, "pointer 1 move at time 1.0: the pointer is not down")) {
            try scene.send(.move, point(1, 1), at: 1)
        }
        try scene.send(.down, point(1, 1), at: 1)
        #expect(throws: GestureInputError.self) { try scene.send(.down, point(1, 1), at: 1) }
        #expect(throws: GestureInputError.self) { try scene.send(.move, point(.nan, 1), at: 1) }
        #expect(scene.pointersDown == [1])
    }

    @Test func keyEventsReachObservers() throws {
        let scene = Scene(size: CGSize(width: 100, height: 100))
        var keys: [KeyEvent.Key] = []
        let token = scene.onKeyEvent { keys.append($0.key) }
        try scene.send(KeyEvent(key: .escape, time: 1))
        scene.removeObserver(token)
        try scene.send(KeyEvent(key: .space, time: 2))
        #expect(keys == [.escape])
        #expect(scene.currentTime == 2)
    }

    @Test func removingANodeCancelsItsGesturesAndNotifies() throws {
        let (scene, box) = makeBoxScene()
        let child = box.addChild("child", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let state = GestureState(wrappedValue: 0)
        var ended = false
        var removed: [String] = []
        scene.onNodeRemoved { removed.append($0.name) }
        box.gesture(DragGesture(minimumDistance: 0).updating(state) { _, s, _ in s = 1 }.onEnded { _ in ended = true })
        try scene.send(.down, center, at: 0)
        #expect(state.wrappedValue == 1)
        box.removeFromParent()
        #expect(state.wrappedValue == 0)
        #expect(removed == ["box", "child"])
        try scene.send(.up, center, at: 0.1)
        #expect(!ended)
        #expect(!child.isInScene)
        #expect(scene.node(box.id) == nil)
    }

    @Test func pointerCancelObservers() throws {
        let (scene, box) = makeBoxScene()
        var phases: [String] = []
        box.gesture(
            DragGesture(minimumDistance: 0).onPhaseChange { if case .cancelled = $0 { phases.append("cancelled") } })
        scene.onPointerCancelled { _ in phases.append("observer") }
        try scene.send(.down, center, at: 0)
        try scene.send(.cancel, center, at: 0.1)
        #expect(phases == ["cancelled", "observer"])
        #expect(scene.pointersDown.isEmpty)
    }

    @Test func cancelAllGesturesResetsStates() throws {
        let (scene, box) = makeBoxScene()
        let state = GestureState(wrappedValue: false)
        box.gesture(LongPressGesture().updating(state) { value, s, _ in s = value })
        try scene.send(.down, center, at: 0)
        #expect(state.wrappedValue)
        scene.cancelAllGestures()
        #expect(!state.wrappedValue)
    }

    @Test func systemEdgeGestureWinsUnlessDeferred() throws {
        for deferred in [false, true] {
            let scene = Scene(size: CGSize(width: 400, height: 800))
            scene.systemGestureEdges = .vertical
            let full = scene.root.addChild("full", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
                .contentShape(Rectangle())
            var drags = 0
            var system: [Edge] = []
            scene.onSystemGesture { system.append($0) }
            full.gesture(DragGesture().onChanged { _ in drags += 1 })
            if deferred { full.defersSystemGestures(on: .vertical) }
            try scene.send(.down, point(200, 790), at: 0)
            try scene.send(.move, point(200, 760), at: 0.1)
            try scene.send(.up, point(200, 760), at: 0.2)
            #expect(drags == (deferred ? 1 : 0))
            #expect(system == (deferred ? [] : [.bottom]))
            // Away from the edges the app always wins.
            try scene.send(.down, point(200, 400), at: 1)
            try scene.send(.move, point(200, 370), at: 1.1)
            #expect(drags == (deferred ? 2 : 1))
        }
    }

    @Test func systemEdgeJustInsideTheEdgeZone() throws {
        let scene = Scene(size: CGSize(width: 400, height: 800))
        scene.systemGestureEdges = .top
        let full = scene.root.addChild("full", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            .contentShape(Rectangle())
        var drags = 0
        full.gesture(DragGesture().onChanged { _ in drags += 1 })
        try scene.send(.down, point(200, 19.99), at: 0)
        try scene.send(.move, point(200, 50), at: 0.1)
        #expect(drags == 0)
    }

    @Test func systemEdgeJustOutsideTheEdgeZone() throws {
        let scene = Scene(size: CGSize(width: 400, height: 800))
        scene.systemGestureEdges = .top
        let full = scene.root.addChild("full", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            .contentShape(Rectangle())
        var drags = 0
        full.gesture(DragGesture().onChanged { _ in drags += 1 })
        try scene.send(.down, point(200, 20), at: 0)
        try scene.send(.move, point(200, 50), at: 0.1)
        #expect(drags == 1)
    }

    @Test func attachmentsAndExtensions() {
        let (scene, box) = makeBoxScene()
        #expect(box[attachment: Marker.self] == nil)
        box[attachment: Marker.self] = "target"
        scene[extension: Marker.self] = "session"
        #expect(box[attachment: Marker.self] == "target")
        #expect(scene[extension: Marker.self] == "session")
        #expect(scene.node(named: "box") === box)
        #expect(box.id == NodeID(rawValue: 1))
        #expect(scene.root.id == NodeID(rawValue: 0))
    }

    @Test func timelineRecordsPhasesCallbacksAndOtherModulesEntries() throws {
        let (scene, box) = makeBoxScene()
        scene.isRecording = true
        box.gesture(TapGesture().onEnded {})
        try scene.tap(at: center, time: 0)
        scene.record(TimelineEntry.Kind("drop.entered"), node: box, value: "public.png")
        let lines = scene.timeline.entries.map(\.description)
        #expect(
            lines == [
                "0.000  box#1  pointer  touch 1 down (200, 200)",
                "0.100  pointer  touch 1 up (200, 200)",
                "0.100  box#1  TapGesture  onEnded  ()",
                "0.100  box#1  TapGesture  ended",
                "0.100  box#1  drop.entered  public.png",
            ])
    }

    @Test func bodiesRunAfterCallbacksWithTheirAnimations() throws {
        let (scene, box) = makeBoxScene()
        scene.isRecording = true
        final class Model {
            var isPressed = false
            @GestureState var dim = false
        }
        let model = Model()
        box.bind { node in
            node.scaleEffect(model.isPressed ? 0.5 : 1)
                .animation(.easeInOut, value: model.isPressed)
                .opacity(model.dim ? 0.4 : 1)
                .gesture(
                    LongPressGesture(minimumDuration: 0.25)
                        .updating(model.$dim) { value, state, transaction in
                            state = value
                            transaction.animation = .linear(duration: 1)
                        }
                        .onEnded { _ in model.isPressed.toggle() })
        }
        try scene.send(.down, center, at: 0)
        #expect(box.opacity == 0.4)
        try scene.advance(to: 0.25)
        #expect(box.scale == CGSize(width: 0.5, height: 0.5))
        #expect(box.opacity == 1)
        let changes = scene.timeline.entries(of: .property).map { "\($0.value) \($0.animation.map { "\($0)" } ?? "-")" }
        #expect(
            changes == [
                "opacity 0.4 linear(duration: 1)", "scaleEffect 0.5 easeInOut(duration: 0.35)", "opacity 1 -",
            ])
    }

    @Test func withAnimationRecordsTheAnimation() {
        let (scene, box) = makeBoxScene()
        scene.isRecording = true
        withAnimation(.spring(response: 0.3, dampingFraction: 0.6)) { box.offset = CGSize(width: 10, height: 0) }
        #expect(scene.timeline.entries.last?.animation == .spring(response: 0.3, dampingFraction: 0.6))
    }
}
