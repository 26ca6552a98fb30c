import Foundation
import Locking

/// The desktop database's types as one registry holds them: the slot each MIME type of the database resolves to (a
/// catalog type, a type the registry declares with the same identifier, or a type of the database's own), and the
/// identifiers and parents of the database's own types.
///
/// The types take the slots after the registry's others, and their conformance is in the registry's closure like any
/// other's, so asking them costs what asking a declared type costs. What is made here is only what a look-up needs:
/// slots, identifiers and parents, from the parsed database, without a declaration per type; the database's tag
/// indexes, built as its files were read, answer in its own type numbers, which map to slots here. A type's
/// `TypeDeclaration` (its tags by class, its parents by identifier) is made the first time something asks for it,
/// and kept.
///
/// The database's tags come after the registry's own in order of preference: `RegistryStorage` asks them only for
/// what its own tags do not answer, so the look-ups the catalog answers cost nothing more.
final class DesktopTypes: Sendable {
    let database: DesktopDatabase
    /// The slot of the first of the database's own types.
    let firstSlot: Int32
    /// The type number (line of `types`) of each of the database's own types, by slot after `firstSlot`.
    private let numbers: [Int]
    /// The slot each type number resolves to; -1 for a repeated line of `types`, whose type is its last line's.
    private let slots: [Int32]
    /// The identifier of each own type, as declared, and case-folded.
    private let identifiers: [String]
    private let foldedIdentifiers: [String]
    /// The direct parents of each own type, by slot.
    let parents: [[Int32]]
    /// The own types' slots by folded identifier.
    private let identifierIndex: TagIndex
    /// The declarations made so far, by slot after `firstSlot`; empty until the first is made.
    private let declarations = Lock([TypeDeclaration?]())
    /// The descriptions read so far (`DesktopDescriptions`), by slot after `firstSlot`, `.some(nil)` for a type that
    /// has none; empty until the first is read. At most one per type, freed with the registry.
    private let descriptions = Lock([String??]())

    /// Places the database's types after a registry's.
    ///
    /// - Parameters:
    ///   - database: the parsed database.
    ///   - count: how many types the registry has without the database; the database's own types follow them.
    ///   - declaredSlot: the registry's slot of a folded identifier, if it declares it.
    /// - Throws: `TypeRegistryError` with `.malformedDatabase`, naming `subclasses`, when the database's types
    ///   subclass each other in a cycle.
    init(database: DesktopDatabase, after count: Int32, declaredSlot: (String) -> Int32?) throws(TypeRegistryError) {
        self.database = database
        firstSlot = count
        let catalog = RegistryStorage.system
        // Only a catalog identifier with the prefix of desktop identifiers can clash with one.
        let catalogHasDesktopIdentifiers = CatalogPart.shared.folded.contains { $0.hasPrefix("org.freedesktop.mime.") }
        var slots = [Int32](repeating: -1, count: database.typeCount)
        var numbers: [Int] = []
        var identifiers: [String] = []
        var foldedIdentifiers: [String] = []
        var identifierBuilder = TagIndexBuilder()
        numbers.reserveCapacity(database.typeCount)
        identifiers.reserveCapacity(database.typeCount)
        foldedIdentifiers.reserveCapacity(database.typeCount)
        identifierBuilder.reserveCapacity(database.typeCount)
        for number in 0..<database.typeCount where database.canonical[number] == number {
            let catalogSlot =
                DesktopDatabase.catalogSlot(for: database.types[number], in: catalog)
                ?? database.aliases[number].lazy.compactMap {
                    DesktopDatabase.catalogSlot(for: $0, in: catalog)
                }
                .first
            if let catalogSlot {
                slots[number] = catalogSlot
                continue
            }
            var identifier = DesktopDatabase.identifier(for: database.types[number])
            var folded = Folding.fold(identifier)
            var suffix = 2
            // Taken by the catalog, else by one of the database's types: try the next suffix.
            while (catalogHasDesktopIdentifiers && catalog.slot(forFolded: folded) != nil)
                || identifierBuilder.contains(folded: folded)
            {
                identifier = DesktopDatabase.identifier(for: database.types[number]) + "-\(suffix)"
                folded = Folding.fold(identifier)
                suffix += 1
            }
            // A type the registry declares with this identifier is that declaration's: it wins, and the
            // database's tags lead to it.
            if let declared = declaredSlot(folded) {
                slots[number] = declared
                identifierBuilder.add(folded: folded, slot: declared)
                continue
            }
            let slot = count + Int32(numbers.count)
            slots[number] = slot
            identifierBuilder.add(folded: folded, slot: slot)
            numbers.append(number)
            identifiers.append(identifier)
            foldedIdentifiers.append(folded)
        }
        self.numbers = numbers
        self.slots = slots
        self.identifiers = identifiers
        self.foldedIdentifiers = foldedIdentifiers
        identifierIndex = TagIndex(identifierBuilder)
        parents = numbers.map { number in Self.parentSlots(of: number, in: database, slots: slots) }
        try Self.checkAcyclic(parents, firstSlot: count, database: database, identifiers: identifiers)
    }

    /// How many types of its own the database adds.
    var count: Int { numbers.count }

    /// The slot of an own type's folded identifier.
    func slot(forFolded identifier: String) -> Int32? {
        identifierIndex.firstSlot(withFolded: identifier.utf8.span) { $0 >= firstSlot }
    }

    /// The first slot, in the database's order of preference, that a folded tag leads to and `accept` accepts.
    ///
    /// - Parameters:
    ///   - tag: the folded tag.
    ///   - kind: its kind; the database has filename extensions and MIME types only.
    ///   - accept: whether a slot will do.
    /// - Returns: the slot, or `nil` when the database has no such tag or `accept` accepts none of its slots.
    @inline(__always)
    func firstSlot(
        withFoldedTag tag: Span<UInt8>, of kind: UTTagClass.Kind, where accept: (Int32) -> Bool
    ) -> Int32? {
        switch kind {
        case .filenameExtension:
            database.extensionIndex.firstSlot(withFolded: tag) { accept(slots[Int($0)]) }.map { slots[Int($0)] }
        case .mimeType:
            database.mimeTypeIndex.firstSlot(withFolded: tag) { accept(slot(ofMIMEEntry: $0)) }.map(slot(ofMIMEEntry:))
        case .other: nil
        }
    }

    /// Every slot a folded tag leads to, each once, in the database's order of preference.
    func slots(withFoldedTag tag: Span<UInt8>, of kind: UTTagClass.Kind) -> [Int32] {
        let found: [Int32] =
            switch kind {
            case .filenameExtension: database.extensionIndex.slots(withFolded: tag).map { slots[Int($0)] }
            case .mimeType: database.mimeTypeIndex.slots(withFolded: tag).map(slot(ofMIMEEntry:))
            case .other: []
            }
        var unique: [Int32] = []
        for slot in found where !unique.contains(slot) {
            unique.append(slot)
        }
        return unique
    }

    private func slot(ofMIMEEntry entry: Int32) -> Int32 {
        slots[database.number(ofMIMEEntry: entry)]
    }

    /// The identifier of the own type in `slot`, as declared.
    func identifier(_ slot: Int32) -> String {
        identifiers[Int(slot - firstSlot)]
    }

    /// The folded identifier of the own type in `slot`.
    func folded(_ slot: Int32) -> String {
        foldedIdentifiers[Int(slot - firstSlot)]
    }

    /// The declaration of the own type in `slot`, made the first time it is asked for.
    ///
    /// - Parameters:
    ///   - slot: a slot from `firstSlot` on.
    ///   - identifierOf: the identifier of any slot of the registry, for the parents.
    /// - Returns: the declaration: the MIME type and aliases, the extensions of the globs that name the type itself,
    ///   and the identifiers of the parents.
    func declaration(_ slot: Int32, identifierOf: (Int32) -> String) -> TypeDeclaration {
        let index = Int(slot - firstSlot)
        if let made = declarations.withLock({ $0.isEmpty ? nil : $0[index] }) {
            return made
        }
        let number = numbers[index]
        let mimeType = database.types[number]
        let conformsTo = parents[index].map(identifierOf)
        let mimeTypes = [mimeType] + database.aliases[number]
        let extensions = database.extensions(ofNumber: number)
        let tags: [UTTagClass: [String]] =
            extensions.isEmpty ? [.mimeType: mimeTypes] : [.mimeType: mimeTypes, .filenameExtension: extensions]
        let declaration = TypeDeclaration(
            identifier: identifiers[index], conformsTo: conformsTo, tags: tags, kind: .imported,
            origin: .desktopDatabase(database.directory), entry: mimeType)
        return declarations.withLock { made in
            if made.isEmpty {
                made = Array(repeating: nil, count: count)
            }
            if let first = made[index] {
                return first  // another thread made it meanwhile: every caller gets the same one
            }
            made[index] = declaration
            return declaration
        }
    }

    /// The description of the own type in `slot`, in the user's language, read from the database's file for the
    /// type the first time it is asked for (`DesktopDescriptions`).
    ///
    /// - Parameter slot: a slot from `firstSlot` on.
    /// - Returns: the description, or `nil` when the database has none for the type.
    func description(_ slot: Int32) -> String? {
        let index = Int(slot - firstSlot)
        if let read = descriptions.withLock({ $0.isEmpty ? nil : $0[index] }) {
            return read
        }
        let description = DesktopDescriptions.description(
            of: database.types[numbers[index]], in: database.directory,
            languages: DesktopDescriptions.preferredLanguages())
        descriptions.withLock { read in
            if read.isEmpty {
                read = Array(repeating: nil, count: count)
            }
            read[index] = .some(description)
        }
        return description
    }

    /// The direct parents of a desktop type: the types of its `sub-class-of` parents, then the abstract types of
    /// its media type (`DesktopDatabase.mediaParents(ofNumber:)`), each once.
    private static func parentSlots(of number: Int, in database: DesktopDatabase, slots: [Int32]) -> [Int32] {
        var parents: [Int32] = []
        for parent in database.parentNumbers[number] {
            if let parent, !parents.contains(slots[parent]) {
                parents.append(slots[parent])
            }
        }
        let abstract = database.mediaParents(ofNumber: number)?.slots ?? []
        if parents.isEmpty {
            return abstract  // shared by every type of the media type
        }
        for slot in abstract where !parents.contains(slot) {
            parents.append(slot)
        }
        return parents
    }

    /// Throws when the database's own types subclass each other in a cycle: the database is malformed. (A cycle
    /// through the registry's declarations is the registry's `conformanceCycle`.)
    private static func checkAcyclic(
        _ parents: [[Int32]], firstSlot: Int32, database: DesktopDatabase, identifiers: [String]
    ) throws(TypeRegistryError) {
        enum Mark { case unvisited, inProgress, done }
        var marks = [Mark](repeating: .unvisited, count: parents.count)
        var path: [(index: Int, next: Int)] = []
        for start in parents.indices where marks[start] == .unvisited {
            path.append((start, 0))
            marks[start] = .inProgress
            while let (index, next) = path.last {
                guard next < parents[index].count else {
                    marks[index] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let parent = Int(parents[index][next] - firstSlot)
                guard parent >= 0 else {
                    continue  // a type of the registry's own: no cycle through it is the database's alone
                }
                switch marks[parent] {
                case .done: continue
                case .unvisited:
                    marks[parent] = .inProgress
                    path.append((parent, 0))
                case .inProgress:
                    let cycle = path[(path.firstIndex { $0.index == parent } ?? 0)...].map { identifiers[$0.index] }
                    throw TypeRegistryError(
                        .malformedDatabase,
                        file: DesktopDatabase.path(of: "subclasses", in: database.directory),
                        message: "the types subclass each other in a cycle: "
                            + (cycle + [cycle[0]]).joined(separator: " → "))
                }
            }
        }
    }
}
