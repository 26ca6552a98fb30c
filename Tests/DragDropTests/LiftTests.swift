import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// Counts the payloads a draggable makes.
final class Counter {
    private(set) var count = 0

    func make(_ name: String) -> Token {
        count += 1
        return Token(name: name)
    }
}

@Suite("Lifting a draggable node")
struct LiftTests {
    private func scene() -> (Scene, Node, Counter) {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let node = scene.root.addChild("source", frame: rect(0, 0, 100, 100), content: .shape(.circle, fill: .red))
        let counter = Counter()
        node.draggable(counter.make("a"))
        return (scene, node, counter)
    }

    @Test("a touch lifts after 0.5 s of pressing, and the payload is made then, not before")
    func touchLiftsAfterThePress() throws {
        let (scene, _, counter) = scene()
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.499)
        #expect(counter.count == 0)
        #expect(scene.dragSessions.isEmpty)
        try scene.advance(to: 0.5)
        #expect(counter.count == 1)
        let session = try #require(scene.dragSessions.first)
        #expect(session.sceneLocation == point(50, 50))
        #expect(session.pointerID == 1)
        #expect(session.itemContentTypes == [[.token]])
        try scene.send(.move, point(120, 80), at: 0.6)
        #expect(scene.dragSessions.first?.sceneLocation == point(120, 80))
        #expect(scene.dragSessions.first?.location == point(120, 80))
        #expect(counter.count == 1)
    }

    @Test("a touch that moves 10 points before the press completes does not lift; 9.9 points does")
    func touchMovingTooFarFails() throws {
        let (scene, _, counter) = scene()
        try scene.send(.down, point(50, 50), at: 0)
        try scene.send(.move, point(56, 58), at: 0.2)  // 10 points away
        try scene.advance(to: 1)
        #expect(scene.dragSessions.isEmpty)
        #expect(counter.count == 0)
        try scene.send(.up, point(56, 58), at: 1.1)

        try scene.send(.down, point(50, 50), at: 2)
        try scene.send(.move, point(56, 57.9), at: 2.2)
        try scene.advance(to: 2.5)
        #expect(scene.dragSessions.count == 1)
    }

    @Test("a mouse lifts once it has moved 10 points (Euclidean) with the primary button down")
    func mouseLiftsAtTenPoints() throws {
        let (scene, _, counter) = scene()
        let mouse = PointerKind.mouse(.primary)
        try scene.send(.down, point(50, 50), at: 0, kind: mouse)
        try scene.send(.move, point(56, 57.99), at: 0.1, kind: mouse)
        #expect(scene.dragSessions.isEmpty)
        try scene.send(.move, point(56, 58), at: 0.2, kind: mouse)
        #expect(scene.dragSessions.map(\.sceneLocation) == [point(56, 58)])
        #expect(counter.count == 1)
    }

    @Test("the secondary mouse button does not lift")
    func secondaryButtonDoesNotLift() throws {
        let (scene, _, _) = scene()
        let mouse = PointerKind.mouse(.secondary)
        try scene.send(.down, point(50, 50), at: 0, kind: mouse)
        try scene.send(.move, point(90, 90), at: 0.2, kind: mouse)
        try scene.advance(to: 1)
        #expect(scene.dragSessions.isEmpty)
    }

    @Test("lift thresholds are configurable per source")
    func customThresholds() throws {
        let (scene, node, _) = scene()
        node.dragLift(DragLift(minimumPressDuration: 1, maximumPressDistance: 4, minimumPointerDistance: 25))
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.9)
        #expect(scene.dragSessions.isEmpty)
        try scene.advance(to: 1)
        #expect(scene.dragSessions.count == 1)
        try scene.send(.up, point(50, 50), at: 1.1)

        let mouse = PointerKind.mouse(.primary)
        try scene.send(.down, point(50, 50), at: 2, kind: mouse)
        try scene.send(.move, point(50, 74), at: 2.1, kind: mouse)
        #expect(scene.dragSessions.isEmpty)
        try scene.send(.move, point(50, 75), at: 2.2, kind: mouse)
        #expect(scene.dragSessions.count == 1)
    }

    @Test("a tap on a draggable node still taps, by touch and by mouse")
    func tapStillWorks() throws {
        let (scene, node, counter) = scene()
        var taps = 0
        node.onTapGesture { taps += 1 }
        try scene.tap(at: point(50, 50), time: 0, duration: 0.2)
        try scene.tap(at: point(50, 50), time: 1, duration: 0.2, kind: .mouse(.primary))
        #expect(taps == 2)
        #expect(counter.count == 0)
        // A press long enough to lift is a drag, not a tap.
        try scene.send(.down, point(50, 50), at: 2)
        try scene.advance(to: 2.6)
        try scene.send(.up, point(50, 50), at: 2.7)
        #expect(taps == 2)
        #expect(counter.count == 1)
    }

    @Test("the lift wins over the node's own drag gesture once it lifts")
    func liftWinsOverADragGesture() throws {
        let (scene, node, _) = scene()
        var changes = 0
        node.gesture(DragGesture(minimumDistance: 0).onChanged { _ in changes += 1 })
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        try scene.send(.move, point(150, 150), at: 0.6)
        #expect(scene.dragSessions.count == 1)
        #expect(changes == 0)
    }

    @Test("a disabled draggable does not lift")
    func disabledDoesNotLift() throws {
        let (scene, node, _) = scene()
        node.disabled(true)
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 1)
        #expect(scene.dragSessions.isEmpty)
    }

    @Test("calling draggable again replaces the payload; one lift still makes one session")
    func draggableTwice() throws {
        let (scene, node, _) = scene()
        let second = Counter()
        node.draggable(second.make("b"))
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        #expect(scene.dragSessions.count == 1)
        #expect(second.count == 1)
    }

    @Test("a draggable declared in a node's body keeps working as the body runs again")
    func draggableInABody() throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        final class Model { var runs = 0 }
        let model = Model()
        let node = scene.root.addChild("source", frame: rect(0, 0, 100, 100), content: .shape(.circle, fill: .red))
        node.bind { node in
            model.runs += 1
            node.draggable(Token(name: "run \(model.runs)"))
        }
        scene.update()
        scene.update()
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        #expect(scene.dragSessions.count == 1)
        try scene.send(.up, point(50, 50), at: 0.6)
        try scene.send(.down, point(50, 50), at: 1)
        try scene.advance(to: 1.5)
        #expect(scene.dragSessions.count == 1)
    }

    @Test("draggable called again and again from a parent's body adds no lift gesture after the first")
    func draggableFromAParentsBody() throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        scene.isRecording = true
        final class Model { var runs = 0 }
        let model = Model()
        let child = scene.root.addChild("source", frame: rect(0, 0, 100, 100), content: .shape(.circle, fill: .red))
        scene.root.bind { _ in
            model.runs += 1
            child.draggable(Token(name: "run \(model.runs)"))
        }
        for _ in 0..<5 { scene.update() }
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        #expect(scene.dragSessions.count == 1)
        // One lift gesture on the node: no gesture left behind by an earlier call is made and fails.
        let failed = scene.timeline.entries.filter { $0.nodeName == "source" && $0.kind == .failed }
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test("the default preview copies the source's content and size, centred at the pointer, and is not hit")
    func defaultPreview() throws {
        let (scene, _, _) = scene()
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        let id = try #require(scene.dragSessions.first?.previewNodeID)
        let preview = try #require(scene.node(id))
        #expect(preview.parent === scene.root)
        #expect(scene.root.children.last === preview)
        #expect(preview.content == .shape(.circle, fill: .red))
        #expect(preview.frame == rect(0, 0, 100, 100))
        #expect(!preview.allowsHitTesting)
        try scene.send(.move, point(300, 220), at: 0.6)
        #expect(preview.frame == rect(250, 170, 100, 100))
        #expect(scene.hitTest(point(300, 220)) !== preview)
        try scene.send(.up, point(300, 220), at: 0.7)
        #expect(!preview.isInScene)
        #expect(scene.node(id) == nil)
    }

    @Test("a custom preview is the node the closure fills in")
    func customPreview() throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let node = scene.root.addChild("source", frame: rect(0, 0, 100, 100), content: .shape(.circle, fill: .red))
        node.draggable(Token(name: "a")) { preview in
            preview.content(.image("scope", tint: nil)).frame(rect(0, 0, 50, 40))
        }
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        let preview = try #require(scene.dragSessions.first?.previewNodeID.flatMap { scene.node($0) })
        #expect(preview.content == .image("scope", tint: nil))
        #expect(preview.frame == rect(25, 30, 50, 40))
        try scene.send(.move, point(200, 100), at: 0.6)
        #expect(preview.frame == rect(175, 80, 50, 40))
    }

    @Test("the source hears initial at lift and active on every move")
    func sourceUpdates() throws {
        let stage = Stage()
        try stage.lift()
        try stage.move(point(150, 150), at: 0.6)
        try stage.move(point(160, 150), at: 0.7)
        #expect(stage.updates.map(\.phase) == [.initial, .active, .active])
        #expect(stage.updates.map(\.location) == [point(50, 50), point(150, 150), point(160, 150)])
        #expect(stage.updates.map(\.id) == Array(repeating: DragSession.ID(rawValue: 1), count: 3))
    }
}
