import Foundation
import Synchronization

/// Serial numbers of registry snapshots; 0 belongs to the system catalog's.
private let nextSerial = Atomic<UInt64>(1)

/// What a registry adds to the system catalog. Registries are extended by rebuilding from these.
struct RegistryInputs: Sendable {
    var declarations: [TypeDeclaration] = []
    /// The desktop database, parsed; its types are placed after the declarations' (`DesktopTypes`).
    var desktop: DesktopDatabase?
    /// The directory of a desktop database to read when a look-up first needs it (`DeferredDesktopDatabase`).
    var deferredDesktop: String?
}

/// The built tag indexes of one registry, one per tag class.
struct TagIndexes: Sendable {
    let filenameExtensions: TagIndex
    let mimeTypes: TagIndex
    /// The indexes of other tag classes, by folded tag class.
    let others: [String: TagIndex]

    init(_ builders: TagIndexBuilders) {
        filenameExtensions = TagIndex(builders.filenameExtensions, loadShift: TagIndex.sparse)
        mimeTypes = TagIndex(builders.mimeTypes, loadShift: TagIndex.sparse)
        others = builders.others.mapValues { TagIndex($0) }
    }
}

/// The immutable contents of one registry snapshot: declarations by slot, lookup tables and the conformance
/// closure. Slots `0..<systemCount` are the system catalog, in catalog order, in every registry; then come the
/// declarations' types (`entries`), then the desktop database's own types (`desktop`).
@usableFromInline
final class RegistryStorage: TypeOwner, @unchecked Sendable {
    // Sendable: every stored property is an immutable Sendable value, or behind a lock.
    struct Entry: Sendable {
        /// The declaration; a catalog type's without its tags (`declaration(_:)` has them).
        let declaration: TypeDeclaration
        let folded: String
        let parents: [Int32]
    }

    let systemCount: Int32
    /// The catalog's and the declarations' types, by slot.
    let entries: [Entry]
    /// The desktop database's types, after `entries`.
    let desktop: DesktopTypes?
    /// The desktop database this registry reads when a look-up first needs it.
    let deferred: DeferredDesktopDatabase?
    @usableFromInline let closure: ConformanceClosure
    /// The catalog's part of `closure`, as bits and masks that catalog types' values carry.
    let catalogConformance: CatalogConformance
    let inputs: RegistryInputs
    private let slotByIdentifier: [String: Int32]
    private let tagIndexes: TagIndexes

    init(
        serial: UInt64? = nil,
        systemCount: Int32,
        entries: [Entry],
        desktop: DesktopTypes?,
        closure: ConformanceClosure,
        inputs: RegistryInputs,
        slotByIdentifier: [String: Int32],
        tagIndexes: TagIndexes
    ) {
        self.systemCount = systemCount
        self.entries = entries
        self.desktop = desktop
        self.deferred = inputs.deferredDesktop.map(DeferredDesktopDatabase.init)
        self.closure = closure
        self.catalogConformance = CatalogPart.shared.conformance
        self.inputs = inputs
        self.slotByIdentifier = slotByIdentifier
        self.tagIndexes = tagIndexes
        // The snapshot's serial number: 0 for the system catalog's; a registry with its deferred desktop database
        // read keeps the serial of the one without.
        super.init(serial: serial ?? nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue)
        _checkInvariants()
    }

    /// Checks the invariants of the tables a type's value path reads, in debug builds: the conformance closure
    /// (covering every slot, with every declared parent) and the tag indexes. Run after every registry build; the
    /// tests call it again on the registries they build.
    func _checkInvariants() {
        #if DEBUG
            precondition(closure.count == count, "closure: \(closure.count) rows for \(count) types")
            catalogConformance._checkInvariants(closure: closure)
            closure._checkInvariants { slot in
                if Int(slot) < entries.count {
                    return entries[Int(slot)].parents
                }
                return desktop.map { Array($0.parents(slot)) } ?? []
            }
            tagIndexes.filenameExtensions._checkInvariants()
            tagIndexes.mimeTypes._checkInvariants()
            for index in tagIndexes.others.values {
                index._checkInvariants()
            }
            if let database = desktop?.database {
                database._checkInvariants()
            }
        #endif
    }

    /// The registry of the system catalog alone, shared by every registry that adds nothing.
    @usableFromInline static let system: RegistryStorage = {
        do {
            return try RegistryBuilder.build(RegistryInputs(), serial: 0)
        } catch {
            // The catalog is checked by the tests (SystemCatalogTests); a broken catalog is a build defect.
            preconditionFailure("the system catalog is inconsistent: \(error)")
        }
    }()

    var count: Int { entries.count + (desktop?.count ?? 0) }

    /// The identifier of the type in `slot`, as declared.
    func identifier(_ slot: Int32) -> String {
        if Int(slot) < entries.count {
            return entries[Int(slot)].declaration.identifier
        }
        return desktopTypes(slot).identifier(slot)
    }

    /// The case-folded identifier of the type in `slot`: what equality and hashing use.
    func folded(_ slot: Int32) -> String {
        if Int(slot) < entries.count {
            return entries[Int(slot)].folded
        }
        return desktopTypes(slot).folded(slot)
    }

    /// The declaration of the type in `slot`; a catalog type's is made from its row, and a desktop type's the first
    /// time it is asked for.
    func declaration(_ slot: Int32) -> TypeDeclaration {
        if slot < systemCount {
            return SystemCatalog.entries[Int(slot)].declaration
        }
        if Int(slot) < entries.count {
            return entries[Int(slot)].declaration
        }
        return desktopTypes(slot).declaration(slot, identifierOf: identifier)
    }

    /// The first tag of a class of the type in `slot`: a catalog type's from its row, without making its declaration.
    func preferredTag(_ slot: Int32, of tagClass: UTTagClass) -> String? {
        guard slot < systemCount else {
            return declaration(slot).tags[tagClass]?.first
        }
        let row = SystemCatalog.entries[Int(slot)]
        switch tagClass.kind {
        case .filenameExtension: return row.filenameExtensions.first
        case .mimeType: return row.mimeTypes.first
        case .other: return nil
        }
    }

    /// The desktop types that hold a slot after `entries`: a slot of this registry past its entries is one of them.
    private func desktopTypes(_ slot: Int32) -> DesktopTypes {
        guard let desktop else {
            preconditionFailure("slot \(slot) is not a slot of this registry (\(entries.count) types)")
        }
        return desktop
    }

    /// The description of the type in `slot`: its declaration's, or a desktop type's from the database's files.
    func localizedDescription(_ slot: Int32) -> String? {
        if Int(slot) < entries.count {
            return entries[Int(slot)].declaration.description
        }
        return desktopTypes(slot).description(slot)
    }

    /// Whether the type in `slot` conforms to the type in `other`, both slots of this registry.
    @inlinable @inline(__always)
    func conforms(_ slot: Int32, _ other: Int32) -> Bool {
        closure.contains(slot, other)
    }

    /// The slot of a folded identifier.
    func slot(forFolded identifier: String) -> Int32? {
        slotByIdentifier[identifier] ?? desktop?.slot(forFolded: identifier)
    }

    /// The preferred slot among the types with a folded tag that `accept` accepts.
    ///
    /// - Parameters:
    ///   - tag: the tag's bytes, folded by `Folding.withFoldedTag`.
    ///   - tagClass: the tag's class.
    ///   - accept: whether a slot will do.
    /// - Returns: the first slot accepted, in order of preference.
    @inline(__always)
    func firstSlot(
        withFoldedTag tag: Span<UInt8>, of tagClass: UTTagClass, where accept: (Int32) -> Bool
    )
        -> Int32?
    {
        switch tagClass.kind {
        case .filenameExtension:
            tagIndexes.filenameExtensions.firstSlot(withFolded: tag, where: accept)
                ?? desktop?.firstSlot(withFoldedTag: tag, of: .filenameExtension, where: accept)
        case .mimeType:
            tagIndexes.mimeTypes.firstSlot(withFolded: tag, where: accept)
                ?? desktop?.firstSlot(withFoldedTag: tag, of: .mimeType, where: accept)
        case .other: tagIndexes.others[tagClass.folded]?.firstSlot(withFolded: tag, where: accept)
        }
    }

    /// The preferred slot among the types with a folded filename extension or MIME type that `accept` accepts, in
    /// this registry's own tag indexes (not its desktop database's, which `firstSlot(withFoldedTag:of:where:)` also
    /// reads).
    ///
    /// - Parameters:
    ///   - tag: the tag, folded in words.
    ///   - kind: the kind of its tag class.
    ///   - accept: whether a slot will do.
    /// - Returns: the first slot accepted, in order of preference.
    @inline(__always)
    func firstOwnSlot(withFolded tag: FoldedTag, of kind: UTTagClass.Kind, where accept: (Int32) -> Bool) -> Int32? {
        switch kind {
        case .filenameExtension: tagIndexes.filenameExtensions.firstSlot(withFolded: tag, where: accept)
        case .mimeType: tagIndexes.mimeTypes.firstSlot(withFolded: tag, where: accept)
        case .other: nil
        }
    }

    /// The slots of the types with a folded tag, preferred first.
    func slots(withFoldedTag tag: Span<UInt8>, of tagClass: UTTagClass) -> [Int32] {
        let own =
            switch tagClass.kind {
            case .filenameExtension: tagIndexes.filenameExtensions.slots(withFolded: tag)
            case .mimeType: tagIndexes.mimeTypes.slots(withFolded: tag)
            case .other: tagIndexes.others[tagClass.folded]?.slots(withFolded: tag) ?? []
            }
        // The database's tags come last, and a type they lead to again keeps its first place.
        guard let more = desktop?.slots(withFoldedTag: tag, of: tagClass.kind), !more.isEmpty else {
            return Array(own)
        }
        return own + more.filter { !own.contains($0) }
    }

    /// The registry with its deferred desktop database read (the first time this is asked), when it has one and the
    /// database could be read.
    var withDesktopDatabase: RegistryStorage? {
        deferred?.storage(extending: self)
    }

    /// The registry and slot of a folded identifier: this registry's, or that of the registry with its deferred
    /// desktop database when only the database can declare it.
    func declared(forFolded identifier: String) -> (storage: RegistryStorage, slot: Int32)? {
        if let slot = slot(forFolded: identifier) {
            return (self, slot)
        }
        guard deferred != nil, DeferredDesktopDatabase.mayDeclare(folded: identifier),
            let loaded = withDesktopDatabase, let slot = loaded.slot(forFolded: identifier)
        else {
            return nil
        }
        return (loaded, slot)
    }

    /// The slot that `type` has in this registry, if this registry knows it.
    func slot(of type: UTType) -> Int32? {
        if type.slot >= 0 && (type.owner == nil || type.owner === self) {
            return type.slot
        }
        return slot(forFolded: type.foldedIdentifier)
    }
}
