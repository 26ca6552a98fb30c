import ContentTypes
import Foundation

/// A representation for `Codable` types: JSON by default, or any ``TopLevelEncoder`` and ``TopLevelDecoder`` of
/// `Data`.
///
/// The same type as Apple's `CoreTransferable.CodableRepresentation`:
///
/// ```swift
/// struct Todo: Codable, Transferable {
///     var text: String
///     var isDone = false
///
///     static var transferRepresentation: some TransferRepresentation {
///         CodableRepresentation(contentType: .todo)
///     }
/// }
///
/// extension UTType {
///     static let todo = UTType(exportedAs: "com.example.todo")
/// }
/// ```
///
/// Declare custom types such as `com.example.todo` in an Info.plist-shaped declaration file and load it into
/// `TypeRegistry.current` so that receivers know what the type conforms to.
public struct CodableRepresentation<
    Item: Transferable & Codable, Encoder: TopLevelEncoder & Sendable, Decoder: TopLevelDecoder & Sendable
>:
    TransferRepresentation
where Encoder.Output == Data, Decoder.Input == Data {
    @usableFromInline let contentType: UTType
    // The coders are captured in closures made where the initialiser is inlined, in the code that names `Item`, so
    // that encoding and decoding run as fast as calling the coders there directly.
    @usableFromInline let encode: @Sendable (Item) throws -> Data
    @usableFromInline let decode: @Sendable (Data) throws -> Item

    /// A representation that encodes and decodes with `encoder` and `decoder`.
    ///
    /// - Parameters:
    ///   - itemType: the type transferred.
    ///   - contentType: the type of the encoded bytes.
    ///   - encoder: encodes values to `Data`.
    ///   - decoder: decodes values from `Data`.
    @inlinable
    public init(for itemType: Item.Type = Item.self, contentType: UTType, encoder: Encoder, decoder: Decoder) {
        self.contentType = contentType
        self.encode = { item in try encoder.encode(item) }
        self.decode = { data in try decoder.decode(Item.self, from: data) }
    }

    /// A built-in representation is its own body.
    public var body: Self { self }
}

extension CodableRepresentation where Encoder == JSONEncoder, Decoder == JSONDecoder {
    /// A representation that encodes and decodes JSON, with the default options of `JSONEncoder` and `JSONDecoder`.
    ///
    /// - Parameters:
    ///   - itemType: the type transferred.
    ///   - contentType: the type of the encoded bytes.
    @inlinable
    public init(for itemType: Item.Type = Item.self, contentType: UTType) {
        self.init(for: itemType, contentType: contentType, encoder: defaultJSONEncoder, decoder: defaultJSONDecoder)
    }
}

// One coder of each kind for every default `CodableRepresentation`: their options never change, and they are safe to
// use from several threads at once. A coder made anew for each transfer would cost a third more per small value.
@usableFromInline let defaultJSONEncoder = JSONEncoder()
@usableFromInline let defaultJSONDecoder = JSONDecoder()

extension CodableRepresentation {
    /// Lists this representation's export and import routes.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        guard let routes = collector.routes(for: Item.self) else {
            return
        }
        let contentType = contentType
        let encode = encode
        routes.exports.append(
            ExportRoute(
                contentType: contentType, visibility: .all, kind: .data, isAvailable: { _ in true },
                suggestedName: { _ in nil },
                produce: { item in
                    do {
                        return Produced(payload: .data(try encode(item)), suggestedName: nil)
                    } catch {
                        throw TransferError.exporting(error, contentType: contentType, sender: "\(Item.self)")
                    }
                }))
        routes.imports.append(
            ImportRoute(contentType: contentType, consumer: .data(decode))
        )
    }
}
