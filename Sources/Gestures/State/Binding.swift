/// A read-write reference to a value that lives elsewhere, as SwiftUI's `Binding`: what `$value` of a ``State`` (or
/// of another binding) gives, what `onDrop(of:isTargeted:perform:)` sets to say whether a drag hovers the target, and
/// what a drop delegate holds to change the list it reorders.
///
/// ```swift
/// struct Reorder: DropDelegate {
///     @Binding var names: [String]
///     …
///     func performDrop(info: DropInfo) -> Bool {
///         names.move(fromOffsets: IndexSet(integer: 0), toOffset: names.count)
///         return true
///     }
/// }
/// ```
///
/// Writing through a binding is `nonmutating`: a struct holding one (a delegate, a sample) changes the value from its
/// non-mutating methods and closures. `$binding.member` is a binding to a member of the value.
@propertyWrapper
@dynamicMemberLookup
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

    /// Creates a binding from another, as a `@Binding` property is initialised from a `$value`.
    /// - Parameter projectedValue: The binding.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes (writes are ignored).
    /// - Parameter value: The value.
    /// - Returns: The binding.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself: `$value` of a `@Binding` property.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a member of the value: `$model.title`.
    /// - Parameter keyPath: The member.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { newValue in self.wrappedValue[keyPath: keyPath] = newValue })
    }
}

extension Binding {
    /// A binding to an optional value from a binding to a value; writing nil is ignored, as in SwiftUI.
    /// - Parameter base: The binding to the value.
    public init<Wrapped>(_ base: Binding<Wrapped>) where Value == Wrapped? {
        self.init(get: { base.wrappedValue }, set: { newValue in if let newValue { base.wrappedValue = newValue } })
    }

    /// A binding to the value of a binding to an optional, or nil when that value is nil now.
    /// - Parameter base: The binding to an optional value.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        var last = value
        self.init(
            get: {
                if let current = base.wrappedValue { last = current }
                return last
            },
            set: { newValue in base.wrappedValue = newValue })
    }
}
