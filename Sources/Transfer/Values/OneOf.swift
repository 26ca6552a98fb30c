/// A value of any one of several `Transferable` types, so that one receiver can accept an image, a text or a URL
/// without writing an enum by hand:
///
/// ```swift
/// let item = try await provider.loadTransferable(type: OneOf<Image, String, URL>.self)
/// if let image = item.value(as: Image.self) { … }
/// else if let text = item.value(as: String.self) { … }
/// ```
///
/// `OneOf` is `Transferable`: it imports what each member imports, members in the order written (and within a member,
/// in its own order), so `OneOf<Image, String>` takes the image of an item that offers both an image and a text. In
/// the sender's process, a member's own value is handed over as it is. It exports the representations of the
/// member it holds.
public struct OneOf<each Member: Transferable>: Transferable {
    /// The value, of one of the member types.
    public let value: any Transferable

    /// Wraps a value of one of the member types, or fails when the value's type is not one of the members.
    ///
    /// - Parameter value: the value.
    public init?(_ value: some Transferable) {
        guard Self.isMember(type(of: value)) else {
            return nil
        }
        self.value = value
    }

    private init(member value: any Transferable) {
        self.value = value
    }

    /// The value as `type`, when it is a value of that type.
    ///
    /// - Parameter type: one of the member types.
    /// - Returns: the value, or `nil`.
    public func value<Wanted: Transferable>(as type: Wanted.Type) -> Wanted? {
        value as? Wanted
    }

    /// The member types' representations, members in order. (The type is spelled out: the builder cannot yet infer
    /// an opaque representation whose `Item` has a parameter pack.)
    public static var transferRepresentation: MemberRepresentations {
        MemberRepresentations()
    }

    private static func isMember(_ candidate: any Transferable.Type) -> Bool {
        for member in repeat (each Member).self {
            if member == candidate {
                return true
            }
        }
        return false
    }
}

extension OneOf: HandOverReceiving {
    static func receiveHandOver(of value: any Transferable) -> Self? {
        isMember(type(of: value)) ? Self(member: value) : nil
    }
}

extension OneOf {
    /// The representations of every member of a ``OneOf``, members in order.
    public struct MemberRepresentations: TransferRepresentation {
        public typealias Item = OneOf

        /// A composition is its own body.
        public var body: Self { self }

        /// Lists the routes of every member, members in order.
        ///
        /// - Parameter collector: receives the routes.
        public func _collectRoutes(into collector: _TransferRouteCollector) {
            guard let routes = collector.routes(for: Item.self) else {
                return
            }
            for member in repeat (each Member).self {
                appendRoutes(of: member, to: routes)
            }
        }

        private func appendRoutes<M: Transferable>(of member: M.Type, to collector: RouteCollector<Item>) {
            guard !collector.isWalking(M.self) else {
                return
            }
            let routes = RouteCollector<M>.routes(outside: collector.chain)
            for route in routes.exports {
                collector.exports.append(
                    ExportRoute(
                        contentType: route.contentType, visibility: route.visibility, kind: route.kind,
                        isAvailable: { item in (item.value as? M).map(route.isAvailable) ?? false },
                        suggestedName: { item in (item.value as? M).flatMap(route.suggestedName) },
                        produce: { item in
                            guard let value = item.value as? M else {
                                throw TransferError(
                                    .exportFailed,
                                    "a \(type(of: item.value)) value has no \(route.contentType) representation",
                                    contentType: route.contentType)
                            }
                            return try await route.produce(value)
                        }))
            }
            for route in routes.imports {
                collector.imports.append(
                    ImportRoute(contentType: route.contentType, consumer: route.consumer.map { Item(member: $0) }))
            }
        }
    }
}
