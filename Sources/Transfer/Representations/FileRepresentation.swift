import ContentTypes
import Foundation

/// A representation for types that transfer as a file, for payloads too large to hold in memory.
///
/// The same type as Apple's `CoreTransferable.FileRepresentation`:
///
/// ```swift
/// struct Movie: Transferable {
///     let url: URL
///     static var transferRepresentation: some TransferRepresentation {
///         FileRepresentation(contentType: .mpeg4Movie) { movie in
///             SentTransferredFile(movie.url)
///         } importing: { received in
///             let copy = URL.temporaryDirectory.appending(path: "movie.mp4")
///             try FileManager.default.copyItem(at: received.file, to: copy)
///             return Self(url: copy)
///         }
///     }
/// }
/// ```
///
/// Opening in place: the receiver gets the sender's original file when its representation asks for it
/// (`shouldAttemptToOpenInPlace`) and the sender allows it (`shouldAllowToOpenInPlace` on the exporting
/// representation, or `allowAccessingOriginalFile` on the ``SentTransferredFile``). Otherwise the receiver gets a
/// copy in DnDKit's private staging folder, which is removed once the importing closure's
/// ``ReceivedTransferredFile`` is gone: copy or move the file to keep it.
///
/// A receiver that wants bytes gets the file read into memory (within the load's size limit); a file
/// representation that imports is also offered bytes, written to a staged file.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
    let contentType: UTType
    let exporting: (@Sendable (Item) async throws -> SentTransferredFile)?
    let importing: (@Sendable (ReceivedTransferredFile) async throws -> Item)?
    let shouldAttemptToOpenInPlace: Bool
    let shouldAllowToOpenInPlace: Bool

    /// A representation that exports and imports files of `contentType`.
    ///
    /// - Parameters:
    ///   - contentType: the type of the files.
    ///   - shouldAttemptToOpenInPlace: whether importing asks for the sender's original file.
    ///   - exporting: names the file of a value.
    ///   - importing: makes a value from a received file.
    public init(
        contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
        self.contentType = contentType
        self.exporting = exporting
        self.importing = importing
        self.shouldAttemptToOpenInPlace = shouldAttemptToOpenInPlace
        self.shouldAllowToOpenInPlace = false
    }

    /// A representation that only exports files of `exportedContentType`.
    ///
    /// - Parameters:
    ///   - exportedContentType: the type of the files.
    ///   - shouldAllowToOpenInPlace: whether receivers that ask may open the original file.
    ///   - exporting: names the file of a value.
    public init(
        exportedContentType: UTType, shouldAllowToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
    ) {
        self.contentType = exportedContentType
        self.exporting = exporting
        self.importing = nil
        self.shouldAttemptToOpenInPlace = false
        self.shouldAllowToOpenInPlace = shouldAllowToOpenInPlace
    }

    /// A representation that only imports files of `importedContentType`.
    ///
    /// - Parameters:
    ///   - importedContentType: the type of the files.
    ///   - shouldAttemptToOpenInPlace: whether importing asks for the sender's original file.
    ///   - importing: makes a value from a received file.
    public init(
        importedContentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
        self.contentType = importedContentType
        self.exporting = nil
        self.importing = importing
        self.shouldAttemptToOpenInPlace = shouldAttemptToOpenInPlace
        self.shouldAllowToOpenInPlace = false
    }

    /// A built-in representation is its own body.
    public var body: Self { self }
}

extension FileRepresentation {
    /// Lists this representation's export and import routes.
    ///
    /// - Parameter collector: receives the routes.
    public func _collectRoutes(into collector: _TransferRouteCollector) {
        guard let routes = collector.routes(for: Item.self) else {
            return
        }
        let contentType = contentType
        let allows = shouldAllowToOpenInPlace
        if let exporting {
            routes.exports.append(
                ExportRoute(
                    contentType: contentType, visibility: .all, kind: .file(allowsOpenInPlace: allows),
                    isAvailable: { _ in true }, suggestedName: { _ in nil },
                    produce: { item in
                        let sent: SentTransferredFile
                        do {
                            sent = try await exporting(item)
                        } catch {
                            throw TransferError.exporting(error, contentType: contentType, sender: "\(Item.self)")
                        }
                        return Produced(
                            payload: .file(sent.file, originalAccessAllowed: allows || sent.allowAccessingOriginalFile),
                            suggestedName: nil)
                    }))
        }
        if let importing {
            routes.imports.append(
                ImportRoute(
                    contentType: contentType,
                    consumer: .file(attemptsOpenInPlace: shouldAttemptToOpenInPlace, importing)))
        }
    }
}
