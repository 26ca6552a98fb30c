import Foundation

/// The base of the primitive recognizers: input-kind filtering, one deadline, failure.
class PrimitiveRecognizer<Value>: _Recognizer<Value> {
    let inputKinds: GestureInputKinds
    /// The time of the next update this recognizer needs without an event, or infinity.
    var deadline = Double.infinity

    init(node: Node, inputKinds: GestureInputKinds) {
        self.inputKinds = inputKinds
        super.init(node: node)
    }

    override func nextDeadline() -> Double { kind.isTerminal ? .infinity : deadline }

    /// Whether a pointer of this kind may drive the gesture.
    func acceptsKind(_ kind: PointerKind) -> Bool {
        !inputKinds.isDisjoint(with: kind.inputKind)
    }

    /// Whether a down belongs to this recognizer's node: the pointer's hit path runs through it (always true for
    /// the first pointer of a session, and for the downs that start the second gesture of a sequence).
    func isOnPath(_ sample: PointerSample, _ update: GestureUpdate) -> Bool {
        sample.isRepeat || update.session.pointer(sample.pointerID, hits: node)
    }

    func fail() {
        kind = .failed
        deadline = .infinity
    }

    /// A location of the scene's space in the given space, relative to this recognizer's node.
    func location(_ point: CGPoint, in space: CoordinateSpace) -> CGPoint {
        node.convert(point, from: .global, to: space)
    }
}

/// The state of one pointer followed by a single-pointer recognizer.
struct TrackedPointer {
    var id: Int
    var startLocation: CGPoint
    var location: CGPoint
    var time: Double
}
