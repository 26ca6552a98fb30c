import Foundation

/// A gesture that succeeds when a press is held long enough without moving too far (SwiftUI's
/// `LongPressGesture`).
///
/// Its value is `true`. It is active from touch-down and ends at the moment `minimumDuration` elapses while
/// still pressed (not at the release); it fails on a release before that or when the pointer moves
/// `maximumDistance` points or more.
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public typealias Body = Never

    /// The time the press must be held, in seconds.
    public var minimumDuration: Double
    /// How far the pointer may move before the gesture fails, in points.
    public var maximumDistance: CGFloat
    /// The kinds of input recognized.
    public var inputKinds: GestureInputKinds

    /// Creates a long-press gesture.
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.init(minimumDuration: minimumDuration, maximumDistance: maximumDistance, inputKinds: .all)
    }

    /// Creates a long-press gesture for some kinds of input.
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, inputKinds: GestureInputKinds) {
        self.minimumDuration = max(0, minimumDuration)
        self.maximumDistance = maximumDistance
        self.inputKinds = inputKinds
    }

    public var body: Never { primitiveBody("LongPressGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Bool> {
        LongPressRecognizer(
            node: context.node, minimumDuration: minimumDuration, maximumDistance: maximumDistance,
            inputKinds: inputKinds)
    }
}

final class LongPressRecognizer: PrimitiveRecognizer<Bool> {
    private let minimumDuration: Double
    private let maximumDistance: CGFloat
    private var pointer: TrackedPointer?

    init(node: Node, minimumDuration: Double, maximumDistance: CGFloat, inputKinds: GestureInputKinds) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        super.init(node: node, inputKinds: inputKinds)
    }

    override var name: String { "LongPressGesture" }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal else { return }
        if let sample = update.sample {
            switch sample.phase {
            case .down:
                guard isOnPath(sample, update) else { return }
                if let tracked = pointer {
                    if sample.pointerID != tracked.id { fail() }
                    return
                }
                guard sample.kind.drivesPrimaryGestures, acceptsKind(sample.kind) else { return fail() }
                pointer = TrackedPointer(
                    id: sample.pointerID, startLocation: sample.location, location: sample.location, time: update.time)
                kind = .active
                value = true
                deadline = update.time + minimumDuration
                // Active at touch-down; even a zero duration ends only at the next update (the down's repeat).
                return
            case .move:
                guard let tracked = pointer, tracked.id == sample.pointerID else { return }
                if sample.location.distance(to: tracked.startLocation) >= maximumDistance { return fail() }
            case .up, .cancel:
                guard let tracked = pointer, tracked.id == sample.pointerID else { return }
                return fail()
            }
        }
        if pointer != nil, update.time >= deadline {
            kind = .ended
            deadline = .infinity
        }
    }
}
