/// Two gestures recognized at the same time (`simultaneously(with:)`).
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The values of both gestures; each is nil until that gesture is recognized.
    public struct Value {
        /// The first gesture's value.
        public var first: First.Value?
        /// The second gesture's value.
        public var second: Second.Value?
    }

    public typealias Body = Never

    /// The first gesture.
    public var first: First
    /// The second gesture.
    public var second: Second

    /// Creates the composition.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var body: Never { primitiveBody("SimultaneousGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        SimultaneousRecognizer(
            first: first._makeRecognizer(in: context),
            second: second._makeRecognizer(in: context),
            combine: { Value(first: $0, second: $1) }
        )
    }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SimultaneousGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

extension Gesture {
    /// Combines this gesture with another so that both can be recognized at once.
    /// - Parameter other: The other gesture.
    /// - Returns: The composition: active while either is active, ended once both are done and one succeeded.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
}

/// The engine's simultaneous composition, also used for `simultaneousGesture(_:including:)`.
final class SimultaneousRecognizer<A, B, Value>: _Recognizer<Value> {
    let first: _Recognizer<A>
    let second: _Recognizer<B>
    private let combine: (A?, B?) -> Value
    private var hasBeenActive = false

    init(first: _Recognizer<A>, second: _Recognizer<B>, combine: @escaping (A?, B?) -> Value) {
        self.first = first
        self.second = second
        self.combine = combine
        super.init(node: first.node)
    }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal else { return }
        first.receive(update)
        second.receive(update)
        let a = first.kind
        let b = second.kind
        if a == .active || b == .active {
            kind = .active
        } else if a.isTerminal && b.isTerminal {
            kind = a == .ended || b == .ended ? .ended : .failed
        } else if a == .ended || b == .ended || hasBeenActive {
            // One is done (or failed after the pair was recognized) while the other is undecided: still running.
            kind = .active
        } else {
            kind = .possible
        }
        if kind == .active { hasBeenActive = true }
        value =
            kind.isRecognized
            ? combine(a.isRecognized ? first.value : nil, b.isRecognized ? second.value : nil) : nil
    }

    override func report(allowed: Bool, _ update: GestureUpdate) {
        reported = effectivePhase(allowed: allowed)
        first.report(allowed: allowed, update)
        second.report(allowed: allowed, update)
    }

    override func cancel(_ update: GestureUpdate) {
        first.cancel(update)
        second.cancel(update)
        super.cancel(update)
    }

    override func nextDeadline() -> Double {
        min(first.nextDeadline(), second.nextDeadline())
    }

    override var name: String { "Simultaneous(\(first.name), \(second.name))" }
}
