import ContentTypes
import Foundation
import Locking

// The flat form of a type's representations. `Transferable.transferRepresentation` is a tree of built-in
// representations, compositions and modifiers; flattening it gives, in declaration order, one export route per
// exported content type and one import route per imported content type, with the closures composed so that every
// modifier and proxy is already applied. Negotiation works on routes only.

// The exporting and importing of values (`exported(as:)`, `init(importing:contentType:)`) are inlinable, so that they
// run specialised in the code that names the type, as fast as calling its coders there; what they use is therefore
// `@usableFromInline`.

/// What an exporting closure produced.
@usableFromInline
enum ProducedPayload: Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file of the sender's, and whether the sender lets receivers open it in place.
    case file(URL, originalAccessAllowed: Bool)
}

/// A payload and the file name the sender suggests for it.
@usableFromInline
struct Produced: Sendable {
    @usableFromInline var payload: ProducedPayload
    @usableFromInline var suggestedName: String?
}

/// Whether a route moves bytes or a file.
@usableFromInline
enum PayloadKind: Sendable, Equatable {
    case data
    /// A file; `allowsOpenInPlace` is the representation's own permission (`shouldAllowToOpenInPlace`).
    case file(allowsOpenInPlace: Bool)
}

/// One exported content type of `Item`.
@usableFromInline
struct ExportRoute<Item: Transferable>: Sendable {
    @usableFromInline var contentType: UTType
    var visibility: TransferRepresentationVisibility
    var kind: PayloadKind
    /// The exporting conditions of the modifiers around the representation, all of which must hold.
    @usableFromInline var isAvailable: @Sendable (Item) -> Bool
    /// The suggested file name of the outermost `suggestedFileName` modifier, if any.
    var suggestedName: @Sendable (Item) -> String?
    /// Runs the exporting closure. Throws `TransferError`.
    @usableFromInline var produce: @Sendable (Item) async throws -> Produced

    init(
        contentType: UTType, visibility: TransferRepresentationVisibility, kind: PayloadKind,
        isAvailable: @escaping @Sendable (Item) -> Bool, suggestedName: @escaping @Sendable (Item) -> String?,
        produce: @escaping @Sendable (Item) async throws -> Produced
    ) {
        self.contentType = contentType
        self.visibility = visibility
        self.kind = kind
        self.isAvailable = isAvailable
        self.suggestedName = suggestedName
        self.produce = produce
    }
}

/// An importing closure, by the kind of payload it takes.
@usableFromInline
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
@usableFromInline
struct ImportRoute<Item: Transferable>: Sendable {
    @usableFromInline var contentType: UTType
    @usableFromInline var consumer: ImportConsumer<Item>
}

/// Every route of a type, in declaration order.
@usableFromInline
struct RouteTable<Item: Transferable>: Sendable {
    @usableFromInline var exports: [ExportRoute<Item>] = []
    @usableFromInline var imports: [ImportRoute<Item>] = []

    /// The routes of `Item.transferRepresentation`, read once per process (see `RouteCache`).
    init() {
        self = RouteCache.routes(of: Item.self)
    }

    init(exports: [ExportRoute<Item>], imports: [ImportRoute<Item>]) {
        self.exports = exports
        self.imports = imports
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

/// The routes of every type transferred so far. A type's `transferRepresentation` is walked once, the first time the
/// type is exported or imported: walking it costs about as much as encoding a small value as JSON, and it describes
/// the type, not the moment.
@usableFromInline
enum RouteCache {
    /// One type's routes, in a box so that reading them copies nothing.
    @usableFromInline
    final class Entry<Item: Transferable>: Sendable {
        @usableFromInline let table: RouteTable<Item>

        init(_ table: RouteTable<Item>) {
            self.table = table
        }
    }

    /// Each `Entry<Item>` under `ObjectIdentifier(Item.self)`.
    @usableFromInline static let entries = Lock<[ObjectIdentifier: AnyObject & Sendable]>([:])

    static func routes<Item: Transferable>(of type: Item.Type) -> RouteTable<Item> {
        entry(of: type).table
    }

    @inlinable
    static func entry<Item: Transferable>(of type: Item.Type) -> Entry<Item> {
        if let entry = entries.withLock({ $0[ObjectIdentifier(type)] }) {
            // The entry under `Item`'s identifier is always an `Entry<Item>`: no dynamic cast needed.
            return unsafeDowncast(entry, to: Entry<Item>.self)
        }
        return makeEntry(of: type)
    }

    @usableFromInline
    static func makeEntry<Item: Transferable>(of type: Item.Type) -> Entry<Item> {
        let entry = Entry(RouteCollector<Item>.routes(outside: []))
        entries.withLock { $0[ObjectIdentifier(type)] = entry }
        return entry
    }
}

/// Receives the routes of one type's representations as `TransferRepresentation._collectRoutes(into:)` walks them.
///
/// Not for use outside DnDKit: it only exists so that the walk needs no dynamic casts of representations.
public class _TransferRouteCollector {
    init() {}

    /// The collector that a representation of `Source` adds its routes to: this one when it collects `Source`'s
    /// routes, nil when `Source`'s routes do not belong here.
    func routes<Source: Transferable>(for type: Source.Type) -> RouteCollector<Source>? {
        self as? RouteCollector<Source>
    }
}

/// The routes of `Item` being collected, and the types whose representations are being walked, outermost first (a
/// proxy to one of them is a loop).
final class RouteCollector<Item: Transferable>: _TransferRouteCollector {
    var exports: [ExportRoute<Item>] = []
    var imports: [ImportRoute<Item>] = []
    let chain: [ObjectIdentifier]
    /// Routes of a superclass, collected for a subclass that inherits its `transferRepresentation`, adopted once
    /// the walk is over.
    private var inherited: [() -> Void] = []

    /// This collector for `Item`'s own representations; for a subclass of `Source` that inherits `Source`'s
    /// representations, a collector of `Source`'s routes whose routes this one adopts: exports take the subclass's
    /// values as `Source`s, imports keep what is of the subclass.
    override func routes<Source: Transferable>(for type: Source.Type) -> RouteCollector<Source>? {
        if let same = self as? RouteCollector<Source> { return same }
        guard Item.self is Source.Type else { return nil }
        let inner = RouteCollector<Source>(chain: chain)
        inherited.append { [unowned self] in self.adopt(inner) }
        return inner
    }

    private func adopt<Source: Transferable>(_ inner: RouteCollector<Source>) {
        for route in inner.exports {
            exports.append(
                ExportRoute(
                    contentType: route.contentType, visibility: route.visibility, kind: route.kind,
                    isAvailable: { item in (item as? Source).map(route.isAvailable) ?? false },
                    suggestedName: { item in (item as? Source).flatMap(route.suggestedName) },
                    produce: { item in
                        guard let source = item as? Source else {
                            throw TransferError(.exportFailed, "\(Item.self) is not a \(Source.self)")
                        }
                        return try await route.produce(source)
                    }))
        }
        for route in inner.imports {
            let consumer = route.consumer.map { value -> Item in
                guard let item = value as? Item else {
                    throw TransferError(
                        .decodingFailed,
                        "the representation \(Item.self) inherits from \(Source.self) made a \(type(of: value))",
                        contentType: route.contentType)
                }
                return item
            }
            imports.append(ImportRoute(contentType: route.contentType, consumer: consumer))
        }
    }

    private init(chain: [ObjectIdentifier]) {
        self.chain = chain
    }

    /// The routes of `Item.transferRepresentation`, for a walk already inside the types of `chain`.
    static func routes(outside chain: [ObjectIdentifier]) -> RouteTable<Item> {
        if Item.self == Never.self {
            return RouteTable(exports: [], imports: [])  // no values, no representations (see Never+Transferable)
        }
        let collector = RouteCollector(chain: chain + [ObjectIdentifier(Item.self)])
        Item.transferRepresentation._collectRoutes(into: collector)
        for adopt in collector.inherited { adopt() }
        return RouteTable(exports: collector.exports, imports: collector.imports)
    }

    /// Whether `type`'s representations are already being walked.
    func isWalking<T>(_ type: T.Type) -> Bool {
        chain.contains(ObjectIdentifier(type))
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
