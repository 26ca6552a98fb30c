import FileAccess
import Foundation

/// The type declarations of one Info.plist-shaped property list: its `UTExportedTypeDeclarations` and
/// `UTImportedTypeDeclarations` arrays.
///
/// Each entry is a dictionary with `UTTypeIdentifier` (required), `UTTypeConformsTo`, `UTTypeDescription`,
/// `UTTypeReferenceURL`, `UTTypeVersion` and `UTTypeTagSpecification`, whose keys are tag classes
/// (`public.filename-extension`, `public.mime-type`) and whose values are a string or an array of strings. Other
/// keys (icons, …) are ignored. Binary property lists and XML and OpenStep ones in UTF-8 are read, up to 32 levels
/// deep and 10,000 values; errors name the file, the entry and the key.
public struct DeclarationFile: Sendable {
    /// The file's path, as given.
    public let path: String
    /// The declarations, exported ones first, each in file order.
    public let declarations: [TypeDeclaration]

    /// The largest declaration file read, in bytes.
    public static let maximumByteCount = 16 << 20

    /// Reads a declaration file.
    ///
    /// A named pipe, a socket or a device is refused at once, without being opened for reading.
    ///
    /// - Parameter url: the file.
    /// - Throws: `TypeRegistryError` when the file cannot be read (`unreadableFile`, saying why in plain words: no
    ///   such file, is a directory, permission denied, not a regular file), is not a property list, or an entry is
    ///   malformed.
    public init(contentsOf url: URL) throws {
        let path = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            data = try ReadableFile(url.isFileURL ? url.path : path).readAll(limit: Self.maximumByteCount)
        } catch  where error.code == .tooLarge {
            throw TypeRegistryError(
                .unreadableFile, file: path, message: "larger than the limit of \(Self.maximumByteCount) bytes")
        } catch {
            throw TypeRegistryError(.unreadableFile, file: path, message: "\(error.code)")
        }
        try self.init(data: data, path: path)
    }

    /// Reads declarations from property list data.
    ///
    /// - Parameters:
    ///   - data: the property list.
    ///   - path: the name to use in declarations' origins and in error messages.
    /// - Throws: `TypeRegistryError` when the data is not a property list or an entry is malformed.
    public init(data: Data, path: String) throws {
        self.path = path
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw TypeRegistryError(
                .malformedPropertyList, file: path,
                message: data.isEmpty
                    ? "the file is empty; a declaration file is a property list"
                    : "the file holds only white space; a declaration file is a property list")
        }
        let root: Any
        do {
            root = try PropertyListValue.read(data)
        } catch {
            throw TypeRegistryError(
                .malformedPropertyList, file: path, message: "not a property list: \(Self.problem(error))")
        }
        guard let dictionary = root as? [String: Any] else {
            throw TypeRegistryError(
                .malformedPropertyList, file: path, message: "the root of the property list is not a dictionary")
        }
        var declarations: [TypeDeclaration] = []
        for (key, kind) in [
            ("UTExportedTypeDeclarations", TypeDeclaration.Kind.exported), ("UTImportedTypeDeclarations", .imported),
        ] {
            guard let value = dictionary[key] else {
                continue
            }
            guard let entries = value as? [Any] else {
                throw TypeRegistryError(
                    .wrongValueType, file: path, key: key, message: "expected an array of dictionaries")
            }
            for (index, entry) in entries.enumerated() {
                let reader = EntryReader(path: path, entry: "\(key)[\(index)]", kind: kind)
                declarations.append(try reader.read(entry))
            }
        }
        self.declarations = declarations
    }

    /// What is wrong with data that is not a property list: the decoder's own finding (an unknown tag, an
    /// unexpected end), without its generic "not a valid property list" sentence, which the message already says.
    private static func problem(_ error: any Error) -> String {
        if case .dataCorrupted(let context) = error as? DecodingError, context.codingPath.isEmpty,
            let underlying = context.underlyingError
        {
            return reason(underlying)
        }
        return reason(error)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DecodingError {
            return reason(error)
        }
        let error = error as NSError
        if let debug = error.userInfo["NSDebugDescription"] as? String {
            return debug
        }
        return error.localizedDescription
    }

    /// What a decoding error says, and where in the property list, such as
    /// `UTExportedTypeDeclarations[3]: a value that is not a string, …`.
    private static func reason(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found),
            .keyNotFound(_, let found):
            context = found
        @unknown default:
            return "\(error)"
        }
        var message = context.debugDescription
        if let underlying = context.underlyingError {
            message += ": \(reason(underlying))"
        }
        let path = context.codingPath.reduce("") { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? (path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)")
        }
        return path.isEmpty ? message : "\(path): \(message)"
    }
}

/// Reads one entry of a declaration array.
private struct EntryReader {
    let path: String
    let entry: String
    let kind: TypeDeclaration.Kind

    func read(_ value: Any) throws(TypeRegistryError) -> TypeDeclaration {
        guard let dictionary = value as? [String: Any] else {
            throw error(.wrongValueType, key: nil, "expected a dictionary")
        }
        guard let identifierValue = dictionary["UTTypeIdentifier"] else {
            throw error(.missingKey, key: "UTTypeIdentifier", "missing; every declaration needs an identifier")
        }
        guard let identifier = identifierValue as? String else {
            throw error(.wrongValueType, key: "UTTypeIdentifier", "expected a string")
        }
        let label = "\(entry) (\(identifier))"
        var declaration = TypeDeclaration(
            identifier: identifier, kind: kind, origin: .file(path), entry: entry)
        declaration.conformsTo = try strings(dictionary["UTTypeConformsTo"], key: "UTTypeConformsTo", label: label)
        if let description = dictionary["UTTypeDescription"] {
            guard let description = description as? String else {
                throw error(.wrongValueType, label: label, key: "UTTypeDescription", "expected a string")
            }
            declaration.description = description
        }
        if let reference = dictionary["UTTypeReferenceURL"] {
            guard let string = reference as? String, let url = URL(string: string), url.scheme != nil else {
                throw error(.wrongValueType, label: label, key: "UTTypeReferenceURL", "expected an absolute URL string")
            }
            declaration.referenceURL = url
        }
        if let version = dictionary["UTTypeVersion"] {
            if let number = version as? Int {
                declaration.version = number
            } else if let string = version as? String, let number = Int(string) {
                declaration.version = number
            } else {
                throw error(.wrongValueType, label: label, key: "UTTypeVersion", "expected an integer")
            }
        }
        if let specification = dictionary["UTTypeTagSpecification"] {
            guard let specification = specification as? [String: Any] else {
                throw error(.wrongValueType, label: label, key: "UTTypeTagSpecification", "expected a dictionary")
            }
            for tagClass in specification.keys.sorted() {
                let tags = try strings(
                    specification[tagClass], key: "UTTypeTagSpecification.\(tagClass)", label: label)
                if !tags.isEmpty {
                    declaration.tags[UTTagClass(rawValue: tagClass)] = tags
                }
            }
        }
        return declaration
    }

    /// A string or an array of strings, as an array; absent means empty.
    private func strings(_ value: Any?, key: String, label: String) throws(TypeRegistryError) -> [String] {
        switch value {
        case nil:
            return []
        case let string as String:
            return [string]
        case let array as [Any]:
            var strings: [String] = []
            for element in array {
                guard let string = element as? String else {
                    throw error(.wrongValueType, label: label, key: key, "expected a string or an array of strings")
                }
                strings.append(string)
            }
            return strings
        default:
            throw error(.wrongValueType, label: label, key: key, "expected a string or an array of strings")
        }
    }

    private func error(
        _ code: TypeRegistryError.Code,
        label: String? = nil,
        key: String?,
        _ message: String
    ) -> TypeRegistryError {
        TypeRegistryError(code, file: path, entry: label ?? entry, key: key, message: message)
    }
}
