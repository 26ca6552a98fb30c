/// A property wrapper for state that a gesture updates while it runs and that returns to its initial value
/// on every path out of the gesture: success, failure and cancellation alike (SwiftUI's `GestureState`).
///
/// Declare it as a stored property of the class or struct that holds a node's state, and pass its projected
/// value to `updating(_:body:)`:
///
/// ```swift
/// @GestureState var isPressing = false
/// LongPressGesture().updating($isPressing) { value, state, _ in state = value }
/// ```
///
/// Copies of the wrapper share one storage, as SwiftUI's view graph storage would.
@propertyWrapper
public struct GestureState<Value> {
    final class Storage {
        var value: Value
        let initialValue: Value
        let resetTransaction: Transaction
        let reset: ((Value, inout Transaction) -> Void)?

        init(_ value: Value, resetTransaction: Transaction, reset: ((Value, inout Transaction) -> Void)?) {
            self.value = value
            initialValue = value
            self.resetTransaction = resetTransaction
            self.reset = reset
        }

        /// Returns the value to its initial one and runs the reset closure with the discarded value.
        func resetValue() -> Transaction {
            var transaction = resetTransaction
            let discarded = value
            value = initialValue
            reset?(discarded, &transaction)
            return transaction
        }
    }

    let storage: Storage

    /// Creates a gesture state with an initial value.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue, resetTransaction: Transaction(), reset: nil)
    }

    /// Creates a gesture state whose resets happen in the given transaction.
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        storage = Storage(wrappedValue, resetTransaction: resetTransaction, reset: nil)
    }

    /// Creates a gesture state that runs `reset` with the discarded value whenever it resets.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        storage = Storage(wrappedValue, resetTransaction: Transaction(), reset: reset)
    }

    /// Creates a gesture state with an initial value.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// Creates a gesture state whose resets happen in the given transaction.
    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }

    /// Creates a gesture state that runs `reset` with the discarded value whenever it resets.
    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    /// The current value.
    public var wrappedValue: Value { storage.value }

    /// The gesture state itself, to pass to `updating(_:body:)`.
    public var projectedValue: GestureState<Value> { self }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    /// Creates a gesture state whose initial value is nil.
    public init(resetTransaction: Transaction = Transaction()) {
        self.init(wrappedValue: nil, resetTransaction: resetTransaction)
    }

    /// Creates a gesture state whose initial value is nil and that runs `reset` whenever it resets.
    public init(reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: nil, reset: reset)
    }
}

/// A gesture that updates a `GestureState` as it changes (`updating(_:body:)`).
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    public typealias Body = Never

    /// The gesture being observed.
    public var base: Base
    /// The state the body updates.
    public var state: GestureState<State>
    /// The closure run on every active update.
    public var updateBody: (GestureStateGesture<Base, State>.Value, inout State, inout Transaction) -> Void

    /// Creates the gesture.
    public init(
        base: Base,
        state: GestureState<State>,
        body: @escaping (GestureStateGesture<Base, State>.Value, inout State, inout Transaction) -> Void
    ) {
        self.base = base
        self.state = state
        updateBody = body
    }

    public var body: Never { primitiveBody("GestureStateGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        UpdatingRecognizer(inner: base._makeRecognizer(in: context), storage: state.storage, body: updateBody)
    }
}

extension Gesture {
    /// Updates a gesture state on every active update of the gesture; the state returns to its initial value
    /// when the gesture ends, fails or is cancelled.
    /// - Parameters:
    ///   - state: The projected value of a `@GestureState` property.
    ///   - body: Given the gesture's value, the state to change and the transaction of the change.
    /// - Returns: A gesture that updates the state.
    public func updating<State>(
        _ state: GestureState<State>,
        body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
}

final class UpdatingRecognizer<Value, State>: PassThroughRecognizer<Value> {
    private let storage: GestureState<State>.Storage
    private let body: (Value, inout State, inout Transaction) -> Void
    private var hasUpdated = false

    init(
        inner: _Recognizer<Value>,
        storage: GestureState<State>.Storage,
        body: @escaping (Value, inout State, inout Transaction) -> Void
    ) {
        self.storage = storage
        self.body = body
        super.init(inner: inner)
    }

    override func didReport(from previous: PhaseKind, to phase: PhaseKind, _ update: GestureUpdate) {
        let scene = update.session.scene
        if phase == .active, let value {
            var transaction = Transaction()
            body(value, &storage.value, &transaction)
            hasUpdated = true
            scene.noteStateChange(transaction)
            scene.noteCallback(.updating, self, storage.value)
        } else if phase.isTerminal {
            resetState(scene)
        }
    }

    override func didCancel(_ update: GestureUpdate) {
        resetState(update.session.scene)
    }

    private func resetState(_ scene: Scene) {
        guard hasUpdated else { return }
        hasUpdated = false
        let transaction = storage.resetValue()
        scene.noteStateChange(transaction)
        scene.noteCallback(.reset, self, storage.value)
    }
}
