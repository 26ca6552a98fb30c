import Foundation

/// The freedesktop shared-mime-info database, read from the files `update-mime-database` generates (`types`,
/// `subclasses`, `aliases`, `globs2`), never from its XML sources.
struct DesktopDatabase {
    struct Glob {
        let weight: Int
        let mimeType: String
        let pattern: String
    }

    let directory: String
    /// Canonical MIME types, in file order.
    private(set) var types: [String] = []
    /// Parents by folded child, canonical names.
    private(set) var subclasses: [String: [String]] = [:]
    /// Canonical name by folded alias.
    private(set) var canonicalByAlias: [String: String] = [:]
    /// Aliases by folded canonical name.
    private(set) var aliasesByType: [String: [String]] = [:]
    /// Globs, heaviest first.
    private(set) var globs: [Glob] = []

    init(directory: URL) throws(TypeRegistryError) {
        self.directory = directory.path
        for line in try Self.lines(of: "types", in: directory) {
            types.append(String(line.text))
        }
        for line in try Self.lines(of: "aliases", in: directory) {
            let (alias, canonical) = try Self.pair(line, file: "aliases", in: directory)
            canonicalByAlias[Folding.fold(alias)] = canonical
            aliasesByType[Folding.fold(canonical), default: []].append(alias)
        }
        for line in try Self.lines(of: "subclasses", in: directory) {
            let (child, parent) = try Self.pair(line, file: "subclasses", in: directory)
            subclasses[Folding.fold(child), default: []].append(parent)
        }
        for line in try Self.lines(of: "globs2", in: directory) {
            let fields = line.text.utf8.split(separator: 0x3A, maxSplits: 3, omittingEmptySubsequences: false)
                .map { Substring($0) }
            guard fields.count >= 3, let weight = Int(fields[0]), !fields[1].isEmpty, !fields[2].isEmpty else {
                throw Self.malformed(line, file: "globs2", in: directory, expected: "WEIGHT:MIME-TYPE:PATTERN")
            }
            globs.append(Glob(weight: weight, mimeType: String(fields[1]), pattern: String(fields[2])))
        }
        // The file lists heavier globs first already; keep that order among equal weights.
        globs = globs.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
            .map(\.element)
    }

    // MARK: Bridging onto the catalog

    /// MIME types the catalog declares under another name, or as a concept without that MIME type.
    static let bridges: [String: String] = [
        "application/octet-stream": "public.data",
        "inode/directory": "public.folder",
        "inode/symlink": "public.symlink",
        "inode/mount-point": "com.apple.mount-point",
        "application/x-executable": "public.unix-executable",
        "application/x-ms-dos-executable": "com.microsoft.windows-executable",
        "application/x-msdownload": "com.microsoft.windows-executable",
        "application/x-shellscript": "public.shell-script",
        "text/x-python": "public.python-script",
        "text/x-python3": "public.python-script",
        "application/x-perl": "public.perl-script",
        "application/x-ruby": "public.ruby-script",
        "application/x-php": "public.php-script",
        "text/x-csrc": "public.c-source",
        "text/x-chdr": "public.c-header",
        "text/x-c++src": "public.c-plus-plus-source",
        "text/x-c++hdr": "public.c-plus-plus-header",
        "text/x-objcsrc": "public.objective-c-source",
        "text/x-objc++src": "public.objective-c-plus-plus-source",
        "text/x-swift": "public.swift-source",
        "text/x-makefile": "public.make-source",
        "text/x-assembly": "public.assembly-source",
    ]

    /// Abstract catalog types that a desktop type conforms to by its media type (`image/…`, `text/…`, …).
    static func abstractParents(of mimeType: String) -> [String] {
        switch mediaType(of: mimeType) {
        case "image": ["public.image"]
        case "text": ["public.plain-text"]
        case "audio": ["public.audio"]
        case "video": ["public.movie"]
        case "font": ["public.font", "public.data"]
        case "model": ["public.3d-content", "public.data"]
        case "message": ["public.message", "public.data"]
        case "inode": ["public.item"]
        case "x-content": ["public.directory"]
        default: ["public.data"]
        }
    }

    private static func mediaType(of mimeType: String) -> Substring {
        Folding.fold(mimeType).split(separator: "/", maxSplits: 1).first ?? ""
    }

    /// The identifier of a desktop type: `org.freedesktop.mime.` and the MIME type, with `/` as `.` and every
    /// character an identifier cannot hold as `-`.
    static func identifier(for mimeType: String) -> String {
        let body = mimeType.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "/": "."
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".": Character(scalar)
            default: "-"
            }
        }
        return "org.freedesktop.mime." + String(body)
    }

    /// The declarations of the desktop types the catalog lacks, and the tag index entries of every desktop type
    /// (those of MIME types the catalog declares lead to the catalog types).
    func contribution(catalogTypes catalog: TypeRegistry) -> (declarations: [TypeDeclaration], indexTags: [IndexTag]) {
        var catalogByMIMEType: [String: String] = [:]
        for declaration in catalog.declarations {
            for mimeType in declaration.tags[.mimeType] ?? [] where catalogByMIMEType[Folding.fold(mimeType)] == nil {
                catalogByMIMEType[Folding.fold(mimeType)] = declaration.identifier
            }
        }
        for (mimeType, identifier) in Self.bridges where catalogByMIMEType[mimeType] == nil {
            catalogByMIMEType[mimeType] = identifier
        }

        // Which identifier each canonical MIME type gets.
        var identifierByType: [String: String] = [:]
        var newTypes: [String] = []
        var usedIdentifiers = Set(catalog.declarations.map { Folding.fold($0.identifier) })
        for mimeType in types {
            let folded = Folding.fold(mimeType)
            let names = [folded] + (aliasesByType[folded] ?? []).map(Folding.fold)
            if let catalogIdentifier = names.lazy.compactMap({ catalogByMIMEType[$0] }).first {
                identifierByType[folded] = catalogIdentifier
                continue
            }
            var identifier = Self.identifier(for: mimeType)
            var suffix = 2
            while usedIdentifiers.contains(Folding.fold(identifier)) {
                identifier = Self.identifier(for: mimeType) + "-\(suffix)"
                suffix += 1
            }
            usedIdentifiers.insert(Folding.fold(identifier))
            identifierByType[folded] = identifier
            newTypes.append(mimeType)
        }
        func identifier(of mimeType: String) -> String? {
            let folded = Folding.fold(mimeType)
            return identifierByType[folded] ?? canonicalByAlias[folded].flatMap { identifierByType[Folding.fold($0)] }
        }

        var extensionsByType: [String: [String]] = [:]
        var indexTags: [IndexTag] = []
        for glob in globs {
            guard let target = identifier(of: glob.mimeType), let fileExtension = Self.literalExtension(glob.pattern)
            else {
                continue
            }
            indexTags.append(IndexTag(identifier: target, tagClass: .filenameExtension, tag: fileExtension))
            let folded = Folding.fold(glob.mimeType)
            if extensionsByType[folded]?.contains(fileExtension) != true {
                extensionsByType[folded, default: []].append(fileExtension)
            }
        }
        for mimeType in types {
            guard let target = identifier(of: mimeType) else {
                continue
            }
            for name in [mimeType] + (aliasesByType[Folding.fold(mimeType)] ?? []) {
                indexTags.append(IndexTag(identifier: target, tagClass: .mimeType, tag: name))
            }
        }

        let origin = TypeDeclaration.Origin.desktopDatabase(directory)
        let declarations = newTypes.map { mimeType -> TypeDeclaration in
            let folded = Folding.fold(mimeType)
            let explicitParents = (subclasses[folded] ?? []).compactMap { identifier(of: $0) }
            let media = Self.mediaType(of: mimeType)
            let sharesMedia = (subclasses[folded] ?? []).contains { Self.mediaType(of: $0) == media }
            var parents = explicitParents
            if explicitParents.isEmpty || (!sharesMedia && media != "application") {
                parents += Self.abstractParents(of: mimeType).filter { !parents.contains($0) }
            }
            var tags: [UTTagClass: [String]] = [.mimeType: [mimeType] + (aliasesByType[folded] ?? [])]
            if let extensions = extensionsByType[folded] {
                tags[.filenameExtension] = extensions
            }
            return TypeDeclaration(
                identifier: identifier(of: mimeType) ?? Self.identifier(for: mimeType), conformsTo: parents,
                tags: tags, kind: .imported, origin: origin, entry: mimeType)
        }
        return (declarations, indexTags)
    }

    /// `ext` for a glob `*.ext` whose suffix is literal (`tar.gz` for `*.tar.gz`); `nil` for other patterns.
    private static func literalExtension(_ pattern: String) -> String? {
        guard pattern.hasPrefix("*."), pattern.count > 2 else {
            return nil
        }
        let suffix = pattern.dropFirst(2)
        if suffix.contains(where: { "*?[]\\/ ".contains($0) }) {
            return nil
        }
        return String(suffix)
    }

    // MARK: Reading the files

    private struct Line {
        let number: Int
        let text: Substring
    }

    private static func lines(of name: String, in directory: URL) throws(TypeRegistryError) -> [Line] {
        let url = directory.appendingPathComponent(name)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TypeRegistryError(
                .unreadableFile, file: url.path,
                message: "cannot read the desktop database file (is shared-mime-info installed?)")
        }
        // Split on bytes: the files are ASCII, and byte splitting is much cheaper than splitting characters.
        var lines: [Line] = []
        for (index, bytes) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if bytes.isEmpty || bytes.first == 0x23 {  // blank, or a # comment
                continue
            }
            lines.append(Line(number: index + 1, text: Substring(String(decoding: bytes, as: UTF8.self))))
        }
        return lines
    }

    private static func pair(
        _ line: Line,
        file: String,
        in directory: URL
    ) throws(TypeRegistryError) -> (String, String) {
        let fields = line.text.utf8.split(separator: 0x20, omittingEmptySubsequences: true).map { Substring($0) }
        guard fields.count == 2 else {
            throw malformed(line, file: file, in: directory, expected: "two MIME types separated by a space")
        }
        return (String(fields[0]), String(fields[1]))
    }

    private static func malformed(_ line: Line, file: String, in directory: URL, expected: String) -> TypeRegistryError
    {
        TypeRegistryError(
            .malformedDatabase, file: directory.appendingPathComponent(file).path, entry: "line \(line.number)",
            message: "expected \(expected), found \"\(line.text)\"")
    }
}
