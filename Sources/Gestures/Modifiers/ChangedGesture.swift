/// A gesture that runs an action when its value changes while it is active (`onChanged(_:)`).
public struct _ChangedGesture<Content: Gesture>: Gesture where Content.Value: Equatable {
    public typealias Value = Content.Value
    public typealias Body = Never

    let content: Content
    let action: (Content.Value) -> Void

    public var body: Never { primitiveBody("_ChangedGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        ChangedRecognizer(inner: content._makeRecognizer(in: context), action: action)
    }
}

extension Gesture where Value: Equatable {
    /// Adds an action to perform when the gesture's value changes while it is active: once on activation, then
    /// whenever an update brings a different value.
    /// - Parameter action: The action, given the new value.
    /// - Returns: A gesture that runs the action.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(content: self, action: action)
    }
}

final class ChangedRecognizer<Value: Equatable>: PassThroughRecognizer<Value> {
    private let action: (Value) -> Void
    private var lastValue: Value?

    init(inner: _Recognizer<Value>, action: @escaping (Value) -> Void) {
        self.action = action
        super.init(inner: inner)
    }

    override func didReport(from previous: PhaseKind, to phase: PhaseKind, _ update: GestureUpdate) {
        guard phase == .active, let value, value != lastValue else { return }
        lastValue = value
        update.session.scene.noteCallback(.onChanged, self, value)
        action(value)
    }
}
