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

extension TupleTransferRepresentation {
    /// Lists the routes of `first`, then those of `second`.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        first._collectRoutes(into: collector)
        second._collectRoutes(into: collector)
    }
}

extension OptionalTransferRepresentation {
    /// Lists the routes of the content, if any.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        content?._collectRoutes(into: collector)
    }
}

extension ConditionalTransferRepresentation {
    /// Lists the routes of the branch taken.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        switch choice {
        case .first(let representation): representation._collectRoutes(into: collector)
        case .second(let representation): representation._collectRoutes(into: collector)
        }
    }
}
