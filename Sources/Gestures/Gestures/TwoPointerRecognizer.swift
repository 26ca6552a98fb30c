import Foundation

/// The base of the two-finger recognizers (magnify, rotate): follows the first two touches that go down on the
/// node, measures from the moment both are down, and ends when either lifts (fails if not yet recognized).
class TwoPointerRecognizer<Value>: PrimitiveRecognizer<Value> {
    private(set) var first: TrackedPointer?
    private(set) var second: TrackedPointer?
    /// The time of the previous measurement, for velocities.
    private(set) var previousTime = 0.0

    init(node: Node) {
        super.init(node: node, inputKinds: [.directTouch, .pencil, .indirectTouch])
    }

    /// Both pointers are down: the measurement starts.
    func begin(_ update: GestureUpdate, _ a: CGPoint, _ b: CGPoint) {}

    /// Both pointers are down and one moved: returns whether the gesture is (now) recognized.
    func measure(_ update: GestureUpdate, _ a: CGPoint, _ b: CGPoint) -> Bool { false }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal, let sample = update.sample else { return }
        switch sample.phase {
        case .down:
            guard isOnPath(sample, update), second == nil else { return }
            guard acceptsKind(sample.kind) else { return fail() }
            let tracked = TrackedPointer(
                id: sample.pointerID, startLocation: sample.location, location: sample.location, time: update.time)
            if let existing = first {
                guard existing.id != sample.pointerID else { return }
                second = tracked
                previousTime = update.time
                begin(update, existing.location, tracked.location)
            } else {
                first = tracked
            }
        case .move, .up:
            if first?.id == sample.pointerID {
                first?.location = sample.location
            } else if second?.id == sample.pointerID {
                second?.location = sample.location
            } else {
                return
            }
            if let a = first?.location, let b = second?.location {
                if measure(update, a, b) { kind = .active }
                previousTime = update.time
            }
            if sample.phase == .up {
                if kind == .active { kind = .ended } else { fail() }
            }
        case .cancel:
            fail()
        }
    }

    /// The midpoint of the two pointers as a unit point of the node's bounds and in its local space.
    func anchor(_ a: CGPoint, _ b: CGPoint) -> (UnitPoint, CGPoint) {
        let mid = node.convert(CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), from: .global, to: .local)
        let size = node.frame.size
        let unit = UnitPoint(
            x: size.width > 0 ? mid.x / size.width : 0, y: size.height > 0 ? mid.y / size.height : 0)
        return (unit, mid)
    }
}
