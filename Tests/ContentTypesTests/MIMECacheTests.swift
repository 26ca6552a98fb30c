import Foundation
import TestSupport
import Testing

@testable import ContentTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// shared-mime-info's `mime.cache` read in place (`MIMECache`, `MappedFile`): against the text files it was built from
/// on this machine's database, when it is current or not, and damaged in every way a file can be.
@Suite("MIME cache")
struct MIMECacheTests {
    /// The system's database.
    static let system = "/usr/share/mime"
    /// The files a database copy needs: the cache and the text files it stands for.
    static let files = ["mime.cache", "types", "aliases", "subclasses", "globs2"]
    static let hasSystemCache = FileManager.default.fileExists(atPath: system + "/mime.cache")
    static let noCache: Comment = "the system's database has no mime.cache (install shared-mime-info)"

    // MARK: The system's database against its text files

    @Test(.enabled(if: hasSystemCache, noCache))
    func aliasesAreTheAliasesFile() throws {
        let cache = try Self.open(Self.system)
        let fromCache = (0..<cache.aliasCount).map { index in
            let (alias, type) = cache.alias(index)
            return Pair(cache.text(at: alias), cache.text(at: type))
        }
        let fromFile = try Self.lines("aliases").map { line in
            let fields = line.split(separator: " ").map(String.init)
            return Pair(fields[0], fields.count > 1 ? fields[1] : "")
        }
        #expect(!fromCache.isEmpty)
        #expect(Set(fromCache) == Set(fromFile))
        // update-mime-database writes both sorted by alias, bytewise.
        if fromFile.map(\.first).isSortedByBytes {
            #expect(fromCache == fromFile)
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func parentsAreTheSubclassesFile() throws {
        let cache = try Self.open(Self.system)
        var fromCache: [String: [String]] = [:]
        var order: [String] = []
        for entry in 0..<cache.parentEntryCount {
            let (type, count) = cache.parentEntry(entry)
            let name = cache.text(at: type)
            order.append(name)
            fromCache[name] = (0..<count).map { cache.text(at: cache.parent($0, of: entry)) }
        }
        var fromFile: [String: [String]] = [:]
        for line in try Self.lines("subclasses") {
            let fields = line.split(separator: " ").map(String.init)
            fromFile[fields[0], default: []].append(fields.count > 1 ? fields[1] : "")
        }
        #expect(fromCache.count == cache.parentEntryCount)  // each type once
        #expect(!fromCache.isEmpty && fromCache == fromFile)
        #expect(order.isSortedByBytes)
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func literalExtensionsAreTheGlobs2LiteralGlobs() throws {
        let cache = try Self.open(Self.system)
        var fromCache: [Glob] = []
        let walked = cache.forEachLiteralExtension { folded, type, weight in
            fromCache.append(Glob(fileExtension: folded.string, type: cache.text(at: type), weight: weight))
        }
        #expect(walked)
        // Heaviest first.
        #expect(zip(fromCache, fromCache.dropFirst()).allSatisfy { $0.weight >= $1.weight })
        let expected = try Self.literalGlobs()
        let unique = fromCache.firstOfEach
        #expect(unique.count > 1000)
        #expect(Set(unique) == Set(expected))
        // For each extension, its types in globs2's order.
        #expect(unique.typesByExtension == expected.typesByExtension)
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func typesOfEveryExtensionAreGlobs2s() throws {
        let cache = try Self.open(Self.system)
        let expected = try Self.literalGlobs().typesByExtension
        // Named cases first: a plain one, a two-part one, one with several types, the case-sensitive C and c.
        for name in ["torrent", "tar.gz", "gz", "iso", "asc", "c", "m"] {
            let types = cache.types(ofExtension: name.utf8.span)?.map { Weighted(cache.text(at: $0.type), $0.weight) }
            #expect(types?.isEmpty == false, "\(name)")
            #expect(types == expected[name], "\(name)")
        }
        #expect(expected["c"]?.count == 2)  // text/x-c++src (*.C) and text/x-csrc (*.c), both case-sensitive
        #expect(cache.types(ofExtension: "dndkit-unknown".utf8.span)?.isEmpty == true)
        #expect(cache.types(ofExtension: "torrentx".utf8.span)?.isEmpty == true)
        for (name, types) in expected {
            let found = cache.types(ofExtension: name.utf8.span)?.map { Weighted(cache.text(at: $0.type), $0.weight) }
            #expect(found == types, "\(name)")
            var each: [Weighted] = []
            #expect(cache.forEachType(ofExtension: name.utf8.span) { each.append(Weighted(cache.text(at: $0), $1)) })
            #expect(each == types, "\(name)")
        }
    }

    // MARK: Currency

    @Test(.enabled(if: hasSystemCache, noCache))
    func aCopyWithItsTimesIsCurrent() throws {
        try Self.withCopy { folder in
            let cache = try Self.open(folder.path)
            #expect(cache.aliasCount > 0 && cache.types.count > 0)
            #expect(cache.types(ofExtension: "torrent".utf8.span)?.count == 1)
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache), arguments: ["types", "aliases", "subclasses", "globs2"])
    func aTextFileNewerThanTheCacheMakesItStale(name: String) throws {
        try Self.withCopy { folder in
            try Self.touch(
                folder.appendingPathComponent(name), secondsAfter: folder.appendingPathComponent("mime.cache"))
            #expect(Self.unusable(folder) == .stale)
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache), arguments: ["types", "aliases", "subclasses", "globs2"])
    func aMissingTextFileMakesItStale(name: String) throws {
        try Self.withCopy { folder in
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            #expect(Self.unusable(folder) == .stale)
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func noCacheIsAbsent() throws {
        try Self.withCopy { folder in
            try FileManager.default.removeItem(at: folder.appendingPathComponent("mime.cache"))
            #expect(Self.unusable(folder) == .absent)
        }
        #expect(Self.unusable(URL(fileURLWithPath: "/nonexistent/dndkit-mime")) == .absent)
    }

    @Test(.enabled(if: hasSystemCache, noCache), .timeLimit(.minutes(1)))
    func aNamedPipeIsNotUsedAndNeverBlocks() throws {
        try Self.withCopy { folder in
            let path = folder.appendingPathComponent("mime.cache").path
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o644) == 0)
            let started = ContinuousClock.now
            let result = Self.unusable(folder)
            #expect(result == .absent)
            #expect(ContinuousClock.now - started < .seconds(1))
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func aDirectoryNamedMimeCacheIsNotUsed() throws {
        try Self.withCopy { folder in
            let path = folder.appendingPathComponent("mime.cache")
            try FileManager.default.removeItem(at: path)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
            #expect(Self.unusable(folder) == .absent)
        }
    }

    // MARK: Damage

    @Test(.enabled(if: hasSystemCache, noCache))
    func anotherVersionIsRefused() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            var bytes = original
            bytes[3] = 1  // 1.1
            #expect(try copy.write(bytes) == .unsupportedVersion)
            bytes[3] = 2
            bytes[1] = 2  // 2.2
            #expect(try copy.write(bytes) == .unsupportedVersion)
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func everyTruncationIsRefused() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            let offsets = (0..<9).map { Self.word(original, 4 + 4 * $0) }
            var cuts = Set(0...44)
            for (index, offset) in offsets.enumerated() {
                let end = index + 1 < offsets.count ? offsets[index + 1] : original.count
                cuts.formUnion([offset, offset + 2, offset + 4, offset + 8, (offset + end) / 2, end - 1])
            }
            cuts.formUnion(stride(from: 0, to: original.count, by: 997))
            // The last part the header names is the generic icon list; update-mime-database writes a list of the
            // types after it (851 zero words here) that the header does not name and no reader uses.
            let icons = offsets[8]
            let end = icons + 4 + 8 * Self.word(original, icons)
            for cut in cuts.sorted() where cut < original.count {
                let result = try copy.write(Array(original[..<cut]))
                if cut == 0 {
                    #expect(result == .absent)  // empty: not mapped
                } else if cut < end {
                    #expect(result?.isMalformed == true, "cut at \(cut): \(String(describing: result))")
                } else {
                    #expect(result == nil, "cut at \(cut), past the generic icons")
                    let cache = try Self.open(copy.folder.path)
                    #expect(cache.types(ofExtension: "torrent".utf8.span)?.count == 1)
                }
            }
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func badOffsetsAreRefusedWithWhatAndWhere() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            let aliases = Self.word(original, 4)
            let parents = Self.word(original, 8)
            // An alias's type offset past the end.
            var bytes = original
            Self.setWord(&bytes, aliases + 4 + 8 * 12 + 4, 99_999_999)
            #expect(try copy.write(bytes)?.message?.contains("alias 12: type offset 99999999") == true)
            // A parent list's offset not aligned, and a parent past the end.
            bytes = original
            let entry = parents + 4 + 8 * 5
            Self.setWord(&bytes, entry + 4, UInt32(Self.word(original, entry + 4) + 2))
            #expect(try copy.write(bytes)?.message?.contains("parent entry 5") == true)
            bytes = original
            Self.setWord(&bytes, Self.word(original, entry + 4) + 4, UInt32(original.count))
            #expect(try copy.write(bytes)?.message?.contains("parent entry 5: parent 0") == true)
            // A header offset that is odd, one past the end, a count that does not fit.
            for (field, value) in [
                (8, UInt32(parents + 1)), (16, UInt32(original.count)), (4, UInt32(original.count - 2)),
            ] {
                bytes = original
                Self.setWord(&bytes, field, value)
                #expect(try copy.write(bytes)?.isMalformed == true, "header field \(field) = \(value)")
            }
            bytes = original
            Self.setWord(&bytes, aliases, 0x1000_0000)
            #expect(try copy.write(bytes)?.message?.contains("alias list") == true)
            bytes = original
            Self.setWord(&bytes, Self.word(original, 16), 0x0FFF_FFFF)  // the tree's root count
            #expect(try copy.write(bytes)?.message?.contains("suffix tree") == true)
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache), .timeLimit(.minutes(1)))
    func aTreeCycleIsFoundPromptly() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            // The root `t` (the last character of `torrent`) gets the roots as its children.
            let (roots, rootCount) = Self.roots(original)
            let t = try #require(Self.node("t", in: original))
            var bytes = original
            Self.setWord(&bytes, t + 4, UInt32(rootCount))
            Self.setWord(&bytes, t + 8, UInt32(roots))
            #expect(try copy.write(bytes) == nil)
            let cache = try Self.open(copy.folder.path)
            let started = ContinuousClock.now
            #expect(cache.types(ofExtension: "torrent".utf8.span) == nil)
            #expect(cache.types(ofExtension: String(repeating: "t", count: 300).utf8.span) == nil)
            #expect(!cache.forEachLiteralExtension { _, _, _ in Issue.record("called on a malformed tree") })
            #expect(ContinuousClock.now - started < .seconds(1))
            // A path that does not pass the damaged node still answers.
            #expect(cache.types(ofExtension: "png".utf8.span)?.isEmpty == false)
        }
    }

    /// Lists shared by several nodes make no cycle, but double the paths at each level: the walks stop at a bound.
    @Test(.enabled(if: hasSystemCache, noCache), .timeLimit(.minutes(1)))
    func sharedListsAreFoundPromptly() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            // 200 lists appended to the file, each of two nodes, `A` and `a`, both leading to the next list.
            var bytes = original
            let base = bytes.count
            let levels = 200
            for level in 0..<levels {
                let next = UInt32(base + 24 * (level + 1))
                let children: UInt32 = level + 1 < levels ? 2 : 0
                for character: UInt32 in [0x41, 0x61] {
                    bytes += [character, children, next].flatMap { word in
                        (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
                    }
                }
            }
            let tree = Self.word(original, 16)
            Self.setWord(&bytes, tree, 2)
            Self.setWord(&bytes, tree + 4, UInt32(base))
            #expect(try copy.write(bytes) == nil)
            let cache = try Self.open(copy.folder.path)
            let started = ContinuousClock.now
            #expect(cache.types(ofExtension: String(repeating: "a", count: levels).utf8.span) == nil)
            #expect(!cache.forEachLiteralExtension { _, _, _ in })
            #expect(ContinuousClock.now - started < .seconds(1))
        }
    }

    /// Parent entries that share one long list name more parents than the file holds: reading them would be
    /// unbounded, so the cache is refused at open, saying so.
    @Test(.enabled(if: hasSystemCache, noCache), .timeLimit(.minutes(1)))
    func parentListsSharedBeyondTheFileAreRefused() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            let parents = Self.word(original, 8)
            let entries = Self.word(original, parents)
            // One list of 4,000 parents appended, each the first entry's first parent, and every entry pointed at it.
            let firstList = Self.word(original, parents + 8)
            let parent = UInt32(Self.word(original, firstList + 4))
            let count = 4_000
            var bytes = original
            let list = bytes.count
            let words: [UInt32] = [UInt32(count)] + [UInt32](repeating: parent, count: count)
            for word in words {
                for shift: UInt32 in [24, 16, 8, 0] {
                    bytes.append(UInt8(truncatingIfNeeded: word >> shift))
                }
            }
            for entry in 0..<entries {
                Self.setWord(&bytes, parents + 4 + 8 * entry + 4, UInt32(list))
            }
            #expect(entries * count > bytes.count / 4)
            let started = ContinuousClock.now
            let problem = try copy.write(bytes)
            #expect(
                problem?.message?.contains("lists shared between entries") == true, "\(String(describing: problem))")
            #expect(ContinuousClock.now - started < .seconds(1))
            // One entry pointed at it is a cache like any other.
            bytes = original + bytes[list...]
            Self.setWord(&bytes, parents + 4 + 4, UInt32(list))
            #expect(try copy.write(bytes) == nil)
        }
    }

    @Test(.enabled(if: hasSystemCache, noCache))
    func otherTreeDamageIsFoundAsWalked() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            let roots = Self.roots(original).list
            let t = try #require(Self.node("t", in: original))
            // The first leaf under `.torrent`.
            let torrent = try #require(Self.node("tnerrot.", in: original))
            let leaf = Self.word(original, torrent + 8)
            let damages: [(String, (inout [UInt8]) -> Void)] = [
                ("a child list past the end", { Self.setWord(&$0, t + 8, UInt32(original.count - 4)) }),
                ("a child list not aligned", { Self.setWord(&$0, t + 8, UInt32(Self.word(original, t + 8) + 2)) }),
                ("a child count too large", { Self.setWord(&$0, t + 4, 0x0FFF_FFFF) }),
                ("roots out of order", { Self.setWord(&$0, roots, 0x7A) }),
                ("a leaf's type past the strings", { Self.setWord(&$0, leaf + 4, UInt32(original.count + 100)) }),
            ]
            for (what, damage) in damages {
                var bytes = original
                damage(&bytes)
                #expect(try copy.write(bytes) == nil, "\(what): the tree is checked as walked, not at open")
                let cache = try Self.open(copy.folder.path)
                #expect(!cache.forEachLiteralExtension { _, _, _ in }, "\(what)")
                if what != "roots out of order" {
                    #expect(cache.types(ofExtension: "torrent".utf8.span) == nil, "\(what)")
                }
            }
        }
    }

    /// shared-mime-info puts every `*.EXT` glob in the tree; one in the glob list is read too, folded, after the tree's.
    @Test(.enabled(if: hasSystemCache, noCache))
    func aGlobListExtensionIsFound() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            // The glob list's `*.anim[1-9j]` (video/x-anim) becomes `*.TorRent`, in place.
            let pattern = Array("*.anim[1-9j]\0".utf8)
            let at = try #require(
                (0..<(original.count - pattern.count)).first {
                    original[$0..<($0 + pattern.count)].elementsEqual(pattern)
                }
            )
            var bytes = original
            for (index, byte) in "*.TorRent\0".utf8.enumerated() {
                bytes[at + index] = byte
            }
            #expect(try copy.write(bytes) == nil)
            let cache = try Self.open(copy.folder.path)
            let types = cache.types(ofExtension: "torrent".utf8.span)?.map {
                Weighted(cache.text(at: $0.type), $0.weight)
            }
            #expect(types == [Weighted("application/x-bittorrent", 50), Weighted("video/x-anim", 50)])
            var listed: [Glob] = []
            #expect(
                cache.forEachLiteralExtension { folded, type, weight in
                    if folded.string == "torrent" {
                        listed.append(Glob(fileExtension: folded.string, type: cache.text(at: type), weight: weight))
                    }
                })
            #expect(listed.map(\.type) == ["application/x-bittorrent", "video/x-anim"])
        }
    }

    /// Today's registry reads the text files whatever the cache holds; a malformed cache must not change that.
    @Test(.enabled(if: hasSystemCache, noCache))
    func aRegistryAnswersBesideAMalformedCache() throws {
        try Self.withDamagedCopy { (original, copy) throws in
            var bytes = original
            Self.setWord(&bytes, 16, 7)  // the tree's offset, not aligned
            #expect(try copy.write(bytes)?.isMalformed == true)
            let registry = try TypeRegistry().addingDesktopDatabase(at: copy.folder)
            let torrent = try #require(registry.type(tag: "torrent", tagClass: .filenameExtension, conformingTo: nil))
            #expect(torrent.preferredMIMEType == "application/x-bittorrent")
        }
    }

    // MARK: Helpers

    /// Two values: an alias and its type, a type and one parent, or a type of an extension and the glob's weight.
    struct Duo<First: Hashable, Second: Hashable>: Hashable, CustomStringConvertible {
        let first: First
        let second: Second
        init(_ first: First, _ second: Second) {
            self.first = first
            self.second = second
        }
        var description: String { "\(first) \(second)" }
    }

    typealias Pair = Duo<String, String>
    typealias Weighted = Duo<String, Int>

    /// A literal glob `*.EXT`, its extension folded.
    struct Glob: Hashable, CustomStringConvertible {
        let fileExtension: String
        let type: String
        let weight: Int
        var description: String { "\(weight):\(type):*.\(fileExtension)" }
    }

    static func open(_ directory: String) throws -> MIMECache {
        switch MIMECache.open(directory: directory) {
        case .success(let cache): return cache
        case .failure(let unusable): throw Unusable(reason: unusable)
        }
    }

    struct Unusable: Error, CustomStringConvertible {
        let reason: MIMECache.Unusable
        var description: String { "the cache was not used: \(reason)" }
    }

    /// Why the cache of `folder` is not used, or `nil` when it is.
    static func unusable(_ folder: URL) -> MIMECache.Unusable? {
        switch MIMECache.open(directory: folder.path) {
        case .success: nil
        case .failure(let unusable): unusable
        }
    }

    /// The lines of a text file of the system's database, without comments and empty lines.
    static func lines(_ name: String) throws -> [String] {
        try String(contentsOfFile: system + "/" + name, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// The literal globs `*.EXT` of `globs2`, folded, heaviest first and in the file's order among equal weights, each
    /// (extension, type) once, as the text path's index keeps them.
    static func literalGlobs() throws -> [Glob] {
        var globs: [Glob] = []
        for line in try lines("globs2") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, let weight = Int(fields[0]), fields[2].hasPrefix("*."), fields[2].count > 2 else {
                continue
            }
            let suffix = String(fields[2].dropFirst(2))
            guard !suffix.contains(where: { "*?[]\\/ ".contains($0) }) else {
                continue
            }
            let folded = Folding.foldTag(suffix, of: UTTagClass.Kind.filenameExtension)
            guard Folding.isValidTag(folded.utf8.span, of: UTTagClass.Kind.filenameExtension) else {
                continue
            }
            globs.append(Glob(fileExtension: folded, type: fields[1], weight: weight))
        }
        let sorted = globs.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
        return sorted.map(\.element).firstOfEach
    }

    /// Runs `body` with a copy of the system database's cache and text files, their modification times kept.
    static func withCopy(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("dndkit-mimecache") { folder in
            for name in files {
                let source = URL(fileURLWithPath: system).appendingPathComponent(name)
                let target = folder.appendingPathComponent(name)
                try Data(contentsOf: source).write(to: target)
                try setTimes(of: target, to: modified(source))
            }
            try body(folder)
        }
    }

    /// A copy of the system's database whose cache the tests damage.
    struct DamagedCopy {
        /// The copy's folder.
        let folder: URL
        /// The cache's modification time, kept on every damaged version so that it stays current.
        let time: timespec

        /// Writes damaged cache bytes (replacing the cache by rename, as update-mime-database does) and answers why
        /// the cache is not used, or `nil` when it is.
        func write(_ bytes: [UInt8]) throws -> MIMECache.Unusable? {
            let path = folder.appendingPathComponent("mime.cache")
            try Data(bytes).write(to: path, options: .atomic)
            try MIMECacheTests.setTimes(of: path, to: time)
            return MIMECacheTests.unusable(folder)
        }
    }

    /// Runs `body` with the system's cache bytes and a copy of the database to damage.
    static func withDamagedCopy(_ body: ([UInt8], DamagedCopy) throws -> Void) throws {
        try withCopy { folder in
            let path = folder.appendingPathComponent("mime.cache")
            try body([UInt8](try Data(contentsOf: path)), DamagedCopy(folder: folder, time: try modified(path)))
        }
    }

    static func modified(_ file: URL) throws -> timespec {
        var status = stat()
        guard stat(file.path, &status) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return status.st_mtim
    }

    static func setTimes(of file: URL, to time: timespec) throws {
        let times = [time, time]
        guard utimensat(AT_FDCWD, file.path, times, 0) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Makes `file` one second newer than `other`.
    static func touch(_ file: URL, secondsAfter other: URL) throws {
        var time = try modified(other)
        time.tv_sec += 1
        try setTimes(of: file, to: time)
    }

    /// The suffix tree's roots: the offset of the first and their count.
    static func roots(_ bytes: [UInt8]) -> (list: Int, count: Int) {
        let tree = word(bytes, 16)
        return (word(bytes, tree + 4), word(bytes, tree))
    }

    /// The offset of the tree node reached from the roots through `characters` (a suffix reversed), or `nil`.
    static func node(_ characters: String, in bytes: [UInt8]) -> Int? {
        var (list, count) = roots(bytes)
        var found: Int?
        for character in characters.unicodeScalars {
            guard let node = (0..<count).map({ list + 12 * $0 }).first(where: { word(bytes, $0) == character.value })
            else {
                return nil
            }
            found = node
            (list, count) = (word(bytes, node + 8), word(bytes, node + 4))
        }
        return found
    }

    static func word(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    static func setWord(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        for index in 0..<4 {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
        }
    }
}

extension MIMECache {
    /// The string at `offset` of the cache.
    fileprivate func text(at offset: Int) -> String {
        cache.withBytes { bytes in bytes.extracting(MIMECache.string(at: offset, in: bytes)).string }
    }
}

extension MIMECache.Unusable {
    fileprivate var isMalformed: Bool {
        if case .malformed = self { true } else { false }
    }
    fileprivate var message: String? {
        if case .malformed(let message) = self { message } else { nil }
    }
}

extension Span<UInt8> {
    /// The bytes as UTF-8 text.
    fileprivate var string: String {
        var bytes: [UInt8] = []
        for index in 0..<count {
            bytes.append(self[index])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Array where Element == String {
    /// Whether the strings are in ascending order of their UTF-8 bytes (as `strcmp` orders them).
    fileprivate var isSortedByBytes: Bool {
        zip(self, dropFirst()).allSatisfy { ![UInt8]($1.utf8).lexicographicallyPrecedes([UInt8]($0.utf8)) }
    }
}

extension Array where Element == MIMECacheTests.Glob {
    /// Each (extension, type) once, at its first place.
    fileprivate var firstOfEach: [Element] {
        var seen = Set<MIMECacheTests.Pair>()
        return filter { seen.insert(MIMECacheTests.Pair($0.fileExtension, $0.type)).inserted }
    }

    /// Each extension's types with their weights, in order.
    fileprivate var typesByExtension: [String: [MIMECacheTests.Weighted]] {
        var result: [String: [MIMECacheTests.Weighted]] = [:]
        for glob in self {
            result[glob.fileExtension, default: []].append(MIMECacheTests.Weighted(glob.type, glob.weight))
        }
        return result
    }
}
