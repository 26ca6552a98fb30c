/// A representation that transfers a value as another `Transferable` type, through that type's representations.
///
/// The same type as Apple's `CoreTransferable.ProxyRepresentation`:
///
/// ```swift
/// struct Note: Transferable {
///     var body: String
///     static var transferRepresentation: some TransferRepresentation {
///         ProxyRepresentation(exporting: \.body)
///     }
/// }
/// ```
///
/// A proxy offers every representation of `Proxy`, in `Proxy`'s order, at this point of the list. Proxies chain
/// (`Image` proxies through `Bitmap`, which exports PNG); a chain that comes back to a type already being flattened
/// contributes nothing, so loops end instead of recursing.
///
/// The proxy's exporting conditions and suggested file names are evaluated on the proxy value, when the
/// representation is produced.
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation {
    let exporting: (@Sendable (Item) async throws -> Proxy)?
    let importing: (@Sendable (Proxy) async throws -> Item)?

    /// A representation that exports values as `Proxy` values and imports them back.
    ///
    /// - Parameters:
    ///   - exporting: makes the proxy value of a value.
    ///   - importing: makes a value from a proxy value.
    public init(
        exporting: @escaping @Sendable (Item) async throws -> Proxy,
        importing: @escaping @Sendable (Proxy) async throws -> Item
    ) {
        self.exporting = exporting
        self.importing = importing
    }

    /// A representation that only exports values as `Proxy` values.
    ///
    /// - Parameter exporting: makes the proxy value of a value.
    public init(exporting: @escaping @Sendable (Item) async throws -> Proxy) {
        self.exporting = exporting
        self.importing = nil
    }

    /// A representation that only imports values from `Proxy` values.
    ///
    /// - Parameter importing: makes a value from a proxy value.
    public init(importing: @escaping @Sendable (Proxy) async throws -> Item) {
        self.exporting = nil
        self.importing = importing
    }

    /// A built-in representation is its own body.
    public var body: Self { self }
}

extension ProxyRepresentation {
    /// Lists the routes of `Proxy`, converted through the proxy's closures.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        guard let routes = collector.routes(for: Item.self), !routes.isWalking(Proxy.self) else {
            return  // a loop: Proxy's representations are already being listed further out
        }
        let proxied = RouteCollector<Proxy>.routes(outside: routes.chain)
        if let exporting {
            for route in proxied.exports {
                routes.exports.append(
                    ExportRoute(
                        contentType: route.contentType, visibility: route.visibility, kind: route.kind,
                        isAvailable: { _ in true }, suggestedName: { _ in nil },
                        produce: { item in
                            let proxy: Proxy
                            do {
                                proxy = try await exporting(item)
                            } catch {
                                throw TransferError.exporting(
                                    error, contentType: route.contentType, sender: "\(Item.self)")
                            }
                            return try await route.run(proxy)
                        }))
            }
        }
        if let importing {
            for route in proxied.imports {
                routes.imports.append(
                    ImportRoute(contentType: route.contentType, consumer: route.consumer.map(importing)))
            }
        }
    }
}
