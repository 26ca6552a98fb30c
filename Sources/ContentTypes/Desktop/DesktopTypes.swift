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
    private let numbers: [Int32]
    /// The slot each type number resolves to; -1 for a repeated line of `types`, whose type is its last line's.
    private let slots: [Int32]
    /// The direct parents of the own type at index `i` after `firstSlot`:
    /// `parentSlots[parentStarts[i]..<parentStarts[i + 1]]`.
    let parentStarts: [Int32]
    let parentSlots: [Int32]
    /// How many own types have subtypes: they take the first slots, so that the closure needs columns for them alone
    /// (`ConformanceClosure`). All of them when the registry may declare a database type's identifier.
    let supertypeCount: Int
    /// The slots of the own types with subtypes, each after those of its parents that are own types too: the order
    /// their conformance is worked out in (the others' parents have theirs worked out by then).
    let order: [Int32]
    /// The own types' identifiers, made the first time one is asked for (or at once, when the registry may declare
    /// one of them).
    private let identifierTable = PublishedTable()
    /// What is made of the own types when first asked for, behind one lock (one generic type for the runtime to
    /// make, at a process's first use of the database, rather than one per table).
    private let made = Lock(Made())

    /// What `made` holds.
    private struct Made {
        /// The declarations made so far, by slot after `firstSlot`; empty until the first is made.
        var declarations: [TypeDeclaration?] = []
        /// The descriptions read so far (`DesktopDescriptions`), by slot after `firstSlot`, `.some(nil)` for a type
        /// that has none; empty until the first is read. At most one per type, freed with the registry.
        var descriptions: [String??] = []
    }

    /// The identifiers of a database's own types, as declared and case-folded, and their index.
    final class IdentifierTable: Sendable {
        let identifiers: [String]
        let folded: [String]
        /// The own types' slots by folded identifier (and, when the registry declares one of them, the declared
        /// type's slot).
        let index: TagIndex

        init(identifiers: [String], folded: [String], index: TagIndexBuilder) {
            self.identifiers = identifiers
            self.folded = folded
            self.index = TagIndex(index, keepsWords: false)
            self.index._checkInvariants()
        }
    }

    /// Places the database's types after a registry's.
    ///
    /// - Parameters:
    ///   - database: the parsed database.
    ///   - count: how many types the registry has without the database; the database's own types follow them.
    ///   - declaresDesktopIdentifiers: whether the registry declares an `org.freedesktop.mime.` identifier, which
    ///     may be a database type's: then the identifiers are made now, since they decide slots.
    ///   - declaredSlot: the registry's slot of a folded identifier, if it declares it.
    /// - Throws: `TypeRegistryError` with `.malformedDatabase`, naming the file the parents were read from
    ///   (`subclasses`, or `mime.cache`), when the database's types subclass each other in a cycle.
    init(
        database: DesktopDatabase, after count: Int32, declaresDesktopIdentifiers: Bool,
        declaredSlot: (String) -> Int32?
    ) throws(TypeRegistryError) {
        self.database = database
        firstSlot = count
        var slots = database.catalogSlots(in: CatalogPart.shared.builtTagIndexes.mimeTypes)
        var numbers: [Int32] = []
        numbers.reserveCapacity(database.typeCount)
        let canonical = database.canonical
        if declaresDesktopIdentifiers {
            // A type the registry declares with this identifier is that declaration's: it wins, and the database's
            // tags lead to it. The others take slots in the database's order.
            var identifiers = Identifiers(count: database.typeCount)
            for number in 0..<database.typeCount where Self.isOwn(number, canonical, slots) {
                let made = identifiers.make(database.name(ofNumber: number))
                if let declared = declaredSlot(made.folded) {
                    identifiers.index.add(folded: made.folded, slot: declared)
                    slots[number] = declared
                    continue
                }
                identifiers.add(made, at: numbers.count, slot: count + Int32(numbers.count))
                slots[number] = count + Int32(numbers.count)
                numbers.append(Int32(number))
            }
            supertypeCount = numbers.count
            identifierTable.publish(identifiers.table(count: numbers.count))
        } else {
            // The types with subtypes first, then the others, each in the database's order.
            var isSupertype = [Bool](repeating: false, count: database.typeCount)
            for number in 0..<database.typeCount where Self.isOwn(number, canonical, slots) {
                for index in database.listedParentIndexes(ofNumber: number) {
                    let parent = Int(database.listedParent(at: index))
                    if parent >= 0 && Self.isOwn(parent, canonical, slots) {
                        isSupertype[parent] = true
                    }
                }
            }
            for number in 0..<database.typeCount where isSupertype[number] {
                slots[number] = count + Int32(numbers.count)
                numbers.append(Int32(number))
            }
            supertypeCount = numbers.count
            for number in 0..<database.typeCount where Self.isOwn(number, canonical, slots) {
                slots[number] = count + Int32(numbers.count)
                numbers.append(Int32(number))
            }
        }
        self.numbers = numbers
        self.slots = slots
        var parentStarts: [Int32] = [0]
        var parentSlots: [Int32] = []
        parentStarts.reserveCapacity(numbers.count + 1)
        parentSlots.reserveCapacity(numbers.count * 2)
        let mediaSlots = DesktopDatabase.MediaParents.slotPairs
        for number in numbers {
            database.appendParents(ofNumber: Int(number), slots: slots, mediaSlots: mediaSlots, to: &parentSlots)
            parentStarts.append(Int32(parentSlots.count))
        }
        self.parentStarts = parentStarts
        self.parentSlots = parentSlots
        let (order, cycle) = Self.order(
            parentStarts: parentStarts, parentSlots: parentSlots, firstSlot: count, supertypes: supertypeCount)
        self.order = order
        if let cycle {
            // The database is malformed. (A cycle through the registry's declarations is its `conformanceCycle`.)
            let identifiers = cycle.map { identifier(count + Int32($0)) }
            throw TypeRegistryError(
                .malformedDatabase, file: DesktopDatabase.path(of: database.parentsFile, in: database.directory),
                message: "the types subclass each other in a cycle: "
                    + (identifiers + [identifiers[0]]).joined(separator: " → "))
        }
    }

    /// Whether type `number` of the database is one of its own: listed first under its name (a later line of the same
    /// type is that line's) and without a slot yet (the catalog's types have theirs). (A function of its arguments:
    /// a local function capturing `slots` would have it checked for exclusive access at run time.)
    private static func isOwn(_ number: Int, _ canonical: [Int32], _ slots: [Int32]) -> Bool {
        canonical[number] == number && slots[number] < 0
    }

    /// The identifiers of the own types being made, by slot after `firstSlot`, each unique.
    private struct Identifiers {
        var identifiers: [String]
        var folded: [String]
        /// Their slots by folded identifier.
        var index = TagIndexBuilder()

        /// Room for `count` own types.
        init(count: Int) {
            identifiers = Array(repeating: "", count: count)
            folded = Array(repeating: "", count: count)
            index.reserveCapacity(count)
        }

        /// The identifier of the type named `mimeType`, and folded: `DesktopDatabase.identifier(for:)`, with `-2`,
        /// `-3`… when a type added before has it (the catalog has none with their prefix: `CatalogPart` checks it).
        /// Made in the database's order, so that the suffixes go to the later types.
        func make(_ mimeType: String) -> (identifier: String, folded: String) {
            var identifier = DesktopDatabase.identifier(for: mimeType)
            var folded = Folding.fold(identifier)
            var suffix = 2
            // Taken by one of the database's types: try the next suffix.
            while index.contains(folded: folded) {
                identifier = DesktopDatabase.identifier(for: mimeType) + "-\(suffix)"
                folded = Folding.fold(identifier)
                suffix += 1
            }
            return (identifier, folded)
        }

        /// Adds an identifier `make(_:)` made, for the own type at `index` after `firstSlot`, in `slot`.
        mutating func add(_ made: (identifier: String, folded: String), at index: Int, slot: Int32) {
            identifiers[index] = made.identifier
            folded[index] = made.folded
            self.index.add(folded: made.folded, slot: slot)
        }

        /// The table of the first `count` own types.
        func table(count: Int) -> IdentifierTable {
            IdentifierTable(
                identifiers: Array(identifiers.prefix(count)), folded: Array(folded.prefix(count)), index: index)
        }
    }

    /// The own types' identifiers, made the first time they are needed. (Not inlined: the look-up paths read the
    /// published table, `withIdentifiers`.)
    private var identifierTableValue: IdentifierTable {
        @inline(never) get {
            identifierTable.value(as: IdentifierTable.self) {
                var identifiers = Identifiers(count: numbers.count)
                // In the database's order, whatever the slots' (`make(_:)`).
                for number in 0..<database.typeCount where database.canonical[number] == number {
                    let slot = slots[number]
                    if slot >= firstSlot {
                        let made = identifiers.make(database.name(ofNumber: number))
                        identifiers.add(made, at: Int(slot - firstSlot), slot: slot)
                    }
                }
                return identifiers.table(count: numbers.count)
            }
        }
    }

    /// The direct parents of the own type in `slot`.
    func parents(_ slot: Int32) -> ArraySlice<Int32> {
        let index = Int(slot - firstSlot)
        return parentSlots[Int(parentStarts[index])..<Int(parentStarts[index + 1])]
    }

    /// How many types of its own the database adds.
    var count: Int { numbers.count }

    /// The slot of an own type's folded identifier.
    @inline(__always)
    func slot(forFolded identifier: String) -> Int32? {
        withIdentifiers { $0.index.firstSlot(withFolded: identifier.utf8.span) { $0 >= firstSlot } }
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
            database.firstSlot(withFoldedExtension: tag, slot: { slots[Int($0)] }, where: accept)
        case .mimeType:
            database.withMIMETypeIndex { index in
                index.firstSlot(withFolded: tag) { accept(slot(ofMIMEEntry: $0)) }.map(slot(ofMIMEEntry:))
            }
        case .other: nil
        }
    }

    /// Every slot a folded tag leads to, each once, in the database's order of preference.
    func slots(withFoldedTag tag: Span<UInt8>, of kind: UTTagClass.Kind) -> [Int32] {
        let found: [Int32] =
            switch kind {
            case .filenameExtension: database.extensions.index.slots(withFolded: tag).map { slots[Int($0)] }
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
    @inline(__always)
    func identifier(_ slot: Int32) -> String {
        withIdentifiers { $0.identifiers[Int(slot - firstSlot)] }
    }

    /// What `body` makes of the own types' identifiers, lent without counting a reference once they are made.
    @inline(__always)
    private func withIdentifiers<Result>(_ body: (IdentifierTable) -> Result) -> Result {
        identifierTable.withPublished(as: IdentifierTable.self, body) ?? body(identifierTableValue)
    }

    /// The folded identifier of the own type in `slot`.
    @inline(__always)
    func folded(_ slot: Int32) -> String {
        withIdentifiers { $0.folded[Int(slot - firstSlot)] }
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
        if let declaration = made.withLock({ $0.declarations.isEmpty ? nil : $0.declarations[index] }) {
            return declaration
        }
        let number = Int(numbers[index])
        let mimeType = database.name(ofNumber: number)
        let conformsTo = parents(slot).map(identifierOf)
        let mimeTypes = [mimeType] + database.aliases(ofNumber: number)
        let extensions = database.extensions(ofNumber: number)
        let tags: [UTTagClass: [String]] =
            extensions.isEmpty ? [.mimeType: mimeTypes] : [.mimeType: mimeTypes, .filenameExtension: extensions]
        let declaration = TypeDeclaration(
            identifier: identifier(slot), conformsTo: conformsTo, tags: tags, kind: .imported,
            origin: .desktopDatabase(database.directory), entry: mimeType)
        return made.withLock { made in
            if made.declarations.isEmpty {
                made.declarations = Array(repeating: nil, count: count)
            }
            if let first = made.declarations[index] {
                return first  // another thread made it meanwhile: every caller gets the same one
            }
            made.declarations[index] = declaration
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
        if let read = made.withLock({ $0.descriptions.isEmpty ? nil : $0.descriptions[index] }) {
            return read
        }
        let description = DesktopDescriptions.description(
            of: database.name(ofNumber: Int(numbers[index])), in: database.directory,
            languages: DesktopDescriptions.preferredLanguages())
        made.withLock { made in
            if made.descriptions.isEmpty {
                made.descriptions = Array(repeating: nil, count: count)
            }
            made.descriptions[index] = .some(description)
        }
        return description
    }

    /// The slots of the first `supertypes` own types, each after those of its parents that are own types too, by a
    /// depth-first search; or the indexes (after `firstSlot`) of the types on a cycle, when they subclass each other
    /// in one. (Only a type with subtypes can be on a cycle, and its own parents have subtypes.)
    private static func order(
        parentStarts: [Int32], parentSlots: [Int32], firstSlot: Int32, supertypes count: Int
    ) -> (order: [Int32], cycle: [Int]?) {
        // Arrays of integers only, whose metadata a process has made already (an array of a new element type costs
        // the runtime a lookup by name the first time).
        let (unvisited, inProgress, done): (UInt8, UInt8, UInt8) = (0, 1, 2)
        var marks = [UInt8](repeating: unvisited, count: count)
        var order: [Int32] = []
        order.reserveCapacity(count)
        // The types being visited, each with the next of its parents to look at: two entries a type.
        var path: [Int32] = []
        for start in 0..<count where marks[start] == unvisited {
            path.append(Int32(start))
            path.append(parentStarts[start])
            marks[start] = inProgress
            while path.count >= 2 {
                let index = Int(path[path.count - 2])
                let next = path[path.count - 1]
                guard next < parentStarts[index + 1] else {
                    marks[index] = done
                    order.append(firstSlot + Int32(index))
                    path.removeLast(2)
                    continue
                }
                path[path.count - 1] += 1
                let parent = Int(parentSlots[Int(next)] - firstSlot)
                guard parent >= 0 else {
                    continue  // a type of the registry's own
                }
                assert(parent < count, "an own type's parent has subtypes")
                if marks[parent] == unvisited {
                    marks[parent] = inProgress
                    path.append(Int32(parent))
                    path.append(parentStarts[parent])
                } else if marks[parent] == inProgress {
                    let types = stride(from: 0, to: path.count, by: 2).map { Int(path[$0]) }
                    return (order, Array(types[(types.firstIndex(of: parent) ?? 0)...]))
                }
            }
        }
        return (order, nil)
    }
}
