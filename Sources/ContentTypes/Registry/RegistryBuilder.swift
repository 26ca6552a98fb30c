/// Builds registry snapshots: the system catalog, then declaration files (exported before imported), then the
/// desktop database; validates identifiers, parents and cycles; computes the conformance closure and the tag index.
enum RegistryBuilder {
    static func build(_ inputs: RegistryInputs, serial: UInt64? = nil) throws(TypeRegistryError) -> RegistryStorage {
        do {
            return try buildNow(inputs, serial: serial)
        } catch let error where error.code == .unknownParent && inputs.deferredDesktop != nil {
            // A declaration names a parent that only the deferred desktop database may declare: it is needed now.
            guard let directory = inputs.deferredDesktop, let database = try? DesktopDatabase(directory: directory)
            else {
                throw error
            }
            var inputs = inputs
            inputs.desktop = database
            inputs.deferredDesktop = nil
            return try buildNow(inputs, serial: serial)
        }
    }

    private static func buildNow(_ inputs: RegistryInputs, serial: UInt64?) throws(TypeRegistryError) -> RegistryStorage
    {
        let catalog = CatalogPart.shared
        var declarations = catalog.declarations
        var folded = catalog.folded
        var slotByIdentifier = catalog.slotByIdentifier
        let added = inputs.declarations.count
        if added > 0 {
            declarations.reserveCapacity(declarations.count + added)
            folded.reserveCapacity(declarations.count + added)
            slotByIdentifier.reserveCapacity(declarations.count + added)
        }
        let systemCount = Int32(declarations.count)

        for declaration in inputs.declarations {
            try validate(declaration)
            let identifier = Folding.fold(declaration.identifier)
            guard let slot = slotByIdentifier[identifier] else {
                slotByIdentifier[identifier] = Int32(declarations.count)
                declarations.append(declaration)
                folded.append(identifier)
                continue
            }
            if slot < systemCount {
                throw TypeRegistryError(
                    .systemTypeRedeclared, in: declaration, key: "UTTypeIdentifier",
                    message: "\"\(declarations[Int(slot)].identifier)\" is a system type and cannot be redeclared")
            }
            let existing = declarations[Int(slot)]
            switch (existing.kind, declaration.kind) {
            case (.exported, .exported):
                throw TypeRegistryError(
                    .duplicateExport, in: declaration, key: "UTTypeIdentifier",
                    message: "\"\(declaration.identifier)\" is already exported by \(existing.place)")
            case (.imported, .exported):
                declarations[Int(slot)] = declaration  // an exported declaration wins over an imported one
            default:
                break  // the first import, or the export, stays
            }
        }
        // The database's own types take the slots after the declarations'. A declaration may name one as a parent.
        var desktop: DesktopTypes?
        if let database = inputs.desktop {
            // (The catalog declares none: `CatalogPart` checks it.)
            let declaresDesktopIdentifiers = folded[Int(systemCount)...].contains {
                DeferredDesktopDatabase.mayDeclare(folded: $0)
            }
            desktop = try DesktopTypes(
                database: database, after: Int32(declarations.count),
                declaresDesktopIdentifiers: declaresDesktopIdentifiers
            ) { slotByIdentifier[$0] }
        }
        func slot(of identifier: String) -> Int32? {
            slotByIdentifier[identifier] ?? desktop?.slot(forFolded: identifier)
        }
        var parents = catalog.parents
        if declarations.count > systemCount {
            // (Only then: reserving capacity copies an array it does not own, the catalog's.)
            parents.reserveCapacity(declarations.count)
            // Most types have one parent, and many the same one: those share one array per parent. (Only when
            // something is declared: the first `[Int32: …]` of a process looks up `Int32: Hashable` at run time, a
            // tenth of a millisecond of `dnd-sim types identify`.)
            var singleParents: [Int32: [Int32]] = [:]
            for declaration in declarations[Int(systemCount)...] {
                if declaration.conformsTo.count == 1, let slot = slot(of: Folding.fold(declaration.conformsTo[0])) {
                    parents.append({ (shared: inout [Int32]) in shared }(&singleParents[slot, default: [slot]]))
                } else {
                    parents.append(try parentSlots(of: declaration, slot: slot))
                }
            }
        }
        func identifier(of slot: Int32) -> String {
            Int(slot) < declarations.count ? declarations[Int(slot)].identifier : desktop?.identifier(slot) ?? ""
        }
        var entries = catalog.entries
        if declarations.count > systemCount {
            entries.reserveCapacity(declarations.count)
        }
        for slot in Int(systemCount)..<declarations.count {
            entries.append(
                RegistryStorage.Entry(declaration: declarations[slot], folded: folded[slot], parents: parents[slot]))
        }
        let tagIndexes: TagIndexes
        if declarations.count == catalog.declarations.count {
            tagIndexes = catalog.builtTagIndexes
        } else {
            tagIndexes = TagIndexes(makeTagIndexes(catalog: catalog, declarations: declarations))
        }
        let closure: ConformanceClosure
        if declarations.count == systemCount {
            closure = desktop.map { ConformanceClosure(catalog: catalog.closure, desktop: $0) } ?? catalog.closure
        } else {
            let parents = ParentLists(parents, desktop: desktop)
            let order = try topologicalOrder(parents: parents) { slot in
                if let desktop, slot >= desktop.firstSlot {
                    return desktop.declaration(slot, identifierOf: identifier(of:))
                }
                return declarations[Int(slot)]
            }
            closure = ConformanceClosure(parents: parents, order: order)
        }
        return RegistryStorage(
            serial: serial, systemCount: systemCount, entries: entries, desktop: desktop, closure: closure,
            inputs: inputs, slotByIdentifier: slotByIdentifier, tagIndexes: tagIndexes)
    }

    /// The slots of a declaration's direct parents, each once, in declaration order.
    ///
    /// - Parameters:
    ///   - declaration: the declaration.
    ///   - slot: the slot of a folded identifier in the registry, if it has one.
    /// - Returns: the parents' slots.
    /// - Throws: `TypeRegistryError` with `.unknownParent` when a parent has no slot.
    static func parentSlots(
        of declaration: TypeDeclaration, slot: (String) -> Int32?
    ) throws(TypeRegistryError) -> [Int32] {
        var slots: [Int32] = []
        slots.reserveCapacity(declaration.conformsTo.count)
        for parent in declaration.conformsTo {
            guard let slot = slot(Folding.fold(parent)) else {
                throw TypeRegistryError(
                    .unknownParent, in: declaration, key: "UTTypeConformsTo",
                    message: "unknown parent type \"\(parent)\"")
            }
            if !slots.contains(slot) {
                slots.append(slot)
            }
        }
        return slots
    }

    /// Identifiers, parents and tags must be well-formed before anything else is checked.
    private static func validate(_ declaration: TypeDeclaration) throws(TypeRegistryError) {
        guard Folding.isValidIdentifier(declaration.identifier) else {
            throw TypeRegistryError(
                .malformedIdentifier, in: declaration, key: "UTTypeIdentifier",
                message: "\"\(declaration.identifier)\" is not a uniform type identifier "
                    + "(letters, digits, hyphens and periods, as in com.example.my-type)")
        }
        for parent in declaration.conformsTo where !Folding.isValidIdentifier(parent) {
            throw TypeRegistryError(
                .malformedIdentifier, in: declaration, key: "UTTypeConformsTo",
                message: "\"\(parent)\" is not a uniform type identifier")
        }
        for (tagClass, tags) in declaration.tags {
            for tag in tags where !Folding.isValidTag(Folding.foldTag(tag, of: tagClass), of: tagClass) {
                throw TypeRegistryError(
                    .malformedTag, in: declaration, key: "UTTypeTagSpecification",
                    message: "\"\(tag)\" is not a valid \(tagClass.rawValue) tag")
            }
        }
    }

    /// Every slot after all of its parents; throws on a cycle, naming it.
    ///
    /// - Parameters:
    ///   - parents: the direct parents of every slot.
    ///   - declaration: the declaration of a slot, for the message of a cycle.
    /// - Returns: every slot, each after its parents.
    /// - Throws: `TypeRegistryError` with `.conformanceCycle`, naming the types of the cycle.
    static func topologicalOrder(
        parents: ParentLists,
        declaration: (Int32) -> TypeDeclaration
    ) throws(TypeRegistryError) -> [Int32] {
        enum Mark { case unvisited, inProgress, done }
        var marks = [Mark](repeating: .unvisited, count: parents.count)
        var order: [Int32] = []
        order.reserveCapacity(parents.count)
        // Iterative depth-first search; `path` holds the slots being visited and the next parent to look at.
        var path: [(slot: Int32, next: Int)] = []
        for start in 0..<Int32(parents.count) where marks[Int(start)] == .unvisited {
            path.append((start, 0))
            marks[Int(start)] = .inProgress
            while let (slot, next) = path.last {
                let slotParents = parents[slot]
                if next == slotParents.count {
                    marks[Int(slot)] = .done
                    order.append(slot)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let parent = slotParents[slotParents.startIndex + next]
                switch marks[Int(parent)] {
                case .done:
                    continue
                case .unvisited:
                    marks[Int(parent)] = .inProgress
                    path.append((parent, 0))
                case .inProgress:
                    let cycleStart = path.firstIndex { $0.slot == parent } ?? 0
                    let cycle = path[cycleStart...].map { declaration($0.slot).identifier }
                    let culprit = declaration(slot)
                    throw TypeRegistryError(
                        .conformanceCycle, in: culprit, key: "UTTypeConformsTo",
                        message: "conformance cycle: " + (cycle + [cycle[0]]).joined(separator: " → "))
                }
            }
        }
        return order
    }

    /// Tag lookups, preferred first: the system catalog, exported declarations, then imported declarations (the
    /// desktop database's come after these: `DesktopTypes`).
    private static func makeTagIndexes(catalog: CatalogPart, declarations: [TypeDeclaration]) -> TagIndexBuilders {
        var indexes = catalog.tagIndexes
        let declared = catalog.declarations.count..<declarations.count
        for kind in [TypeDeclaration.Kind.exported, .imported] {
            for slot in declared where declarations[slot].kind == kind && !declarations[slot].isFromDesktop {
                addTags(of: declarations[slot], slot: Int32(slot), to: &indexes)
            }
        }
        return indexes
    }

    /// Adds a declaration's tags to the index, tag classes in the order of their names.
    static func addTags(of declaration: TypeDeclaration, slot: Int32, to indexes: inout TagIndexBuilders) {
        for (tagClass, tags) in declaration.tags.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for tag in tags {
                indexes.add(tag, of: tagClass, slot: slot)
            }
        }
    }
}

extension TypeDeclaration {
    var isFromDesktop: Bool {
        if case .desktopDatabase = origin {
            return true
        }
        return false
    }

    /// Where the declaration is, for messages: `FILE UTExportedTypeDeclarations[0]`, or `the system catalog`.
    var place: String {
        switch origin {
        case .system: "the system catalog"
        case .program: "the program"
        case .file(let path): [path, entry].compactMap { $0 }.joined(separator: " ")
        case .desktopDatabase(let directory): "the desktop database (\(directory))"
        }
    }
}

extension CatalogEntry {
    /// The row as a declaration, without its tags.
    var untaggedDeclaration: TypeDeclaration {
        TypeDeclaration(
            identifier: identifier, conformsTo: conformsTo, description: description, kind: .exported, origin: .system)
    }

    /// The row as a declaration.
    var declaration: TypeDeclaration {
        var tags: [UTTagClass: [String]] = [:]
        if !filenameExtensions.isEmpty {
            tags[.filenameExtension] = filenameExtensions
        }
        if !mimeTypes.isEmpty {
            tags[.mimeType] = mimeTypes
        }
        return TypeDeclaration(
            identifier: identifier, conformsTo: conformsTo, description: description, tags: tags, kind: .exported,
            origin: .system)
    }
}
