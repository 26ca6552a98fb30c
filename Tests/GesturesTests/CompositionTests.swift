import Foundation
import Gestures
import TestSupport
import Testing

@Suite("Composition")
struct CompositionTests {
    @Test func sequenceValues() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            LongPressGesture(minimumDuration: 1).sequenced(before: DragGesture())
                .onChanged { value in
                    switch value {
                    case .first(let pressed): log.add("first \(pressed)")
                    case .second(let pressed, let drag):
                        log.add("second \(pressed) \(drag.map { "\($0.translation.height)" } ?? "nil")")
                    }
                }
                .onEnded { _ in log.add("ended \(scene.currentTime)") })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 205), at: 0.5)
        try scene.advance(to: 1)
        try scene.send(.move, point(200, 214), at: 1.25)
        try scene.send(.move, point(200, 220), at: 1.5)
        try scene.send(.up, point(200, 220), at: 1.75)
        #expect(
            log.lines == [
                "first true", "second true nil", "second true 15.0", "ended 1.75",
            ])
    }

    @Test func sequenceFailsWhenTheFirstFails() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            LongPressGesture(minimumDuration: 1).sequenced(before: DragGesture())
                .onEnded { _ in log.add("ended") })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 260), at: 0.5)
        try scene.send(.up, point(200, 260), at: 0.75)
        #expect(log.lines.isEmpty)
    }

    @Test func simultaneousReportsBoth() throws {
        let (scene, box) = makeBoxScene()
        var values: [String] = []
        box.gesture(
            LongPressGesture(minimumDuration: 0.25).simultaneously(with: DragGesture())
                .onChanged { values.append("\($0.first.map { "\($0)" } ?? "-") \($0.second == nil ? "-" : "drag")") }
                .onEnded { values.append("ended \($0.first.map { "\($0)" } ?? "-")") })
        try scene.send(.down, center, at: 0)
        try scene.advance(to: 0.25)
        try scene.send(.move, point(200, 230), at: 0.5)
        try scene.send(.up, point(200, 230), at: 0.75)
        #expect(values == ["true -", "true drag", "ended true"])
    }

    @Test func simultaneousFailsWhenBothFail() throws {
        let (scene, box) = makeBoxScene()
        var ended = false
        box.gesture(TapGesture().simultaneously(with: DragGesture()).onEnded { _ in ended = true })
        try scene.send(.down, center, at: 0)
        try scene.send(.up, center, at: 0.8)
        #expect(!ended)
    }

    @Test func exclusiveFirstWins() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            TapGesture().exclusively(before: LongPressGesture())
                .onEnded { value in
                    switch value {
                    case .first: log.add("tap")
                    case .second: log.add("long \(scene.currentTime)")
                    }
                })
        try scene.tap(at: center, time: 0)
        #expect(log.lines == ["tap"])
        // The long press is done at 0.5 s but waits until the tap fails at 0.75 s.
        try scene.send(.down, center, at: 1)
        try scene.advance(to: 1.7)
        #expect(log.lines == ["tap"])
        try scene.advance(to: 1.75)
        #expect(log.lines == ["tap", "long 1.75"])
    }

    @Test func lowerPrecedenceDragWaitsThenReports() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            TapGesture().exclusively(before: DragGesture().onChanged { log.add("drag \($0.translation.height)") }))
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 220), at: 0.125)
        try scene.send(.move, point(200, 244), at: 0.25)
        #expect(log.lines.isEmpty)
        try scene.send(.move, point(200, 245), at: 0.375)
        #expect(log.lines == ["drag 45.0"])
    }

    @Test func higherLongPressCancelsLowerAtTouchDown() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            LongPressGesture(minimumDuration: 1, maximumDistance: 30)
                .exclusively(before: DragGesture().onChanged { _ in log.add("drag") }))
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 240), at: 0.5)
        try scene.send(.move, point(200, 280), at: 0.75)
        #expect(log.lines.isEmpty)
    }

    @Test func doubleTapBeforeSingleTap() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            TapGesture(count: 2).onEnded { log.add("double \(scene.currentTime)") }
                .exclusively(before: TapGesture().onEnded { log.add("single \(scene.currentTime)") }))
        try scene.tap(at: center, time: 0, duration: 0.25)
        #expect(log.lines.isEmpty)
        try scene.advance(to: 0.6)
        #expect(log.lines == ["single 0.6"])
        try scene.tap(at: center, time: 1, duration: 0.25)
        try scene.tap(at: center, time: 1.5, duration: 0.25)
        #expect(log.lines == ["single 0.6", "double 1.75"])
    }

    @Test func lowerTapFailsWhenHigherBecomesActive() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        box.gesture(
            DragGesture().onChanged { _ in log.add("drag") }
                .exclusively(before: TapGesture().onEnded { log.add("tap") }))
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 215), at: 0.1)
        try scene.send(.move, center, at: 0.2)
        try scene.send(.up, center, at: 0.3)
        #expect(log.lines == ["drag", "drag"])
    }

    @Test func mapTransformsValues() throws {
        let (scene, box) = makeBoxScene()
        var heights: [CGFloat] = []
        box.gesture(DragGesture().map { $0.translation.height }.onChanged { heights.append($0) })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 230), at: 0.1)
        #expect(heights == [30])
    }

    @Test func optionalGesture() throws {
        let (scene, box) = makeBoxScene()
        var show = false
        var changes = 0
        box.bind { node in
            node.gesture(show ? DragGesture().onChanged { _ in changes += 1 } : nil)
        }
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 300), at: 0.1)
        try scene.send(.up, point(200, 300), at: 0.2)
        #expect(changes == 0)
        show = true
        scene.update()
        try scene.send(.down, center, at: 1)
        try scene.send(.move, point(200, 300), at: 1.1)
        #expect(changes == 1)
    }

    struct PressThenDrag: Gesture {
        var body: some Gesture {
            LongPressGesture(minimumDuration: 0.25).sequenced(before: DragGesture(minimumDistance: 0))
        }
    }

    @Test func customGestureWithABody() throws {
        let (scene, box) = makeBoxScene()
        var ended = false
        box.gesture(PressThenDrag().onEnded { _ in ended = true })
        try scene.send(.down, center, at: 0)
        try scene.advance(to: 0.25)
        try scene.send(.up, center, at: 0.5)
        #expect(ended)
    }
}
