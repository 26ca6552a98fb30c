/// A declarative description of how to export and import values of ``Item``: one of the built-in representations
/// (``CodableRepresentation``, ``DataRepresentation``, ``FileRepresentation``, ``ProxyRepresentation``), a
/// modified one, or your own composition of them in ``body``.
///
/// The same protocol as Apple's `CoreTransferable.TransferRepresentation`. A built-in representation is its own
/// body.
public protocol TransferRepresentation<Item>: Sendable {
    /// The type whose values this representation transfers.
    associatedtype Item: Transferable
    /// The representation this one is composed of.
    associatedtype Body: TransferRepresentation

    /// The representations, in order of preference.
    @TransferRepresentationBuilder<Item> var body: Body { get }

    /// DnDKit's walk over representations: the built-in representations list their routes into `collector`; any
    /// other representation passes `collector` to its ``body``. An implementation detail with a default; do not call
    /// or implement it.
    ///
    /// - Parameter collector: receives the routes.
    func _collectRoutes(into collector: _TransferRouteCollector)
}

extension TransferRepresentation {
    /// Passes `collector` to ``body``.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        if Body.self != Self.self {  // a representation that is its own body and lists nothing contributes nothing
            body._collectRoutes(into: collector)
        }
    }
}
