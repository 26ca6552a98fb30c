import Diagnostics

/// A problem with a type declaration or with the desktop database: which file, which entry, which key, and what.
///
/// The message names the place: `Info/Info.plist: UTExportedTypeDeclarations[1] (org.example.a): UTTypeConformsTo:
/// unknown parent type "org.example.missing"`.
public struct TypeRegistryError: CodedError, Sendable, Hashable {
    /// What kind of problem it is. New codes may be added; switch with a `default`.
    public typealias Code = ErrorCode<TypeRegistryError>

    /// What kind of problem it is.
    public var code: Code
    /// The file at fault, when there is one.
    public var file: String?
    /// The entry at fault: `UTExportedTypeDeclarations[2] (org.example.a)`, `line 7`, ….
    public var entry: String?
    /// The key at fault, such as `UTTypeConformsTo`.
    public var key: String?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: what kind of problem it is.
    ///   - file: the file at fault.
    ///   - entry: the entry at fault.
    ///   - key: the key at fault.
    ///   - message: what is wrong.
    public init(_ code: Code, file: String? = nil, entry: String? = nil, key: String? = nil, message: String) {
        self.code = code
        self.file = file
        self.entry = entry
        self.key = key
        self.message = message
    }

    /// `FILE: ENTRY: KEY: MESSAGE`, leaving out the parts that do not apply.
    public var location: ErrorLocation { ErrorLocation(file: file, parts: [entry, key].compactMap { $0 }) }

    public var description: String { placedMessage }
}

extension TypeRegistryError {
    /// An error about one declaration, placed at its file and entry.
    init(_ code: Code, in declaration: TypeDeclaration, key: String? = nil, message: String) {
        let file: String? =
            switch declaration.origin {
            case .system, .program: nil
            case .file(let path): path
            case .desktopDatabase(let directory): directory
            }
        self.init(code, file: file, entry: declaration.label, key: key, message: message)
    }
}

extension TypeDeclaration {
    /// The entry and identifier, for messages: `UTExportedTypeDeclarations[0] (org.example.a)`.
    var label: String {
        if let entry {
            return "\(entry) (\(identifier))"
        }
        return identifier
    }
}

extension ErrorCode where Failure == TypeRegistryError {
    /// A file could not be read.
    public static let unreadableFile = Self(rawValue: "unreadableFile")
    /// A declaration file is not a property list, or its root is not a dictionary.
    public static let malformedPropertyList = Self(rawValue: "malformedPropertyList")
    /// A key holds a value of the wrong type.
    public static let wrongValueType = Self(rawValue: "wrongValueType")
    /// A required key (`UTTypeIdentifier`) is missing.
    public static let missingKey = Self(rawValue: "missingKey")
    /// An identifier is not a well-formed uniform type identifier.
    public static let malformedIdentifier = Self(rawValue: "malformedIdentifier")
    /// A tag (filename extension or MIME type) is empty or malformed.
    public static let malformedTag = Self(rawValue: "malformedTag")
    /// A declaration redeclares a type of the system catalog.
    public static let systemTypeRedeclared = Self(rawValue: "systemTypeRedeclared")
    /// A declaration conforms to a type nobody declares.
    public static let unknownParent = Self(rawValue: "unknownParent")
    /// Declarations conform to each other in a circle.
    public static let conformanceCycle = Self(rawValue: "conformanceCycle")
    /// Two declarations export the same identifier.
    public static let duplicateExport = Self(rawValue: "duplicateExport")
    /// A line of the desktop database cannot be read.
    public static let malformedDatabase = Self(rawValue: "malformedDatabase")
}
