extension TransferRepresentation {
    /// Offers this representation's exported types only for values that satisfy `condition`.
    ///
    /// The condition is evaluated when a value is exported (when an item provider is made from it), so a value that
    /// fails it never lists these types. Importing is not affected.
    ///
    /// - Parameter condition: whether a value may be exported this way.
    /// - Returns: the representation, exported only under the condition.
    public func exportingCondition(_ condition: @escaping @Sendable (Item) -> Bool) -> some TransferRepresentation<
        Item
    > {
        RouteModifier(base: self) { route in
            let inner = route.isAvailable
            route.isAvailable = { item in condition(item) && inner(item) }
        }
    }

    /// Suggests a file name, with its extension, for receivers that write this representation to disk.
    ///
    /// The outermost suggestion wins. DnDKit sanitises every name before it creates a file.
    ///
    /// - Parameter fileName: the name.
    /// - Returns: the representation with the suggested name.
    public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Item> {
        RouteModifier(base: self) { route in
            route.suggestedName = { _ in fileName }
        }
    }

    /// Suggests a file name, with its extension, computed from the value being exported.
    ///
    /// The outermost suggestion wins; a closure that returns `nil` leaves the inner suggestion. DnDKit sanitises
    /// every name before it creates a file.
    ///
    /// - Parameter fileName: makes the name of a value, or returns `nil` for none.
    /// - Returns: the representation with the suggested name.
    public func suggestedFileName(_ fileName: @escaping @Sendable (Item) -> String?) -> some TransferRepresentation<
        Item
    > {
        RouteModifier(base: self) { route in
            let inner = route.suggestedName
            route.suggestedName = { item in fileName(item) ?? inner(item) }
        }
    }

    /// Limits which receivers can see this representation's exported types; see ``TransferRepresentationVisibility``
    /// for what each value means in DnDKit.
    ///
    /// Nested visibilities narrow: the most restrictive applies.
    ///
    /// - Parameter visibility: who may see the representation.
    /// - Returns: the representation with that visibility.
    public func visibility(_ visibility: TransferRepresentationVisibility) -> some TransferRepresentation<Item> {
        RouteModifier(base: self) { route in
            route.visibility = route.visibility.narrowed(to: visibility)
        }
    }
}

/// A representation whose export routes are those of `base`, adjusted by `adjust`. Import routes pass unchanged.
struct RouteModifier<Base: TransferRepresentation>: TransferRepresentation {
    typealias Item = Base.Item

    let base: Base
    let adjust: @Sendable (inout ExportRoute<Item>) -> Void

    var body: Self { self }

    func _collectRoutes(into collector: _TransferRouteCollector) {
        guard let routes = collector.routes(for: Item.self) else {
            return
        }
        let start = routes.exports.count
        base._collectRoutes(into: collector)
        for index in start..<routes.exports.count {
            adjust(&routes.exports[index])
        }
    }
}
