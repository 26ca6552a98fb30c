import Foundation
import Gestures
import TestSupport
import Testing

@Suite("DragGesture")
struct DragGestureTests {
    private func dragScene(_ gesture: DragGesture = DragGesture()) -> (Scene, Log, Box) {
        let (scene, box) = makeBoxScene()
        let log = Log()
        let values = Box()
        box.gesture(
            gesture
                .onChanged {
                    values.changed.append($0)
                    log.add("changed")
                }
                .onEnded {
                    values.ended.append($0)
                    log.add("ended")
                })
        return (scene, log, values)
    }

    final class Box {
        var changed: [DragGesture.Value] = []
        var ended: [DragGesture.Value] = []
    }

    @Test func possibleJustUnderMinimumDistance() throws {
        let (scene, log, _) = dragScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200 + 9.99, 200), at: 0.1)
        #expect(log.lines.isEmpty)
        try scene.send(.up, point(200 + 9.99, 200), at: 0.2)
        #expect(log.lines.isEmpty)
    }

    @Test func activeAtMinimumDistance() throws {
        let (scene, log, values) = dragScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(206, 208), at: 0.125)
        #expect(log.lines == ["changed"])
        #expect(values.changed.first?.translation == CGSize(width: 6, height: 8))
    }

    @Test func minimumDistanceIsEuclideanInSceneSpace() throws {
        let (scene, box) = makeBoxScene()
        box.scaleEffect(4)
        var changed = 0
        box.gesture(DragGesture().onChanged { _ in changed += 1 })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(207, 207), at: 0.1)
        #expect(changed == 0)
        try scene.send(.move, point(208, 206), at: 0.2)
        #expect(changed == 1)
    }

    @Test func valueFields() throws {
        let (scene, _, values) = dragScene()
        try scene.send(.down, point(150, 150), at: 1)
        try scene.send(.move, point(170, 150), at: 1.25)
        try scene.send(.move, point(190, 150), at: 1.5)
        let value = try #require(values.changed.last)
        #expect(value.time == Date(timeIntervalSinceReferenceDate: 1.5))
        #expect(value.startLocation == point(50, 50))
        #expect(value.location == point(90, 50))
        #expect(value.translation == CGSize(width: 40, height: 0))
        #expect(value.velocity == CGSize(width: 80, height: 0))
        #expect(value.predictedEndLocation == point(110, 50))
        #expect(value.predictedEndTranslation == CGSize(width: 60, height: 0))
    }

    @Test func endsOnReleaseWithTheReleaseLocation() throws {
        let (scene, log, values) = dragScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 250), at: 0.25)
        try scene.send(.up, point(200, 260), at: 0.5)
        // The release ends the drag with its location; onChanged does not run for the ended phase.
        #expect(log.lines == ["changed", "ended"])
        #expect(values.ended.first?.translation == CGSize(width: 0, height: 60))
        #expect(values.ended.first?.velocity == CGSize(width: 0, height: 40))
    }

    @Test func zeroMinimumDistanceIsActiveAtTouchDown() throws {
        let (scene, log, values) = dragScene(DragGesture(minimumDistance: 0))
        try scene.send(.down, center, at: 0)
        #expect(log.lines == ["changed"])
        #expect(values.changed.first?.translation == .zero)
    }

    @Test func coordinateSpaces() throws {
        let scene = Scene(size: CGSize(width: 400, height: 800))
        let panel = scene.root.addChild("panel", frame: CGRect(x: 50, y: 60, width: 300, height: 300))
            .coordinateSpace(name: "panel")
        let box = panel.addChild(
            "box", frame: CGRect(x: 10, y: 20, width: 100, height: 100), content: .shape(.rectangle, fill: .red))
        var locations: [String: CGPoint] = [:]
        box.simultaneousGesture(DragGesture(minimumDistance: 0).onChanged { locations["local"] = $0.location })
        box.simultaneousGesture(
            DragGesture(minimumDistance: 0, coordinateSpace: .global).onChanged { locations["global"] = $0.location })
        box.simultaneousGesture(
            DragGesture(minimumDistance: 0, coordinateSpace: .named("panel")).onChanged {
                locations["panel"] = $0.location
            })
        try scene.send(.down, point(100, 100), at: 0)
        #expect(locations["local"] == point(40, 20))
        #expect(locations["global"] == point(100, 100))
        #expect(locations["panel"] == point(50, 40))
    }

    @Test func onlyThePrimaryMouseButtonDrags() throws {
        let (scene, log, _) = dragScene()
        try scene.send(.down, center, at: 0, kind: .mouse(.middle))
        try scene.send(.move, point(200, 300), at: 0.1, kind: .mouse(.middle))
        #expect(log.lines.isEmpty)
    }
}
