extension UTType {
    /// Whether this type is the same as `type` or one of its subtypes. Reflexive: every type conforms to itself.
    ///
    /// Between registered types this is a look-up in the registry's precomputed closure.
    ///
    /// - Parameter type: the type that this type might conform to.
    /// - Returns: `true` when this type is `type` or conforms to it, directly or through its parents.
    public func conforms(to type: UTType) -> Bool {
        let other = type.slot
        // A type without owner is a catalog type, the same in every registry.
        if slot >= 0 && other >= 0 && (type.owner == nil || type.owner === owner) && isFresh {
            if let owner {
                return owner.closure.contains(slot, other)
            }
            return RegistryStorage.system.closure.contains(slot, other)
        }
        return resolved.conformsSlowly(to: type)
    }

    /// Conformance when the fast path does not apply: types from different registries, a registry that has been
    /// replaced, dynamic and undeclared types.
    private func conformsSlowly(to type: UTType) -> Bool {
        if slot >= 0 {
            guard let other = storage.slot(of: type) else {
                return false  // a type this registry does not know is nothing a registered type conforms to
            }
            return storage.closure.contains(slot, other)
        }
        if foldedIdentifier == type.foldedIdentifier {
            return true
        }
        return detached?.parents.contains { $0.conforms(to: type) } ?? false
    }

    /// Whether this type conforms to `type` and is not `type` itself.
    ///
    /// - Parameter type: the candidate supertype.
    /// - Returns: `true` when this type is a strict subtype of `type`.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }

    /// Whether `type` conforms to this type and is not this type itself.
    ///
    /// - Parameter type: the candidate subtype.
    /// - Returns: `true` when this type is a strict supertype of `type`.
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
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        if lhs.slot >= 0 && lhs.slot == rhs.slot && lhs.owner === rhs.owner {
            return true
        }
        return lhs.foldedIdentifier == rhs.foldedIdentifier
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
