import ContentTypes
import Foundation

extension Transferable {
    /// The content types this type exports, in order, as a receiver at `visibility`'s distance sees them (see
    /// ``TransferRepresentationVisibility``): with the default, `.all`, the types every receiver sees; with
    /// `.ownProcess`, every exported type. Exporting conditions are not evaluated, as there is no value.
    ///
    /// - Parameter visibility: how close the receiver is to the sender.
    /// - Returns: the content types, without repeats.
    public static func exportedContentTypes(visibility: TransferRepresentationVisibility = .all) -> [UTType] {
        RouteTable<Self>.unique(
            RouteTable<Self>().exports.filter { $0.visibility.isVisible(to: visibility) }.map(\.contentType))
    }

    /// The content types this type imports, in its order of preference.
    ///
    /// - Returns: the content types, without repeats.
    public static func importedContentTypes() -> [UTType] {
        RouteTable<Self>().importedTypes
    }

    /// The content types this value exports, in order, as a receiver at `visibility`'s distance sees them: the
    /// type's exported types whose representations' exporting conditions hold for this value.
    ///
    /// - Parameter visibility: how close the receiver is to the sender.
    /// - Returns: the content types, without repeats.
    public func exportedContentTypes(_ visibility: TransferRepresentationVisibility = .all) -> [UTType] {
        RouteTable<Self>.unique(
            RouteTable<Self>().exports.filter { $0.visibility.isVisible(to: visibility) && $0.isAvailable(self) }
                .map(\.contentType))
    }

    /// The content types this value's type imports, in its order of preference (``importedContentTypes()``).
    ///
    /// - Returns: the content types, without repeats.
    public func importedContentTypes() -> [UTType] {
        Self.importedContentTypes()
    }

    /// The file name suggested for this value by its representations' `suggestedFileName` modifiers: the first in
    /// declaration order among the representations whose exporting conditions hold, or `nil`.
    public var suggestedFilename: String? {
        for route in RouteTable<Self>().exports where route.isAvailable(self) {
            if let name = route.suggestedName(self) {
                return name
            }
        }
        return nil
    }

    /// Exports this value as bytes, through the first representation (in declaration order, among those whose
    /// exporting conditions hold) whose content type conforms to `contentType`, or the first of all when
    /// `contentType` is `nil`. A file representation is read into memory, within
    /// `ItemProvider.defaultMaximumLoadSize`.
    ///
    /// - Parameter contentType: the type wanted, or `nil` for the preferred one.
    /// - Returns: the bytes.
    /// - Throws: `TransferError`: `noMatchingRepresentation`, `exportFailed`, `fileMissing`, `tooLarge`.
    @inlinable
    public func exported(as contentType: UTType?) async throws -> Data {
        for route in RouteCache.entry(of: Self.self).table.exports
        where contentType.map({ route.contentType.conforms(to: $0) }) ?? true && route.isAvailable(self) {
            let produced = try await route.produce(self)
            return try PayloadDelivery.data(
                of: produced.payload, contentType: route.contentType, limit: ItemProvider.defaultMaximumLoadSize,
                reporter: LoadReporter(progress: nil))
        }
        throw noExport(as: contentType)
    }

    /// Exports this value to a temporary file, passes the file to `fileHandler`, and removes the file when the
    /// handler returns. The representation is chosen as in ``exported(as:)``; a file representation is copied into
    /// the staging folder (the sender's file is never handed out or removed).
    ///
    /// - Parameters:
    ///   - contentType: the type wanted, or `nil` for the preferred one.
    ///   - fileHandler: uses the file.
    /// - Returns: what `fileHandler` returns.
    /// - Throws: `TransferError`, or what `fileHandler` throws.
    public func withExportedFile<Result>(
        contentType: UTType?, fileHandler: (URL) async throws -> Result
    ) async throws -> Result {
        let route = try exportRoute(for: contentType)
        let produced = try await route.run(self)
        let file = try PayloadDelivery.file(
            of: produced.payload, openInPlace: false, name: produced.suggestedName, contentType: route.contentType,
            limit: ItemProvider.defaultMaximumLoadSize, reporter: LoadReporter(progress: nil))
        let result = try await fileHandler(file.file)
        withExtendedLifetime(file) {}  // the staged copy is removed once `file` goes, after the handler
        return result
    }

    /// Exports this value as a file in `destinationDirectory` and returns the file's URL; the file is yours to keep
    /// or remove. The representation is chosen as in ``exported(as:)``.
    ///
    /// The file is named as the representation suggests (``suggestedFilename``, a file representation's own name),
    /// or after the type, with the content type's preferred extension. Nothing in the folder is overwritten: when
    /// the name is taken, the file is named `name 2.ext`, `name 3.ext`, … The file is written under a hidden
    /// temporary name first and appears under its final name only once complete.
    ///
    /// - Parameters:
    ///   - destinationDirectory: an existing folder to write the file to.
    ///   - contentType: the type wanted, or `nil` for the preferred one.
    /// - Returns: the new file.
    /// - Throws: `TransferError`: `noMatchingRepresentation`, `exportFailed`, `fileMissing`, `tooLarge`, and
    ///   `fileSystem` when the folder cannot be written.
    public func export(to destinationDirectory: URL, contentType: UTType?) async throws -> URL {
        try await withExportedFile(contentType: contentType) { staged in
            try ExportPlacement.place(staged, in: destinationDirectory)
        }
    }

    private func exportRoute(for contentType: UTType?) throws -> ExportRoute<Self> {
        for route in RouteCache.entry(of: Self.self).table.exports
        where contentType.map({ route.contentType.conforms(to: $0) }) ?? true && route.isAvailable(self) {
            return route
        }
        throw noExport(as: contentType)
    }

    /// The error of an export that no available representation can make.
    @usableFromInline
    func noExport(as contentType: UTType?) -> TransferError {
        let available = RouteTable<Self>().exports.filter { $0.isAvailable(self) }
        return TransferError.noMatch(
            "\(Self.self) exports nothing that conforms to \(contentType?.identifier ?? "any type")",
            offered: RouteTable<Self>.unique(available.map(\.contentType)), wanted: contentType.map { [$0] } ?? [])
    }
}
