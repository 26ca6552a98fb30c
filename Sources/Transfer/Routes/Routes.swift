import ContentTypes
import Foundation

// The flat form of a type's representations. `Transferable.transferRepresentation` is a tree of built-in
// representations, compositions and modifiers; flattening it gives, in declaration order, one export route per
// exported content type and one import route per imported content type, with the closures composed so that every
// modifier and proxy is already applied. Negotiation works on routes only.

/// What an exporting closure produced.
enum ProducedPayload: Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file of the sender's, and whether the sender lets receivers open it in place.
    case file(URL, originalAccessAllowed: Bool)
}

/// A payload and the file name the sender suggests for it.
struct Produced: Sendable {
    var payload: ProducedPayload
    var suggestedName: String?
}

/// Whether a route moves bytes or a file.
enum PayloadKind: Sendable, Equatable {
    case data
    /// A file; `allowsOpenInPlace` is the representation's own permission (`shouldAllowToOpenInPlace`).
    case file(allowsOpenInPlace: Bool)
}

/// One exported content type of `Item`.
struct ExportRoute<Item: Transferable>: Sendable {
    var contentType: UTType
    var visibility: TransferRepresentationVisibility
    var kind: PayloadKind
    /// The exporting conditions of the modifiers around the representation, all of which must hold.
    var isAvailable: @Sendable (Item) -> Bool
    /// The suggested file name of the outermost `suggestedFileName` modifier, if any.
    var suggestedName: @Sendable (Item) -> String?
    /// Runs the exporting closure. Throws `TransferError`.
    var produce: @Sendable (Item) async throws -> Produced
}

/// An importing closure, by the kind of payload it takes.
enum ImportConsumer<Item: Transferable>: Sendable {
    case data(@Sendable (Data) async throws -> Item)
    /// `attemptsOpenInPlace` is the representation's `shouldAttemptToOpenInPlace`.
    case file(attemptsOpenInPlace: Bool, @Sendable (ReceivedTransferredFile) async throws -> Item)

    /// The same consumer followed by `transform`.
    func map<Other: Transferable>(_ transform: @escaping @Sendable (Item) async throws -> Other)
        -> ImportConsumer<Other>
    {
        switch self {
        case .data(let consume):
            .data { data in try await transform(try await consume(data)) }
        case .file(let attempts, let consume):
            .file(attemptsOpenInPlace: attempts) { file in try await transform(try await consume(file)) }
        }
    }
}

/// One imported content type of `Item`.
struct ImportRoute<Item: Transferable>: Sendable {
    var contentType: UTType
    var consumer: ImportConsumer<Item>
}

/// Every route of a type, in declaration order.
struct RouteTable<Item: Transferable>: Sendable {
    var exports: [ExportRoute<Item>] = []
    var imports: [ImportRoute<Item>] = []

    /// The routes of `Item.transferRepresentation`.
    init() {
        var context = FlatteningContext()
        self.init(context: &context)
    }

    /// The routes of `Item.transferRepresentation`, inside a flattening already under way (for proxies).
    init(context: inout FlatteningContext) {
        context.enter(Item.self)
        if let representation = Item.transferRepresentation as? any TransferRepresentation<Item> {
            representation.flatten(into: &self, context: &context)
        }
        context.leave()
    }

    /// The content types of the export routes, without repeats.
    var exportedTypes: [UTType] { Self.unique(exports.map(\.contentType)) }

    /// The content types of the import routes, without repeats.
    var importedTypes: [UTType] { Self.unique(imports.map(\.contentType)) }

    static func unique(_ types: [UTType]) -> [UTType] {
        var seen: Set<UTType> = []
        return types.filter { seen.insert($0).inserted }
    }
}

/// The types whose representations are being flattened, outermost first: a proxy to one of them is a loop.
struct FlatteningContext {
    private var chain: [ObjectIdentifier] = []

    mutating func enter<T>(_ type: T.Type) {
        chain.append(ObjectIdentifier(type))
    }

    mutating func leave() {
        chain.removeLast()
    }

    func isFlattening<T>(_ type: T.Type) -> Bool {
        chain.contains(ObjectIdentifier(type))
    }
}

/// A representation that contributes routes itself instead of through its `body`: the built-in representations,
/// the compositions of the builder and the modifiers.
protocol RouteNode<Item> {
    associatedtype Item: Transferable
    func appendRoutes(to table: inout RouteTable<Item>, context: inout FlatteningContext)
}

extension TransferRepresentation {
    /// Appends this representation's routes: its own when it is a built-in node, its body's otherwise.
    ///
    /// `Transferable.Representation` and `TransferRepresentation.Body` are not constrained to the right `Item` (so
    /// that `some TransferRepresentation` works as on Apple's platforms), but the builder only composes
    /// representations of its `Item`; the casts recover what the builder guaranteed.
    func flatten(into table: inout RouteTable<Item>, context: inout FlatteningContext) {
        if let node = self as? any RouteNode<Item> {
            node.appendRoutes(to: &table, context: &context)
        } else if Body.self != Self.self, let body = body as? any TransferRepresentation<Item> {
            body.flatten(into: &table, context: &context)
        }
    }
}

extension ExportRoute {
    /// The payload of this route for `item`, checking the exporting conditions first.
    func run(_ item: Item) async throws -> Produced {
        guard isAvailable(item) else {
            throw TransferError(
                .exportFailed,
                "the exporting condition of \(Item.self) for \(contentType.identifier) does not hold for this value",
                contentType: contentType)
        }
        var produced = try await produce(item)
        if let name = suggestedName(item) {
            produced.suggestedName = name
        }
        return produced
    }
}
