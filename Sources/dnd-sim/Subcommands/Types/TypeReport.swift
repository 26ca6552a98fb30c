import ContentTypes

/// What `types show --json` and `types list --json` print for one type.
struct TypeReport: Encodable {
    var identifier: String
    var description: String?
    var conformsTo: [String]
    var supertypes: [String]
    var tags: [String: [String]]
    var preferredFilenameExtension: String?
    var preferredMIMEType: String?
    var isDynamic: Bool
    var isDeclared: Bool
    var declaredIn: String?

    init(_ type: UTType, in registry: TypeRegistry) {
        identifier = type.identifier
        description = type.localizedDescription
        conformsTo = directParents(of: type, in: registry).map(\.identifier)
        supertypes = type.supertypes.map(\.identifier).sorted()
        tags = [
            UTTagClass.filenameExtension.rawValue: type.tags[.filenameExtension] ?? [],
            UTTagClass.mimeType.rawValue: type.tags[.mimeType] ?? [],
        ]
        for (tagClass, values) in type.tags where tags[tagClass.rawValue] == nil {
            tags[tagClass.rawValue] = values
        }
        preferredFilenameExtension = type.preferredFilenameExtension
        preferredMIMEType = type.preferredMIMEType
        isDynamic = type.isDynamic
        isDeclared = type.isDeclared
        declaredIn = registry.declaration(of: type)?.origin.description
    }

    // Optionals are written as null rather than left out, so that every object has every key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(description, forKey: .description)
        try container.encode(conformsTo, forKey: .conformsTo)
        try container.encode(supertypes, forKey: .supertypes)
        try container.encode(tags, forKey: .tags)
        try container.encode(preferredFilenameExtension, forKey: .preferredFilenameExtension)
        try container.encode(preferredMIMEType, forKey: .preferredMIMEType)
        try container.encode(isDynamic, forKey: .isDynamic)
        try container.encode(isDeclared, forKey: .isDeclared)
        try container.encode(declaredIn, forKey: .declaredIn)
    }

    enum CodingKeys: String, CodingKey {
        case identifier, description, conformsTo, supertypes, tags, preferredFilenameExtension, preferredMIMEType
        case isDynamic, isDeclared, declaredIn
    }
}

/// The types `type` conforms to directly: its declaration's parents, or for dynamic and undeclared types the
/// supertypes that no other supertype conforms to.
func directParents(of type: UTType, in registry: TypeRegistry) -> [UTType] {
    if let declaration = registry.declaration(of: type) {
        return declaration.conformsTo.compactMap { registry.type(withIdentifier: $0) }
    }
    let supertypes = type.supertypes
    return supertypes.filter { candidate in !supertypes.contains { $0 != candidate && $0.conforms(to: candidate) } }
        .sorted { $0.identifier < $1.identifier }
}
