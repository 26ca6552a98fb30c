#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// shared-mime-info's `mime.cache` of one database directory, with the database's `types` file (the cache has no list
/// of every type), both mapped, and checked: the header and the alias and parent lists at open, the tree as walked.
///
/// The cache (version 1.2, written by `update-mime-database`) is big-endian 32-bit words; a string is the offset of
/// NUL-terminated bytes. Its header is a major and a minor version (16 bits each), then the offsets of nine parts:
/// the alias list, the parent list, the literal list, the reverse suffix tree, the glob list, magic, namespaces,
/// icons and generic icons. Every read here goes through the mapping's bounds-checked `Span`; a read that depends
/// on the file is checked first, so a malformed cache gives `nil` or `.malformed`, never a trap.
package final class MIMECache: Sendable {
    /// Why a cache was not used (for the tests and for a debug log; callers fall back to the text files).
    package enum Unusable: Error, Equatable, Sendable {
        /// The directory has no `mime.cache` that is a non-empty regular file.
        case absent
        /// The cache is older than one of the text files it stands for, or one of them is missing.
        case stale
        /// The cache is not version 1.2.
        case unsupportedVersion
        /// The cache does not hold together: what and where.
        case malformed(String)
    }

    /// The mapped `mime.cache`.
    package let cache: MappedFile
    /// The mapped `types` file: one MIME type a line.
    package let types: MappedFile
    /// Where the lists and the tree are, as checked at open.
    private let header: Header

    /// The number of aliases.
    package var aliasCount: Int { header.aliasCount }
    /// The number of types with parents.
    package var parentEntryCount: Int { header.parentCount }
    /// The number of parents, over every type.
    package var parentCount: Int { header.parentTotal }

    /// The size of the header: two 16-bit versions and nine offsets.
    private static let headerSize = 40
    /// The size of a suffix tree node (character, child count, first child) or leaf (0, type, weight and flags).
    private static let nodeSize = 12
    /// The deepest a suffix tree goes (a real tree is about 20 levels deep).
    private static let maximumDepth = 255

    private init(cache: MappedFile, types: MappedFile, header: Header) {
        self.cache = cache
        self.types = types
        self.header = header
    }

    /// Opens `directory`'s `mime.cache` and `types`.
    ///
    /// The cache is used only when current: its `st_mtim` is not older than any of `types`, `aliases`, `subclasses`
    /// and `globs2` (all must exist and be regular files, else `.stale`; `update-mime-database` writes the cache
    /// last). The directory is opened once (`open(O_DIRECTORY)`); the text files are asked by name (`fstatat`).
    ///
    /// - Parameter directory: the database's directory, such as `/usr/share/mime`.
    /// - Returns: the cache, or why it cannot be used.
    package static func open(directory: String) -> Result<MIMECache, Unusable> {
        let descriptor = directory.withCString { path in
            openat(AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            return .failure(.absent)
        }
        defer { close(descriptor) }
        guard let cache = MappedFile(name: "mime.cache", in: descriptor) else {
            return .failure(.absent)
        }
        guard let types = MappedFile(name: "types", in: descriptor), cache.modified >= types.modified,
            isCurrent(cache.modified, directory: descriptor)
        else {
            return .failure(.stale)
        }
        // No allocation on the way to success: the checks fill `header` in place.
        var header = Header()
        let problem = cache.withBytes { bytes -> Unusable? in
            guard let last = Self.lastZero(in: bytes) else {
                return .malformed("the file has no NUL byte (\(bytes.count) bytes)")
            }
            header.lastZero = last
            if let problem = header.read(bytes) {
                return problem
            }
            guard let parentTotal = listsHold(header, in: bytes, lastZero: last) else {
                return .malformed(listProblem(header, in: bytes, lastZero: last) ?? "the lists do not hold together")
            }
            header.parentTotal = parentTotal
            header.globListHasExtensions = globListHasExtensions(header, in: bytes, lastZero: last)
            header.poolDigest = readStringPool(header, in: bytes)
            return nil
        }
        if let problem {
            return .failure(problem)
        }
        return .success(MIMECache(cache: cache, types: types, header: header))
    }

    /// Whether a cache modified at `modified` is not older than `aliases`, `subclasses` and `globs2`, which must be
    /// regular files (asked by C string literals: no `String` is made).
    private static func isCurrent(_ modified: FileTime, directory: Int32) -> Bool {
        // No array: a fresh process would pay for the runtime to make its type.
        func notNewer(_ time: FileTime?) -> Bool {
            time.map { $0 <= modified } ?? false
        }
        return notNewer(FileTime(ofRegularFile: "aliases", in: directory))
            && notNewer(FileTime(ofRegularFile: "subclasses", in: directory))
            && notNewer(FileTime(ofRegularFile: "globs2", in: directory))
    }

    /// The index of the last zero byte of `bytes`, or `nil` when there is none.
    private static func lastZero(in bytes: Span<UInt8>) -> Int? {
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] == 0 {
                return index
            }
            index -= 1
        }
        return nil
    }

    // MARK: Reading words

    /// The big-endian 32-bit word at `offset`; the caller has checked that `offset + 4 <= bytes.count`.
    @inline(__always)
    private static func word(_ bytes: Span<UInt8>, _ offset: Int) -> Int {
        Int(MappedFile.bigEndianWord(bytes, at: offset))
    }

    /// Whether `count` entries of `size` bytes from `offset` lie inside a file of `fileSize` bytes.
    private static func fits(_ offset: Int, count: Int, size: Int, in fileSize: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= fileSize && count <= (fileSize - offset) / size
    }

    /// The cache's header, read and checked: the version and the nine offsets.
    private struct Header {
        var aliasEntries = 0
        var aliasCount = 0
        var parentEntries = 0
        var parentCount = 0
        /// The number of parents over all entries of the parent list (`listsHold`).
        var parentTotal = 0
        var globEntries = 0
        var globCount = 0
        var rootEntries = 0
        var rootCount = 0
        /// The offset of the file's last NUL byte: a string offset is valid when it is not past it.
        var lastZero = 0
        /// Whether the glob list has a `*.EXT` pattern with a literal extension. update-mime-database puts every `*`
        /// + literal suffix in the tree and only patterns with `[`, `?`, `\` or a later `*` in the glob list, so a
        /// cache it wrote has none; the literal list holds whole names (no `*`), which are no extensions.
        var globListHasExtensions = false
        /// The string pool's bytes read by `readStringPool`, combined: kept only so that the read is not optimised
        /// away.
        var poolDigest: UInt8 = 0

        /// The name of the header's part `index` (0–8), for messages.
        private static func part(_ index: Int) -> String {
            switch index {
            case 0: "alias list"
            case 1: "parent list"
            case 2: "literal list"
            case 3: "suffix tree"
            case 4: "glob list"
            case 5: "magic"
            case 6: "namespace list"
            case 7: "icon list"
            default: "generic icon list"
            }
        }

        /// Reads and checks the header of `bytes`: the version, the nine offsets, the lists' counts and the tree's
        /// roots; what is wrong, or `nil` when nothing is.
        mutating func read(_ bytes: Span<UInt8>) -> Unusable? {
            let size = bytes.count
            guard size >= headerSize else {
                return .malformed("the header needs \(headerSize) bytes, the file has \(size)")
            }
            let major = Int(bytes[0]) << 8 | Int(bytes[1])
            let minor = Int(bytes[2]) << 8 | Int(bytes[3])
            guard major == 1, minor == 2 else {
                return .unsupportedVersion
            }
            for index in 0..<9 {
                let offset = word(bytes, 4 + 4 * index)
                // Each part starts with at least one word (magic with three).
                let least = index == 5 ? 12 : 4
                guard offset % 4 == 0, offset >= headerSize, fits(offset, count: 1, size: least, in: size) else {
                    return .malformed(
                        "header: the \(Self.part(index))'s offset \(offset) is not a 4-aligned part of the file"
                            + " (\(size) bytes)")
                }
            }
            // Lists: a count, then entries of a fixed size.
            var problem: Unusable?
            func list(_ index: Int, entrySize: Int) -> (entries: Int, count: Int) {
                let offset = word(bytes, 4 + 4 * index)
                let count = word(bytes, offset)
                guard fits(offset + 4, count: count, size: entrySize, in: size) else {
                    problem =
                        problem
                        ?? .malformed(
                            "\(Self.part(index)) at \(offset): \(count) entries of \(entrySize) bytes do not fit"
                                + " in the file (\(size) bytes)")
                    return (0, 0)
                }
                return (offset + 4, count)
            }
            (aliasEntries, aliasCount) = list(0, entrySize: 8)
            (parentEntries, parentCount) = list(1, entrySize: 8)
            _ = list(2, entrySize: 12)
            (globEntries, globCount) = list(4, entrySize: 12)
            _ = list(6, entrySize: 12)
            _ = list(7, entrySize: 8)
            _ = list(8, entrySize: 8)
            if let problem {
                return problem
            }
            // The tree: a root count and the offset of the first root.
            let tree = word(bytes, 16)
            guard fits(tree, count: 2, size: 4, in: size) else {
                return .malformed("suffix tree at \(tree): its two words do not fit in the file (\(size) bytes)")
            }
            rootCount = word(bytes, tree)
            rootEntries = word(bytes, tree + 4)
            guard rootEntries % 4 == 0, fits(rootEntries, count: rootCount, size: nodeSize, in: size) else {
                return .malformed(
                    "suffix tree at \(tree): \(rootCount) roots at \(rootEntries) are not a 4-aligned part of the"
                        + " file (\(size) bytes)")
            }
            return nil
        }
    }

    /// Whether the alias and parent lists' string offsets are not past `lastZero`, each parent list fits, and the
    /// entries name no more parents than the file has words (a cache written by update-mime-database gives each entry
    /// its own list; entries sharing one long list would make reading them unbounded): the fast check, without
    /// messages (`listProblem` says what is wrong). The number of parents over every entry, or `nil` when they do not
    /// hold.
    private static func listsHold(_ header: Header, in bytes: Span<UInt8>, lastZero: Int) -> Int? {
        var total = 0
        let size = bytes.count
        var highest = 0
        var entry = header.aliasEntries
        for _ in 0..<header.aliasCount {
            highest = max(highest, word(bytes, entry), word(bytes, entry + 4))
            entry += 8
        }
        entry = header.parentEntries
        for _ in 0..<header.parentCount {
            let parents = word(bytes, entry + 4)
            highest = max(highest, word(bytes, entry))
            guard parents % 4 == 0, fits(parents, count: 1, size: 4, in: size) else {
                return nil
            }
            let count = word(bytes, parents)
            guard fits(parents + 4, count: count, size: 4, in: size) else {
                return nil
            }
            total += count
            guard total <= size / 4 else {
                return nil
            }
            var parent = parents + 4
            for _ in 0..<count {
                highest = max(highest, word(bytes, parent))
                parent += 4
            }
            entry += 8
        }
        return highest <= lastZero ? total : nil
    }

    /// What is wrong with the alias and parent lists (the slow path of `listsHold`, with what and where).
    private static func listProblem(_ header: Header, in bytes: Span<UInt8>, lastZero: Int) -> String? {
        let size = bytes.count
        var total = 0
        func string(_ offset: Int, _ what: @autoclosure () -> String) -> String? {
            offset <= lastZero
                ? nil
                : "\(what()) offset \(offset) is past the last string (the last NUL is at \(lastZero), \(size) bytes)"
        }
        for index in 0..<header.aliasCount {
            let entry = header.aliasEntries + 8 * index
            if let problem = string(word(bytes, entry), "alias \(index): alias")
                ?? string(word(bytes, entry + 4), "alias \(index): type")
            {
                return problem
            }
        }
        for index in 0..<header.parentCount {
            let entry = header.parentEntries + 8 * index
            if let problem = string(word(bytes, entry), "parent entry \(index): type") {
                return problem
            }
            let parents = word(bytes, entry + 4)
            guard parents % 4 == 0, fits(parents, count: 1, size: 4, in: size) else {
                return "parent entry \(index): its list's offset \(parents) is not a 4-aligned part of the file"
                    + " (\(size) bytes)"
            }
            let count = word(bytes, parents)
            guard fits(parents + 4, count: count, size: 4, in: size) else {
                return "parent entry \(index): \(count) parents at \(parents) do not fit in the file (\(size) bytes)"
            }
            total += count
            guard total <= size / 4 else {
                return "parent entry \(index): the entries up to it name \(total) parents, more than the file has"
                    + " words (\(size / 4)): lists shared between entries"
            }
            for parent in 0..<count {
                if let problem = string(
                    word(bytes, parents + 4 + 4 * parent), "parent entry \(index): parent \(parent)")
                {
                    return problem
                }
            }
        }
        return nil
    }

    /// Reads the string pool once, in order, one byte a cache line: from the header to the alias list, where
    /// update-mime-database writes every string. The aliases and parents, read next, name its strings in no order
    /// (the pool is in the order of a hash table); read in order first, the processor fetches the pool ahead of the
    /// reads, and the look-ups that follow find it in its cache. (In another layout this only reads some bytes.)
    ///
    /// - Returns: the bytes read, combined.
    private static func readStringPool(_ header: Header, in bytes: Span<UInt8>) -> UInt8 {
        var digest: UInt8 = 0
        var offset = headerSize
        let end = min(header.aliasEntries, bytes.count)
        while offset < end {
            digest ^= bytes[offset]
            offset += 64
        }
        return digest
    }

    /// Whether the glob list has a `*.EXT` pattern whose extension is literal, so that a look-up must read it too.
    private static func globListHasExtensions(_ header: Header, in bytes: Span<UInt8>, lastZero: Int) -> Bool {
        let (entries, count) = (header.globEntries, header.globCount)
        for index in 0..<count {
            let pattern = word(bytes, entries + 12 * index)
            guard pattern <= lastZero else {
                continue
            }
            let range = string(at: pattern, in: bytes)
            if range.count > 2, bytes[range.lowerBound] == 0x2A, bytes[range.lowerBound + 1] == 0x2E,
                isLiteral(bytes.extracting((range.lowerBound + 2)..<range.upperBound))
            {
                return true
            }
        }
        return false
    }

    /// Whether `suffix` is a literal extension: not empty, no `*`, `?`, `[`, `]`, `\`, `/` or space (as
    /// `DesktopDatabase.literalExtension` decides).
    private static func isLiteral(_ suffix: Span<UInt8>) -> Bool {
        guard !suffix.isEmpty else {
            return false
        }
        for index in 0..<suffix.count {
            switch suffix[index] {
            case 0x2A, 0x3F, 0x5B, 0x5D, 0x5C, 0x2F, 0x20: return false
            default: continue
            }
        }
        return true
    }

    // MARK: Aliases and parents

    /// The alias at `index`, in the cache's order (sorted by alias): string offsets into `cache`.
    ///
    /// - Parameter index: the alias's index, below `aliasCount`.
    /// - Returns: the offsets of the alias and of its canonical type.
    package func alias(_ index: Int) -> (alias: Int, type: Int) {
        precondition(index >= 0 && index < aliasCount, "alias \(index) of \(aliasCount)")
        let entry = header.aliasEntries + 8 * index
        return cache.withBytes { bytes in (Self.word(bytes, entry), Self.word(bytes, entry + 4)) }
    }

    /// The parent entry at `index`, in the cache's order (sorted by type name).
    ///
    /// - Parameter index: the entry's index, below `parentEntryCount`.
    /// - Returns: the type's string offset and the number of its parents.
    package func parentEntry(_ index: Int) -> (type: Int, parentCount: Int) {
        precondition(index >= 0 && index < parentEntryCount, "parent entry \(index) of \(parentEntryCount)")
        let entry = header.parentEntries + 8 * index
        return cache.withBytes { bytes in (Self.word(bytes, entry), Self.word(bytes, Self.word(bytes, entry + 4))) }
    }

    /// The parent at `index` of the parent entry `entry`: a string offset.
    ///
    /// - Parameters:
    ///   - index: the parent's index, below the entry's `parentCount`.
    ///   - entry: the entry's index, below `parentEntryCount`.
    /// - Returns: the parent's string offset.
    package func parent(_ index: Int, of entry: Int) -> Int {
        precondition(entry >= 0 && entry < parentEntryCount, "parent entry \(entry) of \(parentEntryCount)")
        return cache.withBytes { bytes in
            let parents = Self.word(bytes, header.parentEntries + 8 * entry + 4)
            precondition(index >= 0 && index < Self.word(bytes, parents), "parent \(index) of entry \(entry)")
            return Self.word(bytes, parents + 4 + 4 * index)
        }
    }

    /// The bytes of the NUL-terminated string at `offset` (without the NUL), within `bytes` (the cache's `Span`); up
    /// to the end when there is no NUL, empty when `offset` is not inside `bytes`.
    ///
    /// - Parameters:
    ///   - offset: the string's offset.
    ///   - bytes: the cache's bytes.
    /// - Returns: the range of the string's bytes.
    package static func string(at offset: Int, in bytes: Span<UInt8>) -> Range<Int> {
        guard offset >= 0, offset < bytes.count else {
            return bytes.count..<bytes.count
        }
        return offset..<ByteWord.firstIndex(of: 0, in: bytes, from: offset)
    }

    // MARK: The suffix tree

    /// The types of the literal extension `ext` (already folded to lower case, ASCII or UTF-8), as the text path's
    /// index of `globs2` gives them.
    ///
    /// Found in the reverse suffix tree: the leaves under the path `.` + `ext`, walked from its last character, a
    /// letter in both cases (a glob's capitals are kept in the tree, and the text path folds every glob), then the
    /// glob list's `*.EXT` patterns (none in a cache update-mime-database wrote). The `:cs` flag is ignored,
    /// as the text path ignores it. A character whose capital is not its one-scalar upper-case mapping (the Kelvin
    /// sign for `k`, `İ` whose lower case is two scalars) is not found this way; `forEachLiteralExtension` folds
    /// whole suffixes as the text path does and finds it (no such glob in shared-mime-info's database).
    ///
    /// Order: heaviest first. Among equal weights, the tree's order: the paths in ascending order of their characters
    /// (so `C` before `c`), and under one path the leaves as the file holds them, which is the order of the one
    /// pattern's globs in `globs2` (update-mime-database inserts a pattern's globs into the tree in its list order and
    /// writes `globs2` from the same lists). A type found twice (under two cases) keeps its first place, as the text
    /// path's index keeps it. Where two cases of one extension both hold globs of equal weight (`*.C` and `*.c`),
    /// `globs2` orders the two patterns as update-mime-database's hash table iterates them, which the cache does not
    /// record: the ascending order here matches this machine's `globs2` but is not guaranteed to match every one.
    ///
    /// Bounded: each step consumes a character of `ext`, at most two nodes are followed for each, a child list must
    /// lie after its node (update-mime-database writes the tree level by level: no cycle), at most 255 levels deep,
    /// and at most two list searches per 12 bytes of the file (a tree whose lists are shared by several nodes could
    /// otherwise double the paths at each level).
    ///
    /// - Parameter ext: the extension's bytes, folded.
    /// - Returns: (type string offset, weight) pairs; `nil` when the tree is malformed on the path walked.
    package func types(ofExtension ext: Span<UInt8>) -> [(type: Int, weight: Int)]? {
        var types: [(type: Int, weight: Int)] = []
        guard forEachType(ofExtension: ext, { types.append(($0, $1)) }) else {
            return nil
        }
        return types
    }

    /// Calls `body` with each type of the literal extension `ext` and its weight, as `types(ofExtension:)` returns
    /// them, without making an array of tuples (a fresh process pays about 20 µs for the runtime to make the type of
    /// one, measured here).
    ///
    /// - Parameters:
    ///   - ext: the extension's bytes, folded.
    ///   - body: what to do with each type's string offset and the glob's weight.
    /// - Returns: `false` when the tree is malformed on the path walked (then `body` has not been called).
    package func forEachType(ofExtension ext: Span<UInt8>, _ body: (Int, Int) -> Void) -> Bool {
        guard !ext.isEmpty else {
            return true  // no glob `*.` is a literal extension
        }
        var walk = ExtensionWalk(lastZero: header.lastZero)
        let ok = cache.withBytes { bytes -> Bool in
            guard walk.walk(bytes, ext, list: header.rootEntries, count: header.rootCount, end: ext.count, depth: 0)
            else {
                return false
            }
            forEachListedExtension(bytes) { extensionBytes, type, weight in
                if TagIndexBuilder.equal(extensionBytes, ext) {
                    walk.found.append(Int32(type))
                    walk.found.append(Int32(weight))
                }
            }
            return true
        }
        guard ok else {
            return false
        }
        // Heaviest first, keeping the order among equal weights (an insertion sort of the pairs: there are few); a
        // type found again (in another case) keeps its first place, as in the text path's index.
        var found = walk.found
        var sorted = 2
        while sorted < found.count {
            let (type, weight) = (found[sorted], found[sorted + 1])
            var place = sorted
            while place > 0, found[place - 1] < weight {
                found[place] = found[place - 2]
                found[place + 1] = found[place - 1]
                place -= 2
            }
            found[place] = type
            found[place + 1] = weight
            sorted += 2
        }
        var index = 0
        while index < found.count {
            var seen = false
            var earlier = 0
            while earlier < index {
                seen = seen || found[earlier] == found[index]
                earlier += 2
            }
            if !seen {
                body(Int(found[index]), Int(found[index + 1]))
            }
            index += 2
        }
        return true
    }

    /// One extension's walk down the suffix tree, from its last character to the `.` before it, then its leaves.
    private struct ExtensionWalk {
        /// The offset of the cache's last NUL: a leaf's type offset must not be past it.
        let lastZero: Int
        /// The leaves found: type string offset, weight, type, weight… (Offsets fit: a cache is mapped only up to
        /// 64 MiB. An array of `Int32`, whose type a process has made already, where a first array of `Int` costs
        /// the runtime a lookup by name.)
        var found: [Int32] = []
        /// Lists searched so far: a well-formed tree has at most one list per 12 bytes of the file, and the walk
        /// searches each at most twice (two cases of a character). More is a tree whose lists are shared.
        var visits = 0

        /// Walks the `count` nodes at `list` of `bytes` for the scalar of `ext` that ends at `end` (the `.` when
        /// `end` is 0); `false` when the tree is malformed.
        mutating func walk(_ bytes: Span<UInt8>, _ ext: Span<UInt8>, list: Int, count: Int, end: Int, depth: Int)
            -> Bool
        {
            visits += 1
            guard depth <= MIMECache.maximumDepth, visits <= 2 * bytes.count / MIMECache.nodeSize, list % 4 == 0,
                MIMECache.fits(list, count: count, size: MIMECache.nodeSize, in: bytes.count)
            else {
                return false
            }
            let scalar: UInt32
            let start: Int
            if end == 0 {
                scalar = 0x2E
                start = -1
            } else {
                guard let (value, first) = MIMECache.scalar(endingAt: end, in: ext) else {
                    return true  // not UTF-8: no glob
                }
                scalar = value
                start = first
            }
            // The tree's order: characters ascending (an upper-case letter before its lower case).
            let (first, second) = MIMECache.caseVariants(of: scalar)
            for variant in 0..<2 {
                let character = variant == 0 ? first : second
                guard character != 0, let node = Self.find(character, in: bytes, list: list, count: count) else {
                    continue
                }
                let childCount = MIMECache.word(bytes, node + 4)
                let children = MIMECache.word(bytes, node + 8)
                guard children > node else {
                    return false  // update-mime-database writes each node's children after it: a cycle
                }
                if start < 0 {
                    guard collectLeaves(bytes, list: children, count: childCount) else {
                        return false
                    }
                } else if !walk(bytes, ext, list: children, count: childCount, end: start, depth: depth + 1) {
                    return false
                }
            }
            return true
        }

        /// The node for `scalar` among the `count` sorted nodes at `list` (binary search), or `nil`.
        static func find(_ scalar: UInt32, in bytes: Span<UInt8>, list: Int, count: Int) -> Int? {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                let character = MIMECache.word(bytes, list + MIMECache.nodeSize * middle)
                if character == scalar {
                    return list + MIMECache.nodeSize * middle
                } else if character < scalar {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return nil
        }

        /// Appends the leaves that start the `count` nodes at `list`; `false` when they do not fit the file.
        mutating func collectLeaves(_ bytes: Span<UInt8>, list: Int, count: Int) -> Bool {
            guard list % 4 == 0, MIMECache.fits(list, count: count, size: MIMECache.nodeSize, in: bytes.count) else {
                return false
            }
            for index in 0..<count {
                let leaf = list + MIMECache.nodeSize * index
                guard MIMECache.word(bytes, leaf) == 0 else {
                    break
                }
                let type = MIMECache.word(bytes, leaf + 4)
                guard type <= lastZero else {
                    return false
                }
                found.append(Int32(type))
                found.append(Int32(MIMECache.word(bytes, leaf + 8) & 0xFF))
            }
            return true
        }
    }

    /// The Unicode scalar whose UTF-8 bytes end at `end` in `bytes`, and where they start; `nil` when they are not
    /// UTF-8.
    private static func scalar(endingAt end: Int, in bytes: Span<UInt8>) -> (UInt32, Int)? {
        var start = end - 1
        while start > 0, end - start < 4, bytes[start] & 0xC0 == 0x80 {
            start -= 1
        }
        let lead = UInt32(bytes[start])
        let length = end - start
        let expected =
            switch lead {
            case 0..<0x80: 1
            case 0xC2..<0xE0: 2
            case 0xE0..<0xF0: 3
            case 0xF0..<0xF5: 4
            default: 0
            }
        guard expected == length else {
            return nil
        }
        var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
        for index in (start + 1)..<end {
            value = value << 6 | UInt32(bytes[index] & 0x3F)
        }
        guard Unicode.Scalar(value) != nil else {
            return nil
        }
        return (value, start)
    }

    /// The characters the tree may hold for a folded character, the smaller first: the character and its upper-case
    /// form when that is one other scalar (a glob's capitals are kept in the tree); 0 for none.
    private static func caseVariants(of scalar: UInt32) -> (UInt32, UInt32) {
        if scalar < 0x80 {
            return scalar >= 0x61 && scalar <= 0x7A ? (scalar - 0x20, scalar) : (scalar, 0)
        }
        return caseVariantsBeyondASCII(of: scalar)
    }

    /// `caseVariants(of:)` of a scalar past ASCII, apart: asking Unicode's properties costs the runtime the metadata
    /// of `Unicode.Scalar.Properties`, which an ASCII extension then never pays.
    @inline(never)
    private static func caseVariantsBeyondASCII(of scalar: UInt32) -> (UInt32, UInt32) {
        guard let unicode = Unicode.Scalar(scalar) else {
            return (scalar, 0)
        }
        let upper = unicode.properties.uppercaseMapping.unicodeScalars
        guard upper.count == 1, let first = upper.first, first.value != scalar else {
            return (scalar, 0)
        }
        return (min(scalar, first.value), max(scalar, first.value))
    }

    /// Calls `body` with each `*.EXT` pattern of the glob list whose extension is literal, folded.
    private func forEachListedExtension(_ bytes: Span<UInt8>, _ body: (Span<UInt8>, Int, Int) -> Void) {
        guard header.globListHasExtensions else {
            return
        }
        let (entries, count) = (header.globEntries, header.globCount)
        for index in 0..<count {
            let entry = entries + 12 * index
            let pattern = Self.word(bytes, entry)
            let type = Self.word(bytes, entry + 4)
            guard pattern <= header.lastZero, type <= header.lastZero else {
                continue
            }
            let range = Self.string(at: pattern, in: bytes)
            guard range.count > 2, bytes[range.lowerBound] == 0x2A, bytes[range.lowerBound + 1] == 0x2E else {
                continue
            }
            var suffix: [UInt8] = []
            for index in (range.lowerBound + 2)..<range.upperBound {
                suffix.append(bytes[index])
            }
            if Self.foldLiteral(&suffix) {
                body(suffix.span, type, Self.word(bytes, entry + 8) & 0xFF)
            }
        }
    }

    /// Appends the UTF-8 bytes of `scalar`, a Unicode scalar value (checked when its node was read), to `bytes`.
    private static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18 & 0x07))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Folds `suffix` in place as a filename extension (`Folding.foldTag`: ASCII letters lowered here, other text
    /// with Unicode case mapping) when it is literal (no `*`, `?`, `[`, `]`, `\`, `/` or space, as
    /// `DesktopDatabase.literalExtension` decides); whether it is literal and a valid tag once folded
    /// (`Folding.isValidTag`), as the text path keeps a glob.
    private static func foldLiteral(_ suffix: inout [UInt8]) -> Bool {
        guard isLiteral(suffix.span) else {
            return false
        }
        var ascii = true
        for index in suffix.indices {
            ascii = ascii && suffix[index] < 0x80
            suffix[index] = Folding.lowercase(suffix[index])
        }
        if !ascii {
            suffix = Array(
                Folding.foldTag(String(decoding: suffix, as: UTF8.self), of: UTTagClass.Kind.filenameExtension).utf8)
        }
        return Folding.isValidTag(suffix.span, of: .filenameExtension)
    }

    /// Every literal-extension glob in the cache: the tree's leaves whose suffix is `.` + a literal extension (no `*`
    /// `?` `[` `]` `\` `/` or space, as `DesktopDatabase.literalExtension` decides, and a valid tag once folded), then the
    /// glob list's `*.EXT` patterns (none in a cache update-mime-database wrote).
    ///
    /// Each comes as (extension folded to lower case, type string offset, weight), heaviest first; among equal weights
    /// in the tree's depth-first order (siblings in ascending order of their characters, leaves as the file holds
    /// them), then the glob list's. For one extension this is `globs2`'s order (see `types(ofExtension:)`, which gives the
    /// same order; a pair the cache holds under two cases comes twice). Across extensions it is not: `globs2` lists
    /// equal weights in the order update-mime-database's hash table iterates the patterns, which the cache does not
    /// record. So the order of one type's extensions (hence its first, preferred extension) can differ from the text
    /// path's: on this machine for 118 of the 748 types with literal globs (`image/jpeg`: `globs2` gives jpeg, jpe,
    /// jpg; the tree jpe, jpeg, jpg).
    ///
    /// Checked as walked: each node inside the file, 4-aligned, its child list after it (no cycle), siblings sorted,
    /// characters Unicode scalars, type offsets inside the string pool, at most 255 levels and at most one node visit
    /// per 12 bytes of the file.
    ///
    /// - Parameter body: what to do with each glob: its folded extension, its type's string offset and its weight.
    /// - Returns: `false` when the tree is malformed (then `body` has not been called).
    package func forEachLiteralExtension(_ body: (Span<UInt8>, Int, Int) -> Void) -> Bool {
        cache.withBytes { bytes -> Bool in
            var globs = LiteralGlobs()
            guard globs.collect(bytes, roots: header.rootEntries, count: header.rootCount, lastZero: header.lastZero)
            else {
                return false
            }
            forEachListedExtension(bytes) { folded, type, weight in
                globs.append(folded, type: type, weight: weight)
            }
            globs.forEachHeaviestFirst(body)
            return true
        }
    }

    /// The literal-extension globs of a whole tree, folded, in one buffer.
    private struct LiteralGlobs {
        /// Every glob's folded extension, one after the other.
        var extensionBytes: [UInt8] = []
        /// Where each glob's extension ends in `extensionBytes`.
        var ends: [Int] = []
        var types: [Int] = []
        var weights: [Int] = []

        mutating func append(_ folded: Span<UInt8>, type: Int, weight: Int) {
            for index in 0..<folded.count {
                extensionBytes.append(folded[index])
            }
            ends.append(extensionBytes.count)
            types.append(type)
            weights.append(weight)
        }

        /// Walks the tree depth first with an explicit stack, checking each node as it is read; `false` when the tree
        /// is malformed.
        mutating func collect(_ bytes: Span<UInt8>, roots: Int, count: Int, lastZero: Int) -> Bool {
            guard roots % 4 == 0, MIMECache.fits(roots, count: count, size: MIMECache.nodeSize, in: bytes.count) else {
                return false
            }
            // The frames of the walk, by depth: the next node of a child list, the list's end, and the least character
            // its next node may have (siblings are sorted, leaves first).
            let levels = MIMECache.maximumDepth + 1
            var next = [Int](repeating: 0, count: levels)
            var ends = [Int](repeating: 0, count: levels)
            var least = [Int](repeating: 0, count: levels)
            // The characters of the nodes above the current list (`depth` of them): the suffix, reversed.
            var path = [UInt32](repeating: 0, count: levels)
            var depth = 0
            next[0] = roots
            ends[0] = roots + MIMECache.nodeSize * count
            var suffix: [UInt8] = []
            var visits = 0
            let nodeLimit = bytes.count / MIMECache.nodeSize
            while depth >= 0 {
                let top = next[depth]
                guard top < ends[depth] else {
                    depth -= 1
                    continue
                }
                next[depth] = top + MIMECache.nodeSize
                visits += 1
                let character = MIMECache.word(bytes, top)
                guard visits <= nodeLimit, character >= least[depth] else {
                    return false  // a node visited twice, or siblings out of order
                }
                least[depth] = character == 0 ? 0 : character + 1
                if character == 0 {
                    // A leaf: the suffix is the path reversed, a literal extension when it starts with a period.
                    guard depth >= 2, path[depth - 1] == 0x2E else {
                        continue
                    }
                    let type = MIMECache.word(bytes, top + 4)
                    guard type <= lastZero else {
                        return false
                    }
                    suffix.removeAll(keepingCapacity: true)
                    var index = depth - 2
                    while index >= 0 {
                        MIMECache.appendUTF8(path[index], to: &suffix)
                        index -= 1
                    }
                    if MIMECache.foldLiteral(&suffix) {
                        append(suffix.span, type: type, weight: MIMECache.word(bytes, top + 8) & 0xFF)
                    }
                    continue
                }
                let childCount = MIMECache.word(bytes, top + 4)
                let children = MIMECache.word(bytes, top + 8)
                guard Unicode.Scalar(UInt32(truncatingIfNeeded: character)) != nil, children > top,
                    children % 4 == 0,
                    MIMECache.fits(children, count: childCount, size: MIMECache.nodeSize, in: bytes.count),
                    depth < MIMECache.maximumDepth
                else {
                    return false
                }
                path[depth] = UInt32(character)
                depth += 1
                next[depth] = children
                ends[depth] = children + MIMECache.nodeSize * childCount
                least[depth] = 0
            }
            return true
        }

        /// Calls `body` with each glob, heaviest first, in the order collected among equal weights (a stable counting
        /// sort on the weight, 0–255).
        func forEachHeaviestFirst(_ body: (Span<UInt8>, Int, Int) -> Void) {
            var counts = [Int](repeating: 0, count: 256)
            for weight in weights {
                counts[weight] += 1
            }
            var start = 0
            for weight in (0..<256).reversed() {
                let count = counts[weight]
                counts[weight] = start
                start += count
            }
            var order = [Int](repeating: 0, count: weights.count)
            for (index, weight) in weights.enumerated() {
                order[counts[weight]] = index
                counts[weight] += 1
            }
            let all = extensionBytes.span
            for index in order {
                let first = index == 0 ? 0 : ends[index - 1]
                body(all.extracting(first..<ends[index]), types[index], weights[index])
            }
        }
    }
}
