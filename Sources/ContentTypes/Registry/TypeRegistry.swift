import Foundation

/// An immutable snapshot of every type a program knows: the system catalog, the declarations it loaded, and
/// optionally the desktop's shared-mime-info database.
///
/// A registry is a value that shares its contents: copying it, storing it and sending it to other threads or tasks
/// cost one reference. Extending it (`adding(_:)`, `addingDeclarations(contentsOf:)`, `addingDesktopDatabase(at:)`)
/// builds a new snapshot and leaves the original untouched.
///
/// `UTType`'s initialisers and static members consult `TypeRegistry.current`, the process-wide registry; tests and
/// tools that want isolation build their own registry and ask it directly (`type(withIdentifier:)`,
/// `type(tag:tagClass:conformingTo:)`): the types it returns answer from that registry alone.
public struct TypeRegistry: Sendable {
    let storage: RegistryStorage

    init(storage: RegistryStorage) {
        self.storage = storage
    }

    /// The system catalog alone.
    public init() {
        self.init(storage: .system)
    }

    /// The system catalog plus `declarations`.
    ///
    /// - Parameter declarations: declarations to add; exported ones win over imported ones with the same identifier.
    /// - Throws: `TypeRegistryError` when a declaration is malformed, redeclares a system type, exports an
    ///   identifier twice, names an unknown parent or closes a conformance cycle.
    public init(declarations: [TypeDeclaration]) throws {
        try self.init(storage: RegistryBuilder.build(RegistryInputs(declarations: declarations)))
    }

    /// This registry plus `declarations`.
    ///
    /// - Parameter declarations: declarations to add to those this registry already has.
    /// - Returns: the new registry.
    /// - Throws: `TypeRegistryError`, as `init(declarations:)`.
    public func adding(_ declarations: [TypeDeclaration]) throws -> TypeRegistry {
        var inputs = storage.inputs
        inputs.declarations += declarations
        return try TypeRegistry(storage: RegistryBuilder.build(inputs))
    }

    /// This registry plus the declarations of an Info.plist-shaped XML property list.
    ///
    /// - Parameter file: the declaration file.
    /// - Returns: the new registry.
    /// - Throws: `TypeRegistryError` naming the file, the entry and the key at fault.
    public func addingDeclarations(contentsOf file: URL) throws -> TypeRegistry {
        try adding(DeclarationFile(contentsOf: file).declarations)
    }

    /// This registry plus the freedesktop shared-mime-info database, read from the files `update-mime-database`
    /// generates in `directory`: its `mime.cache`, mapped, when the cache is current (not older than `types`,
    /// `aliases`, `subclasses` and `globs2`) and well-formed; else those text files. The answers are the same either
    /// way.
    ///
    /// Every MIME type the database knows resolves to a type: the catalog type that has the MIME type when there is
    /// one (catalog types keep their own tags; the database's extra extensions and aliases only lead to them), a
    /// new `org.freedesktop.mime.…` type otherwise, conforming to the types of its `sub-class-of` parents and to
    /// the abstract type of its media type (`image/*` to `public.image`, `text/*` to `public.plain-text`, …).
    ///
    /// - Parameter directory: the database's directory.
    /// - Returns: the new registry.
    /// - Throws: `TypeRegistryError` when a file is missing or a line is malformed.
    public func addingDesktopDatabase(at directory: URL) throws -> TypeRegistry {
        try adding(desktop: DesktopDatabase(directory: directory.path))
    }

    /// This registry plus the desktop's own database: `addingDesktopDatabase(at:)` with
    /// ``desktopDatabaseDirectory``, `/usr/share/mime`.
    ///
    /// - Returns: the new registry.
    /// - Throws: `TypeRegistryError` when a file is missing or a line is malformed.
    public func addingDesktopDatabase() throws -> TypeRegistry {
        // The path as a string: a process's first `URL.path` costs a fraction of a millisecond.
        try adding(desktop: DesktopDatabase(directory: Self.desktopDatabasePath))
    }

    /// This registry plus the freedesktop shared-mime-info database, read the first time a look-up needs it.
    ///
    /// Until then the registry is this one, and the look-ups its types answer (every catalog tag and identifier)
    /// never read the database. The first look-up they do not answer reads it, once, whichever thread asks: a tag
    /// nobody here declares, an `org.freedesktop.mime.` identifier, every type with a tag (`types(tag:tagClass:
    /// conformingTo:)`), or the whole registry (`count`, `types`, `declarations`). From then on the registry answers
    /// as `addingDesktopDatabase(at:)`'s does.
    ///
    /// A database that cannot be read or is malformed is left out: the registry answers as this one, and
    /// `desktopDatabaseError` says what was wrong, naming the file and line. A declaration of this registry that
    /// names a type of the database as a parent needs the database at once: then it is read now.
    ///
    /// - Parameter directory: the database's directory.
    /// - Returns: the new registry.
    /// - Throws: `TypeRegistryError` with `.unknownParent` when a declaration names a parent that neither this
    ///   registry nor the database declares (possible only when this registry has a desktop database of another
    ///   directory).
    public func addingDesktopDatabaseWhenNeeded(at directory: URL) throws -> TypeRegistry {
        try adding(desktop: nil, readWhenNeededFrom: directory.path)
    }

    /// This registry plus the desktop's own database, `/usr/share/mime`, read the first time a look-up needs it:
    /// `addingDesktopDatabaseWhenNeeded(at:)` with ``desktopDatabaseDirectory``.
    ///
    /// - Returns: the new registry.
    /// - Throws: `TypeRegistryError`, as `addingDesktopDatabaseWhenNeeded(at:)`.
    public func addingDesktopDatabaseWhenNeeded() throws -> TypeRegistry {
        try adding(desktop: nil, readWhenNeededFrom: Self.desktopDatabasePath)
    }

    /// This registry with a desktop database in place of the one it has, if any: read already, or to be read from a
    /// directory when first needed.
    private func adding(
        desktop: DesktopDatabase?, readWhenNeededFrom directory: String? = nil
    ) throws(TypeRegistryError) -> TypeRegistry {
        var inputs = storage.inputs
        inputs.desktop = desktop
        inputs.deferredDesktop = directory
        return try TypeRegistry(storage: RegistryBuilder.build(inputs))
    }

    /// Why the desktop database of `addingDesktopDatabaseWhenNeeded(at:)` was left out: set once a look-up needed
    /// the database and it could not be read or was malformed; `nil` otherwise.
    public var desktopDatabaseError: TypeRegistryError? {
        storage.deferred?.error
    }

    /// This registry as it answers the questions that involve every type it may have: with its deferred desktop
    /// database read, if it has one that can be read.
    private var whole: TypeRegistry {
        storage.withDesktopDatabase.map(TypeRegistry.init(storage:)) ?? self
    }

    /// Where the desktop database usually is: `/usr/share/mime`.
    public static let desktopDatabaseDirectory = URL(fileURLWithPath: desktopDatabasePath, isDirectory: true)

    /// ``desktopDatabaseDirectory``'s path.
    package static let desktopDatabasePath = "/usr/share/mime"

    /// The registry of the system catalog alone, shared.
    public static let system = TypeRegistry()

    /// How many types the registry declares.
    public var count: Int { whole.storage.count }

    /// Every declared type: the system catalog's, the declarations', then the desktop database's (those with
    /// subtypes first, then the others), each in their order.
    public var types: [UTType] {
        let storage = whole.storage
        return (0..<Int32(storage.count)).map { UTType(storage: storage, slot: $0, followsCurrent: false) }
    }

    /// Every declaration, system catalog first, in declaration order.
    public var declarations: [TypeDeclaration] {
        let storage = whole.storage
        return (0..<Int32(storage.count)).map(storage.declaration)
    }

    /// The declaration of `type` in this registry, when it declares it.
    ///
    /// - Parameter type: a type from this or any registry.
    /// - Returns: the declaration, with its direct parents (`conformsTo`) and where it comes from (`origin`).
    public func declaration(of type: UTType) -> TypeDeclaration? {
        if let slot = storage.slot(of: type) {
            return storage.declaration(slot)
        }
        return storage.declared(forFolded: type.foldedIdentifier).map { $0.storage.declaration($0.slot) }
    }

    /// The directory of the desktop database this registry includes, if any.
    public var desktopDatabase: String? {
        storage.inputs.desktop?.directory ?? storage.inputs.deferredDesktop
    }

    /// The type with an identifier, as `UTType.init(_:)` finds it, but in this registry.
    ///
    /// - Parameter identifier: a declared or dynamic identifier, in any case.
    /// - Returns: the type, answering from this registry; `nil` when the identifier is unknown.
    public func type(withIdentifier identifier: String) -> UTType? {
        resolve(identifier: identifier, followsCurrent: false)
    }

    /// The preferred type for a tag, as `UTType.init(tag:tagClass:conformingTo:)` finds it, but in this registry.
    ///
    /// - Parameters:
    ///   - tag: the tag, in any case.
    ///   - tagClass: the tag's class.
    ///   - supertype: a type the result must conform to, or `nil` for any.
    /// - Returns: the type (dynamic when nobody declares the tag); `nil` when the tag is malformed.
    public func type(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType? {
        // Folded on the stack and found without counting references (the sniffer maps every answer through here,
        // from any number of threads); an undeclared tag gives its dynamic type at once.
        if let found = Self.knownOrDynamicType(
            tag: tag, kind: tagClass.kind, conformingTo: supertype, in: storage, followsCurrent: false)
        {
            return found
        }
        return resolveFirst(tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent: false)
    }

    /// Every type with a tag, as `UTType.types(tag:tagClass:conformingTo:)` finds them, but in this registry.
    ///
    /// - Parameters:
    ///   - tag: the tag, in any case.
    ///   - tagClass: the tag's class.
    ///   - supertype: a type the results must conform to, or `nil` for any.
    /// - Returns: the declared types, preferred first; a single dynamic type when none is declared.
    public func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        resolve(tag: tag, tagClass: tagClass, conformingTo: supertype, all: true, followsCurrent: false)
    }

    // MARK: Resolution

    func resolve(identifier: String, followsCurrent: Bool) -> UTType? {
        let folded = Folding.fold(identifier)
        if let (storage, slot) = storage.declared(forFolded: folded) {
            return UTType(storage: storage, slot: slot, followsCurrent: followsCurrent)
        }
        guard let contents = DynamicIdentifier.decode(folded) else {
            return nil
        }
        let parent =
            resolve(identifier: contents.conformsTo, followsCurrent: followsCurrent)
            ?? UTType(
                detached: DetachedType(undeclared: contents.conformsTo, parent: nil, serial: storage.serial),
                followsCurrent: followsCurrent)
        return UTType.dynamic(
            foldedTag: contents.tag, tagClass: contents.tagClass, parent: parent, serial: storage.serial,
            followsCurrent: followsCurrent)
    }

    func resolve(
        tag: String,
        tagClass: UTTagClass,
        conformingTo supertype: UTType?,
        all: Bool,
        followsCurrent: Bool
    ) -> [UTType] {
        guard all else {
            return resolveFirst(tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent: followsCurrent)
                .map { [$0] } ?? []
        }
        if let loaded = storage.withDesktopDatabase {
            return TypeRegistry(storage: loaded).resolve(
                tag: tag, tagClass: tagClass, conformingTo: supertype, all: true, followsCurrent: followsCurrent)
        }
        let required = requiredSlot(supertype)
        let slots = Folding.withFoldedTag(tag, of: tagClass.kind) { folded -> [Int32]? in
            guard let folded else {
                return nil
            }
            return storage.slots(withFoldedTag: folded, of: tagClass).filter { slot($0, meets: required) }
        }
        guard let slots else {
            return []
        }
        if slots.isEmpty {
            return [dynamicType(tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent)]
        }
        return slots.map { UTType(storage: storage, slot: $0, followsCurrent: followsCurrent) }
    }

    /// The preferred type for a tag: the hot path of `UTType(filenameExtension:)` and `UTType(mimeType:)`. A declared
    /// tag is found without allocating: the tag is folded on the stack, looked up in the tag index, and the
    /// candidates' conformance read from the closure.
    func resolveFirst(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?, followsCurrent: Bool)
        -> UTType?
    {
        let required = requiredSlot(supertype)
        let match = Folding.withFoldedTag(tag, of: tagClass.kind) { folded -> TagMatch in
            guard let folded else {
                return .malformed
            }
            let found = storage.firstSlot(withFoldedTag: folded, of: tagClass) { slot($0, meets: required) }
            return found.map(TagMatch.declared) ?? .undeclared
        }
        switch match {
        case .malformed:
            return nil
        case .declared(let slot):
            return UTType(storage: storage, slot: slot, followsCurrent: followsCurrent)
        case .undeclared:
            // Nobody here declares the tag: the deferred desktop database may.
            if let loaded = storage.withDesktopDatabase {
                return TypeRegistry(storage: loaded).resolveFirst(
                    tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent: followsCurrent)
            }
            return dynamicType(tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent)
        }
    }

    /// The type a tag names in `storage`, found without allocating, counting a reference or calling a closure: the
    /// preferred declared type, or the dynamic type held inline (`InlineTag`) when `storage` declares no type with the
    /// tag and has no desktop database that might. `nil` for the slow path to answer: a tag `FoldedTag` does not
    /// hold (not ASCII, longer than 32 bytes, a MIME type with spaces, malformed), another tag class, a supertype
    /// `storage` does not declare, a tag only a desktop database may declare, a dynamic type held in an object. Reads
    /// nothing but `storage` and the supertype, so that the storage may be borrowed (`withCurrentStorage`).
    ///
    /// - Parameters:
    ///   - tag: the tag, in any case.
    ///   - kind: the kind of the tag's class.
    ///   - supertype: a type the result must conform to, or `nil` for any.
    ///   - storage: the registry snapshot to look in.
    ///   - followsCurrent: whether the type follows `TypeRegistry.current` (made by `UTType`'s initialisers) or
    ///     stays with `storage` (made by a registry's own methods).
    /// - Returns: the type, or `nil` for the slow path to answer.
    @inline(__always)
    static func knownOrDynamicType(
        tag: String, kind: UTTagClass.Kind, conformingTo supertype: UTType?,
        in storage: RegistryStorage, followsCurrent: Bool = true
    ) -> UTType? {
        var required: Int32 = -1
        // The catalog slot of a dynamic type's parent (`public.data` for no supertype), when it is a catalog type:
        // then the type is held inline if its tag fits.
        var parentSlot = supertype == nil ? UTType.data.slot : -1
        if let supertype {
            // A catalog type has its slot in every registry; others are looked up.
            if supertype.isCatalog {
                required = supertype.slot
                parentSlot = supertype.slot
            } else if let slot = storage.slot(of: supertype) {
                required = slot
            } else {
                return nil  // a supertype this registry does not declare: only dynamic types can conform to it
            }
        }
        guard let folded = FoldedTag(tag, of: kind) else {
            return nil
        }
        let slot = storage.firstOwnSlot(withFolded: folded, of: kind) { slot in
            required < 0 || storage.conforms(slot, required)
        }
        if let slot {
            return UTType(storage: storage, slot: slot, followsCurrent: followsCurrent)
        }
        // Undeclared here: held inline when it fits and no desktop database may declare it.
        guard storage.desktop == nil && storage.deferred == nil && parentSlot >= 0,
            let inline = InlineTag(folded: folded, kind: kind, parentSlot: parentSlot, serial: storage.serial)
        else {
            return nil
        }
        return UTType(inline: inline, followsCurrent: followsCurrent)
    }

    /// What a tag look-up found.
    private enum TagMatch {
        case malformed
        case undeclared
        case declared(Int32)
    }

    /// The slot that candidates must conform to: `nil` for any supertype, `.some(nil)` for a supertype this registry
    /// does not declare (a declared type conforms only to declared types).
    private func requiredSlot(_ supertype: UTType?) -> Int32?? {
        supertype.map { storage.slot(of: $0) }
    }

    private func slot(_ slot: Int32, meets required: Int32??) -> Bool {
        switch required {
        case .none: true
        case .some(.none): false
        case .some(.some(let other)): storage.closure.contains(slot, other)
        }
    }

    /// The dynamic type for a well-formed tag that no declared type has.
    private func dynamicType(
        tag: String,
        tagClass: UTTagClass,
        conformingTo supertype: UTType?,
        _ followsCurrent: Bool
    ) -> UTType {
        Self.dynamicType(
            foldedTag: Folding.foldTag(tag, of: tagClass), tagClass: tagClass, conformingTo: supertype,
            in: storage, followsCurrent: followsCurrent)
    }

    /// The dynamic type for a folded, well-formed tag that no declared type of `storage` has
    /// (`UTType.dynamic(foldedTag:tagClass:parent:serial:followsCurrent:)`).
    static func dynamicType(
        foldedTag: String, tagClass: UTTagClass, conformingTo supertype: UTType?, in storage: RegistryStorage,
        followsCurrent: Bool
    ) -> UTType {
        UTType.dynamic(
            foldedTag: foldedTag, tagClass: tagClass, parent: supertype ?? .data, serial: storage.serial,
            followsCurrent: followsCurrent)
    }
}
