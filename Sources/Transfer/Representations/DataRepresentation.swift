import ContentTypes
import Foundation

/// A representation for types that convert themselves to and from bytes in memory.
///
/// The same type as Apple's `CoreTransferable.DataRepresentation`:
///
/// ```swift
/// extension ImageDocumentLayer: Transferable {
///     static var transferRepresentation: some TransferRepresentation {
///         DataRepresentation(contentType: .layer) { layer in
///             layer.data()
///         } importing: { data in
///             try ImageDocumentLayer(data: data)
///         }
///         DataRepresentation(exportedContentType: .png) { layer in
///             layer.pngData()
///         }
///     }
/// }
/// ```
///
/// A receiver that wants a file gets the bytes in a staged file; a data representation that imports is also
/// offered files whose type conforms, read into memory (within the load's size limit).
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    let contentType: UTType
    let exporting: (@Sendable (Item) async throws -> Data)?
    let importing: (@Sendable (Data) async throws -> Item)?

    /// A representation that exports and imports `contentType`.
    ///
    /// - Parameters:
    ///   - contentType: the type of the bytes.
    ///   - exporting: makes the bytes of a value.
    ///   - importing: makes a value from bytes.
    public init(
        contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
        importing: @escaping @Sendable (Data) async throws -> Item
    ) {
        self.contentType = contentType
        self.exporting = exporting
        self.importing = importing
    }

    /// A representation that only exports `exportedContentType`.
    ///
    /// - Parameters:
    ///   - exportedContentType: the type of the bytes.
    ///   - exporting: makes the bytes of a value.
    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        self.contentType = exportedContentType
        self.exporting = exporting
        self.importing = nil
    }

    /// A representation that only imports `importedContentType`.
    ///
    /// - Parameters:
    ///   - importedContentType: the type of the bytes.
    ///   - importing: makes a value from bytes.
    public init(importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
        self.contentType = importedContentType
        self.exporting = nil
        self.importing = importing
    }

    /// A built-in representation is its own body.
    public var body: Self { self }
}

extension DataRepresentation {
    /// Lists this representation's export and import routes.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        guard let routes = collector.routes(for: Item.self) else {
            return
        }
        let contentType = contentType
        if let exporting {
            routes.exports.append(
                ExportRoute(
                    contentType: contentType, visibility: .all, kind: .data, isAvailable: { _ in true },
                    suggestedName: { _ in nil },
                    produce: { item in
                        do {
                            return Produced(payload: .data(try await exporting(item)), suggestedName: nil)
                        } catch {
                            throw TransferError.exporting(error, contentType: contentType, sender: "\(Item.self)")
                        }
                    }))
        }
        if let importing {
            routes.imports.append(ImportRoute(contentType: contentType, consumer: .data(importing)))
        }
    }
}
