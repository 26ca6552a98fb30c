import Foundation

/// A two-finger pinch that reports the change of scale (SwiftUI's `MagnifyGesture`).
///
/// The magnification is the current distance between the fingers divided by their distance when both went
/// down; the gesture becomes active once it differs from 1 by at least `minimumScaleDelta`.
public struct MagnifyGesture: Gesture {
    /// The attributes of a magnification.
    public struct Value: Hashable, Sendable {
        /// The time of the event, as seconds since the reference date on the scene's clock.
        public var time: Date
        /// The scale relative to the start.
        public var magnification: CGFloat
        /// The rate of change of the magnification, per second.
        public var velocity: CGFloat
        /// The fingers' midpoint at the start, as a unit point of the node's bounds.
        public var startAnchor: UnitPoint
        /// The fingers' midpoint at the start, in the node's local space.
        public var startLocation: CGPoint
    }

    public typealias Body = Never

    /// The change of scale needed before the gesture is recognized.
    public var minimumScaleDelta: CGFloat

    /// Creates a magnify gesture.
    public init(minimumScaleDelta: CGFloat = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta
    }

    public var body: Never { primitiveBody("MagnifyGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        MagnifyRecognizer(node: context.node, minimumScaleDelta: minimumScaleDelta)
    }
}

/// The earlier form of `MagnifyGesture`, whose value is the magnification alone.
public struct MagnificationGesture: Gesture {
    public typealias Value = CGFloat
    public typealias Body = Never

    /// The change of scale needed before the gesture is recognized.
    public var minimumScaleDelta: CGFloat

    /// Creates a magnification gesture.
    public init(minimumScaleDelta: CGFloat = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta
    }

    public var body: Never { primitiveBody("MagnificationGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<CGFloat> {
        MapRecognizer(
            inner: MagnifyRecognizer(node: context.node, minimumScaleDelta: minimumScaleDelta),
            transform: { $0.magnification })
    }
}

final class MagnifyRecognizer: TwoPointerRecognizer<MagnifyGesture.Value> {
    private let minimumScaleDelta: CGFloat
    private var initialDistance: CGFloat = 0
    private var previous: CGFloat = 1
    private var startAnchor = UnitPoint.center
    private var startLocation = CGPoint.zero

    init(node: Node, minimumScaleDelta: CGFloat) {
        self.minimumScaleDelta = minimumScaleDelta
        super.init(node: node)
    }

    override var name: String { "MagnifyGesture" }

    override func begin(_ update: GestureUpdate, _ a: CGPoint, _ b: CGPoint) {
        initialDistance = a.distance(to: b)
        previous = 1
        (startAnchor, startLocation) = anchor(a, b)
    }

    override func measure(_ update: GestureUpdate, _ a: CGPoint, _ b: CGPoint) -> Bool {
        guard initialDistance > 0 else { return false }
        let magnification = a.distance(to: b) / initialDistance
        let dt = update.time - previousTime
        let velocity = dt > 0 ? (magnification - previous) / dt : (value?.velocity ?? 0)
        previous = magnification
        let recognized = kind == .active || abs(magnification - 1) >= minimumScaleDelta
        if recognized {
            value = MagnifyGesture.Value(
                time: Date(timeIntervalSinceReferenceDate: update.time), magnification: magnification,
                velocity: velocity, startAnchor: startAnchor, startLocation: startLocation)
        }
        return recognized
    }
}
