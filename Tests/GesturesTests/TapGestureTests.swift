import Foundation
import Gestures
import TestSupport
import Testing

@Suite("TapGesture")
struct TapGestureTests {
    private func tapScene(count: Int = 1) -> (Scene, Log) {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(TapGesture(count: count).onEnded { log.add("tap \(scene.currentTime)") })
        return (scene, log)
    }

    @Test func endsOnRelease() throws {
        let (scene, log) = tapScene()
        try scene.send(.down, center, at: 0)
        #expect(log.lines.isEmpty)
        try scene.send(.up, center, at: 0.1)
        #expect(log.lines == ["tap 0.1"])
    }

    @Test func moveJustUnderSlopStillTaps() throws {
        let (scene, log) = tapScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200 + 44.99, 200), at: 0.05)
        try scene.send(.up, point(200 + 44.99, 200), at: 0.1)
        #expect(log.lines == ["tap 0.1"])
    }

    @Test func moveOfSlopFails() throws {
        let (scene, log) = tapScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 245), at: 0.05)
        try scene.send(.move, center, at: 0.06)
        try scene.send(.up, center, at: 0.1)
        #expect(log.lines.isEmpty)
    }

    @Test func releaseAtSlopFails() throws {
        let (scene, log) = tapScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.up, point(227, 236), at: 0.1)
        #expect(log.lines.isEmpty)
        try scene.send(.down, center, at: 1)
        try scene.send(.up, point(226.99, 236), at: 1.1)
        #expect(log.lines == ["tap 1.1"])
    }

    @Test func pressJustUnderMaximumDurationTaps() throws {
        let (scene, log) = tapScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.up, center, at: 0.749)
        #expect(log.lines == ["tap 0.749"])
    }

    @Test func pressOfMaximumDurationFails() throws {
        let (scene, log) = tapScene()
        try scene.send(.down, center, at: 0)
        try scene.send(.up, center, at: 0.75)
        #expect(log.lines.isEmpty)
    }

    @Test func doubleTapWithinInterval() throws {
        let (scene, log) = tapScene(count: 2)
        try scene.tap(at: center, time: 0, duration: 0.25)
        #expect(log.lines.isEmpty)
        try scene.tap(at: center, time: 0.599, duration: 0.25)
        #expect(log.lines == ["tap 0.849"])
    }

    @Test func doubleTapAfterIntervalFails() throws {
        let (scene, log) = tapScene(count: 2)
        try scene.tap(at: center, time: 0, duration: 0.25)
        // 0.35 s after the release: too late; this press starts a new double tap instead.
        try scene.tap(at: center, time: 0.6, duration: 0.25)
        #expect(log.lines.isEmpty)
        try scene.tap(at: center, time: 1.2, duration: 0.25)
        #expect(log.lines.isEmpty)
    }

    @Test func secondaryMouseButtonDoesNotTap() throws {
        let (scene, log) = tapScene()
        try scene.tap(at: center, time: 0, kind: .mouse(.secondary))
        #expect(log.lines.isEmpty)
        try scene.tap(at: center, time: 1, kind: .mouse(.primary))
        #expect(log.lines == ["tap 1.1"])
    }

    @Test func inputKindsFilter() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(TapGesture(count: 1, inputKinds: .pointer).onEnded { log.add("tap") })
        try scene.tap(at: center, time: 0, kind: .touch)
        try scene.tap(at: center, time: 1, kind: .pen)
        #expect(log.lines.isEmpty)
        try scene.tap(at: center, time: 2, kind: .mouse(.primary))
        #expect(log.lines == ["tap"])
    }

    @Test func secondFingerFailsTheTap() throws {
        let (scene, log) = tapScene()
        try scene.send(.down, center, at: 0, pointer: 1)
        try scene.send(.down, point(150, 150), at: 0.02, pointer: 2)
        try scene.send(.up, point(150, 150), at: 0.05, pointer: 2)
        try scene.send(.up, center, at: 0.1, pointer: 1)
        #expect(log.lines.isEmpty)
    }

    @Test func spatialTapReportsLocalLocation() throws {
        let (scene, box) = makeBoxScene()
        var locations: [CGPoint] = []
        box.gesture(SpatialTapGesture().onEnded { locations.append($0.location) })
        box.gesture(SpatialTapGesture(coordinateSpace: .global).onEnded { locations.append($0.location) })
        try scene.send(.down, point(130, 140), at: 0)
        try scene.send(.up, point(135, 150), at: 0.1)
        // Children's gestures win over later ones: only the first (inner) modifier ends.
        #expect(locations == [point(35, 50)])
    }

    @Test func spatialTapInGlobalSpace() throws {
        let (scene, box) = makeBoxScene()
        var locations: [CGPoint] = []
        box.onTapGesture(coordinateSpace: .global) { locations.append($0) }
        try scene.tap(at: point(130, 140), time: 0)
        #expect(locations == [point(130, 140)])
    }
}
