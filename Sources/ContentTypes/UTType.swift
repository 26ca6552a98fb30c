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
    // A type is a small value: a slot, room for a short tag and at most one reference. A type of the system catalog
    // holds no reference (its slot is the same in every registry), and neither does a dynamic type whose folded tag
    // fits in `InlineTag` (13 bytes after a MIME type's `application/`) and whose parent is a catalog type: an unknown
    // extension or MIME type is its tag's bytes and its parent's slot. A type a registry declares beyond the catalog
    // holds that registry's snapshot, which lives as long as some value or registry holds it; any other dynamic or
    // undeclared type holds its own small object, freed with the last value that holds it. Nothing is kept
    // process-wide: a million distinct dynamic types cost nothing once the values are gone.

    // Three stored properties of 8-byte alignment, one reference among them: a caller in another module copies such
    // a value (and a pair of them, as a tuple) inline, with one retain. With more (two optional references; the tag's
    // words, serial, slot and flags each a field of its own; a nested struct) pairs of values were copied through
    // outlined copies and the runtime's value witnesses, 2 to 3 times slower (measured); a `SIMD4<UInt64>` or a
    // `UInt128` field (16-byte alignment) copied inline but corrupted values in debug builds' generic copies. So the
    // slot, the flags and part of the tag share one word, and the rest of the tag another.

    /// What the value holds: the registry snapshot that declares the type (`snapshot`) when `slot` is a slot beyond
    /// the catalog's; the type's own facts (`detached`) when `slot` is -1; nothing for a catalog type or an inline
    /// dynamic type.
    @usableFromInline let owner: TypeOwner?
    /// The slot (bits 0-31) and whether the value follows the current registry (bit 32). A catalog type has its
    /// catalog bit (`CatalogConformance`) in bits 33-39. For an inline dynamic type the low half has bit 31 set and
    /// bit 30 clear (so `slot` is below -1) and its parent's catalog slot in bits 20-29; the high half has the tag's
    /// form (bits 33-34) and length (bits 35-38). A tag of at most 13 bytes keeps bytes 8-9 in bits 0-15 and bytes
    /// 10-12 in bits 39-62; a tag of 14 or 15 ASCII bytes is packed seven bits a byte (bit 63 set): bits 64-83 of the
    /// packed tag in bits 0-19, bits 84-104 in bits 39-59.
    @usableFromInline let header: UInt64
    /// An inline dynamic type's first eight tag bytes, little-endian, or its packed tag's first 64 bits; a catalog
    /// type's mask of the catalog supertypes it conforms to (`CatalogConformance`); zero otherwise.
    @usableFromInline let tag: UInt64

    /// The type's slot in its registry (a catalog slot when `owner` is `nil`), -1 for a detached type, below -1 for a
    /// dynamic type held in the value (`isInline`).
    @inlinable var slot: Int32 { Int32(truncatingIfNeeded: header) }
    /// Whether the value re-resolves itself when `TypeRegistry.current` changes.
    @inlinable var followsCurrent: Bool { header & UTType.followsCurrentBit != 0 }
    /// Whether the value is a dynamic type held in the value itself (`InlineTag`).
    @inlinable var isInline: Bool { slot < -1 }
    /// Whether the value is a type of the system catalog (which holds no reference).
    @inlinable var isCatalog: Bool { slot >= 0 && owner == nil }

    @inlinable static var followsCurrentBit: UInt64 { 1 << 32 }

    /// A catalog type's bit among the catalog's supertypes (`CatalogConformance.bits`).
    @inlinable var catalogBit: UInt64 { (header &>> 33) & 0x7F }

    /// The catalog slot of an inline dynamic type's parent.
    @inlinable var inlineParentSlot: Int32 { Int32(truncatingIfNeeded: (header &>> 20) & 0x3FF) }

    /// Whether two inline dynamic types are the same type: the same tag, form and parent (whether or not they follow
    /// the current registry).
    @inlinable @inline(__always)
    static func sameInlineType(_ lhs: UTType, _ rhs: UTType) -> Bool {
        lhs.header | followsCurrentBit == rhs.header | followsCurrentBit && lhs.tag == rhs.tag
    }

    private init(owner: TypeOwner?, slot: Int32, followsCurrent: Bool, catalogBit: UInt8 = 0, mask: UInt64 = 0) {
        self.owner = owner
        self.header =
            UInt64(UInt32(bitPattern: slot)) | (followsCurrent ? UTType.followsCurrentBit : 0)
            | UInt64(catalogBit & 0x7F) << 33
        self.tag = mask
    }

    // Borrowed: a catalog type, the common case, keeps no reference, so making one counts none.
    @inline(__always)
    init(storage: borrowing RegistryStorage, slot: Int32, followsCurrent: Bool) {
        if slot >= 0 && slot < storage.systemCount {
            let catalog = storage.catalogConformance.facts(slot)
            self.init(
                owner: nil, slot: slot, followsCurrent: followsCurrent, catalogBit: catalog.bit, mask: catalog.mask)
        } else {
            self.init(owner: copy storage, slot: slot, followsCurrent: followsCurrent)
        }
    }

    init(detached: DetachedType, followsCurrent: Bool) {
        self.init(owner: detached, slot: -1, followsCurrent: followsCurrent)
    }

    @inline(__always)
    init(inline: InlineTag, followsCurrent: Bool) {
        // What the two words below keep of it: 1 to 13 tag bytes (bytes 8-12 in word1's low 40 bits), or 14 to 15
        // ASCII bytes packed seven bits a byte, a parent slot in 10 bits, and no third word.
        assert(inline.count >= 1 && Int(inline.count) <= InlineTag.capacity, "an inline tag of \(inline.count) bytes")
        assert(inline.parentSlot >= 0 && inline.parentSlot < 1024, "an inline parent slot of \(inline.parentSlot)")
        assert(inline.word2 == 0, "inline tag bytes past the 16th")
        self.owner = nil
        let parent = UInt64(0x8000_0000) | UInt64(UInt32(truncatingIfNeeded: inline.parentSlot) & 0x3FF) << 20
        let facts =
            (followsCurrent ? UTType.followsCurrentBit : 0) | UInt64(inline.form.rawValue & 3) << 33
            | UInt64(inline.count & 0xF) << 35
        if Int(inline.count) <= InlineTag.byteCapacity {
            assert(inline.word1 >> 40 == 0, "inline tag bytes past the 13th")
            self.header = parent | (inline.word1 & 0xFFFF) | facts | ((inline.word1 &>> 16) & 0xFF_FFFF) << 39
            self.tag = inline.word0
        } else {
            assert(inline.word1 >> 56 == 0 && !ByteWord.hasNonASCII(inline.word0 | inline.word1), "15 ASCII bytes")
            let packed = InlineTag.pack(inline.word0, inline.word1)
            self.header = parent | (packed.high & 0xF_FFFF) | facts | ((packed.high &>> 20) & 0x1F_FFFF) << 39 | 1 << 63
            self.tag = packed.low
        }
    }

    /// The dynamic type held in the value, when `isInline`.
    var inline: InlineTag {
        let words: (UInt64, UInt64)
        if header & (1 << 63) == 0 {
            words = (tag, (header & 0xFFFF) | ((header &>> 39) & 0xFF_FFFF) << 16)
        } else {
            words = InlineTag.unpack(low: tag, high: (header & 0xF_FFFF) | ((header &>> 39) & 0x1F_FFFF) << 20)
        }
        return InlineTag(
            word0: words.0, word1: words.1, word2: 0,
            serial: RegistryStorage.system.serial, parentSlot: inlineParentSlot,
            count: UInt8(truncatingIfNeeded: (header &>> 35) & 0xF),
            form: InlineTag.Form(rawValue: UInt8(truncatingIfNeeded: (header &>> 33) & 3)) ?? .filenameExtension)
    }

    /// The dynamic type for a folded, well-formed tag that no declared type has: held inline when it fits
    /// (`InlineTag`), else one small object that holds the tag, freed with the last value that holds it. The
    /// identifier is made only when asked for.
    ///
    /// - Parameters:
    ///   - foldedTag: the tag, folded as `Folding.foldTag(_:of:)` folds it.
    ///   - tagClass: its class.
    ///   - parent: the type it conforms to.
    ///   - serial: the serial of the registry snapshot it is made in.
    ///   - followsCurrent: whether the value follows `TypeRegistry.current`.
    /// - Returns: the dynamic type.
    static func dynamic(
        foldedTag: String, tagClass: UTTagClass, parent: UTType, serial: UInt64, followsCurrent: Bool
    ) -> UTType {
        if parent.slot >= 0 && parent.owner == nil,
            let inline = InlineTag(
                folded: foldedTag.utf8.span, kind: tagClass.kind, parentSlot: parent.slot, serial: serial)
        {
            return UTType(inline: inline, followsCurrent: followsCurrent)
        }
        return UTType(
            detached: DetachedType(dynamic: foldedTag, of: tagClass, parent: parent, serial: serial),
            followsCurrent: followsCurrent)
    }

    /// A type of the system catalog, for the static members.
    init(systemIdentifier identifier: String) {
        let system = RegistryStorage.system
        if let slot = system.slot(forFolded: identifier) {
            self.init(storage: system, slot: slot, followsCurrent: true)
        } else {
            self.init(
                detached: DetachedType(undeclared: identifier, parent: nil, serial: system.serial),
                followsCurrent: true)
        }
    }

    /// The registry snapshot that answers for a declared value: the one it was resolved in, or the system catalog's
    /// for a catalog type (and, meaninglessly, for a detached type).
    var storage: RegistryStorage {
        snapshot ?? RegistryStorage.system
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

    /// Whether answers from the value's registry are current: always for values bound to a registry and for catalog
    /// types (the same in every registry), and for values that follow the current registry while it has not been
    /// replaced. A detached type made in one registry may be declared by the one that replaces it.
    @inlinable @inline(__always)
    var isFresh: Bool {
        guard followsCurrent, let owner else {
            // A catalog type, or an inline dynamic type: its answers come from its tag and a catalog type, the same in
            // every registry.
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
        if let (storage, slot) = current.declared(forFolded: foldedIdentifier) {
            return UTType(storage: storage, slot: slot, followsCurrent: true)
        }
        if let detached, detached.isDynamic {
            return UTType(detached: detached.madeAgain(serial: current.serial), followsCurrent: true)
        }
        return self
    }
}

/// What a `UTType` holds a reference to: a registry snapshot (`RegistryStorage`) or the facts of a type no registry
/// holds (`DetachedType`). Immutable.
@usableFromInline
class TypeOwner: @unchecked Sendable {
    // Sendable: its only stored property is an immutable integer; subclasses are immutable too.

    /// The serial of the registry snapshot: the snapshot's own, or the one a detached type was made in.
    @usableFromInline let serial: UInt64

    init(serial: UInt64) {
        self.serial = serial
    }
}

/// The facts of a type that its registry does not hold: a dynamic type, or a type created with
/// `init(exportedAs:conformingTo:)` / `init(importedAs:conformingTo:)` that nobody declared.
///
/// A dynamic type is computed from its tag, as Apple's are: it keeps the folded tag, its tag class and the type it
/// conforms to, and makes its `dyn.` identifier only when asked for it. Two dynamic types are equal when their
/// identifiers are, that is when their tags, tag classes and parents' identifiers are. Nothing is registered
/// anywhere: the object is freed with the last value that holds it.
@usableFromInline
final class DetachedType: TypeOwner, @unchecked Sendable {
    // Sendable: every stored property is an immutable Sendable value.
    enum Name: Sendable {
        /// A dynamic type: the tag, folded as `Folding.foldTag(_:of:)` folds it, its class and its parent.
        case dynamic(tag: String, tagClass: UTTagClass, parent: UTType)
        /// A type nobody declares, with the identifier it was made with, folded, and the type it conforms to.
        case undeclared(identifier: String, folded: String, parent: UTType?)
    }

    let name: Name
    /// The type this one conforms to directly, if any.
    let parent: UTType?
    let isDynamic: Bool
    /// The catalog slot of `parent` when it is a catalog type (every dynamic type made for a tag without a
    /// supertype has `public.data`), else -1: what `conforms(to:)` reads for a catalog supertype.
    @usableFromInline let parentCatalogSlot: Int32

    /// - Parameters:
    ///   - name: what the type is.
    ///   - serial: the serial of the registry snapshot the type was made in (`isFresh`).
    init(name: Name, serial: UInt64) {
        self.name = name
        switch name {
        case .dynamic(_, _, let parent):
            self.parent = parent
            self.isDynamic = true
        case .undeclared(_, _, let parent):
            self.parent = parent
            self.isDynamic = false
        }
        if let parent, parent.slot >= 0, parent.owner == nil {
            parentCatalogSlot = parent.slot
        } else {
            parentCatalogSlot = -1
        }
        super.init(serial: serial)
    }

    convenience init(dynamic tag: String, of tagClass: UTTagClass, parent: UTType, serial: UInt64) {
        self.init(name: .dynamic(tag: tag, tagClass: tagClass, parent: parent), serial: serial)
    }

    convenience init(undeclared identifier: String, parent: UTType?, serial: UInt64) {
        self.init(
            name: .undeclared(identifier: identifier, folded: Folding.fold(identifier), parent: parent),
            serial: serial)
    }

    /// The same type, made in the registry snapshot with `serial`.
    func madeAgain(serial: UInt64) -> DetachedType {
        DetachedType(name: name, serial: serial)
    }

    /// The identifier: a dynamic type's is computed from its tag, each time it is asked for.
    var identifier: String {
        switch name {
        case .dynamic(let tag, let tagClass, let parent):
            DynamicIdentifier.make(tag: tag, of: tagClass, conformingTo: parent.identifier)
        case .undeclared(let identifier, _, _):
            identifier
        }
    }

    /// The identifier, case-folded (a dynamic identifier is folded as it is made).
    var folded: String {
        switch name {
        case .dynamic: identifier
        case .undeclared(_, let folded, _): folded
        }
    }

    /// A dynamic type's tags: the one it was made from. An undeclared type has none.
    var tags: [UTTagClass: [String]] {
        if case .dynamic(let tag, let tagClass, _) = name {
            return [tagClass: [tag]]
        }
        return [:]
    }

    /// What equality and hashing compare: the contents of a dynamic identifier (a dynamic type's, or an undeclared
    /// type's whose identifier decodes as one), else the folded identifier. Equal identities are equal identifiers.
    enum Identity: Hashable {
        case dynamic(parent: String, tagClass: String, tag: String)
        case identifier(String)
    }

    var identity: Identity {
        switch name {
        case .dynamic(let tag, let tagClass, let parent):
            return .dynamic(parent: parent.foldedIdentifier, tagClass: tagClass.folded, tag: tag)
        case .undeclared(_, let folded, _):
            if let contents = DynamicIdentifier.decode(folded) {
                return .dynamic(parent: contents.conformsTo, tagClass: contents.tagClass.folded, tag: contents.tag)
            }
            return .identifier(folded)
        }
    }

    /// Whether this type's identifier is `folded`, a folded identifier.
    func hasIdentifier(_ folded: String) -> Bool {
        if isDynamic && !folded.utf8.starts(with: "dyn.".utf8) {
            return false  // no need to make the identifier
        }
        return self.folded == folded
    }

    /// Whether two detached types have the same identifier.
    static func sameIdentifier(_ lhs: DetachedType, _ rhs: DetachedType) -> Bool {
        if lhs === rhs {
            return true
        }
        if case .dynamic(let leftTag, let leftClass, let leftParent) = lhs.name,
            case .dynamic(let rightTag, let rightClass, let rightParent) = rhs.name
        {
            return leftTag == rightTag && leftClass.folded == rightClass.folded && leftParent == rightParent
        }
        return lhs.identity == rhs.identity
    }
}
