/// The system catalog's part of every registry, worked out once per process: every registry starts with the
/// catalog's types in the same slots, so its declarations, folded identifiers, parents and tags are the same in all
/// of them and need not be folded, hashed and looked up again for each registry built.
struct CatalogPart: Sendable {
    let declarations: [TypeDeclaration]
    /// `Folding.fold` of each declaration's identifier, by slot.
    let folded: [String]
    let slotByIdentifier: [String: Int32]
    /// Direct parents by slot; the catalog's parents are catalog types.
    let parents: [[Int32]]
    /// The tag index with the catalog's tags alone, the first and preferred ones of every registry.
    let tagIndexes: TagIndexBuilders
    /// The same, built: the index of every registry that declares nothing more.
    let builtTagIndexes: TagIndexes
    /// The registry entries of the catalog's types, by slot.
    let entries: [RegistryStorage.Entry]

    static let shared: CatalogPart = {
        do {
            return try CatalogPart()
        } catch {
            // The catalog is checked by the tests (SystemCatalogTests); a broken catalog is a build defect.
            preconditionFailure("the system catalog is inconsistent: \(error)")
        }
    }()

    private init() throws(TypeRegistryError) {
        declarations = SystemCatalog.entries.map(\.declaration)
        folded = declarations.map { Folding.fold($0.identifier) }
        var slotByIdentifier: [String: Int32] = [:]
        slotByIdentifier.reserveCapacity(declarations.count)
        for (slot, identifier) in folded.enumerated() {
            slotByIdentifier[identifier] = Int32(slot)
        }
        var parents: [[Int32]] = []
        parents.reserveCapacity(declarations.count)
        for declaration in declarations {
            parents.append(try RegistryBuilder.parentSlots(of: declaration) { slotByIdentifier[$0] })
        }
        var tagIndexes = TagIndexBuilders()
        for (slot, declaration) in declarations.enumerated() {
            RegistryBuilder.addTags(of: declaration, slot: Int32(slot), to: &tagIndexes)
        }
        self.slotByIdentifier = slotByIdentifier
        self.parents = parents
        self.tagIndexes = tagIndexes
        builtTagIndexes = TagIndexes(tagIndexes)
        let declarations = declarations
        let folded = folded
        entries = declarations.indices.map { slot in
            RegistryStorage.Entry(declaration: declarations[slot], folded: folded[slot], parents: parents[slot])
        }
    }
}
