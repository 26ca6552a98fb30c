import Foundation

/// A gesture that recognizes one or more taps (SwiftUI's `TapGesture`).
///
/// Discrete: it stays possible and ends on the release of the last tap. It fails when the pointer moves 45
/// points or more from where that press went down, when one press lasts 0.75 s or more, or when the next press
/// does not begin within 0.35 s of the previous release.
public struct TapGesture: Gesture {
    public typealias Value = Void
    public typealias Body = Never

    /// The number of taps required.
    public var count: Int
    /// The kinds of input recognized.
    public var inputKinds: GestureInputKinds

    /// Creates a tap gesture.
    public init(count: Int = 1) {
        self.init(count: count, inputKinds: .all)
    }

    /// Creates a tap gesture for some kinds of input.
    public init(count: Int = 1, inputKinds: GestureInputKinds) {
        self.count = max(1, count)
        self.inputKinds = inputKinds
    }

    public var body: Never { primitiveBody("TapGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Void> {
        TapRecognizer(
            node: context.node, count: count, inputKinds: inputKinds, space: .local, name: "TapGesture",
            makeValue: { _ in () })
    }
}

/// A gesture that recognizes taps and reports where the last one was released (SwiftUI's `SpatialTapGesture`).
public struct SpatialTapGesture: Gesture {
    /// The location of a spatial tap.
    public struct Value: Hashable, Sendable {
        /// Where the last tap was released, in the gesture's coordinate space.
        public var location: CGPoint
    }

    public typealias Body = Never

    /// The number of taps required.
    public var count: Int
    /// The space of the reported location.
    public var coordinateSpace: CoordinateSpace
    /// The kinds of input recognized.
    public var inputKinds: GestureInputKinds

    /// Creates a spatial tap gesture.
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.init(count: count, coordinateSpace: coordinateSpace, inputKinds: .all)
    }

    /// Creates a spatial tap gesture for some kinds of input.
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local, inputKinds: GestureInputKinds) {
        self.count = max(1, count)
        self.coordinateSpace = coordinateSpace
        self.inputKinds = inputKinds
    }

    public var body: Never { primitiveBody("SpatialTapGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        TapRecognizer(
            node: context.node, count: count, inputKinds: inputKinds, space: coordinateSpace,
            name: "SpatialTapGesture", makeValue: { Value(location: $0) })
    }
}

/// The limits of a tap.
enum TapLimits {
    /// Moving this far or farther from the down point fails the tap.
    static let slop: CGFloat = 45
    /// A press lasting this long or longer fails the tap.
    static let maximumPressDuration: Double = 0.75
    /// The next press of a multi-tap must begin before this interval after the previous release.
    static let maximumInterval: Double = 0.35
}

final class TapRecognizer<Value>: PrimitiveRecognizer<Value> {
    private let count: Int
    private let space: CoordinateSpace
    private let label: String
    private let makeValue: (CGPoint) -> Value
    private var presses = 0
    private var pointer: TrackedPointer?

    init(
        node: Node, count: Int, inputKinds: GestureInputKinds, space: CoordinateSpace, name: String,
        makeValue: @escaping (CGPoint) -> Value
    ) {
        self.count = count
        self.space = space
        label = name
        self.makeValue = makeValue
        super.init(node: node, inputKinds: inputKinds)
    }

    override var name: String { count == 1 ? label : "\(label)(count: \(count))" }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal else { return }
        guard let sample = update.sample else {
            if update.time >= deadline { fail() }
            return
        }
        switch sample.phase {
        case .down:
            guard isOnPath(sample, update) else { return }
            if pointer != nil {
                // A second finger on the node: a multi-touch is not a tap.
                if sample.pointerID != pointer?.id { fail() }
                return
            }
            guard sample.kind.drivesPrimaryGestures, acceptsKind(sample.kind) else { return fail() }
            pointer = TrackedPointer(
                id: sample.pointerID, startLocation: sample.location, location: sample.location, time: update.time)
            deadline = update.time + TapLimits.maximumPressDuration
        case .move:
            guard let tracked = pointer, tracked.id == sample.pointerID else { return }
            if sample.location.distance(to: tracked.startLocation) >= TapLimits.slop { fail() }
        case .up:
            guard let tracked = pointer, tracked.id == sample.pointerID else { return }
            pointer = nil
            if sample.location.distance(to: tracked.startLocation) >= TapLimits.slop { return fail() }
            presses += 1
            if presses >= count {
                kind = .ended
                value = makeValue(location(sample.location, in: space))
                deadline = .infinity
            } else {
                deadline = update.time + TapLimits.maximumInterval
            }
        case .cancel:
            fail()
        }
    }
}
