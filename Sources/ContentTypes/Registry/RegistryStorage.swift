import Synchronization

/// Serial numbers of registry snapshots; 0 belongs to the system catalog's.
private let nextSerial = Atomic<UInt64>(1)

/// An index entry contributed by the desktop database: `tag` of `tagClass` names `target`.
struct IndexTag: Sendable {
    /// The type a desktop tag names.
    enum Target: Sendable {
        /// A type of the system catalog, by slot.
        case catalog(Int32)
        /// One of the desktop database's declarations, by its place in `RegistryInputs.desktopDeclarations`.
        case desktop(Int)
    }

    let target: Target
    let tagClass: UTTagClass
    let tag: String
}

/// What a registry adds to the system catalog. Registries are extended by rebuilding from these.
struct RegistryInputs: Sendable {
    var declarations: [TypeDeclaration] = []
    var desktopDeclarations: [TypeDeclaration] = []
    var desktopIndexTags: [IndexTag] = []
    var desktopDirectory: String?
}

/// The immutable contents of one registry snapshot: declarations by slot, lookup tables and the conformance
/// closure. Slots `0..<systemCount` are the system catalog, in catalog order, in every registry.
final class RegistryStorage: Sendable {
    struct Entry: Sendable {
        let declaration: TypeDeclaration
        let folded: String
        let parents: [Int32]
    }

    let serial: UInt64
    /// The snapshot's number in `InternedTables`, 0 until a type of its own is made (and always for the system
    /// catalog's, whose number is 0).
    let internedNumber = Atomic<UInt32>(0)
    let systemCount: Int32
    let entries: [Entry]
    let closure: ConformanceClosure
    /// The closure's bits and row length, copied out of `closure` for look-ups that must not touch its owner.
    nonisolated(unsafe) let closureWords: UnsafePointer<UInt64>
    let closureWordsPerRow: Int
    let inputs: RegistryInputs
    private let slotByIdentifier: [String: Int32]
    private let extensionIndex: TagIndex
    private let mimeTypeIndex: TagIndex
    /// Indexes of other tag classes, by folded tag class.
    private let otherTagIndexes: [String: TagIndex]

    init(
        serial: UInt64? = nil,
        systemCount: Int32,
        entries: [Entry],
        closure: ConformanceClosure,
        inputs: RegistryInputs,
        slotByIdentifier: [String: Int32],
        tagIndexes: TagIndexBuilders
    ) {
        self.serial = serial ?? nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue
        if self.serial != 0 {
            // The catalog's types of this registry are number 0 in InternedTables, which the system catalog's
            // registry registers as it is made: make sure it is, before any type of this registry exists.
            _ = RegistryStorage.system
        }
        self.systemCount = systemCount
        self.entries = entries
        self.closure = closure
        self.closureWords = closure.words
        self.closureWordsPerRow = closure.wordsPerRow
        self.inputs = inputs
        self.slotByIdentifier = slotByIdentifier
        self.extensionIndex = TagIndex(tagIndexes.filenameExtensions)
        self.mimeTypeIndex = TagIndex(tagIndexes.mimeTypes)
        self.otherTagIndexes = tagIndexes.others.mapValues(TagIndex.init)
    }

    /// The registry of the system catalog alone, shared by every registry that adds nothing.
    static let system: RegistryStorage = {
        do {
            let system = try RegistryBuilder.build(RegistryInputs(), serial: 0)
            InternedTables.registerSystem(system)
            return system
        } catch {
            // The catalog is checked by the tests (SystemCatalogTests); a broken catalog is a build defect.
            preconditionFailure("the system catalog is inconsistent: \(error)")
        }
    }()

    var count: Int { entries.count }

    /// Whether the type in `slot` conforms to the type in `other`, read through `closureWords`.
    @inline(__always)
    func conforms(_ slot: Int32, _ other: Int32) -> Bool {
        closureWords[Int(slot) &* closureWordsPerRow &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0
    }

    /// The slot of a folded identifier.
    func slot(forFolded identifier: String) -> Int32? {
        slotByIdentifier[identifier]
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
        withFoldedTag tag: UnsafeBufferPointer<UInt8>, of tagClass: UTTagClass, where accept: (Int32) -> Bool
    )
        -> Int32?
    {
        switch tagClass.kind {
        case .filenameExtension: extensionIndex.firstSlot(withFolded: tag, where: accept)
        case .mimeType: mimeTypeIndex.firstSlot(withFolded: tag, where: accept)
        case .other: otherTagIndexes[tagClass.folded]?.firstSlot(withFolded: tag, where: accept)
        }
    }

    /// The slots of the types with a folded tag, preferred first.
    func slots(withFoldedTag tag: UnsafeBufferPointer<UInt8>, of tagClass: UTTagClass) -> ArraySlice<Int32> {
        switch tagClass.kind {
        case .filenameExtension: extensionIndex.slots(withFolded: tag)
        case .mimeType: mimeTypeIndex.slots(withFolded: tag)
        case .other: otherTagIndexes[tagClass.folded]?.slots(withFolded: tag) ?? []
        }
    }

    /// The slot that `type` has in this registry, if this registry knows it.
    func slot(of type: UTType) -> Int32? {
        if type.slot >= 0 && (type.registry == 0 || type.registry == internedNumber.load(ordering: .relaxed)) {
            return type.slot
        }
        return slotByIdentifier[type.foldedIdentifier]
    }
}
