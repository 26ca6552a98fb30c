import Foundation
import GestureSamples
import Gestures
import Testing

@Suite("Samples G4–G9, G15")
struct DragSampleTests {
    let center = CGPoint(x: 195, y: 422)

    @Test func g4OffsetFollowsTheFingerAndResets() throws {
        let sample = G04DragSpringsBack()
        try sample.scene.send(.down, center, at: 0)
        try sample.scene.send(.move, CGPoint(x: 225, y: 462), at: 0.1)
        #expect(sample.star.offset == CGSize(width: 30, height: 40))
        try sample.scene.send(.move, CGPoint(x: 245, y: 402), at: 0.2)
        #expect(sample.star.offset == CGSize(width: 50, height: -20))
        try sample.scene.send(.up, CGPoint(x: 245, y: 402), at: 0.3)
        #expect(sample.star.offset == .zero)
        #expect(sample.dragOffset == .zero)
    }

    @Test func g5SuccessiveDragsAddUp() throws {
        let sample = G05DragStays()
        try sample.scene.send(.down, center, at: 0)
        try sample.scene.send(.move, CGPoint(x: 235, y: 422), at: 0.1)
        try sample.scene.send(.up, CGPoint(x: 235, y: 422), at: 0.2)
        #expect(sample.position == CGSize(width: 40, height: 0))
        try sample.scene.send(.down, CGPoint(x: 235, y: 422), at: 1)
        try sample.scene.send(.move, CGPoint(x: 235, y: 392), at: 1.1)
        #expect(sample.star.offset == CGSize(width: 40, height: -30))
        try sample.scene.send(.up, CGPoint(x: 235, y: 392), at: 1.2)
        #expect(sample.position == CGSize(width: 40, height: -30))
        #expect(sample.star.offset == CGSize(width: 40, height: -30))
    }

    @Test func g6NoMovementBeforeThePressCompletes() throws {
        let sample = G06PressThenDrag()
        try sample.scene.send(.down, center, at: 0)
        #expect(sample.dragState == .pressing)
        #expect(sample.star.opacity == 0.5)
        try sample.scene.send(.move, CGPoint(x: 203, y: 422), at: 0.5)
        #expect(sample.star.offset == .zero)
        try sample.scene.advance(to: 1)
        #expect(sample.dragState == .dragging(translation: .zero))
        try sample.scene.send(.move, CGPoint(x: 223, y: 472), at: 1.2)
        #expect(sample.star.offset == CGSize(width: 20, height: 50))
        #expect(sample.star.opacity == 0.5)
        try sample.scene.send(.up, CGPoint(x: 223, y: 472), at: 1.4)
        #expect(sample.position == CGSize(width: 20, height: 50))
        #expect(sample.star.opacity == 1)
        #expect(sample.dragState == .inactive)
        // A second press-and-drag adds up.
        try sample.scene.send(.down, CGPoint(x: 215, y: 472), at: 2)
        try sample.scene.advance(to: 3)
        try sample.scene.send(.move, CGPoint(x: 215, y: 442), at: 3.2)
        try sample.scene.send(.up, CGPoint(x: 215, y: 442), at: 3.4)
        #expect(sample.position == CGSize(width: 20, height: 20))
    }

    @Test func g6ADragWithoutThePressDoesNothing() throws {
        let sample = G06PressThenDrag()
        try sample.scene.send(.down, center, at: 0)
        try sample.scene.send(.move, CGPoint(x: 295, y: 422), at: 0.3)
        try sample.scene.advance(to: 2)
        try sample.scene.send(.up, CGPoint(x: 295, y: 422), at: 2.1)
        #expect(sample.position == .zero)
        #expect(sample.star.opacity == 1)
    }

    @Test func g7TheSameBehaviourForThreeContents() throws {
        let sample = G07DraggableContainer()
        #expect(sample.containers.map { $0.node.children.first?.content.description ?? "" }.count == 3)
        for (row, container) in sample.containers.enumerated() {
            let start = CGPoint(x: 70, y: 150 + 200 * CGFloat(row))
            let time = 2 * Double(row)
            try sample.scene.send(.down, start, at: time)
            #expect(container.node.opacity == 0.5)
            try sample.scene.advance(to: time + 1)
            try sample.scene.send(.move, CGPoint(x: start.x + 60, y: start.y - 20), at: time + 1.2)
            try sample.scene.send(.up, CGPoint(x: start.x + 60, y: start.y - 20), at: time + 1.3)
            #expect(container.position == CGSize(width: 60, height: -20))
            #expect(container.node.opacity == 1)
        }
    }

    @Test func g8NoDragWhileShowIsFalse() throws {
        let sample = G08ConditionalGesture()
        try sample.scene.send(.down, center, at: 0)
        try sample.scene.send(.move, CGPoint(x: 195, y: 500), at: 0.1)
        #expect(sample.activeView == .zero)
        try sample.scene.send(.up, CGPoint(x: 195, y: 500), at: 0.2)
        sample.show = true
        try sample.scene.send(.down, center, at: 1)
        try sample.scene.send(.move, CGPoint(x: 195, y: 500), at: 1.1)
        #expect(sample.activeView == CGSize(width: 0, height: 78))
        #expect(sample.card.offset == CGSize(width: 0, height: 78))
        try sample.scene.send(.up, CGPoint(x: 195, y: 500), at: 1.2)
        #expect(sample.activeView == .zero)
    }

    @Test func g9ValuesOutsideZeroToThreeHundredAreIgnored() throws {
        let sample = G09ClampedDrag()
        let start = CGPoint(x: 195, y: 200)
        try sample.scene.send(.down, start, at: 0)
        try sample.scene.send(.move, CGPoint(x: 195, y: 499.5), at: 0.1)
        #expect(sample.activeView.height == 299.5)
        try sample.scene.send(.move, CGPoint(x: 195, y: 500), at: 0.2)
        #expect(sample.activeView.height == 299.5)
        try sample.scene.send(.move, CGPoint(x: 195, y: 190), at: 0.3)
        #expect(sample.activeView.height == 299.5)
        try sample.scene.send(.move, CGPoint(x: 195, y: 200.5), at: 0.4)
        #expect(sample.activeView.height == 0.5)
    }

    @Test func g15TheAppsDragWinsOnTheDeferredEdge() throws {
        let sample = G15DeferSystemGestures()
        try sample.scene.send(.down, CGPoint(x: 195, y: 830), at: 0)
        try sample.scene.send(.move, CGPoint(x: 195, y: 800), at: 0.1)
        #expect(sample.input == -30)
        #expect(sample.systemGestures == 0)
        try sample.scene.send(.up, CGPoint(x: 195, y: 800), at: 0.2)
        sample.defersVerticalEdges = false
        try sample.scene.send(.down, CGPoint(x: 195, y: 830), at: 1)
        try sample.scene.send(.move, CGPoint(x: 195, y: 790), at: 1.1)
        #expect(sample.input == -30)
        #expect(sample.systemGestures == 1)
    }
}
