/// A read-write reference to a value that lives elsewhere, as SwiftUI's `Binding`: `onDrop(of:isTargeted:perform:)`
/// sets one to say whether a drag hovers over the target.
///
/// ```swift
/// final class Model { var isTargeted = false }
/// node.onDrop(of: [.png], isTargeted: Binding(get: { model.isTargeted }, set: { model.isTargeted = $0 })) { … }
/// ```
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// Creates a binding from a getter and a setter.
    /// - Parameters:
    ///   - get: Reads the value.
    ///   - set: Writes the value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// A binding to a value that never changes (writes are ignored).
    /// - Parameter value: The value.
    /// - Returns: The binding.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }
}
