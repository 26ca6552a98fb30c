import Foundation

/// The declaration of one type: what an `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations` entry of an
/// Info.plist says, what the system catalog says of a system type, or what the desktop database says of a MIME type.
public struct TypeDeclaration: Sendable, Hashable {
    /// Whether the declaring party owns the type (exported) or only uses a type someone else owns (imported).
    public enum Kind: String, Sendable, Hashable {
        /// `UTExportedTypeDeclarations`: the declaring party owns the type. An exported declaration wins over an
        /// imported one for the same identifier.
        case exported
        /// `UTImportedTypeDeclarations`: a type owned by someone else, declared so that it is known.
        case imported
    }

    /// Where a declaration comes from.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        /// The system catalog compiled into ContentTypes.
        case system
        /// A declaration file (an XML property list), by its path.
        case file(String)
        /// The freedesktop shared-mime-info database, by its directory.
        case desktopDatabase(String)
        /// The program itself: declarations made in code.
        case program

        /// `system`, the file's path, or `desktop database (DIRECTORY)`.
        public var description: String {
            switch self {
            case .system: "system"
            case .file(let path): path
            case .desktopDatabase(let directory): "desktop database (\(directory))"
            case .program: "program"
            }
        }
    }

    /// The type's identifier (`UTTypeIdentifier`), as declared.
    public var identifier: String
    /// The identifiers of the types it directly conforms to (`UTTypeConformsTo`).
    public var conformsTo: [String]
    /// A description for people (`UTTypeDescription`).
    public var description: String?
    /// A web page describing the type (`UTTypeReferenceURL`).
    public var referenceURL: URL?
    /// The declaration's version (`UTTypeVersion`).
    public var version: Int?
    /// Tags by class, preferred first (`UTTypeTagSpecification`).
    public var tags: [UTTagClass: [String]]
    /// Exported or imported.
    public var kind: Kind
    /// Where the declaration comes from.
    public var origin: Origin
    /// Where in its origin the declaration is, for messages: `UTExportedTypeDeclarations[0]`, `line 12`, ….
    public var entry: String?

    /// Creates a declaration.
    ///
    /// - Parameters:
    ///   - identifier: the type's identifier.
    ///   - conformsTo: the identifiers of its direct parents.
    ///   - description: a description for people.
    ///   - referenceURL: a web page describing the type.
    ///   - version: the declaration's version.
    ///   - tags: tags by class, preferred first.
    ///   - kind: exported (owned) or imported.
    ///   - origin: where the declaration comes from.
    ///   - entry: where in its origin the declaration is, for messages.
    public init(
        identifier: String,
        conformsTo: [String] = [],
        description: String? = nil,
        referenceURL: URL? = nil,
        version: Int? = nil,
        tags: [UTTagClass: [String]] = [:],
        kind: Kind = .exported,
        origin: Origin = .program,
        entry: String? = nil
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.description = description
        self.referenceURL = referenceURL
        self.version = version
        self.tags = tags
        self.kind = kind
        self.origin = origin
        self.entry = entry
    }
}
