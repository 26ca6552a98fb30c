import Diagnostics

/// An instance that matches a sequence of pointer events to a gesture and returns values as it goes, as
/// SwiftUI's `Gesture`.
///
/// Build gestures from the primitives (`TapGesture`, `LongPressGesture`, `DragGesture`, …), the modifiers
/// (`onChanged`, `onEnded`, `updating`, `map`) and the compositions (`sequenced(before:)`,
/// `simultaneously(with:)`, `exclusively(before:)`), or write your own type whose `body` is such a gesture.
public protocol Gesture<Value> {
    /// The type of value the gesture reports while it changes and when it ends.
    associatedtype Value

    /// The gesture this one is made of; `Never` for the primitives.
    associatedtype Body: Gesture

    /// The gesture this one is made of.
    var body: Body { get }

    /// Creates the engine's recognizer for one pointer sequence. The engine calls this; you never need to.
    /// - Parameter context: Where the recognizer runs.
    /// - Returns: A new recognizer.
    func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value>
}

extension Gesture where Body.Value == Value {
    /// A composed gesture is recognized as its body.
    /// - Parameter context: Where the recognizer runs.
    /// - Returns: The body's recognizer.
    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        body._makeRecognizer(in: context)
    }
}

// `Never.body` is declared once, in Diagnostics, for this conformance and Transfer's `TransferRepresentation`.
extension Never: Gesture {
    public typealias Value = Never

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Never> {
        switch self {}
    }
}

/// An optional gesture is a gesture: `nil` is one that fails at once, so `condition ? DragGesture() : nil`
/// attaches a drag only while the condition holds.
extension Optional: Gesture where Wrapped: Gesture {
    public typealias Value = Wrapped.Value

    public var body: Never {
        preconditionFailure("an optional gesture has no body; the engine makes its recognizer directly")
    }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Wrapped.Value> {
        switch self {
        case .some(let gesture): gesture._makeRecognizer(in: context)
        case .none: FailingRecognizer(context: context, name: "nil")
        }
    }
}

/// Where a recognizer runs: the node its gesture is attached to. Made by the engine.
public struct _GestureContext {
    let node: Node
}

/// The body of a primitive gesture, which has none: the engine makes its recognizer directly.
func primitiveBody(_ name: String) -> Never {
    preconditionFailure("\(name) is a primitive gesture and has no body")
}
