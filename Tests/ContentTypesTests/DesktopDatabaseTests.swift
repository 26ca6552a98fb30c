import Foundation
import TestSupport
import Testing

@testable import ContentTypes

/// The shared-mime-info bridge, on a small database of our own (exact answers) and on the system's.
@Suite("Desktop database")
struct DesktopDatabaseTests {
    static let fixture: TypeRegistry? = try? TypeRegistry().addingDesktopDatabase(at: Fixtures.mimeDirectory)

    @Test func mimeTypesTheCatalogKnowsMapToCatalogTypes() throws {
        let registry = try #require(Self.fixture)
        #expect(registry.type(tag: "image/png", tagClass: .mimeType, conformingTo: nil) == .png)
        #expect(registry.type(tag: "image/x-png", tagClass: .mimeType, conformingTo: nil) == .png)  // an alias
        #expect(registry.type(tag: "apng", tagClass: .filenameExtension, conformingTo: nil) == .png)
        #expect(registry.type(withIdentifier: "org.freedesktop.mime.image.png") == nil)
        // The catalog's tags stay Apple's.
        #expect(registry.type(withIdentifier: "public.png")?.tags[.filenameExtension] == ["png"])
    }

    @Test func catalogKeepsItsExtensionsWhereTheDatabaseDisagrees() throws {
        let registry = try #require(Self.fixture)
        let ts = registry.types(tag: "ts", tagClass: .filenameExtension, conformingTo: nil)
        #expect(ts.first == .mpeg2TransportStream)
        #expect(ts.map(\.identifier).contains("org.freedesktop.mime.text.vnd.trolltech.linguist"))
    }

    @Test func newTypesFollowSubclassesAndReachAbstractTypes() throws {
        let registry = try #require(Self.fixture)
        let archive = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-fancy-archive"))
        let sub = try #require(registry.type(tag: "application/x-fancy-sub", tagClass: .mimeType, conformingTo: nil))
        let image = try #require(registry.type(tag: "fimg", tagClass: .filenameExtension, conformingTo: nil))
        let script = try #require(registry.type(tag: "fscript", tagClass: .filenameExtension, conformingTo: nil))
        let model = try #require(registry.type(tag: "fmodel", tagClass: .filenameExtension, conformingTo: nil))
        #expect(archive.conforms(to: .data) && !archive.conforms(to: .image))
        #expect(sub.conforms(to: archive) && sub.conforms(to: .data))
        #expect(image.conforms(to: archive) && image.conforms(to: .image))
        #expect(script.conforms(to: .plainText))
        #expect(model.conforms(to: .threeDContent) && model.conforms(to: .data))
        #expect(registry.declaration(of: sub)?.conformsTo == [archive.identifier])
        #expect(archive.tags[.mimeType] == ["application/x-fancy-archive", "application/x-fancy-zip"])
        #expect(archive.localizedDescription == nil)
        #expect(sub.tags[.filenameExtension] == ["fancy.sub"])
        guard case .desktopDatabase = registry.declaration(of: archive)?.origin else {
            Issue.record("the origin should be the desktop database")
            return
        }
    }

    /// A registry with the database extended by declarations keeps the database's tags; a declaration with a
    /// desktop type's identifier takes the type's place, and the database's tags lead to it.
    @Test func extendingADesktopRegistryKeepsItsTags() throws {
        let registry = try #require(Self.fixture)
        let extended = try registry.adding([
            TypeDeclaration(
                identifier: "org.freedesktop.mime.image.x-fancy", conformsTo: ["public.png"], description: "Mine",
                origin: .file("test")),
            TypeDeclaration(identifier: "org.dndkit.test.other", conformsTo: ["public.data"], origin: .file("test")),
        ])
        #expect(extended.type(tag: "apng", tagClass: .filenameExtension, conformingTo: nil) == .png)
        #expect(extended.type(tag: "image/x-png", tagClass: .mimeType, conformingTo: nil) == .png)
        let fancy = try #require(extended.type(tag: "fimg", tagClass: .filenameExtension, conformingTo: nil))
        #expect(fancy.identifier == "org.freedesktop.mime.image.x-fancy" && fancy.localizedDescription == "Mine")
        #expect(fancy.conforms(to: .png))
        let sub = try #require(extended.type(tag: "application/x-fancy-sub", tagClass: .mimeType, conformingTo: nil))
        #expect(sub.identifier == "org.freedesktop.mime.application.x-fancy-sub" && !sub.isDynamic)
        #expect(extended.count == registry.count + 1)
    }

    @Test func malformedLinesNameTheFileAndLine() {
        let error = #expect(throws: TypeRegistryError.self) {
            try TypeRegistry().addingDesktopDatabase(at: Fixtures.brokenMIMEDirectory)
        }
        #expect(error?.code == .malformedDatabase)
        #expect(error?.file == Fixtures.brokenMIMEDirectory.appendingPathComponent("subclasses").path)
        #expect(error?.entry == "line 4")
    }

    @Test func missingDatabaseIsUnreadable() {
        let error = #expect(throws: TypeRegistryError.self) {
            try TypeRegistry().addingDesktopDatabase(at: Fixtures.root.appendingPathComponent("Nowhere"))
        }
        #expect(error?.code == .unreadableFile)
    }

    // MARK: Databases written by the tests

    /// Writes a database of four files into a new temporary directory.
    static func database(types: String, aliases: String = "", subclasses: String = "", globs: String = "") throws -> URL
    {
        let directory = try temporaryFolder("dndkit-mime")
        for (name, text) in [("types", types), ("aliases", aliases), ("subclasses", subclasses), ("globs2", globs)] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func linesAreReadWithCommentsBlanksSpacesAndFlags() throws {
        let directory = try Self.database(
            types: "# a comment\n\ntext/x-one\napplication/x-ünïcode\n",
            aliases: "text/x-alias    text/x-one\n",
            subclasses: "  application/x-ünïcode text/x-one  \n",
            globs: "# generated\n50:text/x-one:*.one:cs\n40:text/x-alias:*.ali\n30:application/x-ünïcode:*.uni\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = try TypeRegistry().addingDesktopDatabase(at: directory)
        let one = try #require(registry.type(withIdentifier: "org.freedesktop.mime.text.x-one"))
        #expect(one.tags == [.mimeType: ["text/x-one", "text/x-alias"], .filenameExtension: ["one"]])
        #expect(registry.type(tag: "ali", tagClass: .filenameExtension, conformingTo: nil) == one)  // through the alias
        // Characters an identifier cannot hold become one hyphen each, whatever their length in bytes.
        let unicode = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x--n-code"))
        #expect(unicode.tags[.filenameExtension] == ["uni"])
        #expect(unicode.conforms(to: one) && unicode.conforms(to: .plainText))
    }

    @Test(arguments: [
        ("aliases", "text/x-a text/x-b text/x-c\n", 1),
        ("aliases", "\n# comment\ntext/x-a\n", 3),
        ("globs2", "50:text/x-a:*.a\nfifty:text/x-a:*.a\n", 2),
        ("globs2", "50:text/x-a:\n", 1),
        ("globs2", "50::*.a\n", 1),
        ("globs2", "50:text/x-a\n", 1),
        ("globs2", "50:text/x-a:*.a\n5o:text/x-a:*.b\n", 2),
        ("globs2", "+:text/x-a:*.a\n", 1),
        ("globs2", "99999999999999999999:text/x-a:*.a\n", 1),
    ])
    func malformedLinesAreNamed(file: String, text: String, line: Int) throws {
        let directory = try Self.database(
            types: "text/x-a\n", aliases: file == "aliases" ? text : "", globs: file == "globs2" ? text : "")
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = #expect(throws: TypeRegistryError.self) { try TypeRegistry().addingDesktopDatabase(at: directory) }
        #expect(error?.code == .malformedDatabase)
        #expect(error?.file == directory.appendingPathComponent(file).path)
        #expect(error?.entry == "line \(line)")
    }

    /// Types that subclass each other in a cycle are a malformed database, named by its `subclasses` file; a type
    /// listed twice is one type; names compare case-insensitively from file to file.
    @Test func cyclesRepeatsAndCaseAcrossFiles() throws {
        let cyclic = try Self.database(
            types: "application/x-a\napplication/x-b\napplication/x-c\n",
            subclasses:
                "application/x-a application/x-b\napplication/x-b application/x-c\napplication/x-c application/x-a\n")
        defer { try? FileManager.default.removeItem(at: cyclic) }
        let error = #expect(throws: TypeRegistryError.self) { try TypeRegistry().addingDesktopDatabase(at: cyclic) }
        #expect(error?.code == .malformedDatabase)
        #expect(error?.file == cyclic.appendingPathComponent("subclasses").path)
        #expect(error?.message.contains("org.freedesktop.mime.application.x-a") == true)

        let directory = try Self.database(
            types: "text/x-twice\nText/X-Other\ntext/x-twice\n",
            aliases: "TEXT/X-ALIAS text/x-OTHER\n",
            subclasses: "text/x-other TEXT/X-TWICE\n",
            globs: "50:text/x-alias:*.ali\n50:TEXT/X-TWICE:*.twc\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = try TypeRegistry().addingDesktopDatabase(at: directory)
        #expect(registry.count == TypeRegistry.system.count + 2)
        let twice = try #require(registry.type(tag: "twc", tagClass: .filenameExtension, conformingTo: nil))
        let other = try #require(registry.type(tag: "ali", tagClass: .filenameExtension, conformingTo: nil))
        #expect(twice.identifier == "org.freedesktop.mime.text.x-twice" && other.identifier.hasSuffix("Other"))
        #expect(
            other.conforms(to: twice)
                && registry.type(tag: "text/x-alias", tagClass: .mimeType, conformingTo: nil) == other)
        // The glob names the type by an alias: the type has no extension of its own.
        #expect(other.tags[.filenameExtension] == nil && twice.tags[.filenameExtension] == ["twc"])
    }

    /// A type listed twice whose first line has capitals is still one type: its later line's. (Reading the second
    /// line once trapped: the earlier line's entry carried the mark of a name not folded.)
    @Test func aTypeListedFirstWithCapitalsIsOneType() throws {
        let directory = try Self.database(
            types: "Text/X-Twice\ntext/x-other\ntext/x-twice\n", subclasses: "text/x-other TEXT/X-TWICE\n",
            globs: "50:text/x-twice:*.twc\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = try TypeRegistry().addingDesktopDatabase(at: directory)
        #expect(registry.count == TypeRegistry.system.count + 2)
        let twice = try #require(registry.type(tag: "twc", tagClass: .filenameExtension, conformingTo: nil))
        #expect(twice.identifier == "org.freedesktop.mime.text.x-twice")
        #expect(registry.type(tag: "TEXT/X-TWICE", tagClass: .mimeType, conformingTo: nil) == twice)
        let other = try #require(registry.type(tag: "text/x-other", tagClass: .mimeType, conformingTo: nil))
        #expect(other.conforms(to: twice) && !twice.conforms(to: other))
    }

    /// The database's types with subtypes take the first of its slots, and the closure has columns up to them alone;
    /// every other type is a subtype of nothing but answers as any: conforming to itself and to its supertypes, and
    /// no other type conforming to it.
    @Test func typesWithSubtypesComeFirstAndTheOthersNeedNoColumn() throws {
        let directory = try Self.database(
            types: "application/x-leaf\napplication/x-middle\napplication/x-root\ntext/x-alone\n",
            subclasses: "application/x-leaf application/x-middle\napplication/x-middle application/x-root\n",
            globs: "50:application/x-leaf:*.leaf\n50:application/x-middle:*.middle\n50:application/x-root:*.root\n"
                + "50:text/x-alone:*.alone\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = try TypeRegistry().addingDesktopDatabase(at: directory)
        let (leaf, middle, root, alone) = try ["leaf", "middle", "root", "alone"].map { tag in
            try #require(registry.type(tag: tag, tagClass: .filenameExtension, conformingTo: nil))
        }.quadruple()
        let first = TypeRegistry.system.count
        // The supertypes first, each group in the database's order.
        #expect(registry.types.dropFirst(first).map(\.identifier) == [middle, root, leaf, alone].map(\.identifier))
        let all = [leaf, middle, root, alone]
        for type in all {
            for other in all {
                let expected =
                    type == other || (type == leaf && other != alone) || (type == middle && other == root)
                #expect(type.conforms(to: other) == expected, "\(type.identifier) → \(other.identifier)")
            }
        }
        #expect(leaf.conforms(to: .data) && alone.conforms(to: .plainText) && !UTType.data.conforms(to: leaf))
        #expect(leaf.supertypes == middle.supertypes.union([middle]))
    }

    /// A desktop type's declaration is made when first asked for, and then the same for everyone: from many threads
    /// at once, and after the registry has answered other questions. It says what the type answers.
    @Test func declarationsAreMadeOnceAndAgreeWithTheTypes() async throws {
        let registry = try TypeRegistry().addingDesktopDatabase(at: Fixtures.mimeDirectory)
        let types = registry.types.filter { $0.identifier.hasPrefix("org.freedesktop.mime.") }
        #expect(types.count >= 5)
        let rounds = await withTaskGroup(of: [TypeDeclaration?].self) { group in
            for _ in 0..<8 {
                group.addTask { types.map(registry.declaration(of:)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for round in rounds {
            #expect(round == rounds[0])
        }
        for (type, declaration) in zip(types, rounds[0]) {
            let declaration = try #require(declaration)
            guard case .desktopDatabase(let directory) = declaration.origin else {
                Issue.record("\(type) should come from the desktop database")
                continue
            }
            #expect(directory == Fixtures.mimeDirectory.path)
            #expect(declaration.identifier == type.identifier && declaration.tags == type.tags)
            #expect(declaration.kind == .imported && declaration.entry == type.preferredMIMEType)
            for parent in declaration.conformsTo {
                #expect(try type.conforms(to: #require(registry.type(withIdentifier: parent))), "\(type) → \(parent)")
            }
        }
        #expect(registry.declarations.count == registry.count)
        #expect(registry.declarations.map(\.identifier) == registry.types.map(\.identifier))
    }

    // MARK: A database read when first needed

    /// What the registry's own types answer never reads the database; the first look-up they do not answer reads
    /// it, and from then on the registry answers as one built with the database.
    @Test func deferredDatabaseIsReadWhenFirstNeeded() throws {
        let eager = try #require(Self.fixture)
        let registry = try TypeRegistry().addingDesktopDatabaseWhenNeeded(at: Fixtures.mimeDirectory)
        let deferred = try #require(registry.storage.deferred)
        #expect(registry.type(tag: "png", tagClass: .filenameExtension, conformingTo: nil) == .png)
        #expect(registry.type(tag: "image/png", tagClass: .mimeType, conformingTo: .image) == .png)
        #expect(registry.type(withIdentifier: "public.jpeg") == .jpeg)
        #expect(registry.type(withIdentifier: "com.example.nobody") == nil)  // no database type has it
        #expect(registry.type(tag: "", tagClass: .filenameExtension, conformingTo: nil) == nil)  // malformed
        #expect(!deferred.isLoaded)
        #expect(registry.desktopDatabase == Fixtures.mimeDirectory.path)

        let fancy = try #require(registry.type(tag: "fimg", tagClass: .filenameExtension, conformingTo: nil))
        #expect(deferred.isLoaded && registry.desktopDatabaseError == nil)
        #expect(fancy.identifier == "org.freedesktop.mime.image.x-fancy" && fancy.isDeclared && !fancy.isDynamic)
        // Then the same answers as the registry built with the database, to every tag, identifier and question.
        #expect(registry.count == eager.count)
        #expect(registry.declarations == eager.declarations)
        for (tag, tagClass) in [
            ("fimg", UTTagClass.filenameExtension), ("fancy.sub", .filenameExtension), ("ts", .filenameExtension),
            ("apng", .filenameExtension), ("application/x-fancy-zip", .mimeType), ("image/x-png", .mimeType),
            ("model/x-fancy-model", .mimeType), ("text/x-fancy-script", .mimeType),
        ] {
            let ours = registry.types(tag: tag, tagClass: tagClass, conformingTo: nil)
            let theirs = eager.types(tag: tag, tagClass: tagClass, conformingTo: nil)
            #expect(ours.map(\.identifier) == theirs.map(\.identifier), "\(tag)")
            #expect(ours.map(\.tags) == theirs.map(\.tags), "\(tag)")
        }
        let archive = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-fancy-archive"))
        #expect(fancy.conforms(to: archive) && fancy.conforms(to: .image) && !archive.conforms(to: fancy))
        #expect(registry.type(tag: "fimg", tagClass: .filenameExtension, conformingTo: archive) == fancy)
        #expect(registry.declaration(of: fancy)?.conformsTo == [archive.identifier, "public.image"])
        // A registry extended from it reads the database again when it needs it, with its own declarations first.
        let extended = try registry.adding([
            TypeDeclaration(
                identifier: "org.dndkit.test.fimg", conformsTo: ["public.data"], tags: [.filenameExtension: ["fimg"]])
        ])
        #expect(
            extended.type(tag: "fimg", tagClass: .filenameExtension, conformingTo: nil)?.identifier
                == "org.dndkit.test.fimg")
        #expect(
            extended.types(tag: "fimg", tagClass: .filenameExtension, conformingTo: nil).map(\.identifier) == [
                "org.dndkit.test.fimg", fancy.identifier,
            ])
    }

    /// A declaration may conform to a type of the database: with the database read at once, or when the declaration
    /// comes, if it was to be read when needed. Cycles through declarations and the database are named.
    @Test func declarationsConformToDatabaseTypes() throws {
        let mine = TypeDeclaration(
            identifier: "org.dndkit.test.fancy-kind", conformsTo: ["org.freedesktop.mime.image.x-fancy"],
            tags: [.filenameExtension: ["fancykind"]])
        let eager = try #require(Self.fixture).adding([mine])
        let deferred = try TypeRegistry().addingDesktopDatabaseWhenNeeded(at: Fixtures.mimeDirectory).adding([mine])
        #expect(deferred.storage.deferred == nil)  // read when the declaration came
        for registry in [eager, deferred] {
            let kind = try #require(registry.type(tag: "fancykind", tagClass: .filenameExtension, conformingTo: nil))
            let fancy = try #require(registry.type(withIdentifier: "org.freedesktop.mime.image.x-fancy"))
            let archive = try #require(
                registry.type(withIdentifier: "org.freedesktop.mime.application.x-fancy-archive"))
            #expect(kind.conforms(to: fancy) && kind.conforms(to: archive) && kind.conforms(to: .image))
            #expect(!fancy.conforms(to: kind))
        }
        // A declaration that takes a database type's place and names a type that conforms to it: a cycle.
        let cyclic = TypeDeclaration(
            identifier: "org.freedesktop.mime.application.x-fancy-archive",
            conformsTo: ["org.freedesktop.mime.application.x-fancy-sub"])
        let error = #expect(throws: TypeRegistryError.self) { try Self.fixture?.adding([cyclic]) }
        #expect(error?.code == .conformanceCycle)
        #expect(error?.message.contains("org.freedesktop.mime.application.x-fancy-sub") == true)
    }

    /// A database that cannot be read when it is needed is left out, and the registry says why.
    @Test func deferredDatabaseThatCannotBeReadIsLeftOut() throws {
        for (directory, code) in [
            (Fixtures.brokenMIMEDirectory, TypeRegistryError.Code.malformedDatabase),
            (Fixtures.root.appendingPathComponent("Nowhere"), .unreadableFile),
        ] {
            let registry = try TypeRegistry().addingDesktopDatabaseWhenNeeded(at: directory)
            #expect(registry.type(tag: "png", tagClass: .filenameExtension, conformingTo: nil) == .png)
            #expect(registry.desktopDatabaseError == nil)
            let fancy = try #require(registry.type(tag: "fimg", tagClass: .filenameExtension, conformingTo: nil))
            #expect(fancy.isDynamic)
            let error = try #require(registry.desktopDatabaseError)
            #expect(error.code == code)
            #expect(error.file?.hasPrefix(directory.path) == true, "\(error)")
            #expect(registry.count == TypeRegistry.system.count)
        }
    }

    /// Threads that all need the database at once read it once and get the same types.
    @Test func deferredDatabaseIsReadOnceForAllThreads() async throws {
        let registry = try TypeRegistry().addingDesktopDatabaseWhenNeeded(at: Fixtures.mimeDirectory)
        let answers = await withTaskGroup(of: [UTType?].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    ["fimg", "fancy", "fmodel", "fscript"].map {
                        registry.type(tag: $0, tagClass: .filenameExtension, conformingTo: nil)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let loaded = try #require(registry.storage.withDesktopDatabase)
        for answer in answers {
            #expect(answer == answers[0])
            // Every thread's types are slots of the one registry the database was read into.
            #expect(answer.allSatisfy { $0.map { $0.slot >= 0 && $0.storage === loaded } ?? false })
        }
    }

    // MARK: The system's database (shared-mime-info, installed by .ci/run)

    static let systemTypes: [String] = {
        let url = TypeRegistry.desktopDatabaseDirectory.appendingPathComponent("types")
        return (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }()
    static let system: TypeRegistry? = try? TypeRegistry().addingDesktopDatabase()

    @Test func everyDesktopMIMETypeResolves() throws {
        let registry = try #require(Self.system, "shared-mime-info must be installed (/usr/share/mime)")
        #expect(Self.systemTypes.count >= 850)
        for mimeType in Self.systemTypes {
            let type = try #require(registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil))
            #expect(type.isDeclared, "\(mimeType)")
            #expect(type.conforms(to: .data) || type.conforms(to: .item), "\(mimeType)")
            let media = mimeType.split(separator: "/")[0]
            let abstract: UTType? =
                switch media {
                case "image": .image
                case "text": .plainText
                case "audio": .audio
                case "video": .movie
                default: nil
                }
            if let abstract, type.identifier.hasPrefix("org.freedesktop.") {
                #expect(type.conforms(to: abstract), "\(mimeType) → \(abstract)")
            }
        }
    }

    /// The lines of one of the system database's files, each split at spaces (and at colons for `globs2`).
    static func systemLines(_ name: String) -> [[String]] {
        let url = TypeRegistry.desktopDatabaseDirectory.appendingPathComponent(name)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            line.split(whereSeparator: { $0 == " " || (name == "globs2" && $0 == ":") }).map(String.init)
        }
    }

    /// Every line of the system database's generated files, read here on their own, is answered by the registry:
    /// aliases the catalog does not declare lead where their types lead, desktop types conform to their `sub-class-of` parents, and every literal
    /// glob's extension leads to its type among others.
    @Test func everyLineOfTheSystemDatabaseIsAnswered() throws {
        let registry = try #require(Self.system, "shared-mime-info must be installed (/usr/share/mime)")
        func type(_ mimeType: String) -> UTType? {
            registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
        }
        for mimeType in Self.systemTypes {
            let found = try #require(type(mimeType))
            if found.identifier.hasPrefix("org.freedesktop.mime.") {
                #expect(found.tags[.mimeType]?.contains(mimeType) == true, "\(mimeType)")
            }
        }
        let aliases = Self.systemLines("aliases")
        #expect(aliases.count >= 200)
        for line in aliases where line.count == 2 {
            // An alias the catalog declares itself stays the catalog's type (audio/x-m4v is Apple's m4v video).
            if TypeRegistry.system.type(tag: line[0], tagClass: .mimeType, conformingTo: nil)?.isDeclared == true {
                continue
            }
            #expect(type(line[0]) == type(line[1]), "alias \(line[0]) of \(line[1])")
        }
        let subclasses = Self.systemLines("subclasses")
        #expect(subclasses.count >= 300)
        for line in subclasses where line.count == 2 {
            let child = try #require(type(line[0]))
            let parent = try #require(type(line[1]))
            // The catalog's types keep the catalog's parents; the database's types take the database's.
            if child.identifier.hasPrefix("org.freedesktop.mime.") {
                #expect(child.conforms(to: parent), "\(line[0]) sub-class-of \(line[1])")
            }
        }
        let globs = Self.systemLines("globs2").filter { $0.count >= 3 && $0[2].hasPrefix("*.") }
        #expect(globs.count >= 800)
        for glob in globs {
            let fileExtension = String(glob[2].dropFirst(2))
            if fileExtension.contains(where: { "*?[]\\/".contains($0) }) {
                continue  // not a literal extension: no tag
            }
            let candidates = registry.types(tag: fileExtension, tagClass: .filenameExtension, conformingTo: nil)
            #expect(try candidates.contains(#require(type(glob[1]))), "\(glob)")
        }
    }

    /// A copy of the system database with one file cut short or with bytes changed: a registry or a
    /// `TypeRegistryError` naming that file, never a crash.
    @Test(arguments: ["types", "aliases", "subclasses", "globs2"])
    func damagedCopiesOfTheSystemDatabaseFailCleanly(file: String) throws {
        let system = TypeRegistry.desktopDatabaseDirectory
        let original = try Data(contentsOf: system.appendingPathComponent(file))
        var random = SeededRandom(seed: UInt64(file.utf8.count))
        var damaged: [Data] = [Data(), original.prefix(1), original.prefix(original.count / 2)]
        damaged.append(original.prefix(original.count - 1))
        for _ in 0..<6 {
            var bytes = [UInt8](original)
            for _ in 0..<4 {
                bytes[random.int(below: bytes.count)] = [0x00, 0x0A, 0x20, 0x3A, 0xFF][random.int(below: 5)]
            }
            damaged.append(Data(bytes))
        }
        var failures = 0
        for (number, contents) in damaged.enumerated() {
            let directory = try temporaryFolder("dndkit-mime")
            defer { try? FileManager.default.removeItem(at: directory) }
            for name in ["types", "aliases", "subclasses", "globs2"] where name != file {
                try FileManager.default.copyItem(
                    at: system.appendingPathComponent(name), to: directory.appendingPathComponent(name))
            }
            try contents.write(to: directory.appendingPathComponent(file))
            do {
                let registry = try TypeRegistry().addingDesktopDatabase(at: directory)
                #expect(registry.count >= TypeRegistry.system.count, "\(file) #\(number)")
            } catch let error as TypeRegistryError {
                #expect(error.code == .malformedDatabase, "\(file) #\(number): \(error)")
                #expect(error.file == directory.appendingPathComponent(file).path, "\(file) #\(number)")
                failures += 1
            }
        }
        // Any line of `types` is a MIME type; the other files have a shape, which some of the damage breaks.
        #expect(file == "types" ? failures == 0 : failures > 0)
    }

    @Test func systemDatabaseKnowsCommonFormats() throws {
        let registry = try #require(Self.system)
        #expect(registry.type(tag: "image/png", tagClass: .mimeType, conformingTo: nil) == .png)
        #expect(registry.type(tag: "application/x-shellscript", tagClass: .mimeType, conformingTo: nil) == .shellScript)
        let xz = try #require(registry.type(tag: "xz", tagClass: .filenameExtension, conformingTo: nil))
        #expect(!xz.isDynamic && xz.conforms(to: .data))
        #expect(registry.count > TypeRegistry.system.count + 600)
    }
}

/// The media type rules (`DesktopDatabase.MediaParents`), which read a name's media type two words at a time, against
/// the rules written plainly on strings.
@Suite("Desktop database: media types")
struct DesktopMediaTypeTests {
    typealias MediaParents = DesktopDatabase.MediaParents

    /// The media type of a MIME type, folded: after any leading slashes, up to the next.
    static func mediaType(_ name: String) -> String {
        String(Substring(Folding.fold(name).utf8.drop { $0 == 0x2F }.prefix { $0 != 0x2F }))
    }

    /// The parents a media type gives, written plainly.
    static func parents(_ media: String) -> MediaParents {
        switch media {
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

    static let names: [String] = {
        let lines = (try? String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8)) ?? ""
        let edges = [
            "image/png", "IMAGE/PNG", "Image", "/image/png", "//text/plain", "text", "", "/", "x-content/blank",
            "X-Content/Blank", "application/xml", "APPLICATION/x", "application", "applicationx/y",
            "abcdefghijklmno/p", "abcdefghijklmnop/q", "abcdefghijklmnopqrstuvwxyz0123456789/long",
            "ïmage/png", "image/pngé", "imagé/x", "text/plain-with-a-long-subtype-name", "font/ttf", "model/x",
            "message/rfc822", "inode/directory", "video/mp4", "audio/ogg", "multipart/mixed", "inode",
            "abcdefgh", "abcdefg/", "abcdefgh/", "Abcdefghi", "abcdefghijklmno", "abcdefghijklmnop", "text/x-c",
            "/abcdefgh", "TEXT/PLAIN", "textplain/x", "x-content", "X-CONTENT/", "a/b", "ab", "éééé/x",
        ]
        return edges + lines.split(separator: "\n").map(String.init)
    }()

    @Test func mediaTypesGiveTheParentsTheRulesSay() {
        #expect(Self.names.count > 100)
        for name in Self.names {
            let bytes = Array(name.utf8)
            let media = MediaParents.media(of: bytes.span, key: MediaParents.MediaKey(of: bytes.span))
            let expected = Self.mediaType(name)
            #expect(media.parents == Self.parents(expected), "\(name)")
            #expect(media.isApplication == (expected == "application"), "\(name)")
        }
    }

    @Test func sameMediaTypeAsTheRulesSay() {
        // Every name against its neighbours and a few others: equal media types are adjacent in `types`.
        let names = Self.names
        for (index, name) in names.enumerated() {
            for other in [names[(index + 1) % names.count], names[(index + 7) % names.count], name.uppercased()] {
                let first = Array(name.utf8)
                let second = Array(other.utf8)
                let same = MediaParents.sameMediaType(
                    first.span, MediaParents.MediaKey(of: first.span), second.span,
                    MediaParents.MediaKey(of: second.span))
                #expect(same == (Self.mediaType(name) == Self.mediaType(other)), "\(name) and \(other)")
            }
        }
    }
}

extension Array {
    /// The four elements of a four-element array.
    fileprivate func quadruple() throws -> (Element, Element, Element, Element) {
        try #require(count == 4)
        return (self[0], self[1], self[2], self[3])
    }
}
