/// A recognizer that runs one inner recognizer and reports its phase, with its value transformed: the base of
/// every gesture modifier (`onChanged`, `onEnded`, `updating`, `map`, `onPhaseChange`).
class ForwardingRecognizer<Inner, Value>: _Recognizer<Value> {
    let inner: _Recognizer<Inner>

    init(inner: _Recognizer<Inner>) {
        self.inner = inner
        super.init(node: inner.node)
    }

    /// The value this recognizer shows for the inner one's.
    func transform(_ value: Inner) -> Value? { nil }

    override func receive(_ update: GestureUpdate) {
        guard !isCancelled else { return }
        inner.receive(update)
        kind = inner.kind
        // Not `inner.value.flatMap(transform)`: a partially applied method allocates a closure context.
        if let innerValue = inner.value { value = transform(innerValue) } else { value = nil }
    }

    override func report(allowed: Bool, _ update: GestureUpdate) {
        guard !isCancelled, !reported.isTerminal else { return }
        inner.report(allowed: allowed, update)
        let previous = reported
        reported = effectivePhase(allowed: allowed)
        didReport(from: previous, to: reported, update)
    }

    override func cancel(_ update: GestureUpdate) {
        let wasLive = !reported.isTerminal && !isCancelled
        inner.cancel(update)
        super.cancel(update)
        if wasLive { didCancel(update) }
    }

    override func nextDeadline() -> Double { isCancelled ? .infinity : inner.nextDeadline() }

    override var name: String { inner.name }

    /// Called after every report with the previous and the new effective phase.
    func didReport(from previous: PhaseKind, to phase: PhaseKind, _ update: GestureUpdate) {}

    /// Called once when the recognizer is taken away before reaching a terminal phase.
    func didCancel(_ update: GestureUpdate) {}
}

/// A forwarding recognizer that keeps the inner value as it is.
class PassThroughRecognizer<Value>: ForwardingRecognizer<Value, Value> {
    override func transform(_ value: Value) -> Value? { value }
}
