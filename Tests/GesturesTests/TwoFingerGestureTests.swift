import Foundation
import Gestures
import TestSupport
import Testing

@Suite("MagnifyGesture and RotateGesture")
struct TwoFingerGestureTests {
    /// Two fingers 100 points apart, horizontally, around the box's centre.
    private func pinchStart(_ scene: Scene, at time: Double = 0) throws {
        try scene.send(.down, point(150, 200), at: time, pointer: 1)
        try scene.send(.down, point(250, 200), at: time + 0.01, pointer: 2)
    }

    @Test func magnificationJustUnderDeltaStaysPossible() throws {
        let (scene, box) = makeBoxScene()
        var values: [CGFloat] = []
        box.gesture(MagnificationGesture().onChanged { values.append($0) })
        try pinchStart(scene)
        try scene.send(.move, point(250.99, 200), at: 0.1, pointer: 2)
        #expect(values.isEmpty)
        try scene.send(.move, point(251, 200), at: 0.2, pointer: 2)
        #expect(values.count == 1)
        #expect(abs((values.first ?? 0) - 1.01) < 1e-12)
    }

    @Test func magnifyValueAndEnd() throws {
        let (scene, box) = makeBoxScene()
        var ended: MagnifyGesture.Value?
        var changed: [MagnifyGesture.Value] = []
        box.gesture(MagnifyGesture().onChanged { changed.append($0) }.onEnded { ended = $0 })
        try pinchStart(scene)
        try scene.send(.move, point(100, 200), at: 0.26, pointer: 1)
        try scene.send(.move, point(300, 200), at: 0.51, pointer: 2)
        let last = try #require(changed.last)
        #expect(last.magnification == 2)
        #expect(last.velocity == 2)
        #expect(last.startLocation == point(100, 100))
        #expect(last.startAnchor == .center)
        try scene.send(.up, point(300, 200), at: 0.6, pointer: 2)
        #expect(ended?.magnification == 2)
        try scene.send(.up, point(100, 200), at: 0.7, pointer: 1)
        #expect(changed.count == 2)
    }

    @Test func oneFingerPinchFails() throws {
        let (scene, box) = makeBoxScene()
        var events = 0
        box.gesture(MagnificationGesture().onChanged { _ in events += 1 }.onEnded { _ in events += 1 })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(300, 300), at: 0.1)
        try scene.send(.up, point(300, 300), at: 0.2)
        #expect(events == 0)
    }

    @Test func mouseCannotPinch() throws {
        let (scene, box) = makeBoxScene()
        var events = 0
        box.gesture(MagnifyGesture().onChanged { _ in events += 1 })
        try scene.send(.down, point(150, 200), at: 0, pointer: 1, kind: .mouse(.primary))
        try scene.send(.down, point(250, 200), at: 0, pointer: 2)
        try scene.send(.move, point(290, 200), at: 0.1, pointer: 2)
        #expect(events == 0)
    }

    @Test func rotationThreshold() throws {
        let (scene, box) = makeBoxScene()
        var angles: [Angle] = []
        box.gesture(RotationGesture().onChanged { angles.append($0) })
        try pinchStart(scene)
        let below = Angle.degrees(0.99).radians
        try scene.send(.move, point(150 + 100 * cos(below), 200 + 100 * sin(below)), at: 0.1, pointer: 2)
        #expect(angles.isEmpty)
        let above = Angle.degrees(1.01).radians
        try scene.send(.move, point(150 + 100 * cos(above), 200 + 100 * sin(above)), at: 0.2, pointer: 2)
        #expect(angles.count == 1)
        #expect(abs((angles.first?.degrees ?? 0) - 1.01) < 1e-9)
    }

    @Test func rotationFollowsPastHalfATurn() throws {
        let (scene, box) = makeBoxScene()
        var value: RotateGesture.Value?
        box.gesture(RotateGesture().onChanged { value = $0 })
        try pinchStart(scene)
        // Turn the right finger around the left one in 45° steps to 270° (past ±180°).
        for step in 1...6 {
            let angle = Angle.degrees(45 * Double(step)).radians
            try scene.send(
                .move, point(150 + 100 * cos(angle), 200 + 100 * sin(angle)), at: 0.125 * Double(step), pointer: 2)
        }
        #expect(abs((value?.rotation.degrees ?? 0) - 270) < 1e-9)
        #expect(abs((value?.velocity.degrees ?? 0) - 360) < 1e-6)
    }
}
