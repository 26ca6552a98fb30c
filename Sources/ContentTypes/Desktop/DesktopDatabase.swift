import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The freedesktop shared-mime-info database, read from the files `update-mime-database` generates (`types`,
/// `subclasses`, `aliases`, `globs2`), never from its XML sources.
///
/// The files are a few thousand short ASCII lines. They are read as bytes, one pass per file with no array per line,
/// and each canonical MIME type gets a number, so that bridging them onto the catalog works on arrays indexed by
/// that number rather than on dictionaries of strings.
struct DesktopDatabase: Sendable {
    /// A glob `*.EXT` with a literal extension (the only globs that become tags) of a type the database lists.
    struct Glob {
        /// The number of the type the glob names, itself or through an alias.
        let number: Int32
        /// The number of the type when the glob names it by its own name, not an alias; -1 for an alias.
        let named: Int32
        let fileExtension: String
    }

    // What a registry keeps of the database, to place its types, answer their tags and make their declarations when
    // asked. The two indexes answer for every registry built with the database, in numbers of the database's own:
    // a registry maps them to its slots (`DesktopTypes`).

    let directory: String
    /// Canonical MIME types, in file order; a type's number is its index.
    private(set) var types: [String] = []
    /// The number of each line of `types`: its own, or that of a later line with the same type.
    private(set) var canonical: [Int] = []
    /// Aliases by type number.
    private(set) var aliases: [[String]] = []
    /// The numbers of the `sub-class-of` parents by type number, `nil` for one the database does not list.
    private(set) var parentNumbers: [[Int?]] = []
    /// The abstract types of its media type a type conforms to besides its parents (`mediaParents(ofNumber:)`),
    /// by type number; `nil` for none.
    private var mediaParents: [MediaParents?] = []
    /// The globs with literal extensions, heaviest first.
    private(set) var globs: [Glob] = []
    /// The first of `globs` that names each type itself, by type number, and the next such glob after each glob:
    /// the extensions a type declares, in order, without an array per type. -1 ends a chain.
    private var firstGlob: [Int32] = []
    private var nextGlob: [Int32] = []
    /// Every MIME type and alias, folded: a type's line of `types`, or `aliasFlag` and the number of the type an
    /// alias names (`number(ofMIMEEntry:)`). Types come first, in file order, then aliases.
    private(set) var mimeTypeIndex = TagIndex(TagIndexBuilder())
    /// Every literal glob's extension, folded: the numbers of the types, heaviest glob first.
    private(set) var extensionIndex = TagIndex(TagIndexBuilder())

    /// Marks the entries of `mimeTypeIndex` that are aliases.
    private static let aliasFlag: Int32 = 1 << 30

    /// The number of the type an entry of `mimeTypeIndex` names.
    func number(ofMIMEEntry entry: Int32) -> Int {
        entry & Self.aliasFlag != 0 ? Int(entry & ~Self.aliasFlag) : canonical[Int(entry)]
    }

    /// Reads the database's generated files.
    ///
    /// - Parameter directory: the database's directory, a file system path.
    /// - Throws: `TypeRegistryError` naming the file: `.unreadableFile`, or `.malformedDatabase` with the line.
    init(directory: String) throws(TypeRegistryError) {
        self.directory = directory
        let typesFile = try DatabaseFile(name: "types", in: directory)
        // A line per type: reserving room for them all spares growing the tables as they fill.
        let lines = typesFile.lineCount
        types.reserveCapacity(lines)
        var mimeTypes = TagIndexBuilder()
        mimeTypes.reserveCapacity(lines + lines / 2)
        // The key of each line in `mimeTypes` (-1 for a line that is no valid MIME type), and the last line of each
        // key: a type listed twice is its last line's.
        var keyOfLine: [Int] = []
        var lastLineOfKey: [Int] = []
        keyOfLine.reserveCapacity(lines)
        lastLineOfKey.reserveCapacity(lines)
        try typesFile.forEachLine { line throws(TypeRegistryError) in
            let number = types.count
            let key = Self.withFolded(line.bytes) { folded -> Int in
                guard let folded else {
                    return -1
                }
                return mimeTypes.add(folded: folded, slot: Int32(number))
            }
            if key == lastLineOfKey.count {
                lastLineOfKey.append(number)
            } else if key >= 0 {
                lastLineOfKey[key] = number
            }
            keyOfLine.append(key)
            types.append(line.text)
        }
        canonical = types.indices.map { keyOfLine[$0] < 0 ? $0 : lastLineOfKey[keyOfLine[$0]] }

        /// What a name read from a file names: its text (a line of `types`, as most names are, is that line's
        /// string: no new string is made), the number of the type when it is a type's own name, and the number of
        /// the type it names either way (through an alias).
        func lookUp(_ bytes: ArraySlice<UInt8>) -> (text: String, own: Int?, any: Int?) {
            let entry = Self.withFolded(bytes) { folded -> Int32? in
                guard let folded else {
                    return nil
                }
                return mimeTypes.firstSlot(withFolded: folded)
            }
            guard let entry else {
                return (String(decoding: bytes, as: UTF8.self), nil, nil)
            }
            if entry & Self.aliasFlag != 0 {
                return (String(decoding: bytes, as: UTF8.self), nil, number(ofMIMEEntry: entry))
            }
            return (types[Int(entry)], canonical[Int(entry)], canonical[Int(entry)])
        }

        aliases = Array(repeating: [], count: types.count)
        var parents = [[String]](repeating: [], count: types.count)
        parentNumbers = Array(repeating: [], count: types.count)
        try DatabaseFile(name: "aliases", in: directory).forEachLine { line throws(TypeRegistryError) in
            let (aliasBytes, canonicalBytes) = try line.pair()
            // Only an alias of a type the database lists leads anywhere.
            guard let number = lookUp(canonicalBytes).own else {
                return
            }
            let alias = lookUp(aliasBytes).text
            aliases[number].append(alias)
            Self.withFolded(aliasBytes) { folded in
                if let folded {
                    mimeTypes.add(folded: folded, slot: Self.aliasFlag | Int32(number))
                }
            }
        }
        // From here on, `lookUp` knows every alias.
        try DatabaseFile(name: "subclasses", in: directory).forEachLine { line throws(TypeRegistryError) in
            let (childBytes, parentBytes) = try line.pair()
            if let number = lookUp(childBytes).own {
                let parent = lookUp(parentBytes)
                parents[number].append(parent.text)
                parentNumbers[number].append(parent.any)
            }
        }
        mimeTypeIndex = TagIndex(mimeTypes)
        // A type with no parent the database lists takes them; so does a type other than `application/` none of
        // whose parents has its media type (an image subclassing an archive is still an image).
        mediaParents = types.indices.map { number in
            let takesThem =
                parentNumbers[number].allSatisfy { $0 == nil }
                || (!Self.sameMediaType(types[number], "application/")
                    && !parents[number].contains(where: { Self.sameMediaType($0, types[number]) }))
            return takesThem ? MediaParents(of: types[number]) : nil
        }
        let globsFile = try DatabaseFile(name: "globs2", in: directory)
        var weighted: [(weight: Int, glob: Glob)] = []
        weighted.reserveCapacity(globsFile.lineCount)
        try globsFile.forEachLine { line throws(TypeRegistryError) in
            guard let (weight, mimeTypeBytes, fileExtension) = try line.glob() else {
                return
            }
            let mimeType = lookUp(mimeTypeBytes)
            // Globs of types the database does not list lead nowhere.
            if let number = mimeType.any {
                let named = Int32(mimeType.own ?? -1)
                weighted.append((weight, Glob(number: Int32(number), named: named, fileExtension: fileExtension)))
            }
        }
        // The file lists heavier globs first already (then there is nothing to sort); keep that order among equal
        // weights.
        if zip(weighted, weighted.dropFirst()).contains(where: { $0.weight < $1.weight }) {
            weighted = weighted.enumerated()
                .sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }.map(\.element)
        }
        globs = weighted.map(\.glob)
        firstGlob = Array(repeating: -1, count: types.count)
        nextGlob = Array(repeating: -1, count: globs.count)
        var extensions = TagIndexBuilder()
        extensions.reserveCapacity(globs.count)
        for (index, glob) in globs.enumerated().reversed() where glob.named >= 0 {
            nextGlob[index] = firstGlob[Int(glob.named)]
            firstGlob[Int(glob.named)] = Int32(index)
        }
        for glob in globs {
            Folding.withFoldedTag(glob.fileExtension, of: .filenameExtension) { folded in
                if let folded {
                    extensions.add(folded: folded, slot: glob.number)
                }
            }
        }
        extensionIndex = TagIndex(extensions)
    }

    /// Calls `body` with a MIME type's bytes folded as tags are (`Folding.withFoldedTag`), or with `nil` when they
    /// are no valid MIME type.
    private static func withFolded<Result>(
        _ bytes: ArraySlice<UInt8>, _ body: (Span<UInt8>?) -> Result
    ) -> Result {
        Folding.withFoldedASCII(bytes.span, of: .mimeType, body)
            ?? Folding.withFoldedTag(String(decoding: bytes, as: UTF8.self), of: .mimeType, body)
    }

    /// The path of a file of the database: `directory`, a slash unless it ends with one, and `name`. (Paths are
    /// joined as strings: a `URL`'s first `path` in a process costs a fraction of a millisecond.)
    static func path(of name: String, in directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// How many lines `types` has; type numbers are below it.
    var typeCount: Int { types.count }

    /// The extensions a type declares: those of the globs that name it by its own name, not an alias, heaviest
    /// first, each once.
    func extensions(ofNumber number: Int) -> [String] {
        var extensions: [String] = []
        var glob = firstGlob[number]
        while glob >= 0 {
            let fileExtension = globs[Int(glob)].fileExtension
            if !extensions.contains(fileExtension) {
                extensions.append(fileExtension)
            }
            glob = nextGlob[Int(glob)]
        }
        return extensions
    }

    /// The abstract catalog types a desktop type conforms to besides its `sub-class-of` parents: those of its media
    /// type when it has no parent the database lists, or when it is not an `application/` type and no parent has its
    /// media type (an image subclassing an archive is still an image); `nil` otherwise.
    func mediaParents(ofNumber number: Int) -> MediaParents? {
        mediaParents[number]
    }

    // MARK: Bridging onto the catalog

    /// MIME types the catalog declares under another name, or as a concept without that MIME type.
    static let bridges: [String: String] = [
        "application/octet-stream": "public.data",
        "inode/directory": "public.folder",
        "inode/symlink": "public.symlink",
        "inode/mount-point": "com.apple.mount-point",
        "application/x-executable": "public.unix-executable",
        "application/x-sharedlib": "public.unix-executable",
        "image/svg+xml-compressed": "public.svg-image",
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

    /// The abstract catalog types that a desktop type conforms to by its media type (`image/…`, `text/…`, …).
    enum MediaParents: Int, CaseIterable {
        case image, text, audio, video, font, model, message, inode, content, data

        /// The media type's parents, for a MIME type.
        init(of mimeType: String) {
            self =
                switch DesktopDatabase.mediaType(of: mimeType) {
                case "image": .image
                case "text": .text
                case "audio": .audio
                case "video": .video
                case "font": .font
                case "model": .model
                case "message": .message
                case "inode": .inode
                case "x-content": .content
                default: .data
                }
        }

        /// The parents' identifiers: an array made once, shared by every declaration with these parents.
        var identifiers: [String] { Self.identifierTable[rawValue] }

        /// The parents' slots in every registry (they are catalog types): an array made once.
        var slots: [Int32] { Self.slotTable[rawValue] }

        private static let identifierTable: [[String]] = allCases.map { parents in
            switch parents {
            case .image: ["public.image"]
            case .text: ["public.plain-text"]
            case .audio: ["public.audio"]
            case .video: ["public.movie"]
            case .font: ["public.font", "public.data"]
            case .model: ["public.3d-content", "public.data"]
            case .message: ["public.message", "public.data"]
            case .inode: ["public.item"]
            case .content: ["public.directory"]
            case .data: ["public.data"]
            }
        }

        private static let slotTable: [[Int32]] = identifierTable.map { identifiers in
            identifiers.compactMap { CatalogPart.shared.slotByIdentifier[$0] }
        }
    }

    /// The folded media type of a MIME type: `image` for `image/png`.
    fileprivate static func mediaType(of mimeType: String) -> String {
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

    /// The catalog type for a MIME type: the first catalog type with that MIME type, else a bridge.
    static func catalogSlot(for mimeType: String, in catalog: RegistryStorage) -> Int32? {
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
    /// The file's path.
    let path: String
    let bytes: [UInt8]

    init(name: String, in directory: String) throws(TypeRegistryError) {
        path = DesktopDatabase.path(of: name, in: directory)
        guard let bytes = Self.contents(ofFile: path) else {
            throw TypeRegistryError(
                .unreadableFile, file: path,
                message: "cannot read the desktop database file (is shared-mime-info installed?)")
        }
        self.bytes = bytes
    }

    /// The bytes of a regular file, read straight into the array (no `Data` to copy from); `nil` when it cannot be
    /// opened or read, or is not a regular file.
    private static func contents(ofFile path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return nil
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        // A byte more than the size, so that a file that grew meanwhile is seen to have: then it is read again.
        var capacity = Int(status.st_size) + 1
        while true {
            var failed = false
            let contents = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < capacity, let start = buffer.baseAddress {
                    let read = pread(descriptor, start + count, capacity - count, off_t(count))
                    if read == 0 || (read < 0 && errno != EINTR) {
                        failed = read < 0
                        return
                    }
                    count += max(read, 0)
                }
            }
            if failed {
                return nil
            }
            if contents.count < capacity {
                return contents
            }
            capacity *= 2
        }
    }

    /// A line that is neither blank nor a `#` comment.
    struct Line {
        let file: String
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
                .malformedDatabase, file: file, entry: "line \(number)",
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
                try body(Line(file: path, number: number, bytes: bytes[start..<end]))
            }
            start = end + 1
        }
    }
}
