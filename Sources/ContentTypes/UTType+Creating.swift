extension UTType {
    /// Creates the type with an identifier the current registry declares, or a dynamic type from its `dyn.`
    /// identifier.
    ///
    /// The result is `nil` when no type with that identifier is declared and it is not a dynamic identifier.
    ///
    /// - Parameter identifier: the identifier, in any case.
    public init?(_ identifier: String) {
        guard let type = TypeRegistry.withCurrent({ $0.resolve(identifier: identifier, followsCurrent: true) }) else {
            return nil
        }
        self = type
    }

    /// Creates a type from an identifier, optionally keeping an identifier that nobody declares.
    ///
    /// With `allowUndeclared`, an undeclared but well-formed identifier gives a type that keeps the identifier and
    /// is neither dynamic nor declared, with no conformances and no tags.
    ///
    /// The result is `nil` when `identifier` is not a uniform type identifier, or is undeclared and not allowed.
    ///
    /// - Parameters:
    ///   - identifier: the identifier.
    ///   - allowUndeclared: whether to accept an identifier that no declaration knows.
    public init?(identifier: String, allowUndeclared: Bool) {
        let registry = TypeRegistry.current
        if let type = registry.resolve(identifier: identifier, followsCurrent: true) {
            self = type
            return
        }
        guard allowUndeclared, Folding.isValidIdentifier(identifier) else {
            return nil
        }
        self.init(
            detached: DetachedType(undeclared: identifier, parent: nil, serial: registry.storage.serial),
            followsCurrent: true)
    }

    /// Creates the preferred type for a filename extension, among those that conform to `supertype`.
    ///
    /// Equivalent to `UTType(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)`.
    ///
    /// The result is the declared type, a dynamic type when nobody declares the extension, or `nil` when the extension is
    /// malformed (empty, a leading period, a slash, spaces or control characters).
    ///
    /// - Parameters:
    ///   - filenameExtension: the extension, without its leading period.
    ///   - supertype: a type the result must conform to; usually `.data`.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        if let found = Self.knownOrDynamicType(tag: filenameExtension, kind: .filenameExtension, supertype) {
            self = found
            return
        }
        self.init(slowTag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
    }

    /// Creates the preferred type for a MIME type, among those that conform to `supertype`.
    ///
    /// Equivalent to `UTType(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)`.
    ///
    /// The result is the declared type, a dynamic type when nobody declares the MIME type, or `nil` when it is malformed.
    ///
    /// - Parameters:
    ///   - mimeType: the MIME type, such as `image/png`.
    ///   - supertype: a type the result must conform to; usually `.data`.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        if let found = Self.knownOrDynamicType(tag: mimeType, kind: .mimeType, supertype) {
            self = found
            return
        }
        self.init(slowTag: mimeType, tagClass: .mimeType, conformingTo: supertype)
    }

    /// Creates the preferred type for a tag of a tag class, among those that conform to `supertype`.
    ///
    /// When no declared type has the tag, the result is a dynamic type (`dyn.…`) that has the tag and conforms to
    /// `supertype`, or to `public.data` when `supertype` is `nil`.
    ///
    /// The result is the type, or `nil` when the tag is malformed.
    ///
    /// - Parameters:
    ///   - tag: the tag, such as `png` or `image/png`, in any case.
    ///   - tagClass: the tag's class.
    ///   - supertype: a type the result must conform to, or `nil` for any.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        if let found = Self.knownOrDynamicType(tag: tag, kind: tagClass.kind, supertype) {
            self = found
            return
        }
        self.init(slowTag: tag, tagClass: tagClass, conformingTo: supertype)
    }

    /// The type a tag names in the current registry, found without allocating or counting a reference: a declared
    /// tag, or an undeclared one held inline. `nil` for `init(slowTag:tagClass:conformingTo:)` to answer.
    @inline(__always)
    private static func knownOrDynamicType(tag: String, kind: UTTagClass.Kind, _ supertype: UTType?) -> UTType? {
        TypeRegistry.withCurrentStorage { storage in
            TypeRegistry.knownOrDynamicType(tag: tag, kind: kind, conformingTo: supertype, in: storage)
        }
    }

    /// The type for a tag that `knownOrDynamicType(tag:kind:_:)` left: through the current registry's general path.
    private init?(slowTag tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        let type = TypeRegistry.withCurrent { registry in
            registry.resolveFirst(tag: tag, tagClass: tagClass, conformingTo: supertype, followsCurrent: true)
        }
        guard let type else {
            return nil
        }
        self = type
    }

    /// Every type with a tag of a tag class that conforms to `supertype`, preferred first.
    ///
    /// - Parameters:
    ///   - tag: the tag, in any case.
    ///   - tagClass: the tag's class.
    ///   - supertype: a type the results must conform to, or `nil` for any.
    /// - Returns: the declared types; a single dynamic type when none is declared; nothing when the tag is
    ///   malformed.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        TypeRegistry.withCurrent { registry in
            registry.resolve(tag: tag, tagClass: tagClass, conformingTo: supertype, all: true, followsCurrent: true)
        }
    }

    /// A type the program owns and declares in its Info.plist (`UTExportedTypeDeclarations`).
    ///
    /// When the current registry declares the identifier, this is that declaration. When it does not (the program
    /// did not load its declarations), the result still has the identifier, is not declared, and conforms to
    /// `parentType`, or to `public.data` when `parentType` is `nil`.
    ///
    /// - Parameters:
    ///   - identifier: the type's identifier.
    ///   - parentType: a type the type conforms to, used when nobody declares it.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(declaredAs: identifier, conformingTo: parentType)
    }

    /// A type the program uses but does not own, declared in its Info.plist (`UTImportedTypeDeclarations`).
    ///
    /// When the current registry declares the identifier (imported here, or exported by someone), this is that
    /// declaration. When it does not, the result still has the identifier, is not declared, and conforms to
    /// `parentType`, or to `public.data` when `parentType` is `nil`.
    ///
    /// - Parameters:
    ///   - identifier: the type's identifier.
    ///   - parentType: a type the type conforms to, used when nobody declares it.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(declaredAs: identifier, conformingTo: parentType)
    }

    private init(declaredAs identifier: String, conformingTo parentType: UTType?) {
        let registry = TypeRegistry.current
        if let (storage, slot) = registry.storage.declared(forFolded: Folding.fold(identifier)) {
            self.init(storage: storage, slot: slot, followsCurrent: true)
        } else {
            let detached = DetachedType(
                undeclared: identifier, parent: parentType ?? .data, serial: registry.storage.serial)
            self.init(detached: detached, followsCurrent: true)
        }
    }
}
