/// A gesture whose values are another gesture's, transformed (`map(_:)`).
public struct _MapGesture<Content: Gesture, Value>: Gesture {
    public typealias Body = Never

    let content: Content
    let transform: (Content.Value) -> Value

    public var body: Never { primitiveBody("_MapGesture") }

    public func _makeRecognizer(in context: _GestureContext) -> _Recognizer<Value> {
        MapRecognizer(inner: content._makeRecognizer(in: context), transform: transform)
    }
}

extension Gesture {
    /// Returns a gesture that produces `transform(value)` wherever this one produces `value`.
    /// - Parameter transform: The transformation.
    /// - Returns: The mapped gesture.
    public func map<T>(_ transform: @escaping (Value) -> T) -> _MapGesture<Self, T> {
        _MapGesture(content: self, transform: transform)
    }
}

final class MapRecognizer<Inner, Value>: ForwardingRecognizer<Inner, Value> {
    private let transformValue: (Inner) -> Value

    init(inner: _Recognizer<Inner>, transform: @escaping (Inner) -> Value) {
        transformValue = transform
        super.init(inner: inner)
    }

    override func transform(_ value: Inner) -> Value? { transformValue(value) }
}
