/// A gesture that runs an action when it ends successfully (`onEnded(_:)`).
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public typealias Body = Never

    let content: Content
    let action: (Content.Value) -> Void

    public var body: Never { primitiveBody("_EndedGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        EndedRecognizer(inner: content._makeRecognizer(in: context), action: action)
    }
}

extension Gesture {
    /// Adds an action to perform when the gesture ends successfully: at most once per pointer sequence, and
    /// never after a failure or a cancellation.
    /// - Parameter action: The action, given the final value.
    /// - Returns: A gesture that runs the action.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
}

final class EndedRecognizer<Value>: PassThroughRecognizer<Value> {
    private let action: (Value) -> Void

    init(inner: _Recognizer<Value>, action: @escaping (Value) -> Void) {
        self.action = action
        super.init(inner: inner)
    }

    override func didReport(from previous: PhaseKind, to phase: PhaseKind, _ update: GestureUpdate) {
        guard phase == .ended, previous != .ended, let value else { return }
        update.session.scene.noteCallback(.onEnded, self, value)
        action(value)
    }
}
