import Foundation

/// The freedesktop shared-mime-info database, read from the files `update-mime-database` generates (`types`,
/// `subclasses`, `aliases`, `globs2`), never from its XML sources.
///
/// The files are a few thousand short ASCII lines. They are read as bytes, one pass per file with no array per line,
/// and each canonical MIME type gets a number, so that bridging them onto the catalog works on arrays indexed by
/// that number rather than on dictionaries of strings.
struct DesktopDatabase {
    /// A glob `*.EXT` with a literal extension (the only globs that become tags) of a type the database lists.
    struct Glob {
        let weight: Int
        /// The number of the type the glob names, itself or through an alias.
        let number: Int
        /// The number of the type when the glob names it by its own name, not an alias.
        let named: Int?
        let fileExtension: String
    }

    let directory: String
    /// Canonical MIME types, in file order; a type's number is its index.
    private var types: [String] = []
    /// `Folding.fold` of each line of `types`.
    private var foldedTypes: [String] = []
    /// The number of each canonical MIME type, by folded name. A type listed twice has the number of its last line.
    private var numbers: [String: Int] = [:]
    /// The number of each line of `types`: its own, or that of a later line with the same type.
    private var canonical: [Int] = []
    /// Canonical name by folded alias.
    private var canonicalByAlias: [String: String] = [:]
    /// Aliases by type number.
    private var aliases: [[String]] = []
    /// The `sub-class-of` parents (canonical names or aliases) by type number.
    private var parents: [[String]] = []
    /// The numbers of those parents, `nil` for one the database does not list.
    private var parentNumbers: [[Int?]] = []
    /// The line of `types` with some bytes, to find a name without making a string of it.
    private var typeLines = TagIndex(TagIndexBuilder())
    /// The globs with literal extensions, heaviest first.
    private var globs: [Glob] = []

    init(directory: URL) throws(TypeRegistryError) {
        self.directory = directory.path
        let typesFile = try DatabaseFile(name: "types", in: directory)
        // A line per type: reserving room for them all spares growing the tables as they fill.
        let lines = typesFile.lineCount
        types.reserveCapacity(lines)
        foldedTypes.reserveCapacity(lines)
        numbers.reserveCapacity(lines)
        var lineBuilder = TagIndexBuilder()
        try typesFile.forEachLine { line throws(TypeRegistryError) in
            let mimeType = line.text
            let folded = Folding.fold(mimeType)
            numbers[folded] = types.count
            line.bytes.withUnsafeBufferPointer { lineBuilder.add(folded: $0, slot: Int32(types.count)) }
            types.append(mimeType)
            foldedTypes.append(folded)
        }
        typeLines = TagIndex(lineBuilder)
        canonical = foldedTypes.map { numbers[$0] ?? 0 }
        aliases = Array(repeating: [], count: types.count)
        parents = Array(repeating: [], count: types.count)
        parentNumbers = Array(repeating: [], count: types.count)
        let aliasesFile = try DatabaseFile(name: "aliases", in: directory)
        canonicalByAlias.reserveCapacity(aliasesFile.lineCount)
        try aliasesFile.forEachLine { line throws(TypeRegistryError) in
            let (aliasBytes, canonicalBytes) = try line.pair()
            let alias = name(aliasBytes).text
            let canonical = name(canonicalBytes)
            canonicalByAlias[Folding.fold(alias)] = canonical.text
            if let number = canonical.number {
                aliases[number].append(alias)
            }
        }
        // From here on, `number(of:)` knows every alias.
        try DatabaseFile(name: "subclasses", in: directory).forEachLine { line throws(TypeRegistryError) in
            let (childBytes, parentBytes) = try line.pair()
            if let number = name(childBytes).number {
                let parent = name(parentBytes)
                parents[number].append(parent.text)
                parentNumbers[number].append(parent.number ?? self.number(of: parent.text))
            }
        }
        let globsFile = try DatabaseFile(name: "globs2", in: directory)
        globs.reserveCapacity(globsFile.lineCount)
        try globsFile.forEachLine { line throws(TypeRegistryError) in
            guard let (weight, mimeTypeBytes, fileExtension) = try line.glob() else {
                return
            }
            let mimeType = name(mimeTypeBytes)
            // Globs of types the database does not list lead nowhere.
            if let number = mimeType.number ?? self.number(of: mimeType.text) {
                globs.append(Glob(weight: weight, number: number, named: mimeType.number, fileExtension: fileExtension))
            }
        }
        // The file lists heavier globs first already (then there is nothing to sort); keep that order among equal
        // weights.
        if zip(globs, globs.dropFirst()).contains(where: { $0.weight < $1.weight }) {
            globs = globs.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
                .map(\.element)
        }
    }

    /// A name read from a file, and the number of the type with that name (`numbers`, not aliases). A name that is a
    /// line of `types`, as most are, is that line's string: no new string is made and nothing is hashed.
    private func name(_ bytes: ArraySlice<UInt8>) -> (text: String, number: Int?) {
        let line = bytes.withUnsafeBufferPointer { bytes in typeLines.firstSlot(withFolded: bytes) { _ in true } }
        if let line {
            return (types[Int(line)], canonical[Int(line)])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return (text, numbers[Folding.fold(text)])
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
        // Arrays made once: every declaration with the same parents shares one.
        enum Parents {
            static let image = ["public.image"]
            static let text = ["public.plain-text"]
            static let audio = ["public.audio"]
            static let video = ["public.movie"]
            static let font = ["public.font", "public.data"]
            static let model = ["public.3d-content", "public.data"]
            static let message = ["public.message", "public.data"]
            static let inode = ["public.item"]
            static let content = ["public.directory"]
            static let data = ["public.data"]
        }
        return switch mediaType(of: mimeType) {
        case "image": Parents.image
        case "text": Parents.text
        case "audio": Parents.audio
        case "video": Parents.video
        case "font": Parents.font
        case "model": Parents.model
        case "message": Parents.message
        case "inode": Parents.inode
        case "x-content": Parents.content
        default: Parents.data
        }
    }

    /// The folded media type of a MIME type: `image` for `image/png`.
    private static func mediaType(of mimeType: String) -> String {
        let name = mimeType.utf8.drop { $0 == 0x2F }
        return Folding.fold(String(Substring(name.prefix { $0 != 0x2F })))
    }

    /// Whether two MIME types have the same media type, as `mediaType(of:)` folds it; compares the bytes when both
    /// are ASCII, which they are in practice.
    private static func sameMediaType(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        let ascii = first.withUTF8 { first in
            second.withUTF8 { second -> Bool? in
                let first = mediaTypeBytes(first)
                let second = mediaTypeBytes(second)
                guard !first.contains(where: { $0 >= 0x80 }), !second.contains(where: { $0 >= 0x80 }) else {
                    return nil
                }
                return first.elementsEqual(second) { Folding.lowercase($0) == Folding.lowercase($1) }
            }
        }
        return ascii ?? (mediaType(of: first) == mediaType(of: second))
    }

    /// The bytes of a MIME type's media type, as `mediaType(of:)` finds it, before folding.
    private static func mediaTypeBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let name = bytes.drop { $0 == 0x2F }
        return name.prefix { $0 != 0x2F }
    }

    /// The identifier of a desktop type: `org.freedesktop.mime.` and the MIME type, with `/` as `.` and every
    /// character an identifier cannot hold as `-`.
    static func identifier(for mimeType: String) -> String {
        var mimeType = mimeType
        let prefix: StaticString = "org.freedesktop.mime."
        return mimeType.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + bytes.count) { whole in
                let prefixBytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                _ = whole.initialize(from: prefixBytes)
                let body = UnsafeMutableBufferPointer(rebasing: whole[prefixBytes.count...])
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
                return prefixBytes.count + count
            }
        }
    }

    /// The declarations of the desktop types the catalog lacks, and the tag index entries of every desktop type
    /// (those of MIME types the catalog declares lead to the catalog types).
    ///
    /// - Parameter catalog: the system catalog's registry.
    /// - Returns: the declarations, in the database's order, and the index entries, preferred first.
    func contribution(catalog: RegistryStorage) -> (declarations: [TypeDeclaration], indexTags: [IndexTag]) {
        // What each canonical MIME type is: a catalog type, or a new type with a new identifier.
        var targets: [IndexTag.Target] = []
        var identifiers: [String] = []
        targets.reserveCapacity(types.count)
        identifiers.reserveCapacity(types.count)
        var newTypes: [Int] = []
        var newIdentifiers: Set<String> = []
        newIdentifiers.reserveCapacity(types.count)
        // Only a catalog identifier with the prefix of desktop identifiers can clash with one.
        let catalogHasDesktopIdentifiers = catalog.entries.contains { $0.folded.hasPrefix("org.freedesktop.mime.") }
        for (listed, mimeType) in types.enumerated() {
            let catalogSlot =
                Self.catalogSlot(forFolded: foldedTypes[listed], in: catalog)
                ?? aliases[canonical[listed]].lazy.compactMap {
                    Self.catalogSlot(forFolded: Folding.fold($0), in: catalog)
                }
                .first
            if let catalogSlot {
                targets.append(.catalog(catalogSlot))
                identifiers.append(catalog.entries[Int(catalogSlot)].declaration.identifier)
                continue
            }
            var identifier = Self.identifier(for: mimeType)
            var suffix = 2
            // Taken by the catalog, else by a desktop type: try the next suffix (the set keeps what it did insert).
            while case let folded = Folding.fold(identifier),
                (catalogHasDesktopIdentifiers && catalog.slot(forFolded: folded) != nil)
                    || !newIdentifiers.insert(folded).inserted
            {
                identifier = Self.identifier(for: mimeType) + "-\(suffix)"
                suffix += 1
            }
            targets.append(.desktop(newTypes.count))
            identifiers.append(identifier)
            newTypes.append(listed)
        }

        var extensions = [[String]](repeating: [], count: types.count)
        var indexTags: [IndexTag] = []
        for glob in globs {
            let fileExtension = glob.fileExtension
            let number = glob.number
            indexTags.append(IndexTag(target: targets[number], tagClass: .filenameExtension, tag: fileExtension))
            // A glob's extensions are declared only for the type it names itself, not for the alias it names.
            if let named = glob.named, !extensions[named].contains(fileExtension) {
                extensions[named].append(fileExtension)
            }
        }
        for (listed, mimeType) in types.enumerated() {
            let number = canonical[listed]
            indexTags.append(IndexTag(target: targets[number], tagClass: .mimeType, tag: mimeType))
            for alias in aliases[number] {
                indexTags.append(IndexTag(target: targets[number], tagClass: .mimeType, tag: alias))
            }
        }

        let origin = TypeDeclaration.Origin.desktopDatabase(directory)
        let declarations = newTypes.map { listed -> TypeDeclaration in
            let mimeType = types[listed]
            let number = canonical[listed]
            let explicitParents = parentNumbers[number].compactMap { $0.map { identifiers[$0] } }
            var conformsTo = explicitParents
            if explicitParents.isEmpty {
                conformsTo = Self.abstractParents(of: mimeType)  // shared by every type of the media type
            } else if !Self.sameMediaType(mimeType, "application/")
                && !parents[number].contains(where: { Self.sameMediaType($0, mimeType) })
            {
                conformsTo += Self.abstractParents(of: mimeType).filter { !conformsTo.contains($0) }
            }
            var mimeTypes: [String] = []
            mimeTypes.reserveCapacity(1 + aliases[number].count)
            mimeTypes.append(mimeType)
            mimeTypes += aliases[number]
            let tags: [UTTagClass: [String]] =
                extensions[number].isEmpty
                ? [.mimeType: mimeTypes] : [.mimeType: mimeTypes, .filenameExtension: extensions[number]]
            return TypeDeclaration(
                identifier: identifiers[number], conformsTo: conformsTo, tags: tags, kind: .imported, origin: origin,
                entry: mimeType)
        }
        return (declarations, indexTags)
    }

    /// The catalog type for a folded MIME type: the first catalog type with that MIME type, else a bridge.
    private static func catalogSlot(forFolded mimeType: String, in catalog: RegistryStorage) -> Int32? {
        Folding.withFoldedTag(mimeType, of: .mimeType) { tag in
            guard let tag else {
                return nil  // not a valid tag, so neither a catalog MIME type nor a bridge
            }
            // A tag that lost spaces in folding is not the string `bridges` would have been asked for.
            return catalog.firstSlot(withFoldedTag: tag, of: .mimeType) { _ in true }
                ?? (tag.count == mimeType.utf8.count ? bridgeSlots.firstSlot(withFolded: tag) { _ in true } : nil)
        }
    }

    /// The catalog slots of `bridges`, by MIME type: a table of bytes, cheaper to ask than a dictionary of strings.
    /// Catalog types have the same slots in every registry.
    private static let bridgeSlots: TagIndex = {
        var builder = TagIndexBuilder()
        for (mimeType, identifier) in bridges {
            if let slot = CatalogPart.shared.slotByIdentifier[Folding.fold(identifier)] {
                builder.add(folded: Folding.fold(mimeType), slot: slot)
            }
        }
        return TagIndex(builder)
    }()

    /// `ext` for a glob `*.ext` whose suffix is literal (`tar.gz` for `*.tar.gz`); `nil` for other patterns.
    fileprivate static func literalExtension(_ pattern: ArraySlice<UInt8>) -> String? {
        let start = pattern.startIndex
        guard pattern.count > 2, pattern[start] == 0x2A, pattern[start + 1] == 0x2E else {
            return nil  // not "*." followed by something
        }
        let suffix = pattern[(start + 2)...]
        // No wildcard, bracket, backslash, slash or space.
        let special = suffix.contains { byte in
            switch byte {
            case 0x2A, 0x3F, 0x5B, 0x5D, 0x5C, 0x2F, 0x20: true
            default: false
            }
        }
        return special ? nil : String(decoding: suffix, as: UTF8.self)
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
        func pair() throws(TypeRegistryError) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
            let first = bytes.drop { $0 == 0x20 }.prefix { $0 != 0x20 }
            let second = bytes[first.endIndex...].drop { $0 == 0x20 }.prefix { $0 != 0x20 }
            guard !first.isEmpty, !second.isEmpty, bytes[second.endIndex...].allSatisfy({ $0 == 0x20 }) else {
                throw malformed(expected: "two MIME types separated by a space")
            }
            return (first, second)
        }

        /// `WEIGHT:MIME-TYPE:PATTERN`, maybe followed by `:FLAGS`: a `globs2` line; `nil` when the pattern is not a
        /// literal extension (`*.EXT`).
        func glob() throws(TypeRegistryError) -> (weight: Int, mimeType: ArraySlice<UInt8>, fileExtension: String)? {
            // The fields between colons; `firstIndex(of:)` on the line's bytes rather than `prefix(while:)`, which is
            // several times slower.
            let weight = bytes[..<(bytes.firstIndex(of: 0x3A) ?? bytes.endIndex)]
            let mimeTypeStart = min(weight.endIndex + 1, bytes.endIndex)
            let mimeType = bytes[mimeTypeStart..<(bytes[mimeTypeStart...].firstIndex(of: 0x3A) ?? bytes.endIndex)]
            let patternStart = min(mimeType.endIndex + 1, bytes.endIndex)
            let pattern = bytes[patternStart..<(bytes[patternStart...].firstIndex(of: 0x3A) ?? bytes.endIndex)]
            guard mimeType.endIndex < bytes.endIndex, let weight = Self.integer(weight),
                !mimeType.isEmpty, !pattern.isEmpty
            else {
                throw malformed(expected: "WEIGHT:MIME-TYPE:PATTERN")
            }
            return DesktopDatabase.literalExtension(pattern).map { (weight, mimeType, $0) }
        }

        /// The decimal integer the bytes spell, with an optional sign, as `Int(_:)` reads a string; `nil` when they
        /// spell none or it does not fit.
        private static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
            let negative = bytes.first == 0x2D
            let digits = bytes.first == 0x2D || bytes.first == 0x2B ? bytes.dropFirst() : bytes
            guard !digits.isEmpty else {
                return nil
            }
            var value = 0
            for byte in digits {
                guard byte &- 0x30 < 10 else {
                    return nil
                }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowAgain) =
                    negative
                    ? times.subtractingReportingOverflow(Int(byte &- 0x30))
                    : times.addingReportingOverflow(Int(byte &- 0x30))
                guard !overflow, !overflowAgain else {
                    return nil
                }
                value = sum
            }
            return value
        }

        private func malformed(expected: String) -> TypeRegistryError {
            TypeRegistryError(
                .malformedDatabase, file: file.path, entry: "line \(number)",
                message: "expected \(expected), found \"\(text)\"")
        }
    }

    /// How many lines the file has, at most: its newlines, plus one for a last line without one.
    var lineCount: Int {
        var count = 1
        var start = 0
        while let end = Self.newline(in: bytes, from: start) {
            count += 1
            start = end + 1
        }
        return count
    }

    /// The index of the first line feed of `bytes` from `start` on (C's `memchr`, which reads a word at a time).
    static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, start < buffer.count,
                let found = memchr(base + start, 0x0A, buffer.count - start)
            else {
                return nil
            }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// Calls `body` with every line that is neither blank nor a `#` comment, in order.
    func forEachLine(_ body: (Line) throws(TypeRegistryError) -> Void) throws(TypeRegistryError) {
        var number = 0
        var start = 0
        while start < bytes.count {
            let end = Self.newline(in: bytes, from: start) ?? bytes.count
            number += 1
            if start < end && bytes[start] != 0x23 {  // not blank, not a # comment
                try body(Line(file: url, number: number, bytes: bytes[start..<end]))
            }
            start = end + 1
        }
    }
}
