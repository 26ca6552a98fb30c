import ContentTypes

/// One representation an item provider offers: its content type, who may see it, whether it is bytes or a file,
/// and its production, run at most once, when first loaded.
final class Registration: Sendable {
    let contentType: UTType
    let visibility: TransferRepresentationVisibility
    let kind: PayloadKind
    /// The name suggested for the representation when it was registered.
    let suggestedName: String?
    let production: SharedProduction<Produced>

    init(
        contentType: UTType, visibility: TransferRepresentationVisibility, kind: PayloadKind, suggestedName: String?,
        produce: @escaping @Sendable () async throws -> Produced
    ) {
        self.contentType = contentType
        self.visibility = visibility
        self.kind = kind
        self.suggestedName = suggestedName
        self.production = SharedProduction(produce)
    }

    /// The produced payload; errors are `TransferError`s.
    func produced() async throws -> Produced {
        do {
            return try await production.value()
        } catch {
            throw TransferError.exporting(error, contentType: contentType, sender: "the item provider")
        }
    }
}
