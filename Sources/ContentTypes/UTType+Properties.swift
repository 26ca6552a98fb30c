import Foundation

extension UTType {
    /// The type's identifier, as declared: `public.png`, `com.example.my-format`, `dyn.a…`.
    public var identifier: String {
        let type = resolved
        if let detached = type.detached {
            return detached.identifier
        }
        return type.storage.identifier(type.slot)
    }

    /// Every tag of the type, by tag class, preferred first. Dynamic types report the tag they were made from.
    public var tags: [UTTagClass: [String]] {
        let type = resolved
        if let detached = type.detached {
            return detached.tags
        }
        return type.storage.declaration(type.slot).tags
    }

    /// The preferred filename extension, without its period: `png` for `.png`.
    public var preferredFilenameExtension: String? {
        preferredTag(.filenameExtension)
    }

    /// The preferred MIME type: `image/png` for `.png`.
    public var preferredMIMEType: String? {
        preferredTag(.mimeType)
    }

    /// The first tag of a class, read without making the type's `tags` dictionary (a catalog type's comes from its
    /// row).
    private func preferredTag(_ tagClass: UTTagClass) -> String? {
        let type = resolved
        if let detached = type.detached {
            return detached.tags[tagClass]?.first
        }
        return type.storage.preferredTag(type.slot, of: tagClass)
    }

    /// A description for people, such as `PNG image`; `nil` for dynamic and undeclared types.
    ///
    /// A type of the desktop database takes the comment of its shared-mime-info file
    /// (`/usr/share/mime/MEDIA/SUBTYPE.xml`), read the first time it is asked for, in the language of the user's
    /// locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) when the file has it, in English otherwise.
    public var localizedDescription: String? {
        let type = resolved
        return type.slot >= 0 ? type.storage.localizedDescription(type.slot) : nil
    }

    /// A web page describing the type, when its declaration gives one (`UTTypeReferenceURL`).
    public var referenceURL: URL? {
        resolved.declaration?.referenceURL
    }

    /// The version of the type's declaration, when it gives one (`UTTypeVersion`).
    public var version: Int? {
        resolved.declaration?.version
    }

    /// Whether the type was made up for a tag nobody declared; its identifier begins with `dyn.`.
    public var isDynamic: Bool {
        let type = resolved
        return type.isInline || (type.detached?.isDynamic ?? false)
    }

    /// Whether the registry declares the type: the system catalog, a declaration file or the desktop database.
    public var isDeclared: Bool {
        resolved.slot >= 0
    }

    /// Whether the type is in the public domain: its identifier begins with `public.`.
    public var isPublic: Bool {
        foldedIdentifier.hasPrefix("public.")
    }
}
