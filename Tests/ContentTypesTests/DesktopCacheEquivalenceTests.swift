import ContentTypes
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `addingDesktopDatabase(at:)` reads a database directory through its `mime.cache` when the cache is current (not
/// older than `types`, `aliases`, `subclasses` and `globs2`), and through those text files otherwise. Both ways must
/// answer alike: these tests compare, through the public API only, a registry read from a directory with the cache
/// and one read from a copy of its text files alone, on the machine's whole database and on one made here by
/// `update-mime-database`; and they check that a stale, damaged or unreadable cache is not trusted.
///
/// Every copy keeps its files' modification times, so a copy's cache is as current as the original's. A comparison
/// collects its differences and reports how many there were and the first 20, each with the question and both
/// answers.
@Suite("Desktop database through mime.cache and through its text files", RemovesEquivalenceFolder())
struct DesktopCacheEquivalenceTests {
    /// Where the suite's copies of databases go; removed once the suite has run (``RemovesEquivalenceFolder``).
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dndkit-mimecache-\(UUID().uuidString)", isDirectory: true)

    /// The files the text path reads.
    static let textFiles = ["types", "aliases", "subclasses", "globs2"]

    /// A new, empty folder under ``folder``.
    static func newFolder(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of a database: its text files and, when `cache` is true, its `mime.cache`, each with its modification
    /// time, and symbolic links to its media folders (`image/png.xml`…: the types' descriptions).
    static func copy(of database: URL, _ name: String, cache: Bool) throws -> URL {
        let copy = try newFolder(name)
        try copyKeepingModificationTimes(textFiles + (cache ? ["mime.cache"] : []), from: database, to: copy)
        for entry in try FileManager.default.contentsOfDirectory(atPath: database.path) where entry != "packages" {
            var isDirectory: ObjCBool = false
            let original = database.appendingPathComponent(entry)
            if FileManager.default.fileExists(atPath: original.path, isDirectory: &isDirectory), isDirectory.boolValue {
                try FileManager.default.createSymbolicLink(
                    at: copy.appendingPathComponent(entry), withDestinationURL: original)
            }
        }
        return copy
    }

    /// Two registries of one database, one read from a directory with the cache, one from its text files alone.
    struct Pair: Sendable {
        let cacheDirectory: URL
        let textDirectory: URL
        let cached: TypeRegistry
        let text: TypeRegistry

        init(of database: URL, _ name: String) throws {
            cacheDirectory = try copy(of: database, "\(name)-cache", cache: true)
            textDirectory = try copy(of: database, "\(name)-text", cache: false)
            cached = try TypeRegistry().addingDesktopDatabase(at: cacheDirectory)
            text = try TypeRegistry().addingDesktopDatabase(at: textDirectory)
        }
    }

    /// The machine's database (shared-mime-info, installed by `.ci/run`), both ways: built once for the suite.
    static let machine = Result { try Pair(of: TypeRegistry.desktopDatabaseDirectory, "machine") }

    /// The machine's tags.
    static let machineTags = Result { try DatabaseTags(machine.get().textDirectory) }

    // MARK: The machine's database

    @Test func everyMIMETypeAliasAndGlobAnswersAsTheTextFiles() throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        #expect(tags.mimeTypes.count >= 2 * (850 + 200) && tags.extensions.count >= 1_000)
        var comparison = Comparison(cached: machine.cached, text: machine.text)
        comparison.lookUps(tags)
        #expect(comparison.differences.count == 0, "\(comparison.differences)")
    }

    @Test func everyTypeAnswersAsTheTextFiles() throws {
        let machine = try Self.machine.get()
        // The machine's cache is current (update-mime-database writes it last), so the copy's cache is read.
        let cacheTime = try modificationTime(of: machine.cacheDirectory.appendingPathComponent("mime.cache").path)
        for file in Self.textFiles {
            let time = try modificationTime(of: machine.cacheDirectory.appendingPathComponent(file).path)
            #expect((time.tv_sec, time.tv_nsec) <= (cacheTime.tv_sec, cacheTime.tv_nsec), "\(file) is newer")
        }
        var comparison = Comparison(cached: machine.cached, text: machine.text)
        comparison.types()
        #expect(machine.text.count > TypeRegistry.system.count + 600)
        #expect(comparison.differences.count == 0, "\(comparison.differences)")
    }

    /// Each type's conformance to every type of the registry: the database's own and the catalog's.
    @Test func everyConformanceAsTheTextFiles() throws {
        let machine = try Self.machine.get()
        var comparison = Comparison(cached: machine.cached, text: machine.text)
        comparison.conformances()
        #expect(comparison.differences.count == 0, "\(comparison.differences)")
    }

    /// Descriptions are read one file per type when first asked for: a sample of 20 of the database's types.
    @Test func descriptionsAsTheTextFiles() throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        var comparison = Comparison(cached: machine.cached, text: machine.text)
        let stride = max(1, tags.types.count / 20)
        let sample = tags.types.enumerated().filter { $0.offset % stride == 0 }.prefix(20).map(\.element)
        comparison.descriptions(ofMIMETypes: sample)
        #expect(sample.count == 20)
        // The sample reads real files: most of its types have a description.
        let described = sample.filter {
            machine.text.type(tag: $0, tagClass: .mimeType, conformingTo: nil)?.localizedDescription != nil
        }
        #expect(described.count >= 15)
        #expect(comparison.differences.count == 0, "\(comparison.differences)")
    }

    /// A registry's first look-ups of extensions may take another path than later ones (walking the cache's tree
    /// before any index of extensions is made): fresh registries, each asked 15 extensions one at a time: every
    /// extension that names several types, has capitals or other than ASCII, or comes from a case-sensitive glob,
    /// and every 8th of the others; every other one in capitals, every third among types of `public.data` (as
    /// `UTType(filenameExtension:)` asks).
    @Test func firstExtensionLookUpsOfFreshRegistriesAnswerAsTheTextFiles() throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        let text = machine.text
        var chosen: [String] = []
        for (index, tag) in tags.literalExtensions.enumerated() {
            let several = text.types(tag: tag, tagClass: .filenameExtension, conformingTo: nil).count > 1
            let special = tag.unicodeScalars.contains { !$0.isASCII || ("A"..."Z").contains($0) }
            if several || special || tags.caseSensitiveExtensions.contains(tag) || index % 8 == 0 {
                chosen.append(tag)
            }
        }
        #expect(chosen.count >= 150)
        var differences = Differences()
        for start in Swift.stride(from: 0, to: chosen.count, by: 15) {
            let fresh = try TypeRegistry().addingDesktopDatabase(at: machine.cacheDirectory)
            for index in start..<min(start + 15, chosen.count) {
                let tag = index % 2 == 1 ? chosen[index].uppercased() : chosen[index]
                let supertype: UTType? = index % 3 == 0 ? .data : nil
                differences.check(
                    "type(tag: \"\(tag)\", .filenameExtension, conformingTo: \(Comparison.name(supertype))) asked of a "
                        + "fresh registry",
                    cache: Comparison.name(fresh.type(tag: tag, tagClass: .filenameExtension, conformingTo: supertype)),
                    text: Comparison.name(text.type(tag: tag, tagClass: .filenameExtension, conformingTo: supertype)))
            }
        }
        #expect(differences.count == 0, "\(differences)")
    }

    /// A fresh registry's first look-ups, identifiers and conformances asked from 8 tasks at once, each in its own
    /// order, past the first 15 extensions (tables a registry makes when first needed are made while others read):
    /// every task gets the text files' answers.
    @Test func concurrentFirstUseAnswersAsTheTextFiles() async throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        let text = machine.text
        let extensions = Array(tags.literalExtensions.enumerated().filter { $0.offset % 16 == 0 }.map(\.element))
        let mimeTypes = Array(tags.types.enumerated().filter { $0.offset % 16 == 0 }.map(\.element))
        #expect(extensions.count >= 60 && mimeTypes.count >= 50)
        let asked = extensions.map { ($0, UTTagClass.filenameExtension) } + mimeTypes.map { ($0, UTTagClass.mimeType) }
        /// The tags from the `start`th on, then those before.
        func rotated(_ start: Int) -> [(String, UTTagClass)] {
            Array(asked[start...] + asked[..<start])
        }
        /// For each tag: its type's identifier, whether the type conforms to `public.data` and to
        /// `public.plain-text`, its hash, and every type with the tag.
        @Sendable func answers(_ registry: TypeRegistry, _ tags: [(String, UTTagClass)]) -> [String] {
            tags.map { tag, tagClass in
                guard let type = registry.type(tag: tag, tagClass: tagClass, conformingTo: nil) else { return "nil" }
                let all = registry.types(tag: tag, tagClass: tagClass, conformingTo: nil).map(\.identifier)
                return "\(type.identifier) \(type.conforms(to: .data)) \(type.conforms(to: .plainText)) "
                    + "\(type.hashValue) \(all)"
            }
        }
        let fresh = try TypeRegistry().addingDesktopDatabase(at: machine.cacheDirectory)
        let rounds = await withTaskGroup(of: (Int, [String]).self) { group in
            for task in 0..<8 {
                let start = task * 7
                let order = rotated(start)
                group.addTask { (start, answers(fresh, order)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        var differences = Differences()
        for (start, round) in rounds {
            for ((tag, _), (ours, theirs)) in zip(rotated(start), zip(round, answers(text, rotated(start)))) {
                differences.check("\(tag), by a task asking from the \(start)th tag on", cache: ours, text: theirs)
            }
        }
        #expect(differences.count == 0, "\(differences)")
    }

    /// `addingDesktopDatabaseWhenNeeded(at:)` reads the cache at its first look-up that needs the database.
    @Test func databaseReadWhenNeededAnswersAsTheTextFiles() throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        let deferred = try TypeRegistry().addingDesktopDatabaseWhenNeeded(at: machine.cacheDirectory)
        var comparison = Comparison(cached: deferred, text: machine.text)
        comparison.lookUps(tags, thoroughly: false)
        comparison.types()
        #expect(deferred.desktopDatabaseError == nil)
        #expect(comparison.differences.count == 0, "\(comparison.differences)")
    }

    /// Registries with the database, extended by declarations: a type conforming to one of the database's and
    /// claiming one of its extensions, and a type in a database type's place.
    @Test func extendedRegistriesAnswerAsTheTextFiles() throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        let own = tags.types.compactMap { machine.text.type(tag: $0, tagClass: .mimeType, conformingTo: nil) }
            .filter { $0.identifier.hasPrefix("org.freedesktop.mime.") && $0.preferredFilenameExtension != nil }
        let parent = try #require(own.first)
        let replaced = try #require(own.last)
        let fileExtension = try #require(parent.preferredFilenameExtension)
        let declarations = [
            TypeDeclaration(
                identifier: "org.dndkit.test.cache-child", conformsTo: [parent.identifier],
                tags: [.filenameExtension: [fileExtension], .mimeType: ["application/x-dndkit-cache-child"]]),
            TypeDeclaration(identifier: replaced.identifier, conformsTo: ["public.png"], description: "Mine"),
        ]
        let cached = try machine.cached.adding(declarations)
        var comparison = Comparison(cached: cached, text: try machine.text.adding(declarations))
        comparison.lookUps(tags, thoroughly: false)
        comparison.types()
        #expect(comparison.differences.count == 0, "\(comparison.differences)")
        let child = try #require(cached.type(withIdentifier: "org.dndkit.test.cache-child"))
        #expect(child.conforms(to: try #require(cached.type(withIdentifier: parent.identifier))))
        #expect(cached.types(tag: fileExtension, tagClass: .filenameExtension, conformingTo: nil).contains(child))
        #expect(cached.type(withIdentifier: replaced.identifier)?.localizedDescription == "Mine")
    }

    // MARK: Caches that must not be trusted

    /// One of the text files edited after the cache was made: the cache is stale, and the registry answers as the
    /// edited text files do.
    @Test(arguments: textFiles)
    func staleCacheIsNotRead(edited file: String) throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        // A type of the database's own that is not text: its edits show.
        let own = try #require(
            tags.types.first { mimeType in
                guard mimeType.hasPrefix("application/"),
                    let type = machine.text.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
                else { return false }
                return type.identifier.hasPrefix("org.freedesktop.mime.") && !type.conforms(to: .plainText)
            })
        let line =
            switch file {
            case "types": "application/x-dndkit-stale\n"
            case "aliases": "application/x-dndkit-stale \(own)\n"
            case "subclasses": "\(own) text/plain\n"
            default: "50:\(own):*.dkstale\n"
            }
        let stale = try Self.copy(of: TypeRegistry.desktopDatabaseDirectory, "stale-\(file)", cache: true)
        let edited = try Self.copy(of: TypeRegistry.desktopDatabaseDirectory, "edited-\(file)", cache: false)
        for directory in [stale, edited] {
            let handle = try FileHandle(forWritingTo: directory.appendingPathComponent(file))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(line.utf8))
            try handle.close()
        }
        let fileTime = try modificationTime(of: stale.appendingPathComponent(file).path)
        let cacheTime = try modificationTime(of: stale.appendingPathComponent("mime.cache").path)
        try #require((fileTime.tv_sec, fileTime.tv_nsec) > (cacheTime.tv_sec, cacheTime.tv_nsec))

        let cached = try TypeRegistry().addingDesktopDatabase(at: stale)
        let text = try TypeRegistry().addingDesktopDatabase(at: edited)
        var comparison = Comparison(cached: cached, text: text)
        let editedTags = try DatabaseTags(edited)
        comparison.lookUps(editedTags, thoroughly: false)
        comparison.types()
        #expect(comparison.differences.count == 0, "\(comparison.differences)")
        // The edit is seen.
        let ownType = cached.type(tag: own, tagClass: .mimeType, conformingTo: nil)
        switch file {
        case "types":
            #expect(
                cached.type(tag: "application/x-dndkit-stale", tagClass: .mimeType, conformingTo: nil)?.isDeclared
                    == true)
        case "aliases":
            #expect(cached.type(tag: "application/x-dndkit-stale", tagClass: .mimeType, conformingTo: nil) == ownType)
        case "subclasses":
            #expect(ownType?.conforms(to: .plainText) == true)
        default:
            #expect(cached.type(tag: "dkstale", tagClass: .filenameExtension, conformingTo: nil) == ownType)
        }
    }

    /// A damaged cache newer than the text files: the registry answers as the text files do, and nothing crashes.
    /// Each damage is one a reader can see (a wrong version, a list or node past the end of the file); damage that
    /// leaves a well-formed cache with other answers (a weight changed) is a cache trusted because it is current.
    @Test(arguments: [
        "cut to 100 bytes", "empty", "header only", "cut in half", "major version 2", "offsets past the end",
    ])
    func damagedCacheAnswersAsTheTextFiles(damage: String) throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        let original = try Data(contentsOf: machine.cacheDirectory.appendingPathComponent("mime.cache"))
        var bytes = [UInt8](original)
        switch damage {
        case "cut to 100 bytes": bytes = Array(bytes.prefix(100))
        case "empty": bytes = []
        // The header: two 16-bit version numbers, then nine 32-bit offsets of lists, big-endian.
        case "header only": bytes = Array(bytes.prefix(40))
        case "cut in half": bytes = Array(bytes.prefix(bytes.count / 2))
        case "major version 2": bytes[0...1] = [0, 2]
        default:
            for offset in Swift.stride(from: 4, to: 40, by: 4) {
                bytes[offset..<offset + 4] = [0xFF, 0xFF, 0xFF, 0xF0]
            }
        }
        let directory = try Self.copy(of: TypeRegistry.desktopDatabaseDirectory, "damaged", cache: false)
        let cache = directory.appendingPathComponent("mime.cache")
        try Data(bytes).write(to: cache)
        try Self.makeNewest(cache, in: directory)

        let registry = try TypeRegistry().addingDesktopDatabase(at: directory)
        let differences = Self.differencesFromTheTextFiles(registry, machine: machine, tags: tags)
        #expect(differences.count == 0, "\(damage): \(differences)")
    }

    /// How a registry's answers to the machine's tags and types differ from the machine's text files'.
    static func differencesFromTheTextFiles(_ registry: TypeRegistry, machine: Pair, tags: DatabaseTags) -> Differences
    {
        var comparison = Comparison(cached: registry, text: machine.text)
        comparison.lookUps(tags, thoroughly: false)
        comparison.types()
        return comparison.differences
    }

    /// A named pipe in the cache's place, newer than the text files: the registry is built at once (nothing waits for
    /// a writer that never comes) and answers as the text files do.
    @Test func namedPipeAsCacheIsNotWaitedFor() throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        let special = try SpecialFiles()
        defer { special.remove() }
        try copyKeepingModificationTimes(
            Self.textFiles, from: TypeRegistry.desktopDatabaseDirectory, to: special.folder)
        let cache = special.folder.appendingPathComponent("mime.cache")
        try FileManager.default.moveItem(atPath: special.namedPipe, toPath: cache.path)
        try Self.makeNewest(cache, in: special.folder)
        // Should the build wait on the pipe, it ends after 10 s instead of never, and fails on its time.
        special.unblockReaders(of: cache.path, after: 10)

        var registry: TypeRegistry?
        let elapsed = try ContinuousClock().measure {
            registry = try TypeRegistry().addingDesktopDatabase(at: special.folder)
        }
        #expect(elapsed < .seconds(5))
        let differences = Self.differencesFromTheTextFiles(try #require(registry), machine: machine, tags: tags)
        #expect(differences.count == 0, "\(differences)")
    }

    /// A database read through its cache reads `globs2` only when its extension table is first needed; when the file
    /// is gone by then, the table comes from the cache's suffix tree, which has the same globs: each extension leads
    /// to the types the text files give it (the order of equal weights across spellings of a suffix aside), and the
    /// preferred type of every extension with one type is the same.
    @Test func extensionsComeFromTheTreeWhenGlobs2IsGoneByThen() throws {
        let machine = try Self.machine.get()
        let tags = try Self.machineTags.get()
        let copy = try Self.copy(of: TypeRegistry.desktopDatabaseDirectory, "no-globs2", cache: true)
        let registry = try TypeRegistry().addingDesktopDatabase(at: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("globs2"))
        var differences = Differences()
        for tag in tags.literalExtensions {
            let text = machine.text.types(tag: tag, tagClass: .filenameExtension, conformingTo: nil)
            let tree = registry.types(tag: tag, tagClass: .filenameExtension, conformingTo: nil)
            differences.check(
                "the types of .\(tag)", cache: Set(tree.map(\.identifier)), text: Set(text.map(\.identifier)))
            if text.count == 1 {
                differences.check(
                    "type(tag: \"\(tag)\", .filenameExtension)",
                    cache: Comparison.name(registry.type(tag: tag, tagClass: .filenameExtension, conformingTo: nil)),
                    text: Comparison.name(text.first))
            }
        }
        #expect(differences.count == 0, "\(differences)")
    }

    /// The cache and `types` stay mapped as long as a registry holds the database, and no longer.
    @Test func mappingIsFreedWithTheLastRegistry() throws {
        let copy = try Self.copy(of: TypeRegistry.desktopDatabaseDirectory, "mapping", cache: true)
        let cache = copy.appendingPathComponent("mime.cache").path
        // Read to its end: a process under Thread Sanitizer has more mappings than one read returns, and reading the
        // file as a string stops there.
        func mapped() throws -> Bool {
            let maps = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
            defer { try? maps.close() }
            var bytes = Data()
            while let chunk = try maps.read(upToCount: 1 << 16), !chunk.isEmpty {
                bytes.append(chunk)
            }
            return String(decoding: bytes, as: UTF8.self).contains(cache)
        }
        var registry: TypeRegistry? = try TypeRegistry().addingDesktopDatabase(at: copy)
        #expect(registry?.type(tag: "torrent", tagClass: .filenameExtension, conformingTo: nil) != nil)
        #expect(try mapped())
        var extended: TypeRegistry? = try registry?.adding([])
        registry = nil
        #expect(try mapped(), "the extended registry holds the database")
        #expect(extended?.type(tag: "torrent", tagClass: .filenameExtension, conformingTo: nil) != nil)
        extended = nil
        #expect(try !mapped())
    }

    /// Sets a file's modification time one second past the newest of the text files in `directory`.
    static func makeNewest(_ file: URL, in directory: URL) throws {
        var newest = try modificationTime(of: directory.appendingPathComponent(textFiles[0]).path)
        for name in textFiles.dropFirst() {
            let time = try modificationTime(of: directory.appendingPathComponent(name).path)
            if (time.tv_sec, time.tv_nsec) > (newest.tv_sec, newest.tv_nsec) {
                newest = time
            }
        }
        newest.tv_sec += 1
        try setModificationTime(of: file.path, to: newest)
    }

    // MARK: A database made here by update-mime-database

    /// Runs `update-mime-database` (shared-mime-info) on a new directory holding one source file,
    /// `packages/dndkit.xml`: a copy of `Fixtures/MIMEPackages/PACKAGE`. It needs no privilege and no
    /// `XDG_DATA_DIRS` for a directory of its own (it only warns that the directory is not searched), and writes
    /// `mime.cache` after the text files, so the cache is current.
    static func madeDatabase(_ name: String, package: String) throws -> URL {
        let directory = try newFolder(name)
        let packages = directory.appendingPathComponent("packages")
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.root.appendingPathComponent("MIMEPackages").appendingPathComponent(package),
            to: packages.appendingPathComponent("dndkit.xml"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/update-mime-database")
        process.arguments = [directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "update-mime-database \(directory.path)")
        try #require(FileManager.default.fileExists(atPath: directory.appendingPathComponent("mime.cache").path))
        return directory
    }

    /// A cache made by the real `update-mime-database` from a source of our own: a type with globs, an alias, types
    /// that subclass each other and a catalog type, a case-sensitive glob and a lower-case one of the same letter,
    /// two types of equal weight for one extension, one subtype under two media, two names that make one
    /// identifier, capitals, a glob other than ASCII, a pattern that is no extension, a type with neither glob nor
    /// parent, an alias and a glob added to a catalog type, a type listed twice.
    @Test func cacheMadeByUpdateMIMEDatabaseAnswersAsItsTextFiles() throws {
        let made = try Self.madeDatabase("made", package: "custom.xml")
        let pair = try Pair(of: made, "made")
        var comparison = Comparison(cached: pair.cached, text: pair.text)
        let tags = try DatabaseTags(pair.textDirectory)
        comparison.lookUps(tags)
        comparison.types()
        comparison.conformances()
        comparison.descriptions(ofMIMETypes: tags.types)
        #expect(comparison.differences.count == 0, "\(comparison.differences)")

        // The features are there to compare.
        let registry = pair.cached
        func identifiers(_ tag: String) -> [String] {
            registry.types(tag: tag, tagClass: .filenameExtension, conformingTo: nil).map(\.identifier)
        }
        func type(_ mimeType: String) -> UTType? {
            registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
        }
        #expect(registry.count == TypeRegistry.system.count + 12)
        #expect(tags.caseSensitiveExtensions == ["D"])
        #expect(Set(identifiers("d")).count == 2 && identifiers("d") == identifiers("D"))
        #expect(identifiers("dkshared").count == 2 && identifiers("dkt").count == 2)
        #expect(identifiers("dkpng") == ["public.png"] && type("image/x-dndkit-png") == .png)
        let archive = try #require(type("application/x-dndkit-archive"))
        #expect(type("application/x-dndkit-zip") == archive && archive.tags[.filenameExtension]?.count == 3)
        #expect(try #require(type("image/x-dndkit-picture")).conforms(to: archive))
        #expect(try #require(type("application/x-dndkit-source")).conforms(to: .plainText))
        #expect(type("application/x-dndkit-clash")?.identifier != type("application/x-dndkit_clash")?.identifier)
        #expect(identifiers("dkpé").count == 1 && identifiers("dkm").count == 1)
        #expect(type("application/x-dndkit-bare")?.tags[.filenameExtension] == nil)
        #expect(try #require(type("text/x-dndkit-source")).localizedDescription == "DnDKit source")
    }

    /// Types that subclass each other in a cycle: both ways the same error, each naming the file it read the cycle
    /// from.
    @Test func cycleInACacheIsTheTextFilesErrorNamingTheCache() throws {
        let made = try Self.madeDatabase("cycle", package: "cycle.xml")
        let textOnly = try Self.copy(of: made, "cycle-text", cache: false)
        let cached = #expect(throws: TypeRegistryError.self) { try TypeRegistry().addingDesktopDatabase(at: made) }
        let text = #expect(throws: TypeRegistryError.self) { try TypeRegistry().addingDesktopDatabase(at: textOnly) }
        #expect(text?.code == .malformedDatabase && cached?.code == text?.code)
        // Each names the file it read the cycle from.
        #expect(cached?.file.map { URL(fileURLWithPath: $0).lastPathComponent } == "mime.cache")
        #expect(text?.file.map { URL(fileURLWithPath: $0).lastPathComponent } == "subclasses")
        #expect(cached?.message == text?.message)
    }
}

/// Removes ``DesktopCacheEquivalenceTests/folder`` once every test of the suite has run.
private struct RemovesEquivalenceFolder: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        defer { try? FileManager.default.removeItem(at: DesktopCacheEquivalenceTests.folder) }
        try await function()
    }
}

extension DesktopCacheEquivalenceTests {
    /// The tags a database's text files name, to be asked of both registries.
    struct DatabaseTags {
        /// The lines of `types`.
        var types: [String] = []
        /// Every line of `types` and both names of every alias.
        var namedMIMETypes: [String] = []
        /// ``namedMIMETypes``, each also in capitals.
        var mimeTypes: [String] = []
        /// What follows `*.` in every glob that begins so (wildcards and all), as written, in lower case and in
        /// capitals; and every glob's whole pattern (`README*`, `*.anim[1-9j]`): no extension, a dynamic type.
        var extensions: [String] = []
        /// The extensions of the `*.EXT` globs, as written.
        var literalExtensions: [String] = []
        /// The extensions of the case-sensitive `*.EXT` globs.
        var caseSensitiveExtensions: Set<String> = []

        init(_ directory: URL) throws {
            func lines(_ name: String) throws -> [Substring] {
                try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                    .split(separator: "\n").filter { !$0.hasPrefix("#") }
            }
            types = try lines("types").map(String.init)
            var mimeTypes = types
            for line in try lines("aliases") {
                mimeTypes += line.split(separator: " ").map(String.init)
            }
            var extensions: [String] = []
            for line in try lines("globs2") {
                let fields = line.split(separator: ":", omittingEmptySubsequences: false)
                guard fields.count >= 3 else { continue }
                let pattern = String(fields[2])
                if pattern.hasPrefix("*."), pattern.count > 2 {
                    let fileExtension = String(pattern.dropFirst(2))
                    extensions += [fileExtension, fileExtension.lowercased(), fileExtension.uppercased()]
                    if !fileExtension.contains(where: { "*?[]\\/ ".contains($0) }) {
                        literalExtensions.append(fileExtension)
                        if fields.dropFirst(3).contains(where: { $0.split(separator: ",").contains("cs") }) {
                            caseSensitiveExtensions.insert(fileExtension)
                        }
                    }
                }
                extensions.append(pattern)
            }
            namedMIMETypes = Self.unique(mimeTypes)
            self.mimeTypes = Self.unique(namedMIMETypes + namedMIMETypes.map { $0.uppercased() })
            self.extensions = Self.unique(extensions)
            literalExtensions = Self.unique(literalExtensions)
        }

        /// The strings in their first order, each once.
        static func unique(_ strings: [String]) -> [String] {
            var seen: Set<String> = []
            return strings.filter { seen.insert($0).inserted }
        }
    }

    /// The answers that differ: how many, and the first 20 with their question.
    struct Differences: CustomStringConvertible {
        private(set) var count = 0
        private(set) var asked = 0
        private var first: [String] = []

        /// Counts a question whose answers should be equal.
        mutating func check<Answer: Equatable>(_ question: @autoclosure () -> String, cache: Answer, text: Answer) {
            asked += 1
            guard cache != text else { return }
            note("\(question()): with the cache \(cache), from the text files \(text)")
        }

        /// Counts a question whose answer should be yes.
        mutating func check(_ question: @autoclosure () -> String, _ holds: Bool) {
            asked += 1
            if !holds {
                note("\(question()): no")
            }
        }

        private mutating func note(_ difference: String) {
            count += 1
            if first.count < 20 {
                first.append(difference)
            }
        }

        var description: String {
            "\(count) of \(asked) answers differ; the first \(first.count):\n" + first.joined(separator: "\n")
        }
    }

    /// The questions asked of a registry read through a cache and of one read from the text files.
    struct Comparison {
        let cached: TypeRegistry
        let text: TypeRegistry
        var differences = Differences()

        init(cached: TypeRegistry, text: TypeRegistry) {
            self.cached = cached
            self.text = text
        }

        /// A type's identifier, or `nil`, for the reports.
        static func name(_ type: UTType?) -> String {
            type?.identifier ?? "nil"
        }

        static let supertypes: [UTType?] = [nil, .data, .plainText]

        /// `type(tag:tagClass:conformingTo:)` and `types(tag:tagClass:conformingTo:)` of every tag, with and without a
        /// supertype; the answers equal across the two registries. Not `thoroughly`: the MIME types and literal
        /// extensions as written, without a supertype (enough to tell which files a registry read).
        mutating func lookUps(_ tags: DatabaseTags, thoroughly: Bool = true) {
            let lists =
                thoroughly
                ? [(tags.mimeTypes, UTTagClass.mimeType), (tags.extensions, .filenameExtension)]
                : [(tags.namedMIMETypes, .mimeType), (tags.literalExtensions, .filenameExtension)]
            for (list, tagClass) in lists {
                for tag in list {
                    for supertype in thoroughly ? Self.supertypes : [nil] {
                        let question = "\(tagClass.rawValue) \"\(tag)\" conforming to \(Self.name(supertype))"
                        let ours = cached.type(tag: tag, tagClass: tagClass, conformingTo: supertype)
                        let theirs = text.type(tag: tag, tagClass: tagClass, conformingTo: supertype)
                        differences.check("type of \(question)", cache: Self.name(ours), text: Self.name(theirs))
                        if let ours, let theirs, ours.identifier == theirs.identifier {
                            equal(ours, theirs, "type of \(question)")
                        }
                        differences.check(
                            "types of \(question)",
                            cache: cached.types(tag: tag, tagClass: tagClass, conformingTo: supertype).map(
                                \.identifier),
                            text: text.types(tag: tag, tagClass: tagClass, conformingTo: supertype).map(\.identifier))
                    }
                }
            }
        }

        /// Two types of the two registries with one identifier are equal both ways and hash alike.
        mutating func equal(_ ours: UTType, _ theirs: UTType, _ question: @autoclosure () -> String) {
            differences.check(
                "\(question()) equal across the registries, both ways, and hashed alike",
                ours == theirs && theirs == ours && ours.hashValue == theirs.hashValue)
        }

        /// The registries' types in order, and every property of every type, found by its identifier.
        mutating func types() {
            differences.check("count", cache: cached.count, text: text.count)
            let ours = cached.types.map(\.identifier)
            let theirs = text.types.map(\.identifier)
            if ours != theirs {
                let index = ours.indices.first { $0 >= theirs.count || ours[$0] != theirs[$0] } ?? ours.count
                differences.check(
                    "types from the \(index)th on", cache: Array(ours.dropFirst(index).prefix(5)),
                    text: Array(theirs.dropFirst(index).prefix(5)))
            }
            for type in text.types {
                let identifier = type.identifier
                guard let mine = cached.type(withIdentifier: identifier) else {
                    differences.check("type(withIdentifier: \"\(identifier)\")", cache: "nil", text: identifier)
                    continue
                }
                differences.check(
                    "type(withIdentifier:) in capitals \"\(identifier)\"",
                    cache: Self.name(cached.type(withIdentifier: identifier.uppercased())), text: identifier)
                properties(mine, type)
            }
        }

        /// Everything a type says of itself, and its declaration.
        mutating func properties(_ ours: UTType, _ theirs: UTType) {
            let id = theirs.identifier
            differences.check("\(id) identifier", cache: ours.identifier, text: id)
            differences.check(
                "\(id) preferredMIMEType", cache: String(describing: ours.preferredMIMEType),
                text: String(describing: theirs.preferredMIMEType))
            differences.check(
                "\(id) preferredFilenameExtension", cache: String(describing: ours.preferredFilenameExtension),
                text: String(describing: theirs.preferredFilenameExtension))
            differences.check("\(id) tags", cache: ours.tags, text: theirs.tags)
            differences.check(
                "\(id) referenceURL", cache: String(describing: ours.referenceURL),
                text: String(describing: theirs.referenceURL))
            differences.check(
                "\(id) version", cache: String(describing: ours.version), text: String(describing: theirs.version))
            differences.check(
                "\(id) isDeclared, isDynamic, isPublic", cache: [ours.isDeclared, ours.isDynamic, ours.isPublic],
                text: [theirs.isDeclared, theirs.isDynamic, theirs.isPublic])
            differences.check("\(id) description", cache: ours.description, text: theirs.description)
            differences.check(
                "\(id) supertypes", cache: ours.supertypes.map(\.identifier).sorted(),
                text: theirs.supertypes.map(\.identifier).sorted())
            equal(ours, theirs, id)
            let declaration = cached.declaration(of: ours).map(Self.placeless)
            differences.check(
                "\(id) declaration", cache: declaration, text: text.declaration(of: theirs).map(Self.placeless))
            differences.check(
                "\(id) declaration of the other registry's type",
                cache: cached.declaration(of: theirs).map(Self.placeless), text: declaration)
        }

        /// A declaration without the directory it comes from: the two registries read two copies.
        static func placeless(_ declaration: TypeDeclaration) -> TypeDeclaration {
            var declaration = declaration
            if case .desktopDatabase = declaration.origin {
                declaration.origin = .desktopDatabase("")
            }
            return declaration
        }

        /// The identifiers of the types of its registry each type conforms to, compared: the database's own types, the
        /// catalog's and those declared.
        mutating func conformances() {
            let theirs = text.types
            let ours = theirs.map { cached.type(withIdentifier: $0.identifier) }
            for (type, mine) in zip(theirs, ours) {
                guard let mine else {
                    differences.check(
                        "type(withIdentifier: \"\(type.identifier)\")", cache: "nil", text: type.identifier)
                    continue
                }
                var onlyOurs: [String] = []
                var onlyTheirs: [String] = []
                for (supertype, ourSupertype) in zip(theirs, ours) {
                    let conforms = type.conforms(to: supertype)
                    if let ourSupertype, mine.conforms(to: ourSupertype) != conforms {
                        if conforms {
                            onlyTheirs.append(supertype.identifier)
                        } else {
                            onlyOurs.append(supertype.identifier)
                        }
                    }
                }
                differences.check(
                    "\(type.identifier) conforms to (only these differ)", cache: onlyOurs, text: onlyTheirs)
            }
        }

        /// The descriptions of some types.
        mutating func descriptions(ofMIMETypes mimeTypes: [String]) {
            for mimeType in mimeTypes {
                let ours = cached.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
                let theirs = text.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
                differences.check(
                    "localizedDescription of \(mimeType)", cache: String(describing: ours?.localizedDescription),
                    text: String(describing: theirs?.localizedDescription))
            }
        }
    }
}
