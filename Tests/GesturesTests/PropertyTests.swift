import Foundation
import Gestures
import TestSupport
import Testing

/// Properties over random trees and random input streams, each case from a seed.
@Suite("Properties over random trees and input")
struct PropertyTests {
    /// What the instrumented gestures of one case saw.
    final class Recorder {
        /// Per attachment, the callbacks since its current recognizer began (`.possible`).
        var events: [[String]] = []
        var states: [GestureState<Int>] = []
        var violations: [String] = []

        func newAttachment() -> Int {
            events.append([])
            return events.count - 1
        }

        /// How many callbacks ran in all, to show the case exercised something.
        var callbacks = 0

        func note(_ attachment: Int, _ event: String) {
            callbacks += 1
            let history = events[attachment]
            if event == "onEnded" {
                if history.contains("onEnded") { violations.append("attachment \(attachment): onEnded twice") }
                if history.contains("failed") || history.contains("cancelled") {
                    violations.append("attachment \(attachment): onEnded after \(history)")
                }
            }
            events[attachment].append(event)
        }

        /// A new recognizer of an attachment starts: its history starts over.
        func start(_ attachment: Int) {
            events[attachment].removeAll()
        }
    }

    struct Case {
        let scene: Scene
        let recorder: Recorder
        let leaves: [Node]
    }

    // MARK: Generators

    private func randomPrimitive(_ random: inout SeededRandom) -> any Gesture {
        switch random.int(below: 7) {
        case 0: return TapGesture(count: 1 + random.int(below: 2))
        case 1: return SpatialTapGesture()
        case 2:
            return LongPressGesture(
                minimumDuration: [0, 0.25, 0.5, 1][random.int(below: 4)],
                maximumDistance: [5, 10, 40][random.int(below: 3)])
        case 3: return DragGesture(minimumDistance: [0, 10, 30][random.int(below: 3)])
        case 4: return MagnifyGesture()
        case 5: return RotationGesture()
        default: return Optional<DragGesture>.none
        }
    }

    private func randomGesture(_ random: inout SeededRandom, depth: Int, recorder: Recorder) -> any Gesture {
        var gesture: any Gesture
        if depth > 0 && random.int(below: 3) == 0 {
            let a = randomGesture(&random, depth: depth - 1, recorder: recorder)
            let b = randomGesture(&random, depth: depth - 1, recorder: recorder)
            switch random.int(below: 3) {
            case 0: gesture = sequence(a, b)
            case 1: gesture = simultaneous(a, b)
            default: gesture = exclusive(a, b)
            }
        } else {
            gesture = randomPrimitive(&random)
        }
        if random.bool() {
            let state = GestureState(wrappedValue: 0)
            recorder.states.append(state)
            gesture = counting(gesture, state)
        }
        return gesture
    }

    private func sequence<A: Gesture, B: Gesture>(_ a: A, _ b: B) -> any Gesture { a.sequenced(before: b) }
    private func simultaneous<A: Gesture, B: Gesture>(_ a: A, _ b: B) -> any Gesture { a.simultaneously(with: b) }
    private func exclusive<A: Gesture, B: Gesture>(_ a: A, _ b: B) -> any Gesture { a.exclusively(before: b) }

    private func counting<G: Gesture>(_ gesture: G, _ state: GestureState<Int>) -> any Gesture {
        gesture.updating(state) { _, count, _ in count += 1 }
    }

    private func instrumented<G: Gesture>(_ gesture: G, _ recorder: Recorder, _ attachment: Int) -> some Gesture {
        gesture
            .onEnded { _ in recorder.note(attachment, "onEnded") }
            .onPhaseChange { phase in
                switch phase {
                case .failed: recorder.note(attachment, "failed")
                case .cancelled: recorder.note(attachment, "cancelled")
                case .ended: recorder.note(attachment, "ended")
                case .possible: recorder.start(attachment)
                case .active: break
                }
            }
    }

    private func attach<G: Gesture>(_ gesture: G, to node: Node, _ random: inout SeededRandom) {
        let mask: GestureMask = [.all, .all, .gesture, .subviews][random.int(below: 4)]
        switch random.int(below: 3) {
        case 0: node.gesture(gesture, including: mask)
        case 1: node.highPriorityGesture(gesture, including: mask)
        default: node.simultaneousGesture(gesture, including: mask)
        }
    }

    private func makeCase(seed: UInt64) -> Case {
        var random = SeededRandom(seed: seed)
        let scene = Scene(size: CGSize(width: 400, height: 400))
        scene.isRecording = true
        scene.systemGestureEdges = random.bool() ? .all : []
        let recorder = Recorder()
        var leaves: [Node] = []
        var parents = [scene.root]
        for _ in 0..<(3 + random.int(below: 8)) {
            let parent = parents[random.int(below: parents.count)]
            let size = parent.frame.size
            let frame = CGRect(
                x: random.double(in: 0...Double(size.width) * 0.5), y: random.double(in: 0...Double(size.height) * 0.5),
                width: random.double(in: 20...max(20, Double(size.width) * 0.6)),
                height: random.double(in: 20...max(20, Double(size.height) * 0.6)))
            let content: NodeContent = random.int(below: 4) == 0 ? .none : .shape(.rectangle, fill: .red)
            let node = parent.addChild("n\(leaves.count)", frame: frame, content: content)
            if random.int(below: 12) == 0 { node.disabled(true) }
            if random.int(below: 8) == 0 { node.allowsHitTesting(false) }
            if random.int(below: 5) == 0 { node.defersSystemGestures(on: .all) }
            for _ in 0..<random.int(below: 3) {
                let attachment = recorder.newAttachment()
                let gesture = randomGesture(&random, depth: 2, recorder: recorder)
                attachAny(gesture, recorder, attachment, node, &random)
            }
            leaves.append(node)
            parents.append(node)
        }
        return Case(scene: scene, recorder: recorder, leaves: leaves)
    }

    private func attachAny(
        _ gesture: any Gesture, _ recorder: Recorder, _ attachment: Int, _ node: Node, _ random: inout SeededRandom
    ) {
        attach(instrumented(gesture, recorder, attachment), to: node, &random)
    }

    /// Runs one random input stream: pointer sequences one after another (the fingers of one sequence go down at
    /// the same point, so that they share a session), with moves, waits, cancels and node removals.
    private func play(_ testCase: Case, seed: UInt64, check: (Case) -> Void) throws {
        var random = SeededRandom(seed: seed &* 31 &+ 1)
        let scene = testCase.scene
        var time = 0.0
        for _ in 0..<12 {
            // Mostly inside a random node, sometimes anywhere.
            var base = CGPoint(x: random.double(in: 0...400), y: random.double(in: 0...400))
            if random.int(below: 5) > 0, let target = testCase.leaves.randomElement(using: &random) {
                let frame = target.frame(in: .global)
                base = CGPoint(
                    x: frame.minX + random.double(in: 0...Double(frame.width)),
                    y: frame.minY + random.double(in: 0...Double(frame.height)))
            }
            let kind: PointerKind = [.touch, .touch, .pen, .mouse(.primary), .mouse(.secondary)][random.int(below: 5)]
            var down: [Int: CGPoint] = [:]
            let fingers = 1 + random.int(below: 2)
            for step in 0..<(4 + random.int(below: 14)) {
                time += [0, 0.01, 0.1, 0.2, 0.3, 0.5, 0.8][random.int(below: 7)]
                let action = random.int(below: 10)
                if (down.count < fingers && action < 4) || down.isEmpty && step == 0 {
                    let id = down.count + 1
                    try scene.send(.down, base, at: time, pointer: id, kind: kind)
                    down[id] = base
                } else if let id = down.keys.sorted().first, action < 8 {
                    let old = down[id] ?? base
                    let p = CGPoint(x: old.x + random.double(in: -25...25), y: old.y + random.double(in: -25...25))
                    try scene.send(.move, p, at: time, pointer: id, kind: kind)
                    down[id] = p
                } else if let id = down.keys.sorted().last, action == 8 {
                    try scene.send(
                        random.int(below: 6) == 0 ? .cancel : .up, down[id] ?? base, at: time, pointer: id, kind: kind)
                    down[id] = nil
                } else if action == 9 {
                    try scene.advance(to: time)
                    if random.int(below: 8) == 0, let victim = testCase.leaves.randomElement(using: &random) {
                        victim.removeFromParent()
                    }
                }
                check(testCase)
            }
            for (id, p) in down.sorted(by: { $0.key < $1.key }) {
                time += 0.05
                try scene.send(.up, p, at: time, pointer: id, kind: kind)
                check(testCase)
            }
            time += 1
            try scene.advance(to: time)
            check(testCase)
        }
    }

    @Test(arguments: 0..<60)
    func onEndedAtMostOnceAndNeverAfterFailureOrCancel(seed: UInt64) throws {
        let testCase = makeCase(seed: seed)
        try play(testCase, seed: seed) { _ in }
        #expect(testCase.recorder.violations.isEmpty, "seed \(seed)")
    }

    @Test func theCasesExerciseTheGestures() throws {
        var callbacks = 0
        var ended = 0
        for seed in 0..<60 as Range<UInt64> {
            let testCase = makeCase(seed: seed)
            try play(testCase, seed: seed) { _ in }
            callbacks += testCase.recorder.callbacks
            ended += testCase.scene.timeline.entries(of: .onEnded).count
        }
        #expect(callbacks > 200)
        #expect(ended > 50)
    }

    @Test(arguments: 0..<60)
    func gestureStatesAreInitialWhenNoPointerIsDown(seed: UInt64) throws {
        let testCase = makeCase(seed: seed)
        var checked = 0
        try play(testCase, seed: seed) { testCase in
            guard testCase.scene.pointersDown.isEmpty else { return }
            checked += 1
            for state in testCase.recorder.states {
                #expect(state.wrappedValue == 0, "seed \(seed) at \(testCase.scene.currentTime)")
            }
        }
        #expect(checked > 0)
    }

    @Test(arguments: 0..<30)
    func theSameStreamGivesTheSameTimeline(seed: UInt64) throws {
        let first = makeCase(seed: seed)
        try play(first, seed: seed) { _ in }
        let second = makeCase(seed: seed)
        try play(second, seed: seed) { _ in }
        #expect(first.scene.timeline == second.scene.timeline)
        #expect(!first.scene.timeline.entries.isEmpty)
    }
}

extension Array {
    fileprivate func randomElement(using random: inout SeededRandom) -> Element? {
        isEmpty ? nil : self[random.int(below: count)]
    }
}
