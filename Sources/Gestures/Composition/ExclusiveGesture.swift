/// Two gestures of which only one can succeed, the first having precedence (`exclusively(before:)`).
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The value of the gesture that was recognized.
    public enum Value {
        /// The first gesture's value.
        case first(First.Value)
        /// The second gesture's value.
        case second(Second.Value)
    }

    public typealias Body = Never

    /// The gesture with precedence.
    public var first: First
    /// The gesture recognized only once the first has failed.
    public var second: Second

    /// Creates the composition.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var body: Never { primitiveBody("ExclusiveGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        ExclusiveRecognizer(
            first: first._makeRecognizer(in: context),
            second: second._makeRecognizer(in: context),
            wrapFirst: { .first($0) },
            wrapSecond: { .second($0) }
        )
    }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

extension Gesture {
    /// Combines this gesture with another so that only one succeeds, this one having precedence: the other can
    /// only be recognized once this one has failed.
    /// - Parameter other: The gesture with lower precedence.
    /// - Returns: The composition.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}

/// The engine's exclusive composition, also used between a node's gestures and its subviews'.
///
/// The second runs internally while the first is undecided but may not report (it shows `possible`); it is
/// cancelled the moment the first is recognized, and reports its own phases once the first has failed.
final class ExclusiveRecognizer<A, B, Value>: _Recognizer<Value> {
    let first: _Recognizer<A>
    let second: _Recognizer<B>
    private let wrapFirst: (A) -> Value
    private let wrapSecond: (B) -> Value

    init(
        first: _Recognizer<A>,
        second: _Recognizer<B>,
        wrapFirst: @escaping (A) -> Value,
        wrapSecond: @escaping (B) -> Value
    ) {
        self.first = first
        self.second = second
        self.wrapFirst = wrapFirst
        self.wrapSecond = wrapSecond
        super.init(node: first.node)
    }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal else { return }
        first.receive(update)
        switch first.kind {
        case .active, .ended:
            if !second.isCancelled && !second.reported.isTerminal { second.cancel(update) }
            kind = first.kind
            value = first.value.map(wrapFirst)
        case .failed:
            second.receive(update)
            kind = second.kind
            value = second.value.map(wrapSecond)
        case .possible:
            second.receive(update)
            kind = .possible
            value = nil
        }
    }

    override func report(allowed: Bool, _ update: GestureUpdate) {
        reported = effectivePhase(allowed: allowed)
        first.report(allowed: allowed, update)
        second.report(allowed: allowed && first.kind == .failed, update)
    }

    override func cancel(_ update: GestureUpdate) {
        first.cancel(update)
        second.cancel(update)
        super.cancel(update)
    }

    override func nextDeadline() -> Double {
        min(first.nextDeadline(), second.nextDeadline())
    }

    override var name: String { "Exclusive(\(first.name), \(second.name))" }
}
