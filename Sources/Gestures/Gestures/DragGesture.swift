import Foundation

/// A gesture that follows a pointer once it has moved far enough (SwiftUI's `DragGesture`).
///
/// Possible until the pointer is `minimumDistance` points or more from where it went down (measured in the
/// scene's space), then active on every update, ended on release; a release before the threshold fails it.
/// With a minimum distance of 0 it is active at touch-down with zero translation.
public struct DragGesture: Gesture {
    /// The attributes of a drag.
    public struct Value: Hashable, Sendable {
        /// The time of the event: the scene's virtual time as seconds since the reference date.
        public var time: Date
        /// The pointer's location, in the gesture's coordinate space.
        public var location: CGPoint
        /// Where the pointer went down, in the gesture's coordinate space.
        public var startLocation: CGPoint
        /// The velocity in points per second: exact for uniform motion between the last two events.
        public var velocity: CGSize

        /// Creates a value.
        public init(time: Date, location: CGPoint, startLocation: CGPoint, velocity: CGSize) {
            self.time = time
            self.location = location
            self.startLocation = startLocation
            self.velocity = velocity
        }

        /// `location - startLocation`.
        public var translation: CGSize {
            location.offset(from: startLocation)
        }

        /// Where the drag would stop if the pointer lifted now: `location + velocity / 4`.
        public var predictedEndLocation: CGPoint {
            CGPoint(x: location.x + velocity.width / 4, y: location.y + velocity.height / 4)
        }

        /// The translation at `predictedEndLocation`: `translation + velocity / 4`.
        public var predictedEndTranslation: CGSize {
            CGSize(
                width: translation.width + velocity.width / 4, height: translation.height + velocity.height / 4)
        }
    }

    public typealias Body = Never

    /// How far the pointer must move before the drag is recognized, in points.
    public var minimumDistance: CGFloat
    /// The space of the reported locations.
    public var coordinateSpace: CoordinateSpace
    /// The kinds of input recognized.
    public var inputKinds: GestureInputKinds

    /// Creates a drag gesture.
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.init(minimumDistance: minimumDistance, coordinateSpace: coordinateSpace, inputKinds: .all)
    }

    /// Creates a drag gesture for some kinds of input.
    public init(
        minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local, inputKinds: GestureInputKinds
    ) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
        self.inputKinds = inputKinds
    }

    public var body: Never { primitiveBody("DragGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        DragRecognizer(
            node: context.node, minimumDistance: minimumDistance, space: coordinateSpace, inputKinds: inputKinds)
    }
}

final class DragRecognizer: PrimitiveRecognizer<DragGesture.Value> {
    private let minimumDistance: CGFloat
    private let space: CoordinateSpace
    private var pointer: TrackedPointer?
    private var velocity = CGSize.zero

    init(node: Node, minimumDistance: CGFloat, space: CoordinateSpace, inputKinds: GestureInputKinds) {
        self.minimumDistance = minimumDistance
        self.space = space
        super.init(node: node, inputKinds: inputKinds)
    }

    override var name: String { "DragGesture" }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal, let sample = update.sample else { return }
        switch sample.phase {
        case .down:
            guard pointer == nil, isOnPath(sample, update) else { return }
            guard sample.kind.drivesPrimaryGestures, acceptsKind(sample.kind) else { return fail() }
            pointer = TrackedPointer(
                id: sample.pointerID, startLocation: sample.location, location: sample.location, time: update.time)
            velocity = .zero
            if minimumDistance <= 0 { activate(update) }
        case .move, .up:
            guard var tracked = pointer, tracked.id == sample.pointerID else { return }
            let dt = update.time - tracked.time
            if dt > 0 {
                velocity = CGSize(
                    width: (sample.location.x - tracked.location.x) / dt,
                    height: (sample.location.y - tracked.location.y) / dt)
            }
            tracked.location = sample.location
            tracked.time = update.time
            pointer = tracked
            if kind == .possible, sample.location.distance(to: tracked.startLocation) >= minimumDistance {
                kind = .active
            }
            if kind == .active {
                activate(update)
                if sample.phase == .up { kind = .ended }
            } else if sample.phase == .up {
                fail()
            }
        case .cancel:
            fail()
        }
    }

    private func activate(_ update: GestureUpdate) {
        guard let tracked = pointer else { return }
        kind = .active
        value = DragGesture.Value(
            time: Date(timeIntervalSinceReferenceDate: update.time),
            location: location(tracked.location, in: space),
            startLocation: location(tracked.startLocation, in: space),
            velocity: velocity)
    }
}
