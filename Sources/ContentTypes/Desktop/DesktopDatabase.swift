import Foundation

/// The freedesktop shared-mime-info database, read from the files `update-mime-database` generates (`types`,
/// `subclasses`, `aliases`, `globs2`), never from its XML sources.
///
/// The files are a few thousand short ASCII lines. They are read as bytes, one pass per file with no array per line,
/// and each canonical MIME type gets a number, so that bridging them onto the catalog works on arrays indexed by
/// that number rather than on dictionaries of strings.
struct DesktopDatabase {
    struct Glob {
        let weight: Int
        let mimeType: String
        let pattern: String
    }

    let directory: String
    /// Canonical MIME types, in file order; a type's number is its index.
    private(set) var types: [String] = []
    /// The number of each canonical MIME type, by folded name.
    private var numbers: [String: Int] = [:]
    /// Canonical name by folded alias.
    private var canonicalByAlias: [String: String] = [:]
    /// Aliases by type number.
    private var aliases: [[String]] = []
    /// The `sub-class-of` parents (canonical names or aliases) by type number.
    private var parents: [[String]] = []
    /// Globs, heaviest first.
    private(set) var globs: [Glob] = []

    init(directory: URL) throws(TypeRegistryError) {
        self.directory = directory.path
        try DatabaseFile(name: "types", in: directory).forEachLine { line throws(TypeRegistryError) in
            let mimeType = line.text
            numbers[Folding.fold(mimeType)] = types.count
            types.append(mimeType)
        }
        aliases = Array(repeating: [], count: types.count)
        parents = Array(repeating: [], count: types.count)
        try DatabaseFile(name: "aliases", in: directory).forEachLine { line throws(TypeRegistryError) in
            let (alias, canonical) = try line.pair()
            canonicalByAlias[Folding.fold(alias)] = canonical
            if let number = numbers[Folding.fold(canonical)] {
                aliases[number].append(alias)
            }
        }
        try DatabaseFile(name: "subclasses", in: directory).forEachLine { line throws(TypeRegistryError) in
            let (child, parent) = try line.pair()
            if let number = numbers[Folding.fold(child)] {
                parents[number].append(parent)
            }
        }
        try DatabaseFile(name: "globs2", in: directory).forEachLine { line throws(TypeRegistryError) in
            globs.append(try line.glob())
        }
        // The file lists heavier globs first already; keep that order among equal weights.
        globs = globs.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
            .map(\.element)
    }

    /// The number of a canonical MIME type or of an alias of one.
    private func number(of mimeType: String) -> Int? {
        let folded = Folding.fold(mimeType)
        return numbers[folded] ?? canonicalByAlias[folded].flatMap { numbers[Folding.fold($0)] }
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

    /// The folded media type of a MIME type: `image` for `image/png`.
    private static func mediaType(of mimeType: String) -> String {
        let name = mimeType.utf8.drop { $0 == 0x2F }
        return Folding.fold(String(Substring(name.prefix { $0 != 0x2F })))
    }

    /// The identifier of a desktop type: `org.freedesktop.mime.` and the MIME type, with `/` as `.` and every
    /// character an identifier cannot hold as `-`.
    static func identifier(for mimeType: String) -> String {
        var mimeType = mimeType
        return mimeType.withUTF8 { bytes in
            "org.freedesktop.mime."
                + String(unsafeUninitializedCapacity: bytes.count) { body in
                    var count = 0
                    for byte in bytes {
                        switch byte {
                        case 0x2F: body[count] = 0x2E  // "/" becomes "."
                        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E: body[count] = byte
                        case 0x80...0xBF: continue  // the rest of a character already replaced
                        default: body[count] = 0x2D  // any other character becomes one "-"
                        }
                        count += 1
                    }
                    return count
                }
        }
    }

    /// The declarations of the desktop types the catalog lacks, and the tag index entries of every desktop type
    /// (those of MIME types the catalog declares lead to the catalog types).
    ///
    /// - Parameter catalog: the system catalog's registry.
    /// - Returns: the declarations, in the database's order, and the index entries, preferred first.
    func contribution(catalog: RegistryStorage) -> (declarations: [TypeDeclaration], indexTags: [IndexTag]) {
        // Which identifier each canonical MIME type gets: the catalog's, or a new one.
        var identifiers: [String] = []
        identifiers.reserveCapacity(types.count)
        var newTypes: [Int] = []
        var newIdentifiers: Set<String> = []
        for (listed, mimeType) in types.enumerated() {
            let folded = Folding.fold(mimeType)
            let number = numbers[folded] ?? listed
            let catalogIdentifier =
                Self.catalogIdentifier(forFolded: folded, in: catalog)
                ?? aliases[number].lazy.compactMap { Self.catalogIdentifier(forFolded: Folding.fold($0), in: catalog) }
                .first
            if let catalogIdentifier {
                identifiers.append(catalogIdentifier)
                continue
            }
            var identifier = Self.identifier(for: mimeType)
            var suffix = 2
            while catalog.slot(forFolded: Folding.fold(identifier)) != nil
                || newIdentifiers.contains(Folding.fold(identifier))
            {
                identifier = Self.identifier(for: mimeType) + "-\(suffix)"
                suffix += 1
            }
            newIdentifiers.insert(Folding.fold(identifier))
            identifiers.append(identifier)
            newTypes.append(listed)
        }
        // A MIME type listed twice in `types` answers with its last number, as in `numbers`.
        func identifier(of mimeType: String) -> String? {
            number(of: mimeType).map { identifiers[$0] }
        }

        var extensions = [[String]](repeating: [], count: types.count)
        var indexTags: [IndexTag] = []
        for glob in globs {
            guard let target = identifier(of: glob.mimeType), let fileExtension = Self.literalExtension(glob.pattern)
            else {
                continue
            }
            indexTags.append(IndexTag(identifier: target, tagClass: .filenameExtension, tag: fileExtension))
            // A glob's extensions are declared only for the type it names itself, not for the alias it names.
            if let number = numbers[Folding.fold(glob.mimeType)], !extensions[number].contains(fileExtension) {
                extensions[number].append(fileExtension)
            }
        }
        for mimeType in types {
            guard let number = number(of: mimeType) else {
                continue
            }
            indexTags.append(IndexTag(identifier: identifiers[number], tagClass: .mimeType, tag: mimeType))
            for alias in aliases[number] {
                indexTags.append(IndexTag(identifier: identifiers[number], tagClass: .mimeType, tag: alias))
            }
        }

        let origin = TypeDeclaration.Origin.desktopDatabase(directory)
        let declarations = newTypes.map { listed -> TypeDeclaration in
            let mimeType = types[listed]
            let number = numbers[Folding.fold(mimeType)] ?? listed
            let explicitParents = parents[number].compactMap { identifier(of: $0) }
            let media = Self.mediaType(of: mimeType)
            var conformsTo = explicitParents
            if explicitParents.isEmpty
                || (media != "application" && !parents[number].contains { Self.mediaType(of: $0) == media })
            {
                conformsTo += Self.abstractParents(of: mimeType).filter { !conformsTo.contains($0) }
            }
            var tags: [UTTagClass: [String]] = [.mimeType: [mimeType] + aliases[number]]
            if !extensions[number].isEmpty {
                tags[.filenameExtension] = extensions[number]
            }
            return TypeDeclaration(
                identifier: identifiers[number], conformsTo: conformsTo, tags: tags, kind: .imported, origin: origin,
                entry: mimeType)
        }
        return (declarations, indexTags)
    }

    /// The catalog type for a folded MIME type: the first catalog type with that MIME type, else a bridge.
    private static func catalogIdentifier(forFolded mimeType: String, in catalog: RegistryStorage) -> String? {
        let slot = Folding.withFoldedTag(mimeType, of: .mimeType) { tag in
            tag.flatMap { catalog.firstSlot(withFoldedTag: $0, of: .mimeType) { _ in true } }
        }
        return slot.map { catalog.entries[Int($0)].declaration.identifier } ?? bridges[mimeType]
    }

    /// `ext` for a glob `*.ext` whose suffix is literal (`tar.gz` for `*.tar.gz`); `nil` for other patterns.
    private static func literalExtension(_ pattern: String) -> String? {
        let bytes = pattern.utf8
        guard bytes.starts(with: [0x2A, 0x2E]), bytes.count > 2 else {
            return nil  // not "*." followed by something
        }
        let suffix = bytes.dropFirst(2)
        // No wildcard, bracket, backslash, slash or space.
        if suffix.contains(where: { [0x2A, 0x3F, 0x5B, 0x5D, 0x5C, 0x2F, 0x20].contains($0) }) {
            return nil
        }
        return String(Substring(suffix))
    }
}

/// One generated file of the database, read whole and split into lines.
private struct DatabaseFile {
    let url: URL
    let bytes: [UInt8]

    init(name: String, in directory: URL) throws(TypeRegistryError) {
        url = directory.appendingPathComponent(name)
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            throw TypeRegistryError(
                .unreadableFile, file: url.path,
                message: "cannot read the desktop database file (is shared-mime-info installed?)")
        }
    }

    /// A line that is neither blank nor a `#` comment.
    struct Line {
        let file: URL
        let number: Int
        let bytes: ArraySlice<UInt8>

        var text: String {
            String(decoding: bytes, as: UTF8.self)
        }

        /// Two MIME types separated by spaces: an `aliases` or `subclasses` line.
        func pair() throws(TypeRegistryError) -> (String, String) {
            let first = bytes.drop { $0 == 0x20 }.prefix { $0 != 0x20 }
            let second = bytes[first.endIndex...].drop { $0 == 0x20 }.prefix { $0 != 0x20 }
            guard !first.isEmpty, !second.isEmpty, bytes[second.endIndex...].allSatisfy({ $0 == 0x20 }) else {
                throw malformed(expected: "two MIME types separated by a space")
            }
            return (String(decoding: first, as: UTF8.self), String(decoding: second, as: UTF8.self))
        }

        /// `WEIGHT:MIME-TYPE:PATTERN`, maybe followed by `:FLAGS`: a `globs2` line.
        func glob() throws(TypeRegistryError) -> DesktopDatabase.Glob {
            let weight = bytes.prefix { $0 != 0x3A }
            let mimeType = bytes[weight.endIndex...].dropFirst().prefix { $0 != 0x3A }
            let pattern = bytes[mimeType.endIndex...].dropFirst().prefix { $0 != 0x3A }
            guard mimeType.endIndex < bytes.endIndex, let weight = Int(String(decoding: weight, as: UTF8.self)),
                !mimeType.isEmpty, !pattern.isEmpty
            else {
                throw malformed(expected: "WEIGHT:MIME-TYPE:PATTERN")
            }
            return DesktopDatabase.Glob(
                weight: weight, mimeType: String(decoding: mimeType, as: UTF8.self),
                pattern: String(decoding: pattern, as: UTF8.self))
        }

        private func malformed(expected: String) -> TypeRegistryError {
            TypeRegistryError(
                .malformedDatabase, file: file.path, entry: "line \(number)",
                message: "expected \(expected), found \"\(text)\"")
        }
    }

    /// Calls `body` with every line that is neither blank nor a `#` comment, in order.
    func forEachLine(_ body: (Line) throws(TypeRegistryError) -> Void) throws(TypeRegistryError) {
        var number = 0
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            if start < end && bytes[start] != 0x23 {  // not blank, not a # comment
                try body(Line(file: url, number: number, bytes: bytes[start..<end]))
            }
            start = end + 1
        }
    }
}
