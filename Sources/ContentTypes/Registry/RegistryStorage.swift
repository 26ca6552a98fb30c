import Synchronization

/// Serial numbers of registry snapshots; 0 belongs to the system catalog's.
private let nextSerial = Atomic<UInt64>(1)

/// An index entry contributed by the desktop database: `tag` of `tagClass` names the type `identifier`.
struct IndexTag: Sendable {
    let identifier: String
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
    let systemCount: Int32
    let entries: [Entry]
    let closure: ConformanceClosure
    let inputs: RegistryInputs
    private let slotByIdentifier: [String: Int32]
    private let slotsByExtension: [String: [Int32]]
    private let slotsByMIMEType: [String: [Int32]]
    private let slotsByOtherTag: [String: [String: [Int32]]]

    init(
        serial: UInt64? = nil,
        systemCount: Int32,
        entries: [Entry],
        closure: ConformanceClosure,
        inputs: RegistryInputs,
        slotByIdentifier: [String: Int32],
        tagIndex: [String: [String: [Int32]]]
    ) {
        self.serial = serial ?? nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue
        self.systemCount = systemCount
        self.entries = entries
        self.closure = closure
        self.inputs = inputs
        self.slotByIdentifier = slotByIdentifier
        var others = tagIndex
        self.slotsByExtension = others.removeValue(forKey: Folding.fold(UTTagClass.filenameExtension.rawValue)) ?? [:]
        self.slotsByMIMEType = others.removeValue(forKey: Folding.fold(UTTagClass.mimeType.rawValue)) ?? [:]
        self.slotsByOtherTag = others
    }

    /// The registry of the system catalog alone, shared by every registry that adds nothing.
    static let system: RegistryStorage = {
        do {
            return try RegistryBuilder.build(RegistryInputs(), serial: 0)
        } catch {
            // The catalog is checked by the tests (SystemCatalogTests); a broken catalog is a build defect.
            preconditionFailure("the system catalog is inconsistent: \(error)")
        }
    }()

    var count: Int { entries.count }

    /// The slot of a folded identifier.
    func slot(forFolded identifier: String) -> Int32? {
        slotByIdentifier[identifier]
    }

    /// The slots of the types with a folded tag, preferred first.
    func slots(forFoldedTag tag: String, of tagClass: UTTagClass) -> [Int32] {
        if tagClass == .filenameExtension {
            return slotsByExtension[tag] ?? []
        }
        if tagClass == .mimeType {
            return slotsByMIMEType[tag] ?? []
        }
        return slotsByOtherTag[Folding.fold(tagClass.rawValue)]?[tag] ?? []
    }

    /// The slot that `type` has in this registry, if this registry knows it.
    func slot(of type: UTType) -> Int32? {
        if type.slot >= 0 && (type.storage === self || type.slot < systemCount) {
            return type.slot
        }
        return slotByIdentifier[type.foldedIdentifier]
    }
}
