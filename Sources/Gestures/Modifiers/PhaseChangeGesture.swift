/// A gesture that reports every change of its phase (`onPhaseChange(_:)`).
public struct _PhaseChangeGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public typealias Body = Never

    let content: Content
    let action: (GesturePhase<Content.Value>) -> Void

    public var body: Never { primitiveBody("_PhaseChangeGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        PhaseChangeRecognizer(inner: content._makeRecognizer(in: context), action: action)
    }
}

extension Gesture {
    /// Adds an action to perform whenever the gesture's effective phase changes, including `.failed` and
    /// `.cancelled`, which `onEnded` never sees. A DnDKit addition: other modules use it to follow a gesture
    /// they attach (a drag session follows its lift gesture this way).
    /// - Parameter action: The action, given the new phase: `.possible` once when the gesture starts considering a
    ///   pointer sequence, `.active` on every active update, then one of `.ended`, `.failed` or `.cancelled`.
    /// - Returns: A gesture that runs the action.
    public func onPhaseChange(_ action: @escaping (GesturePhase<Value>) -> Void) -> _PhaseChangeGesture<Self> {
        _PhaseChangeGesture(content: self, action: action)
    }
}

final class PhaseChangeRecognizer<Value>: PassThroughRecognizer<Value> {
    private let action: (GesturePhase<Value>) -> Void
    private var hasStarted = false

    init(inner: _Recognizer<Value>, action: @escaping (GesturePhase<Value>) -> Void) {
        self.action = action
        super.init(inner: inner)
    }

    override func didReport(from previous: PhaseKind, to phase: PhaseKind, _ update: GestureUpdate) {
        if !hasStarted {
            hasStarted = true
            action(.possible(phase == .possible ? value : nil))
        }
        switch phase {
        case .possible:
            return
        case .active:
            if let value { action(.active(value)) }
        case .ended:
            if previous != .ended, let value { action(.ended(value)) }
        case .failed:
            if previous != .failed { action(.failed) }
        }
    }

    override func didCancel(_ update: GestureUpdate) {
        action(.cancelled)
    }
}
