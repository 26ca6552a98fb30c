/// The system catalog's part of every registry, worked out once per process: every registry starts with the
/// catalog's types in the same slots, so its declarations, folded identifiers, parents and tags are the same in all
/// of them and need not be folded, hashed and looked up again for each registry built.
///
/// Start-up (issue 29): `dnd-sim types identify` builds this before anything else, so it avoids what costs there. A
/// catalog row's tags go into the tag index straight from the row, and its declaration is kept without them:
/// building 300 `[UTTagClass: [String]]` dictionaries, and the run-time look-up of `UTTagClass: Hashable` that the
/// first one needs, took about a third of a millisecond. `RegistryStorage.declaration(_:)` makes a catalog type's
/// whole declaration from its row when it is asked for.
struct CatalogPart: Sendable {
    /// The catalog's declarations by slot, without their tags (the tag indexes hold those).
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
    /// The conformance closure of the catalog alone: that of every registry that declares nothing more.
    let closure: ConformanceClosure
    /// The catalog's conformance as the bits and masks that catalog types' values carry; the same in every registry,
    /// since a catalog type's supertypes are catalog types.
    let conformance: CatalogConformance

    static let shared: CatalogPart = {
        do {
            return try CatalogPart()
        } catch {
            // The catalog is checked by the tests (SystemCatalogTests); a broken catalog is a build defect.
            preconditionFailure("the system catalog is inconsistent: \(error)")
        }
    }()

    private init() throws(TypeRegistryError) {
        let rows = SystemCatalog.entries
        declarations = rows.map(\.untaggedDeclaration)
        folded = declarations.map { Folding.fold($0.identifier) }
        // A desktop database's identifiers have a prefix of their own, which no catalog type has: a registry that
        // declares none of them needs no database identifier at once (`DesktopTypes`), and no catalog type takes one.
        assert(
            !folded.contains(where: DeferredDesktopDatabase.mayDeclare(folded:)),
            "no catalog identifier has the desktop database's prefix")
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
        // In the order `RegistryBuilder.addTags` adds a declaration's: by tag class, extensions first.
        var tagIndexes = TagIndexBuilders()
        for (slot, row) in rows.enumerated() {
            for tag in row.filenameExtensions {
                tagIndexes.add(tag, of: .filenameExtension, slot: Int32(slot))
            }
            for tag in row.mimeTypes {
                tagIndexes.add(tag, of: .mimeType, slot: Int32(slot))
            }
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
        closure = ConformanceClosure(
            parents: ParentLists(parents),
            order: try RegistryBuilder.topologicalOrder(parents: ParentLists(parents)) { declarations[Int($0)] })
        conformance = CatalogConformance(closure: closure, systemCount: Int32(declarations.count))
    }
}
