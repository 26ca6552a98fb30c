import Foundation
import Gestures
import TestSupport
import Testing

@Suite("Callbacks and @GestureState")
struct CallbackAndStateTests {
    final class Model {
        @GestureState var offset = CGSize.zero
        @GestureState(wrappedValue: false, resetTransaction: Transaction(animation: .easeOut)) var pressed
        var discarded: [CGSize] = []
        @GestureState var tracked: CGSize

        init() {
            _tracked = GestureState(wrappedValue: .zero)
        }
    }

    @Test func onChangedOnlyWhenTheValueDiffers() throws {
        let (scene, box) = makeBoxScene()
        var values: [CGFloat] = []
        box.gesture(DragGesture().map { $0.translation.height }.onChanged { values.append($0) })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 220), at: 0.1)
        try scene.send(.move, point(200, 220), at: 0.2)
        try scene.send(.move, point(210, 220), at: 0.3)
        try scene.send(.move, point(200, 230), at: 0.4)
        #expect(values == [20, 30])
    }

    @Test func updatingRunsOnEveryActiveUpdateAndResetsOnEnd() throws {
        let (scene, box) = makeBoxScene()
        let model = Model()
        var bodies = 0
        box.gesture(
            DragGesture().updating(model.$offset) { value, state, _ in
                bodies += 1
                state = value.translation
            })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 220), at: 0.1)
        #expect(model.offset == CGSize(width: 0, height: 20))
        try scene.send(.move, point(200, 220), at: 0.2)
        #expect(bodies == 2)
        try scene.send(.up, point(200, 220), at: 0.3)
        #expect(model.offset == .zero)
        #expect(bodies == 2)
    }

    @Test func stateResetsOnFailure() throws {
        let (scene, box) = makeBoxScene()
        let model = Model()
        var ended = false
        box.gesture(
            LongPressGesture().updating(model.$pressed) { value, state, _ in state = value }.onEnded { _ in ended = true
            })
        try scene.send(.down, center, at: 0)
        #expect(model.pressed)
        try scene.send(.move, point(200, 215), at: 0.1)
        #expect(!model.pressed)
        #expect(!ended)
    }

    @Test func stateResetsOnCancelWithoutOnEnded() throws {
        let (scene, box) = makeBoxScene()
        let model = Model()
        let log = Log()
        box.gesture(
            DragGesture(minimumDistance: 0).updating(model.$offset) { value, state, _ in state = value.translation }
                .onEnded { _ in log.add("ended") })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(220, 200), at: 0.1)
        #expect(model.offset.width == 20)
        try scene.send(.cancel, point(220, 200), at: 0.2)
        #expect(model.offset == .zero)
        #expect(log.lines.isEmpty)
    }

    @Test func resetClosureReceivesTheDiscardedValue() throws {
        let (scene, box) = makeBoxScene()
        var discarded: [CGSize] = []
        let state = GestureState(wrappedValue: CGSize.zero) { value, transaction in
            discarded.append(value)
            transaction.animation = .spring()
        }
        scene.isRecording = true
        box.gesture(DragGesture().updating(state) { value, state, _ in state = value.translation })
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(200, 240), at: 0.1)
        try scene.send(.up, point(200, 250), at: 0.2)
        #expect(discarded == [CGSize(width: 0, height: 40)])
        #expect(state.wrappedValue == .zero)
        #expect(scene.timeline.entries(of: .reset).count == 1)
    }

    @Test func optionalStateInitialisers() {
        let plain = GestureState<Int?>()
        var resets = 0
        let withReset = GestureState<Int?> { _, _ in resets += 1 }
        #expect(plain.wrappedValue == nil)
        #expect(withReset.wrappedValue == nil)
        #expect(resets == 0)
    }

    @Test func onEndedNeverAfterFailure() throws {
        let (scene, box) = makeBoxScene()
        var ended = 0
        box.gesture(DragGesture().onEnded { _ in ended += 1 })
        try scene.send(.down, center, at: 0)
        try scene.send(.up, point(205, 200), at: 0.1)
        #expect(ended == 0)
        try scene.send(.down, center, at: 1)
        try scene.send(.move, point(250, 200), at: 1.1)
        try scene.send(.up, point(250, 200), at: 1.2)
        #expect(ended == 1)
    }

    @Test func onPhaseChangeSeesEveryPhase() throws {
        let (scene, box) = makeBoxScene()
        var phases: [String] = []
        box.gesture(
            DragGesture().map { $0.translation.height }.onPhaseChange { phase in
                switch phase {
                case .possible: phases.append("possible")
                case .active(let value): phases.append("active \(value)")
                case .ended(let value): phases.append("ended \(value)")
                case .failed: phases.append("failed")
                case .cancelled: phases.append("cancelled")
                }
            })
        try scene.send(.down, center, at: 0)
        try scene.send(.up, center, at: 0.1)
        try scene.send(.down, center, at: 1)
        try scene.send(.move, point(200, 230), at: 1.1)
        try scene.send(.cancel, point(200, 230), at: 1.2)
        try scene.send(.down, center, at: 2)
        try scene.send(.move, point(200, 230), at: 2.1)
        try scene.send(.up, point(200, 240), at: 2.2)
        #expect(
            phases == [
                "possible", "failed", "possible", "active 30.0", "cancelled", "possible", "active 30.0", "ended 40.0",
            ])
    }

    @Test func activatesWhenLeavesQuickTapsAlone() throws {
        let (scene, box) = makeBoxScene()
        let log = Log()
        let lift = LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture(minimumDistance: 0))
            .activates { value in
                if case .second = value { return true }
                return false
            }
            .onChanged { _ in log.add("lift \(scene.currentTime)") }
        box.onTapGesture { log.add("tap") }.highPriorityGesture(lift)
        try scene.tap(at: center, time: 0, duration: 0.25)
        #expect(log.lines == ["tap"])
        try scene.send(.down, center, at: 1)
        try scene.advance(to: 1.5)
        try scene.send(.up, center, at: 1.625)
        #expect(log.lines == ["tap", "lift 1.5"])
    }
}
