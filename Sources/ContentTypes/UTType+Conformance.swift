extension UTType {
    /// Whether this type is the same as `type` or one of its subtypes. Reflexive: every type conforms to itself.
    ///
    /// Between registered types this is a look-up in the registry's precomputed closure.
    ///
    /// - Parameter type: the type that this type might conform to.
    /// - Returns: `true` when this type is `type` or conforms to it, directly or through its parents.
    @inlinable @inline(__always)
    public func conforms(to type: UTType) -> Bool {
        if owner == nil && type.owner == nil {
            if slot >= 0 && type.slot >= 0 {
                // Two catalog types: the supertype's bit in this type's mask (`CatalogConformance`), read from the
                // values alone; a type without a bit has no subtype.
                let bit = type.catalogBit
                if bit == 0 {
                    return slot == type.slot
                }
                if bit <= 64 {
                    return tag &>> (bit &- 1) & 1 != 0
                }
                return RegistryStorage.system.conforms(slot, type.slot)
            }
            if isInline {
                if type.slot >= 0 {
                    // An inline dynamic type asked about a catalog type: its parent's row of the catalog's closure.
                    return RegistryStorage.system.conforms(inlineParentSlot, type.slot)
                }
                if type.isInline {
                    // Its parent, a catalog type, conforms to no dynamic type: only itself.
                    return UTType.sameInlineType(self, type)
                }
            }
        } else if slot >= 0 && type.slot >= 0, let snapshot {
            // Two registered types of one registry (a catalog type is in every registry): one bit of the closure.
            if (type.snapshot == nil || type.snapshot === snapshot)
                && (!followsCurrent || snapshot.serial == TypeRegistry.currentSerial)
            {
                return snapshot.conforms(slot, type.slot)
            }
        }
        return conformsSlowly(to: type)
    }

    /// Conformance when the fast path does not apply: dynamic and undeclared types, types from different registries,
    /// a registry that has been replaced.
    ///
    /// A detached type's identifier is one its registry does not declare, and every registry declares the catalog's
    /// identifiers: so no catalog type conforms to a detached type or has its identifier.
    @usableFromInline @inline(never)
    func conformsSlowly(to type: UTType) -> Bool {
        if isInline {
            // An inline dynamic type: its parent's catalog row for a catalog type; else itself, or what its parent
            // (a catalog type, which conforms to catalog types only) conforms to.
            if type.slot >= 0 && type.owner == nil {
                return RegistryStorage.system.conforms(inlineParentSlot, type.slot)
            }
            return self == type
        }
        if let detached, isFresh {
            // A dynamic type of a catalog parent asked about a catalog type (the common case): its parent's row of
            // the catalog's closure answers.
            if type.slot >= 0 && type.owner == nil {
                let parent = detached.parentCatalogSlot
                return parent >= 0 ? RegistryStorage.system.conforms(parent, type.slot) : answerSlowly(to: type)
            }
            if type.owner === detached {
                return true
            }
            return answerSlowly(to: type)
        }
        // A value made before the current registry was replaced answers as the new registry sees it, or keeps its
        // old answers when the new registry does not know it (then `resolved` is the value itself, still stale).
        return isFresh ? answerSlowly(to: type) : resolved.answerSlowly(to: type)
    }

    /// `conformsSlowly(to:)` for this value as it stands, fresh or not.
    private func answerSlowly(to type: UTType) -> Bool {
        if slot >= 0 {
            if type.slot >= 0 && (type.snapshot == nil || type.snapshot === snapshot) {
                return storage.conforms(slot, type.slot)
            }
            if snapshot == nil {
                return false  // a catalog type conforms to catalog types only
            }
            guard let other = storage.slot(of: type.resolved) else {
                return false  // a type this registry does not know is nothing a registered type conforms to
            }
            return storage.conforms(slot, other)
        }
        // A detached type: itself, or what its parent conforms to.
        if self == type {
            return true
        }
        return detached?.parent?.conforms(to: type) ?? false
    }

    /// Whether this type conforms to `type` and is not `type` itself.
    ///
    /// - Parameter type: the candidate supertype.
    /// - Returns: `true` when this type is a strict subtype of `type`.
    @inlinable
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }

    /// Whether `type` conforms to this type and is not this type itself.
    ///
    /// - Parameter type: the candidate subtype.
    /// - Returns: `true` when this type is a strict supertype of `type`.
    @inlinable
    public func isSupertype(of type: UTType) -> Bool {
        type.isSubtype(of: self)
    }

    /// Every type this type conforms to, directly or indirectly, not including itself.
    public var supertypes: Set<UTType> {
        let type = resolved
        if type.slot >= 0 {
            let row = type.storage.closure.row(type.slot).filter { $0 != type.slot }
            return Set(row.map { UTType(storage: type.storage, slot: $0, followsCurrent: type.followsCurrent) })
        }
        var result: Set<UTType> = []
        if let parent = type.detached?.parent {
            result.insert(parent)
            result.formUnion(parent.supertypes)
        }
        result.remove(type)
        return result
    }
}

extension UTType: Hashable {
    @inlinable
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        // Identifiers are unique within a registry, and catalog slots (no snapshot) come before every other slot of
        // any registry, which redeclares no catalog type.
        if lhs.slot >= 0 && rhs.slot >= 0
            && (lhs.snapshot == nil || rhs.snapshot == nil || lhs.snapshot === rhs.snapshot)
        {
            return lhs.slot == rhs.slot
        }
        if lhs.isInline && rhs.isInline {
            return sameInlineType(lhs, rhs)
        }
        return equalsSlowly(lhs, rhs)
    }

    /// Equality when the types are not two slots of one registry: identifiers compared.
    @usableFromInline @inline(never)
    static func equalsSlowly(_ lhs: UTType, _ rhs: UTType) -> Bool {
        if lhs.isInline || rhs.isInline {
            if lhs.isInline && rhs.isInline {
                return sameInlineType(lhs, rhs)
            }
            if (lhs.slot >= 0 && lhs.owner == nil) || (rhs.slot >= 0 && rhs.owner == nil) {
                return false  // a catalog type is no dynamic type
            }
        }
        if lhs.slot == -1 && lhs.owner === rhs.owner {
            return true  // the same detached type
        }
        return switch (lhs.detached, rhs.detached) {
        case (nil, nil): lhs.foldedIdentifier == rhs.foldedIdentifier
        case (let left?, let right?): DetachedType.sameIdentifier(left, right)
        case (let left?, nil): rhs.snapshot != nil && left.hasIdentifier(rhs.foldedIdentifier)
        case (nil, let right?): lhs.snapshot != nil && right.hasIdentifier(lhs.foldedIdentifier)
        }
    }

    public func hash(into hasher: inout Hasher) {
        if isInline {
            inline.hashIdentity(into: &hasher)
            return
        }
        if let detached {
            switch detached.identity {
            case .dynamic(let parent, let tagClass, let tag):
                hasher.combine(parent)
                hasher.combine(tagClass)
                hasher.combine(tag)
            case .identifier(let folded):
                hasher.combine(folded)
            }
            return
        }
        let folded = foldedIdentifier
        if folded.utf8.starts(with: "dyn.".utf8), let contents = DynamicIdentifier.decode(folded) {
            // A declared `dyn.` identifier (nobody declares one in practice) hashes as the dynamic type it names.
            hasher.combine(contents.conformsTo)
            hasher.combine(contents.tagClass.folded)
            hasher.combine(contents.tag)
        } else {
            hasher.combine(folded)
        }
    }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    /// The identifier.
    public var description: String { identifier }

    /// The identifier and, when there is one, the description: `public.png (PNG image)`.
    public var debugDescription: String {
        if let localizedDescription {
            return "\(identifier) (\(localizedDescription))"
        }
        return identifier
    }
}

extension UTType: Codable {
    /// Decodes a type from its identifier. An identifier the current registry does not know still decodes, to an
    /// undeclared type that keeps the identifier (as `init(identifier:allowUndeclared:)` with `true` does).
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the string is not a uniform type identifier.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard let type = UTType(identifier: identifier, allowUndeclared: true) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(identifier)\" is not a uniform type identifier")
        }
        self = type
    }

    /// Encodes the identifier as a single string.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
