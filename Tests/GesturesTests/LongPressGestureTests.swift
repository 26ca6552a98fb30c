import Foundation
import Gestures
import TestSupport
import Testing

@Suite("LongPressGesture")
struct LongPressGestureTests {
    private func pressScene(_ gesture: LongPressGesture = LongPressGesture()) -> (Scene, Log) {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            gesture
                .onChanged { log.add("changed \($0) \(scene.currentTime)") }
                .onEnded { log.add("ended \($0) \(scene.currentTime)") })
        return (scene, log)
    }

    @Test func activeFromTouchDown() throws {
        let (scene, log) = pressScene()
        try scene.send(.down, center, at: 0)
        #expect(log.lines == ["changed true 0.0"])
    }

    @Test func endsWhenTheDurationElapsesNotAtRelease() throws {
        let (scene, log) = pressScene()
        try scene.send(.down, center, at: 0)
        try scene.advance(to: 0.499)
        #expect(log.lines == ["changed true 0.0"])
        try scene.advance(to: 0.5)
        #expect(log.lines == ["changed true 0.0", "ended true 0.5"])
        try scene.send(.up, center, at: 2)
        #expect(log.lines.count == 2)
    }

    @Test func releaseBeforeTheDurationFails() throws {
        let (scene, log) = pressScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.up, center, at: 0.499)
        try scene.advance(to: 1)
        #expect(log.lines == ["changed true 0.0"])
    }

    @Test func releaseAtTheDurationEnds() throws {
        let (scene, log) = pressScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.up, center, at: 0.5)
        #expect(log.lines == ["changed true 0.0", "ended true 0.5"])
    }

    @Test func movingJustUnderMaximumDistanceKeepsIt() throws {
        let (scene, log) = pressScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 209.99), at: 0.25)
        try scene.advance(to: 0.5)
        #expect(log.lines.last == "ended true 0.5")
    }

    @Test func movingMaximumDistanceFails() throws {
        let (scene, log) = pressScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(206, 208), at: 0.25)
        try scene.advance(to: 1)
        #expect(log.lines == ["changed true 0.0"])
    }

    @Test func customDurationAndDistance() throws {
        let (scene, log) = pressScene(LongPressGesture(minimumDuration: 1, maximumDistance: 30))
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(229, 200), at: 0.5)
        try scene.advance(to: 0.999)
        #expect(log.lines == ["changed true 0.0"])
        try scene.advance(to: 1)
        #expect(log.lines.last == "ended true 1.0")
    }

    @Test func zeroDurationEndsInTheDownStep() throws {
        let (scene, log) = pressScene(LongPressGesture(minimumDuration: 0))
        try scene.send(.down, center, at: 0.25)
        #expect(log.lines == ["changed true 0.25", "ended true 0.25"])
    }
}
