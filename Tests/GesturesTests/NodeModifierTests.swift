import Foundation
import Gestures
import TestSupport
import Testing

@Suite("Node gesture modifiers")
struct NodeModifierTests {
    /// A stack with a text child, both tappable.
    private func stack() -> (Scene, Node, Node) {
        let scene = Scene(size: CGSize(width: 400, height: 800))
        let stack = scene.root.addChild("stack", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let text = stack.addChild(
            "text", frame: CGRect(x: 100, y: 100, width: 200, height: 50), content: .text("Hello", color: .black))
        return (scene, stack, text)
    }

    @Test func childrenWinByDefault() throws {
        let (scene, stack, text) = stack()
        let log = Log()
        text.onTapGesture { log.add("text") }
        stack.onTapGesture { log.add("stack") }
        try scene.tap(at: point(150, 120), time: 0)
        #expect(log.lines == ["text"])
    }

    @Test func highPriorityGestureWins() throws {
        let (scene, stack, text) = stack()
        let log = Log()
        text.onTapGesture { log.add("text") }
        stack.highPriorityGesture(TapGesture().onEnded { log.add("stack") })
        try scene.tap(at: point(150, 120), time: 0)
        #expect(log.lines == ["stack"])
    }

    @Test func simultaneousGestureRunsBoth() throws {
        let (scene, stack, text) = stack()
        let log = Log()
        text.onTapGesture { log.add("text") }
        stack.simultaneousGesture(TapGesture().onEnded { log.add("stack") })
        try scene.tap(at: point(150, 120), time: 0)
        #expect(log.lines == ["text", "stack"])
    }

    @Test func masks() throws {
        for (mask, expected) in [
            (GestureMask.all, ["text"]), (.gesture, ["stack"]), (.subviews, ["text"]), (.none, []),
        ] {
            let (scene, stack, text) = stack()
            let log = Log()
            text.onTapGesture { log.add("text") }
            stack.gesture(TapGesture().onEnded { log.add("stack") }, including: mask)
            try scene.tap(at: point(150, 120), time: 0)
            #expect(log.lines == expected, "mask \(mask.rawValue)")
        }
    }

    @Test func gestureIsEnabled() throws {
        let (scene, stack, _) = stack()
        stack.contentShape(Rectangle())
        let log = Log()
        stack.gesture(TapGesture().onEnded { log.add("stack") }, isEnabled: false)
        try scene.tap(at: point(10, 10), time: 0)
        #expect(log.lines.isEmpty)
    }

    @Test func disabledSubtreeRunsNoGestures() throws {
        let (scene, stack, text) = stack()
        let log = Log()
        text.onTapGesture { log.add("text") }
        stack.onTapGesture { log.add("stack") }
        stack.disabled(true)
        try scene.tap(at: point(150, 120), time: 0)
        #expect(log.lines.isEmpty)
        stack.disabled(false)
        text.disabled(true)
        try scene.tap(at: point(150, 120), time: 1)
        #expect(log.lines == ["stack"])
    }

    @Test func laterModifiersWrapEarlierOnes() throws {
        let (scene, _, text) = stack()
        let log = Log()
        text.onTapGesture { log.add("first") }.onTapGesture { log.add("second") }
        try scene.tap(at: point(150, 120), time: 0)
        #expect(log.lines == ["first"])
        let (scene2, _, text2) = stack()
        text2.onTapGesture { log.add("inner") }.highPriorityGesture(TapGesture().onEnded { log.add("outer") })
        try scene2.tap(at: point(150, 120), time: 0)
        #expect(log.lines == ["first", "outer"])
    }

    @Test func onLongPressGestureReportsPressing() throws {
        let (scene, _, text) = stack()
        let log = Log()
        text.onLongPressGesture(minimumDuration: 1, maximumDistance: 10) {
            log.add("perform \(scene.currentTime)")
        } onPressingChanged: {
            log.add("pressing \($0) \(scene.currentTime)")
        }
        try scene.send(.down, point(150, 120), at: 0)
        try scene.advance(to: 1)
        try scene.send(.up, point(150, 120), at: 1.5)
        #expect(log.lines == ["pressing true 0.0", "pressing false 1.0", "perform 1.0"])
        log.clear()
        try scene.send(.down, point(150, 120), at: 2)
        try scene.send(.move, point(160, 120), at: 2.5)
        try scene.advance(to: 4)
        #expect(log.lines == ["pressing true 2.0", "pressing false 2.5"])
    }

    @Test func onTouchDownUpOncePerPress() throws {
        let (scene, _, text) = stack()
        var states: [TouchState] = []
        text.onTouchDownUp { states.append($0) }
        try scene.send(.down, point(150, 120), at: 0)
        try scene.send(.move, point(160, 125), at: 0.1)
        try scene.send(.move, point(390, 700), at: 0.2)
        #expect(states == [.pressed])
        try scene.send(.up, point(390, 700), at: 0.3)
        #expect(states == [.pressed, .notPressed])
    }
}
