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
    let contentType: UTType
    let encoder: Encoder
    let decoder: Decoder

    /// A representation that encodes and decodes with `encoder` and `decoder`.
    ///
    /// - Parameters:
    ///   - itemType: the type transferred.
    ///   - contentType: the type of the encoded bytes.
    ///   - encoder: encodes values to `Data`.
    ///   - decoder: decodes values from `Data`.
    public init(for itemType: Item.Type = Item.self, contentType: UTType, encoder: Encoder, decoder: Decoder) {
        self.contentType = contentType
        self.encoder = encoder
        self.decoder = decoder
    }

    /// A built-in representation is its own body.
    public var body: Self { self }
}

extension CodableRepresentation where Encoder == JSONEncoder, Decoder == JSONDecoder {
    /// A representation that encodes and decodes JSON.
    ///
    /// - Parameters:
    ///   - itemType: the type transferred.
    ///   - contentType: the type of the encoded bytes.
    public init(for itemType: Item.Type = Item.self, contentType: UTType) {
        self.init(for: itemType, contentType: contentType, encoder: JSONEncoder(), decoder: JSONDecoder())
    }
}

extension CodableRepresentation: RouteNode {
    func appendRoutes(to table: inout RouteTable<Item>, context: inout FlatteningContext) {
        let contentType = contentType
        let encoder = encoder
        let decoder = decoder
        table.exports.append(
            ExportRoute(
                contentType: contentType, visibility: .all, kind: .data, isAvailable: { _ in true },
                suggestedName: { _ in nil },
                produce: { item in
                    do {
                        return Produced(payload: .data(try encoder.encode(item)), suggestedName: nil)
                    } catch {
                        throw TransferError.exporting(error, contentType: contentType, sender: "\(Item.self)")
                    }
                }))
        table.imports.append(
            ImportRoute(contentType: contentType, consumer: .data { data in try decoder.decode(Item.self, from: data) })
        )
    }
}
