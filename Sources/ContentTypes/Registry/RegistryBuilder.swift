/// Builds registry snapshots: the system catalog, then declaration files (exported before imported), then the
/// desktop database; validates identifiers, parents and cycles; computes the conformance closure and the tag index.
enum RegistryBuilder {
    static func build(_ inputs: RegistryInputs, serial: UInt64? = nil) throws(TypeRegistryError) -> RegistryStorage {
        var declarations = SystemCatalog.entries.map(\.declaration)
        var slotByIdentifier: [String: Int32] = [:]
        slotByIdentifier.reserveCapacity(
            declarations.count + inputs.declarations.count + inputs.desktopDeclarations.count)
        for (slot, declaration) in declarations.enumerated() {
            slotByIdentifier[Folding.fold(declaration.identifier)] = Int32(slot)
        }
        let systemCount = Int32(declarations.count)

        for declaration in inputs.declarations {
            try validate(declaration)
            let folded = Folding.fold(declaration.identifier)
            guard let slot = slotByIdentifier[folded] else {
                slotByIdentifier[folded] = Int32(declarations.count)
                declarations.append(declaration)
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
        for declaration in inputs.desktopDeclarations {
            let folded = Folding.fold(declaration.identifier)
            if slotByIdentifier[folded] == nil {
                slotByIdentifier[folded] = Int32(declarations.count)
                declarations.append(declaration)
            }
        }

        var parents: [[Int32]] = []
        parents.reserveCapacity(declarations.count)
        for declaration in declarations {
            var slots: [Int32] = []
            for parent in declaration.conformsTo {
                guard let slot = slotByIdentifier[Folding.fold(parent)] else {
                    throw TypeRegistryError(
                        .unknownParent, in: declaration, key: "UTTypeConformsTo",
                        message: "unknown parent type \"\(parent)\"")
                }
                if !slots.contains(slot) {
                    slots.append(slot)
                }
            }
            parents.append(slots)
        }
        let order = try topologicalOrder(parents: parents, declarations: declarations)
        let closure = ConformanceClosure(parents: parents, order: order)
        let entries = zip(declarations, parents).map { declaration, parents in
            RegistryStorage.Entry(
                declaration: declaration, folded: Folding.fold(declaration.identifier), parents: parents)
        }
        let tagIndexes = makeTagIndexes(
            declarations: declarations, systemCount: Int(systemCount), slotByIdentifier: slotByIdentifier,
            desktopIndexTags: inputs.desktopIndexTags)
        return RegistryStorage(
            serial: serial, systemCount: systemCount, entries: entries, closure: closure, inputs: inputs,
            slotByIdentifier: slotByIdentifier, tagIndexes: tagIndexes)
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
    private static func topologicalOrder(
        parents: [[Int32]],
        declarations: [TypeDeclaration]
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
                let slotParents = parents[Int(slot)]
                if next == slotParents.count {
                    marks[Int(slot)] = .done
                    order.append(slot)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let parent = slotParents[next]
                switch marks[Int(parent)] {
                case .done:
                    continue
                case .unvisited:
                    marks[Int(parent)] = .inProgress
                    path.append((parent, 0))
                case .inProgress:
                    let cycleStart = path.firstIndex { $0.slot == parent } ?? 0
                    let cycle = path[cycleStart...].map { declarations[Int($0.slot)].identifier }
                    let culprit = declarations[Int(slot)]
                    throw TypeRegistryError(
                        .conformanceCycle, in: culprit, key: "UTTypeConformsTo",
                        message: "conformance cycle: " + (cycle + [cycle[0]]).joined(separator: " → "))
                }
            }
        }
        return order
    }

    /// Tag lookups, preferred first: the system catalog, exported declarations, imported declarations, then the
    /// desktop database in its own order of preference.
    private static func makeTagIndexes(
        declarations: [TypeDeclaration],
        systemCount: Int,
        slotByIdentifier: [String: Int32],
        desktopIndexTags: [IndexTag]
    ) -> [UTTagClass: TagIndexBuilder] {
        var indexes: [UTTagClass: TagIndexBuilder] = [
            .filenameExtension: TagIndexBuilder(), .mimeType: TagIndexBuilder(),
        ]
        let declared = systemCount..<declarations.count
        let passes: [[Int]] = [
            Array(0..<systemCount),
            declared.filter { declarations[$0].kind == .exported && !declarations[$0].isFromDesktop },
            declared.filter { declarations[$0].kind == .imported && !declarations[$0].isFromDesktop },
        ]
        for pass in passes {
            for slot in pass {
                for (tagClass, tags) in declarations[slot].tags.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    for tag in tags {
                        indexes[tagClass, default: TagIndexBuilder()].add(
                            folded: Folding.foldTag(tag, of: tagClass), slot: Int32(slot))
                    }
                }
            }
        }
        for entry in desktopIndexTags {
            if let slot = slotByIdentifier[Folding.fold(entry.identifier)] {
                indexes[entry.tagClass, default: TagIndexBuilder()].add(
                    folded: Folding.foldTag(entry.tag, of: entry.tagClass), slot: slot)
            }
        }
        return indexes
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
