/// A value a struct owns but keeps outside itself, as SwiftUI's `State`: the gesture and drop closures of a struct
/// assign it (`self.isDragging = true`) without `mutating`, and every copy of the struct sees the same value.
///
/// ```swift
/// struct Card {
///     let node: Node
///     @State var offset = CGSize.zero
///
///     func attach() {
///         node.gesture(DragGesture().onChanged { value in offset = value.translation })
///     }
/// }
/// ```
///
/// The storage is made with the struct and lives as long as any copy of it (a node's modifier, a closure, a
/// sample): one storage for its life, as SwiftUI keeps a view's state for the view's identity. `$value` is a
/// ``Binding`` to it. DnDKit has no view graph to invalidate: a scene runs its bound node bodies after every step in
/// which a callback ran, so a change made from a gesture or drop callback is seen by the next body run.
@propertyWrapper
public struct State<Value> {
    private final class Storage {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let storage: Storage

    /// Creates state with an initial value.
    /// - Parameter wrappedValue: The initial value.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    /// Creates state with an initial value.
    /// - Parameter value: The initial value.
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// The value.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// A binding to the value: `$value`.
    public var projectedValue: Binding<Value> {
        let storage = storage
        return Binding(get: { storage.value }, set: { storage.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates state whose initial value is nil.
    public init() {
        self.init(wrappedValue: nil)
    }
}
