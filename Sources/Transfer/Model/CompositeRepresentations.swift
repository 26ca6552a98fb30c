/// Two representations in order, as the builder composes them: every representation of `first`, then every
/// representation of `second`.
public struct TupleTransferRepresentation<
    Item: Transferable, First: TransferRepresentation, Second: TransferRepresentation
>:
    TransferRepresentation
where First.Item == Item, Second.Item == Item {
    let first: First
    let second: Second

    /// A composition is its own body.
    public var body: Self { self }
}

/// The representations of an `if` without `else`: those of `content`, or none.
public struct OptionalTransferRepresentation<Item: Transferable, Content: TransferRepresentation>:
    TransferRepresentation
where Content.Item == Item {
    let content: Content?

    /// A composition is its own body.
    public var body: Self { self }
}

/// The representations of the branch an `if`–`else` took.
public struct ConditionalTransferRepresentation<
    Item: Transferable, First: TransferRepresentation, Second: TransferRepresentation
>: TransferRepresentation where First.Item == Item, Second.Item == Item {
    enum Choice: Sendable {
        case first(First)
        case second(Second)
    }

    let choice: Choice

    /// A composition is its own body.
    public var body: Self { self }
}

extension TupleTransferRepresentation: RouteNode {
    func appendRoutes(to table: inout RouteTable<Item>, context: inout FlatteningContext) {
        first.flatten(into: &table, context: &context)
        second.flatten(into: &table, context: &context)
    }
}

extension OptionalTransferRepresentation: RouteNode {
    func appendRoutes(to table: inout RouteTable<Item>, context: inout FlatteningContext) {
        content?.flatten(into: &table, context: &context)
    }
}

extension ConditionalTransferRepresentation: RouteNode {
    func appendRoutes(to table: inout RouteTable<Item>, context: inout FlatteningContext) {
        switch choice {
        case .first(let representation): representation.flatten(into: &table, context: &context)
        case .second(let representation): representation.flatten(into: &table, context: &context)
        }
    }
}
