import Foundation

// Apple's UniformTypeIdentifiers extends Foundation's paths and URLs with helpers that take a `UTType`; these are the
// same helpers, with the same names and rules.

/// The extension rule the path helpers share: `name` keeps its extension when that extension is one of `type`'s or
/// of a type that conforms to `type` (`puppy.jpg` is fine for `.jpeg` and `.image`); otherwise `type`'s preferred
/// extension is appended (`readme` becomes `readme.txt` for `.plainText`). A type without a preferred extension adds
/// nothing.
enum PathExtensionRule {
    static func name(_ name: String, conformingTo type: UTType) -> String {
        let existing = (name as NSString).pathExtension
        if !existing.isEmpty {
            let folded = existing.lowercased()
            if type.tags[.filenameExtension]?.contains(where: { $0.lowercased() == folded }) == true {
                return name  // one of the type's own extensions (a dynamic type's too)
            }
            if let named = UTType(filenameExtension: existing, conformingTo: type), !named.isDynamic {
                return name  // the extension of a declared subtype
            }
        }
        guard let preferred = type.preferredFilenameExtension, !name.isEmpty else {
            return name
        }
        return name + "." + preferred
    }
}

extension URL {
    /// A URL with `partialName` appended as a path component, followed by `contentType`'s preferred filename
    /// extension unless `partialName` already has an extension of that type or of one of its subtypes.
    ///
    /// `appendingPathComponent("puppy", conformingTo: .png)` ends in `puppy.png`; `"puppy.jpg"` with `.jpeg` or
    /// `.image` stays `puppy.jpg`; `"puppy.jpg"` with `.png` becomes `puppy.jpg.png`.
    ///
    /// - Parameters:
    ///   - partialName: the name of the component, with or without an extension.
    ///   - contentType: the type the named file will hold.
    /// - Returns: the new URL.
    public func appendingPathComponent(_ partialName: String, conformingTo contentType: UTType) -> URL {
        appendingPathComponent(PathExtensionRule.name(partialName, conformingTo: contentType))
    }

    /// A URL with `contentType`'s preferred filename extension appended to the last path component, unless that
    /// component already has an extension of that type or of one of its subtypes.
    ///
    /// - Parameter contentType: the type the file holds.
    /// - Returns: the new URL.
    public func appendingPathExtension(for contentType: UTType) -> URL {
        let last = lastPathComponent
        let named = PathExtensionRule.name(last, conformingTo: contentType)
        guard named != last, let preferred = contentType.preferredFilenameExtension else {
            return self
        }
        return appendingPathExtension(preferred)
    }

    /// Appends `partialName` as a path component, followed by `contentType`'s preferred filename extension unless
    /// `partialName` already has an extension of that type; see ``appendingPathComponent(_:conformingTo:)``.
    ///
    /// - Parameters:
    ///   - partialName: the name of the component, with or without an extension.
    ///   - contentType: the type the named file will hold.
    public mutating func appendPathComponent(_ partialName: String, conformingTo contentType: UTType) {
        self = appendingPathComponent(partialName, conformingTo: contentType)
    }

    /// Appends `contentType`'s preferred filename extension to the last path component unless it already has an
    /// extension of that type; see ``appendingPathExtension(for:)``.
    ///
    /// - Parameter contentType: the type the file holds.
    public mutating func appendPathExtension(for contentType: UTType) {
        self = appendingPathExtension(for: contentType)
    }
}

extension NSString {
    /// This path with `partialName` appended as a component, followed by `contentType`'s preferred filename
    /// extension unless `partialName` already has an extension of that type; the rule of
    /// `URL.appendingPathComponent(_:conformingTo:)`.
    ///
    /// - Parameters:
    ///   - partialName: the name of the component, with or without an extension.
    ///   - contentType: the type the named file will hold.
    /// - Returns: the new path.
    public func appendingPathComponent(_ partialName: String, conformingTo contentType: UTType) -> String {
        appendingPathComponent(PathExtensionRule.name(partialName, conformingTo: contentType))
    }

    /// This path with `contentType`'s preferred filename extension appended, unless its last component already has
    /// an extension of that type; the rule of `URL.appendingPathExtension(for:)`.
    ///
    /// - Parameter contentType: the type the file holds.
    /// - Returns: the new path.
    public func appendingPathExtension(for contentType: UTType) -> String {
        let path = self as String
        let last = lastPathComponent
        guard PathExtensionRule.name(last, conformingTo: contentType) != last,
            let preferred = contentType.preferredFilenameExtension
        else {
            return path
        }
        return appendingPathExtension(preferred) ?? path
    }
}

extension NSURL {
    /// This URL with `partialName` appended as a path component, followed by `contentType`'s preferred filename
    /// extension unless `partialName` already has an extension of that type; the rule of
    /// `URL.appendingPathComponent(_:conformingTo:)`.
    ///
    /// - Parameters:
    ///   - partialName: the name of the component, with or without an extension.
    ///   - contentType: the type the named file will hold.
    /// - Returns: the new URL.
    public func appendingPathComponent(_ partialName: String, conformingTo contentType: UTType) -> URL {
        (self as URL).appendingPathComponent(partialName, conformingTo: contentType)
    }

    /// This URL with `contentType`'s preferred filename extension appended, unless its last path component already
    /// has an extension of that type; the rule of `URL.appendingPathExtension(for:)`.
    ///
    /// - Parameter contentType: the type the file holds.
    /// - Returns: the new URL.
    public func appendingPathExtension(for contentType: UTType) -> URL {
        (self as URL).appendingPathExtension(for: contentType)
    }
}

extension URLResourceKey {
    /// The key that asks `URL.resourceValues(forKeys:)` for a file's content type, read back as
    /// `URLResourceValues.contentType`.
    ///
    /// Linux's Foundation has no content-type key of its own and ignores keys it does not know, so this key asks for
    /// what the content type is computed from, the file's path (its raw value is `NSURLPathKey`). Apple's code
    /// compiles and works unchanged:
    ///
    /// ```swift
    /// let type = try url.resourceValues(forKeys: [.contentTypeKey]).contentType
    /// ```
    public static let contentTypeKey = URLResourceKey.pathKey
}

extension URLResourceValues {
    /// The file's content type, as Apple's `URLResourceValues.contentType` gives it: identified from the file's
    /// content and name by `ContentSniffer.shared` (content decides; the name refines within what the content
    /// allows), `public.folder` for a directory.
    ///
    /// The type is computed when this property is read, from the file as it is then. It is `nil` when the values
    /// were fetched without ``Foundation/URLResourceKey/contentTypeKey`` (or `pathKey`), and when the file cannot be
    /// read; `ContentSniffer.identify(contentsOf:)` gives the same answer, or a typed error that says why.
    public var contentType: UTType? {
        guard let path else {
            return nil
        }
        return try? ContentSniffer.shared.identify(contentsOf: URL(fileURLWithPath: path)).type
    }
}
