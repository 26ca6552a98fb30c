extension UTType {
    /// Whether this type is the same as `type` or one of its subtypes. Reflexive: every type conforms to itself.
    ///
    /// Between registered types this is a look-up in the registry's precomputed closure.
    ///
    /// - Parameter type: the type that this type might conform to.
    /// - Returns: `true` when this type is `type` or conforms to it, directly or through its parents.
    @inlinable @inline(__always)
    public func conforms(to type: UTType) -> Bool {
        // Two registered types of one registry (a catalog type is in every registry): one bit of the closure, read
        // through plain values.
        if slot >= 0 && type.slot >= 0 && (type.registry == 0 || type.registry == registry) {
            let record = InternedTables.registry(registry)
            if !followsCurrent || registry == 0 || record.pointee.serial == TypeRegistry.currentSerial {
                return record.pointee.contains(slot, type.slot)
            }
        }
        return conformsSlowly(to: type)
    }

    /// Conformance when the fast path does not apply: dynamic and undeclared types, types from different registries,
    /// a registry that has been replaced.
    ///
    /// A detached type's identifier is one its registry does not declare, and every registry declares the catalog's
    /// identifiers: so no catalog type conforms to a detached type or has its identifier, and neither does a type of
    /// the detached type's own registry.
    @usableFromInline @inline(never)
    func conformsSlowly(to type: UTType) -> Bool {
        if slot < 0, let answer = detachedAnswer(to: type) {
            return answer
        }
        // A value made before the current registry was replaced answers as the new registry sees it, or keeps its
        // old answers when the new registry does not know it (then `resolved` is the value itself, still stale).
        return isFresh ? answerSlowly(to: type) : resolved.answerSlowly(to: type)
    }

    /// The answers of a fresh detached type whose parents are all catalog types (every dynamic type's are) without
    /// walking its parents: to a catalog type, a bit of its catalog row; to a detached type, itself or not when the
    /// identifiers' hashes differ (no catalog type conforms to a detached type). Nil when the slow path must answer.
    @inline(__always)
    private func detachedAnswer(to type: UTType) -> Bool? {
        let record = InternedTables.detached(detachedNumber)
        guard let row = record.pointee.catalogRow, isFresh else { return nil }
        if type.slot >= 0 {
            guard type.registry == 0 else { return nil }
            return row[Int(type.slot &>> 6)] & (1 &<< UInt64(type.slot & 63)) != 0
        }
        if type.detachedNumber == detachedNumber {
            return true
        }
        if InternedTables.detached(type.detachedNumber).pointee.identifierHash != record.pointee.identifierHash {
            return false
        }
        return nil
    }

    /// `conformsSlowly(to:)` for this value as it stands, fresh or not.
    private func answerSlowly(to type: UTType) -> Bool {
        if slot >= 0 {
            if type.slot >= 0 && (type.registry == 0 || type.registry == registry) {
                return InternedTables.registry(registry).pointee.contains(slot, type.slot)
            }
            if registry == 0 || (type.slot < 0 && type.registry == registry && type.isFresh) {
                return false  // a catalog type conforms to catalog types only
            }
            guard let other = storage.slot(of: type.resolved) else {
                return false  // a type this registry does not know is nothing a registered type conforms to
            }
            return storage.closure.contains(slot, other)
        }
        // A detached type: itself, or what its parents conform to.
        if type.slot < 0 && type.detachedNumber == detachedNumber {
            return true
        }
        let record = InternedTables.detached(detachedNumber)
        for parent in record.pointee.parents where parent.conforms(to: type) {
            return true
        }
        return hasDetachedIdentifier(of: type)
    }

    /// Whether this detached type has the identifier of `type`, compared by hash first.
    fileprivate func hasDetachedIdentifier(of type: UTType) -> Bool {
        if type.slot >= 0 {
            if type.registry == 0 {
                return false  // a catalog identifier, which no detached type has
            }
        } else if InternedTables.detached(type.detachedNumber).pointee.identifierHash
            != InternedTables.detached(detachedNumber).pointee.identifierHash
        {
            return false
        }
        return foldedIdentifier == type.foldedIdentifier
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
        for parent in type.detached?.parents ?? [] {
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
        // Identifiers are unique within a registry, and catalog slots (registry 0) come before every other slot of
        // any registry, which redeclares no catalog type.
        if lhs.slot >= 0 && rhs.slot >= 0 && (lhs.registry == rhs.registry || lhs.registry == 0 || rhs.registry == 0) {
            return lhs.slot == rhs.slot
        }
        return equalsSlowly(lhs, rhs)
    }

    /// Equality when the types are not two slots of one registry: identifiers compared.
    @usableFromInline @inline(never)
    static func equalsSlowly(_ lhs: UTType, _ rhs: UTType) -> Bool {
        if lhs.slot >= 0 && rhs.slot >= 0 {
            return lhs.foldedIdentifier == rhs.foldedIdentifier
        }
        if lhs.slot < 0 && rhs.slot < 0 && lhs.detachedNumber == rhs.detachedNumber {
            return true
        }
        return lhs.slot < 0 ? lhs.hasDetachedIdentifier(of: rhs) : rhs.hasDetachedIdentifier(of: lhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(foldedIdentifier)
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
