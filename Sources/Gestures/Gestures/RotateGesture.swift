import Foundation

/// A two-finger rotation that reports the change of angle (SwiftUI's `RotateGesture`).
///
/// The rotation is the angle turned by the line between the fingers since both went down, followed
/// continuously past ±180°; the gesture becomes active once its size reaches `minimumAngleDelta`.
public struct RotateGesture: Gesture {
    /// The attributes of a rotation.
    public struct Value: Hashable, Sendable {
        /// The time of the event, as seconds since the reference date on the scene's clock.
        public var time: Date
        /// The rotation since the start (positive is clockwise on screen, as y grows downwards).
        public var rotation: Angle
        /// The rate of rotation, per second.
        public var velocity: Angle
        /// The fingers' midpoint at the start, as a unit point of the node's bounds.
        public var startAnchor: UnitPoint
        /// The fingers' midpoint at the start, in the node's local space.
        public var startLocation: CGPoint
    }

    public typealias Body = Never

    /// The rotation needed before the gesture is recognized.
    public var minimumAngleDelta: Angle

    /// Creates a rotate gesture.
    public init(minimumAngleDelta: Angle = .degrees(1)) {
        self.minimumAngleDelta = minimumAngleDelta
    }

    public var body: Never { primitiveBody("RotateGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        RotateRecognizer(node: context.node, minimumAngleDelta: minimumAngleDelta)
    }
}

/// The earlier form of `RotateGesture`, whose value is the angle alone.
public struct RotationGesture: Gesture {
    public typealias Value = Angle
    public typealias Body = Never

    /// The rotation needed before the gesture is recognized.
    public var minimumAngleDelta: Angle

    /// Creates a rotation gesture.
    public init(minimumAngleDelta: Angle = .degrees(1)) {
        self.minimumAngleDelta = minimumAngleDelta
    }

    public var body: Never { primitiveBody("RotationGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Angle> {
        MapRecognizer(
            inner: RotateRecognizer(node: context.node, minimumAngleDelta: minimumAngleDelta),
            transform: { $0.rotation })
    }
}

final class RotateRecognizer: TwoPointerRecognizer<RotateGesture.Value> {
    private let minimumAngleDelta: Angle
    private var lastAngle = 0.0
    private var total = 0.0
    private var previousTotal = 0.0
    private var startAnchor = UnitPoint.center
    private var startLocation = CGPoint.zero

    init(node: Node, minimumAngleDelta: Angle) {
        self.minimumAngleDelta = minimumAngleDelta
        super.init(node: node)
    }

    override var name: String { "RotateGesture" }

    override func begin(_ update: GestureUpdate, _ a: CGPoint, _ b: CGPoint) {
        lastAngle = Self.angle(a, b)
        total = 0
        previousTotal = 0
        (startAnchor, startLocation) = anchor(a, b)
    }

    override func measure(_ update: GestureUpdate, _ a: CGPoint, _ b: CGPoint) -> Bool {
        let angle = Self.angle(a, b)
        var step = angle - lastAngle
        if step > .pi { step -= 2 * .pi }
        if step < -.pi { step += 2 * .pi }
        lastAngle = angle
        total += step
        let dt = update.time - previousTime
        let velocity = dt > 0 ? (total - previousTotal) / dt : (value?.velocity.radians ?? 0)
        previousTotal = total
        let recognized = kind == .active || abs(total) >= minimumAngleDelta.radians
        if recognized {
            value = RotateGesture.Value(
                time: Date(timeIntervalSinceReferenceDate: update.time), rotation: .radians(total),
                velocity: .radians(velocity), startAnchor: startAnchor, startLocation: startLocation)
        }
        return recognized
    }

    private static func angle(_ a: CGPoint, _ b: CGPoint) -> Double {
        atan2(Double(b.y - a.y), Double(b.x - a.x))
    }
}
