/// A type of data: a uniform type identifier resolved against a type registry, with its conformance, its tags
/// (filename extensions, MIME types) and its description. The same shape as Apple's `UTType`.
///
/// A `UTType` answers from the registry it was resolved in. Values made by `UTType`'s own initialisers and static
/// members follow `TypeRegistry.current`: when a program replaces the current registry (at startup, to load its
/// declarations), such values resolve their identifier again, lazily. Values obtained from a particular
/// `TypeRegistry` (`registry.type(withIdentifier:)`) stay with that registry, which keeps tests isolated.
///
/// Identity is the identifier, compared case-insensitively: `UTType("PUBLIC.PNG") == .png`. `Codable` encodes the
/// identifier as a single string.
public struct UTType: Sendable {
    // A type is a plain value: numbers into `InternedTables`, no reference. Copying one, keeping it in an array or a
    // dictionary and asking it `conforms(to:)` count no references.

    /// The number of the registry snapshot this value was resolved in (`InternedTables`); 0 for the types of the
    /// system catalog, which have the same slot and the same answers in every registry.
    @usableFromInline let registry: UInt32
    /// The type's slot in its registry, or -1 for a type the registry does not hold (dynamic or undeclared).
    @usableFromInline let slot: Int32
    /// The number of the type's `DetachedType` when `slot` is -1.
    @usableFromInline let detachedNumber: UInt32
    /// Whether the value re-resolves itself when `TypeRegistry.current` changes.
    @usableFromInline let followsCurrent: Bool

    init(storage: RegistryStorage, slot: Int32, followsCurrent: Bool) {
        self.registry = slot < storage.systemCount ? 0 : InternedTables.number(of: storage)
        self.slot = slot
        self.followsCurrent = followsCurrent
        self.detachedNumber = 0
    }

    init(storage: RegistryStorage, detached: DetachedType, followsCurrent: Bool) {
        self.registry = InternedTables.number(of: storage)
        self.slot = -1
        self.followsCurrent = followsCurrent
        self.detachedNumber = InternedTables.number(of: detached)
    }

    /// A type of the system catalog, for the static members.
    init(systemIdentifier identifier: String) {
        let system = RegistryStorage.system
        if let slot = system.slot(forFolded: identifier) {
            self.init(storage: system, slot: slot, followsCurrent: true)
        } else {
            self.init(
                storage: system, detached: DetachedType(undeclared: identifier, parents: []), followsCurrent: true)
        }
    }

    /// The registry snapshot that answers for this value: the one it was resolved in, or the system catalog's for a
    /// catalog type.
    var storage: RegistryStorage {
        InternedTables.registry(registry).pointee.storage.takeUnretainedValue()
    }

    /// The facts of a type its registry does not hold.
    var detached: DetachedType? {
        slot < 0 ? InternedTables.detached(detachedNumber).pointee.type.takeUnretainedValue() : nil
    }

    /// The identifier, case-folded: what equality and hashing use.
    var foldedIdentifier: String {
        if let detached {
            return detached.folded
        }
        return storage.folded(slot)
    }

    /// The declaration this value resolved to, when its registry holds it.
    var declaration: TypeDeclaration? {
        slot >= 0 ? storage.declaration(slot) : nil
    }

    /// Whether answers from `storage` are current: always for values bound to a registry, and for values that follow
    /// the current registry while it has not been replaced. Catalog types are the same in every registry; a detached
    /// type made in the catalog's registry is not (a registry that replaces it may declare the type).
    @inline(__always)
    var isFresh: Bool {
        guard followsCurrent, registry != 0 || slot < 0 else {
            return true
        }
        return InternedTables.registry(registry).pointee.serial == TypeRegistry.currentSerial
    }

    /// This value as the registry it should answer from sees it: itself, or re-resolved in `TypeRegistry.current`
    /// when that registry has been replaced since. A type the current registry does not know keeps its old answers.
    var resolved: UTType {
        if isFresh {
            return self
        }
        let current = TypeRegistry.current.storage
        if let (storage, slot) = current.declared(forFolded: foldedIdentifier) {
            return UTType(storage: storage, slot: slot, followsCurrent: true)
        }
        if let detached, detached.isDynamic {
            return UTType(storage: current, detached: detached, followsCurrent: true)
        }
        return self
    }
}

/// The facts of a type that its registry does not hold: a dynamic type, or a type created with
/// `init(exportedAs:conformingTo:)` / `init(importedAs:conformingTo:)` that nobody declared.
final class DetachedType: Sendable {
    let identifier: String
    let folded: String
    let parents: [UTType]
    let tags: [UTTagClass: [String]]
    let isDynamic: Bool
    /// `parents`, at a fixed address for `InternedTables`; freed with this object.
    nonisolated(unsafe) let parentBuffer: UnsafeBufferPointer<UTType>

    init(identifier: String, parents: [UTType], tags: [UTTagClass: [String]], isDynamic: Bool) {
        self.identifier = identifier
        self.folded = Folding.fold(identifier)
        self.parents = parents
        self.tags = tags
        self.isDynamic = isDynamic
        let buffer = UnsafeMutableBufferPointer<UTType>.allocate(capacity: max(1, parents.count))
        _ = buffer.initialize(from: parents)
        self.parentBuffer = UnsafeBufferPointer(rebasing: buffer[..<parents.count])
    }

    convenience init(undeclared identifier: String, parents: [UTType]) {
        self.init(identifier: identifier, parents: parents, tags: [:], isDynamic: false)
    }

    deinit {
        // UTType is a plain value: nothing to deinitialise.
        UnsafeMutableRawPointer(mutating: parentBuffer.baseAddress)?.deallocate()
    }

    /// What makes two detached types the same: equal keys share one number in `InternedTables`.
    struct Key: Hashable {
        let identifier: String
        let parents: [UTType.Identity]
        let tags: [UTTagClass: [String]]
        let isDynamic: Bool
    }

    var key: Key {
        Key(
            identifier: identifier, parents: parents.map(\.identity), tags: tags, isDynamic: isDynamic)
    }
}

extension UTType {
    /// A value's exact identity, for `DetachedType.Key`: what `==` compares, and more.
    struct Identity: Hashable {
        @usableFromInline let registry: UInt32
        @usableFromInline let slot: Int32
        @usableFromInline let detachedNumber: UInt32
        @usableFromInline let followsCurrent: Bool
    }

    var identity: Identity {
        Identity(registry: registry, slot: slot, detachedNumber: detachedNumber, followsCurrent: followsCurrent)
    }
}
