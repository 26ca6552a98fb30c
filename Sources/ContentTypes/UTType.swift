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
    /// The registry snapshot this value was resolved in; `nil` for the types of the system catalog, which have the
    /// same slot and the same answers in every registry. Catalog types thus hold no reference, and copying one costs
    /// no reference counting.
    let owner: RegistryStorage?
    /// The type's slot in `storage`, or -1 for a type the registry does not hold (dynamic or undeclared).
    let slot: Int32
    /// Whether the value re-resolves itself when `TypeRegistry.current` changes.
    let followsCurrent: Bool
    /// The facts of a type that is not in `storage`.
    let detached: DetachedType?

    init(storage: RegistryStorage, slot: Int32, followsCurrent: Bool) {
        self.owner = slot < storage.systemCount ? nil : storage
        self.slot = slot
        self.followsCurrent = followsCurrent
        self.detached = nil
    }

    init(storage: RegistryStorage, detached: DetachedType, followsCurrent: Bool) {
        self.owner = storage
        self.slot = -1
        self.followsCurrent = followsCurrent
        self.detached = detached
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

    /// The registry snapshot that answers for this value: the one it was resolved in, or any for a catalog type.
    var storage: RegistryStorage {
        owner ?? .system
    }

    /// The identifier, case-folded: what equality and hashing use.
    var foldedIdentifier: String {
        if let detached {
            return detached.folded
        }
        return storage.entries[Int(slot)].folded
    }

    /// The declaration this value resolved to, when its registry holds it.
    var entry: RegistryStorage.Entry? {
        slot >= 0 ? storage.entries[Int(slot)] : nil
    }

    /// Whether answers from `storage` are current: always for values bound to a registry, and for values that follow
    /// the current registry while it has not been replaced. Catalog types are the same in every registry.
    @inline(__always)
    var isFresh: Bool {
        guard followsCurrent, let owner else {
            return true
        }
        return owner.serial == TypeRegistry.currentSerial
    }

    /// This value as the registry it should answer from sees it: itself, or re-resolved in `TypeRegistry.current`
    /// when that registry has been replaced since. A type the current registry does not know keeps its old answers.
    var resolved: UTType {
        if isFresh {
            return self
        }
        let current = TypeRegistry.current.storage
        if let slot = current.slot(forFolded: foldedIdentifier) {
            return UTType(storage: current, slot: slot, followsCurrent: true)
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

    init(identifier: String, parents: [UTType], tags: [UTTagClass: [String]], isDynamic: Bool) {
        self.identifier = identifier
        self.folded = Folding.fold(identifier)
        self.parents = parents
        self.tags = tags
        self.isDynamic = isDynamic
    }

    convenience init(undeclared identifier: String, parents: [UTType]) {
        self.init(identifier: identifier, parents: parents, tags: [:], isDynamic: false)
    }
}
