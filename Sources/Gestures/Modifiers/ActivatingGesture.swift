/// A gesture that stays possible until its value first satisfies a condition (`activates(when:)`).
public struct _ActivatingGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public typealias Body = Never

    let content: Content
    let condition: (Content.Value) -> Bool

    public var body: Never { primitiveBody("_ActivatingGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        ActivatingRecognizer(inner: content._makeRecognizer(in: context), condition: condition)
    }
}

extension Gesture {
    /// Returns a gesture that reports `possible` until the first value for which `condition` holds, and this
    /// gesture's phases from then on; if it ends before that, it fails. A DnDKit addition: it decides when a
    /// gesture *wins* against competing ones. A drag lift is `LongPressGesture().sequenced(before:
    /// DragGesture(minimumDistance: 0))`, active from touch-down, which would make a lower-precedence tap fail
    /// at once; made to activate only at `.second`, it leaves quick taps alone.
    /// - Parameter condition: Whether a value counts as recognized.
    /// - Returns: The gesture.
    public func activates(when condition: @escaping (Value) -> Bool) -> _ActivatingGesture<Self> {
        _ActivatingGesture(content: self, condition: condition)
    }
}

final class ActivatingRecognizer<Value>: PassThroughRecognizer<Value> {
    private let condition: (Value) -> Bool
    private var isLatched = false

    init(inner: _Recognizer<Value>, condition: @escaping (Value) -> Bool) {
        self.condition = condition
        super.init(inner: inner)
    }

    override func receive(_ update: GestureUpdate) {
        guard !isCancelled else { return }
        inner.receive(update)
        value = inner.value
        if !isLatched, inner.kind.isRecognized, let value = inner.value, condition(value) {
            isLatched = true
        }
        switch inner.kind {
        case .possible: kind = .possible
        case .active: kind = isLatched ? .active : .possible
        case .ended: kind = isLatched ? .ended : .failed
        case .failed: kind = .failed
        }
    }

    override func report(allowed: Bool, _ update: GestureUpdate) {
        guard !isCancelled, !reported.isTerminal else { return }
        inner.report(allowed: allowed && isLatched, update)
        reported = effectivePhase(allowed: allowed)
        if kind == .failed && !inner.reported.isTerminal { inner.cancel(update) }
    }
}
