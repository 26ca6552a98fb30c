import Foundation
import GestureSamples
import Gestures
import Testing

@Suite("Samples G10–G12, G18, G19, G21–G23, and every transcript")
struct HitTestingAndCompositionSampleTests {
    @Test func g10OnlyTheText() throws {
        let sample = G10ChildFirst()
        try sample.scene.tap(at: CGPoint(x: 195, y: 422), time: 0)
        #expect(sample.printed == ["Text tapped"])
    }

    @Test func g11OnlyTheStack() throws {
        let sample = G11HighPriority()
        try sample.scene.tap(at: CGPoint(x: 195, y: 422), time: 0)
        #expect(sample.printed == ["VStack tapped"])
    }

    @Test func g12Both() throws {
        let sample = G12Simultaneous()
        try sample.scene.tap(at: CGPoint(x: 195, y: 422), time: 0)
        #expect(sample.printed == ["Circle tapped", "VStack tapped"])
        // Outside the circle (its corner) nothing is hit.
        try sample.scene.tap(at: CGPoint(x: 100, y: 327), time: 1)
        #expect(sample.printed.count == 2)
    }

    @Test func g18TapsIgnoredWhileTheToggleIsOff() throws {
        let sample = G18HitTestingToggle()
        try sample.scene.tap(at: CGPoint(x: 195, y: 372), time: 0)
        #expect(!sample.expand)
        try sample.scene.tap(at: CGPoint(x: 195, y: 507), time: 1)
        #expect(sample.allowExpansion)
        try sample.scene.tap(at: CGPoint(x: 195, y: 372), time: 2)
        #expect(sample.expand)
    }

    @Test func g19GapTapsSelectOnlyWithTheContentShape() throws {
        let sample = G19RowContentShape()
        try sample.scene.tap(at: CGPoint(x: 300, y: 150), time: 0)
        #expect(sample.selected)
        #expect(sample.thumbnail.overlayColor == .yellow)
        sample.usesContentShape = false
        try sample.scene.tap(at: CGPoint(x: 300, y: 150), time: 1)
        #expect(sample.selected)
        try sample.scene.tap(at: CGPoint(x: 130, y: 30), time: 2)
        #expect(sample.selected)
        try sample.scene.tap(at: CGPoint(x: 130, y: 113), time: 3)
        #expect(!sample.selected)
    }

    @Test func g21ScaleFollowsThePinchAndEndsClamped() throws {
        let sample = G21ClampedMagnification()
        let scene = sample.scene
        try scene.send(.down, CGPoint(x: 165, y: 422), at: 0, pointer: 1)
        try scene.send(.down, CGPoint(x: 225, y: 422), at: 0, pointer: 2)
        try scene.send(.move, CGPoint(x: 255, y: 422), at: 0.1, pointer: 2)
        #expect(sample.image.scale.width == 1.5)
        try scene.send(.move, CGPoint(x: 345, y: 422), at: 0.2, pointer: 2)
        #expect(sample.image.scale.width == 2)
        try scene.send(.up, CGPoint(x: 345, y: 422), at: 0.3, pointer: 2)
        #expect(sample.zoom == 2)
        try scene.send(.up, CGPoint(x: 165, y: 422), at: 0.3, pointer: 1)
        try scene.send(.down, CGPoint(x: 165, y: 422), at: 1, pointer: 1)
        try scene.send(.down, CGPoint(x: 225, y: 422), at: 1, pointer: 2)
        try scene.send(.move, CGPoint(x: 195, y: 422), at: 1.1, pointer: 2)
        #expect(sample.image.scale.width == 1)
        try scene.send(.up, CGPoint(x: 195, y: 422), at: 1.2, pointer: 2)
        #expect(sample.zoom == 1)
    }

    @Test func g22RotationsAddUp() throws {
        let sample = G22AccumulatedRotation()
        let transcript = try sample.play()
        #expect(abs(sample.rotation.degrees - 75) < 1e-9)
        #expect(sample.rotationAngle == .zero)
        #expect(transcript.last?.hasSuffix("rotation 75°") == true)
    }

    @Test func g23PressedOnceNotPressedOnce() throws {
        let sample = G23GasPedal()
        let scene = sample.scene
        try scene.send(.down, CGPoint(x: 195, y: 422), at: 0)
        #expect(sample.states == [.pressed])
        #expect(sample.pedal.scale.width == 0.9)
        if case .text(let text, _) = sample.status.content { #expect(text == "Gas pedal pressed!") }
        try scene.move(to: CGPoint(x: 20, y: 800), arrivingAt: 0.5, steps: 5)
        #expect(sample.states == [.pressed])
        try scene.send(.up, CGPoint(x: 20, y: 800), at: 0.6)
        #expect(sample.states == [.pressed, .notPressed])
        #expect(sample.pedal.scale.width == 1)
        try scene.tap(at: CGPoint(x: 195, y: 422), time: 1)
        #expect(sample.states == [.pressed, .notPressed, .pressed, .notPressed])
    }

    @Test(arguments: GestureSampleCatalog.all.map { $0.id })
    func everySampleRunsItsScript(id: String) throws {
        let sample = try #require(GestureSampleCatalog.sample(id: id))
        let instance = sample.init()
        let transcript = try instance.play()
        #expect(!transcript.isEmpty)
        #expect(!instance.scene.timeline.entries.isEmpty)
        #expect(instance.scene.pointersDown.isEmpty)
    }

    @Test func theCatalogHoldsG1ToG23InOrder() {
        #expect(GestureSampleCatalog.all.map { $0.id } == (1...23).map { "G\($0)" })
    }
}
