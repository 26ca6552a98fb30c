import Foundation

/// The engine's state for one gesture during one pointer sequence. Internal in all but name: the class is
/// public only because `Gesture._makeRecognizer(in:)` returns one.
///
/// Every update runs in two passes over the recognizer tree:
/// 1. `receive(_:)`, bottom-up: each recognizer steps its private state with the update's event (or none, for a
///    deadline) and sets its internal phase `kind`.
/// 2. `report(allowed:_:)`, top-down: each recognizer learns whether it may report (a lower-precedence gesture
///    may not while the higher one is undecided), derives its *effective* phase, and the modifier recognizers fire
///    callbacks on changes of the effective phase, inner ones before outer ones.
/// `cancel(_:)` takes a subtree away without callbacks, resetting its `@GestureState`s.
public class _AnyRecognizer {
    /// The node the gesture is attached to; its local space is `.local`.
    let node: Node
    /// The internal phase after the last `receive`.
    var kind: PhaseKind = .possible
    /// The effective phase after the last `report`.
    var reported: PhaseKind = .possible
    /// Whether `cancel` took this recognizer away.
    var isCancelled = false

    init(node: Node) {
        self.node = node
    }

    /// Pass 1: step with the update.
    func receive(_ update: GestureUpdate) {}

    /// Pass 2: derive the effective phase. Subclasses with children or callbacks override and call
    /// `effectivePhase(allowed:)`.
    func report(allowed: Bool, _ update: GestureUpdate) {
        reported = effectivePhase(allowed: allowed)
    }

    /// Takes the recognizer away: no more callbacks; states reset. Idempotent.
    func cancel(_ update: GestureUpdate) {
        if !reported.isTerminal { isCancelled = true }
        kind = .failed
        reported = .failed
    }

    /// The earliest time at which this subtree wants an update with no event, or infinity.
    func nextDeadline() -> Double { .infinity }

    /// A short name for the timeline: `DragGesture`, `Sequence(LongPressGesture, DragGesture)`.
    var name: String { "Gesture" }

    /// The phase this recognizer may show: its own, or possible while it must wait (a failure shows at once).
    final func effectivePhase(allowed: Bool) -> PhaseKind {
        if allowed || kind == .failed { return kind }
        return .possible
    }
}

/// A recognizer with a value.
public class _Recognizer<Value>: _AnyRecognizer {
    /// The value of the last update, once there is one.
    var value: Value?
}

/// One update of a gesture session: the event (nil when a deadline fires) and the time.
struct GestureUpdate {
    /// The time of the update on the scene's clock.
    let time: Double
    /// The pointer event of this update, or nil for a deadline.
    let sample: PointerSample?
    /// The session the update belongs to.
    unowned let session: GestureSession
}

/// A pointer event as the recognizers see it.
struct PointerSample {
    let pointerID: Int
    let kind: PointerKind
    let phase: PointerEvent.Phase
    /// The location in the scene's space.
    let location: CGPoint
    /// True for the second delivery of a down's location in the same step, and for the downs that start the
    /// second gesture of a sequence with the pointers already down.
    let isRepeat: Bool
}

/// The recognizer of a `nil` gesture: fails at its first update.
final class FailingRecognizer<Value>: _Recognizer<Value> {
    private let label: String

    init(context: _GestureContext, name: String) {
        label = name
        super.init(node: context.node)
    }

    override func receive(_ update: GestureUpdate) {
        kind = .failed
    }

    override var name: String { label }
}
