/// Two gestures of which the second is recognized only after the first ends (`sequenced(before:)`).
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The state of the sequence.
    public enum Value {
        /// The first gesture is running.
        case first(First.Value)
        /// The first gesture ended with its value; the second's value once it is recognized.
        case second(First.Value, Second.Value?)
    }

    public typealias Body = Never

    /// The gesture that must end first.
    public var first: First
    /// The gesture that follows.
    public var second: Second

    /// Creates the sequence.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var body: Never { primitiveBody("SequenceGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        SequenceRecognizer(
            first: first._makeRecognizer(in: context),
            second: second._makeRecognizer(in: context),
            wrapFirst: { .first($0) },
            wrapSecond: { .second($0, $1) }
        )
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

extension Gesture {
    /// Sequences this gesture before another: the other starts, with the pointers then down, once this one
    /// ends; the sequence fails if either fails.
    /// - Parameter other: The gesture that follows.
    /// - Returns: The sequence.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(self, other)
    }
}

final class SequenceRecognizer<A, B, Value>: _Recognizer<Value> {
    let first: _Recognizer<A>
    let second: _Recognizer<B>
    private let wrapFirst: (A) -> Value
    private let wrapSecond: (A, B?) -> Value
    private var secondStarted = false

    init(
        first: _Recognizer<A>,
        second: _Recognizer<B>,
        wrapFirst: @escaping (A) -> Value,
        wrapSecond: @escaping (A, B?) -> Value
    ) {
        self.first = first
        self.second = second
        self.wrapFirst = wrapFirst
        self.wrapSecond = wrapSecond
        super.init(node: first.node)
    }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal else { return }
        if secondStarted {
            second.receive(update)
        } else {
            first.receive(update)
            switch first.kind {
            case .possible:
                kind = .possible
                value = nil
                return
            case .active:
                kind = .active
                value = first.value.map(wrapFirst)
                return
            case .failed:
                kind = .failed
                value = nil
                return
            case .ended:
                secondStarted = true
                update.session.startWithPointersDown(second, at: update.time)
            }
        }
        guard let firstValue = first.value else {
            kind = .failed
            return
        }
        switch second.kind {
        case .possible, .active: kind = .active
        case .ended: kind = .ended
        case .failed: kind = .failed
        }
        value = wrapSecond(firstValue, second.kind.isRecognized ? second.value : nil)
    }

    override func report(allowed: Bool, _ update: GestureUpdate) {
        reported = effectivePhase(allowed: allowed)
        first.report(allowed: allowed, update)
        if secondStarted { second.report(allowed: allowed, update) }
    }

    override func cancel(_ update: GestureUpdate) {
        first.cancel(update)
        if secondStarted { second.cancel(update) }
        super.cancel(update)
    }

    override func nextDeadline() -> Double {
        secondStarted ? second.nextDeadline() : first.nextDeadline()
    }

    override var name: String { "Sequence(\(first.name), \(second.name))" }
}
