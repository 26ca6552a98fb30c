import Foundation
import GestureSamples
import Gestures
import Testing

@Suite("Samples G1–G3, G13, G14, G16, G17, G20")
struct TapAndPressSampleTests {
    let center = CGPoint(x: 195, y: 422)

    @Test func g1EachTapFlipsTheScaleWithTheAnimation() throws {
        let sample = G01TapToScale()
        try sample.scene.tap(at: center, time: 0)
        #expect(sample.star.scale == CGSize(width: 0.5, height: 0.5))
        let change = try #require(sample.scene.timeline.entries(of: .property).last)
        #expect(change.value == "scaleEffect 0.5")
        #expect(change.animation == .easeInOut)
        try sample.scene.tap(at: center, time: 1)
        #expect(sample.star.scale == CGSize(width: 1, height: 1))
        #expect(sample.scene.timeline.entries(of: .property).last?.animation == .easeInOut)
    }

    @Test func g2TogglesOnlyWhenHeldOneSecond() throws {
        let sample = G02LongPressToScale()
        try sample.scene.send(.down, center, at: 0)
        try sample.scene.send(.up, center, at: 0.999)
        #expect(!sample.isPressed)
        try sample.scene.send(.down, center, at: 2)
        try sample.scene.advance(to: 3)
        #expect(sample.isPressed)
        #expect(sample.star.scale.width == 0.5)
    }

    @Test func g3DimsFromTouchDownUntilReleaseOrCompletion() throws {
        let sample = G03DimWhilePressing()
        try sample.scene.send(.down, center, at: 0)
        #expect(sample.star.opacity == 0.4)
        try sample.scene.send(.up, center, at: 0.3)
        #expect(sample.star.opacity == 1)
        #expect(!sample.longPressTap)
        try sample.scene.send(.down, center, at: 1)
        try sample.scene.advance(to: 1.999)
        #expect(sample.star.opacity == 0.4)
        try sample.scene.advance(to: 2)
        #expect(sample.star.opacity == 1)
        #expect(sample.isPressed)
    }

    @Test func g13ShortTapOrLongHold() throws {
        let sample = G13TapOrLongPress()
        try sample.scene.tap(at: center, time: 0)
        #expect(sample.message == "Tapped!")
        try sample.scene.send(.down, center, at: 1)
        try sample.scene.advance(to: 1.7)
        #expect(sample.message == "Tapped!")
        try sample.scene.advance(to: 2.5)
        #expect(sample.message == "Long Pressed!")
        if case .text(let text, _) = sample.label.content { #expect(text == "Long Pressed!") }
    }

    @Test func g14RedWhileDetectingGreenOnceCompletedBlueOtherwise() throws {
        let sample = G14CustomLongPress()
        #expect(sample.color == .blue)
        try sample.scene.send(.down, center, at: 0)
        #expect(sample.color == .red)
        #expect(sample.scene.timeline.entries(of: .property).last?.animation == .easeIn(duration: 2))
        try sample.scene.send(.up, center, at: 1)
        #expect(sample.color == .blue)
        try sample.scene.send(.down, center, at: 2)
        try sample.scene.advance(to: 4.999)
        #expect(sample.color == .red)
        try sample.scene.advance(to: 5)
        #expect(sample.color == .green)
    }

    @Test func g16LocationInTheImagesSpace() throws {
        let sample = G16TapLocation()
        try sample.scene.tap(at: CGPoint(x: 125, y: 330), time: 0)
        #expect(sample.locations == [CGPoint(x: 10, y: 8)])
        #expect(sample.expand)
    }

    @Test func g17PressingTrueThenFalsePerformAfterOneSecond() throws {
        let sample = G17LongPressModifier()
        try sample.scene.send(.down, center, at: 0)
        #expect(sample.pressingChanges == [true])
        #expect(sample.image.opacity == 0)
        #expect(sample.scene.timeline.entries(of: .property).last?.animation == .easeInOut(duration: 1.5))
        try sample.scene.advance(to: 0.999)
        #expect(!sample.expand)
        try sample.scene.advance(to: 1)
        #expect(sample.expand)
        #expect(sample.pressingChanges == [true, false])
        try sample.scene.send(.up, center, at: 1.5)
        sample.expand = false
        try sample.scene.send(.down, center, at: 2)
        try sample.scene.send(.move, CGPoint(x: 201, y: 430), at: 2.5)
        try sample.scene.advance(to: 4)
        #expect(!sample.expand)
        #expect(sample.pressingChanges == [true, false, true, false])
    }

    @Test func g17MovingJustUnderTenKeepsThePress() throws {
        let sample = G17LongPressModifier()
        try sample.scene.send(.down, center, at: 0)
        try sample.scene.send(.move, CGPoint(x: 195, y: 431.99), at: 0.5)
        try sample.scene.advance(to: 1)
        #expect(sample.expand)
    }

    @Test func g20ActiveWhilePressed() throws {
        let sample = G20PressingState()
        try sample.scene.send(.down, center, at: 0)
        #expect(sample.pressingState.isActive)
        #expect(sample.image.opacity == 0)
        try sample.scene.send(.up, center, at: 0.5)
        #expect(!sample.pressingState.isActive)
        #expect(sample.image.opacity == 1)
        #expect(!sample.expand)
        try sample.scene.send(.down, center, at: 1)
        try sample.scene.advance(to: 2)
        #expect(sample.expand)
        #expect(!sample.pressingState.isActive)
    }
}
