// The gesture engine's performance targets: the cost of one pointer event in scenes of 100, 1,000 and 10,000
// nodes with 100 gestures attached (hit testing must not visit every node, so 10,000 nodes may cost at most
// 1.5 times 1,000), and no allocation per move event of a running drag.
//
//     cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --target GestureBenchmarks

import Benchmark
import Foundation
import Gestures

/// A scene of `nodeCount` leaf nodes in 10 columns (so each column holds many children and is indexed),
/// with a `DragGesture` on 100 of them spread evenly.
final class BenchmarkScene {
    let scene = Scene(size: CGSize(width: 2000, height: 2000))
    /// The centres of the nodes that have a gesture, in the scene's space.
    private(set) var targets: [CGPoint] = []
    private(set) var changes = 0
    private(set) var ends = 0
    /// The events, continuing across the benchmark's iterations (the scene's clock only moves forward).
    var stream = EventStream(targets: [])

    init(nodeCount: Int) {
        let columns = 10
        let perColumn = nodeCount / columns
        let rows = Int(Double(perColumn).squareRoot().rounded(.up))
        let cell = 200.0 / Double(rows)
        let stride = max(1, nodeCount / 100)
        var index = 0
        for column in 0..<columns {
            let group = scene.root.addChild(
                "column\(column)", frame: CGRect(x: Double(column) * 200, y: 0, width: 200, height: 2000))
            for item in 0..<perColumn {
                let frame = CGRect(
                    x: Double(item % rows) * cell, y: Double(item / rows) * cell * 10, width: cell * 0.9,
                    height: cell * 9)
                let node = group.addChild("n\(index)", frame: frame, content: .shape(.rectangle, fill: .gray))
                if index % stride == 0 && targets.count < 100 {
                    node.gesture(
                        DragGesture()
                            .onChanged { [unowned self] _ in changes += 1 }
                            .onEnded { [unowned self] _ in ends += 1 })
                    targets.append(node.convertToGlobal(CGPoint(x: frame.width / 2, y: frame.height / 2)))
                }
                index += 1
            }
        }
        stream = EventStream(targets: targets)
    }
}

/// An endless stream of pointer events: for each gesture node in turn, a down, 20 moves and an up.
struct EventStream {
    private let targets: [CGPoint]
    private var target = 0
    private var step = 0
    private var time = 0.0

    init(targets: [CGPoint]) {
        self.targets = targets
    }

    mutating func next() -> PointerEvent {
        time += 0.004
        let origin = targets[target]
        defer {
            step += 1
            if step == 22 {
                step = 0
                target = (target + 1) % targets.count
            }
        }
        switch step {
        case 0:
            return PointerEvent(phase: .down, location: origin, time: time)
        case 21:
            return PointerEvent(phase: .up, location: CGPoint(x: origin.x + 20, y: origin.y + 40), time: time)
        default:
            let offset = CGFloat(step) * 2
            return PointerEvent(
                phase: .move, location: CGPoint(x: origin.x + offset / 2, y: origin.y + offset), time: time)
        }
    }
}

/// The stream ran no gesture: the scene is not what the benchmark means to measure.
struct NoGestureRan: Error {}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    for nodeCount in [100, 1_000, 10_000] {
        Benchmark(
            "Pointer event, \(nodeCount) nodes, 100 gestures",
            configuration: .init(
                thresholds: nodeCount == 1_000 ? [.wallClock: .init(absolute: [.p50: 2_000])] : nil)
        ) { benchmark, state in
            let scene = state.scene
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try scene.send(state.stream.next())
            }
            benchmark.stopMeasurement()
            guard state.changes > 0 else { throw NoGestureRan() }
        } setup: {
            BenchmarkScene(nodeCount: nodeCount)
        }
    }

    // Counted per iteration of 1,000 moves (no scaling), so that a single allocation in 1,000 moves shows.
    Benchmark(
        "1000 moves of a running drag, 1000 nodes",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one,
            thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])
    ) { benchmark, state in
        let scene = state.scene
        let start = state.targets[0]
        let time = scene.currentTime + 1
        try scene.send(PointerEvent(phase: .down, location: start, time: time))
        try scene.send(PointerEvent(phase: .move, location: CGPoint(x: start.x, y: start.y + 20), time: time + 0.001))
        var y = start.y + 20
        var t = time + 0.001
        benchmark.startMeasurement()
        for _ in 0..<1_000 {
            y += 0.5
            t += 0.001
            try scene.send(PointerEvent(phase: .move, location: CGPoint(x: start.x, y: y), time: t))
        }
        benchmark.stopMeasurement()
        try scene.send(PointerEvent(phase: .up, location: CGPoint(x: start.x, y: y), time: t + 0.001))
    } setup: {
        BenchmarkScene(nodeCount: 1_000)
    }
}
