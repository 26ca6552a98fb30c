import ContentTypes
import Foundation

extension Transferable {
    /// Creates a value from bytes, through the first of this type's representations (in declaration order) whose
    /// content type `contentType` conforms to. When `contentType` is `nil`, each representation is tried in order
    /// until one imports the bytes. A file representation gets the bytes in a staged file.
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - contentType: what the bytes are, or `nil` when unknown.
    /// - Throws: `TransferError`: `noMatchingRepresentation` (no representation imports `contentType`) or
    ///   `decodingFailed` (the representation rejected the bytes; with `nil`, every representation did).
    @inlinable
    public init(importing data: Data, contentType: UTType?) async throws {
        if let contentType {
            for route in RouteCache.entry(of: Self.self).table.imports where contentType.conforms(to: route.contentType)
            {
                guard case .data(let consume) = route.consumer else {
                    break  // a file representation: staged below
                }
                let bytes = try PayloadDelivery.data(
                    of: .data(data), contentType: contentType, limit: ItemProvider.defaultMaximumLoadSize,
                    reporter: LoadReporter(progress: nil))
                do {
                    self = try await consume(bytes)
                } catch {
                    throw TransferError.decoding(error, contentType: contentType, receiver: "\(Self.self)")
                }
                return
            }
        }
        self = try await Self.importAny(data, contentType: contentType)
    }

    /// Imports bytes as ``init(importing:contentType:)`` describes, for every case but the most common one (a known
    /// content type that a data representation imports).
    @usableFromInline
    static func importAny(_ data: Data, contentType: UTType?) async throws -> Self {
        try await importFirst(RouteTable<Self>().imports, offered: contentType, description: "bytes") { route in
            try await importPayload(.data(data), contentType: contentType ?? route.contentType, through: route)
        }
    }

    /// Creates a value from a file, through the first of this type's representations (in declaration order) whose
    /// content type the file's type conforms to. When `contentType` is `nil`, the file's type is identified from its
    /// name and content (`ContentSniffer`); if no representation imports that type, each is tried in order. A data
    /// representation reads the file into memory (within `ItemProvider.defaultMaximumLoadSize`); a file
    /// representation that asks to open in place gets the file itself, otherwise a staged copy.
    ///
    /// - Parameters:
    ///   - file: the file.
    ///   - contentType: what the file holds, or `nil` to identify it.
    /// - Throws: `TransferError`: `fileMissing`, `noMatchingRepresentation`, `decodingFailed`, `tooLarge`.
    public init(importing file: URL, contentType: UTType?) async throws {
        let payload = ProducedPayload.file(file, originalAccessAllowed: true)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw TransferError(
                .fileMissing, "the file \(file.path) does not exist", contentType: contentType, file: file)
        }
        let imports = RouteTable<Self>().imports
        let identified = contentType ?? (try? ContentSniffer.shared.identify(contentsOf: file).type)
        let description = "the file \(file.lastPathComponent)"
        if let identified, contentType != nil || Self.importRoute(imports, for: identified) != nil {
            self = try await Self.importFirst(imports, offered: identified, description: description) { route in
                try await Self.importPayload(payload, contentType: identified, through: route)
            }
        } else {
            self = try await Self.importFirst(imports, offered: nil, description: description) { route in
                try await Self.importPayload(payload, contentType: route.contentType, through: route)
            }
        }
    }

    /// The first import route that `contentType` conforms to.
    private static func importRoute(_ imports: [ImportRoute<Self>], for contentType: UTType) -> ImportRoute<Self>? {
        imports.first { contentType.conforms(to: $0.contentType) }
    }

    /// Imports through the route that `offered` conforms to, or, when `offered` is `nil`, through each route in turn
    /// until one succeeds.
    private static func importFirst(
        _ imports: [ImportRoute<Self>], offered: UTType?, description: String,
        _ attempt: (ImportRoute<Self>) async throws -> Self
    ) async throws -> Self {
        if let offered {
            guard let route = importRoute(imports, for: offered) else {
                throw TransferError.noMatch(
                    receiver: "\(Self.self)", offered: [offered],
                    wanted: RouteTable<Self>.unique(imports.map(\.contentType)))
            }
            return try await attempt(route)
        }
        var failures: [String] = []
        for route in imports {
            do {
                return try await attempt(route)
            } catch let error as TransferError where error.code == .decodingFailed {
                failures.append(error.message)
            }
        }
        throw TransferError(
            .decodingFailed,
            "no representation of \(Self.self) could import \(description)"
                + (failures.isEmpty ? "" : ": " + failures.joined(separator: "; ")),
            wantedTypes: RouteTable<Self>.unique(imports.map(\.contentType)))
    }

    /// Converts `payload` to what `route` takes and imports it.
    private static func importPayload(
        _ payload: ProducedPayload, contentType: UTType, through route: ImportRoute<Self>
    ) async throws -> Self {
        let limit = ItemProvider.defaultMaximumLoadSize
        let reporter = LoadReporter(progress: nil)
        do {
            switch route.consumer {
            case .data(let consume):
                return try await consume(
                    PayloadDelivery.data(of: payload, contentType: contentType, limit: limit, reporter: reporter))
            case .file(let attemptsOpenInPlace, let consume):
                let file = try PayloadDelivery.file(
                    of: payload, openInPlace: attemptsOpenInPlace, name: nil, contentType: contentType, limit: limit,
                    reporter: reporter)
                return try await consume(file)
            }
        } catch {
            throw TransferError.decoding(error, contentType: contentType, receiver: "\(Self.self)")
        }
    }
}
