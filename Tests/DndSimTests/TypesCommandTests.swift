import Foundation
import TestSupport
import Testing

/// `dnd-sim types`, run as a user runs it.
@Suite("dnd-sim types")
struct TypesCommandTests {
    /// The package root, where Info/Info.plist and the fixtures are.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let files = root.appendingPathComponent("Tests/ContentTypesTests/Fixtures/Files")
    static let declarations = root.appendingPathComponent("Tests/ContentTypesTests/Fixtures/Declarations")

    static func json(_ line: Substring) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func showJSONHasEveryKey() throws {
        let result = try dndSim(["types", "show", "image/png", "--json"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try Self.json(lines[0])
        #expect(object["identifier"] as? String == "public.png")
        #expect(object["description"] as? String == "PNG image")
        #expect(object["conformsTo"] as? [String] == ["public.image"])
        #expect(object["supertypes"] as? [String] == ["public.content", "public.data", "public.image", "public.item"])
        let tags = try #require(object["tags"] as? [String: [String]])
        #expect(tags == ["public.filename-extension": ["png"], "public.mime-type": ["image/png"]])
        #expect(object["preferredFilenameExtension"] as? String == "png")
        #expect(object["preferredMIMEType"] as? String == "image/png")
        #expect(object["isDynamic"] as? Bool == false)
        #expect(object["isDeclared"] as? Bool == true)
        #expect(object["declaredIn"] as? String == "system")
    }

    @Test func showFindsInfoPlistInTheCurrentDirectory() throws {
        let result = try dndSim(["types", "show", "org.alanhou.pictures"], currentDirectory: Self.root)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("description:    Pictures"))
        #expect(result.standardOutput.contains("declared in:    Info/Info.plist"))
        // Elsewhere, the type is unknown unless named.
        let elsewhere = try dndSim(["types", "show", "org.alanhou.pictures"], currentDirectory: Self.files)
        #expect(elsewhere.status == 1)
        #expect(elsewhere.standardError.contains("org.alanhou.pictures: unknown type"))
        let named = try dndSim(
            ["types", "show", "com.example.photo-album", "--json"],
            environment: ["DNDSIM_DECLARATIONS": Self.declarations.appendingPathComponent("valid.plist").path])
        #expect(named.status == 0)
        let object = try Self.json(try #require(named.standardOutput.split(separator: "\n").first))
        #expect(object["conformsTo"] as? [String] == ["com.example.document", "public.composite-content"])
    }

    @Test func showDynamicTypes() throws {
        let result = try dndSim(["types", "show", ".nobodyknows", "--json"])
        #expect(result.status == 0)
        let object = try Self.json(try #require(result.standardOutput.split(separator: "\n").first))
        #expect((object["identifier"] as? String)?.hasPrefix("dyn.") == true)
        #expect(object["isDynamic"] as? Bool == true)
        #expect(object["conformsTo"] as? [String] == ["public.data"])
        #expect(object["declaredIn"] is NSNull)
    }

    @Test func conformsPrintsTheChainAndUsesTheExitStatus() throws {
        let yes = try dndSim(["types", "conforms", ".png", "public.item"])
        #expect(yes.status == 0)
        #expect(yes.standardOutput == "public.png → public.image → public.data → public.item\n")
        let no = try dndSim(["types", "conforms", "public.png", "public.text"])
        #expect(no.status == 1)
        #expect(no.standardOutput == "public.png does not conform to public.text\n")
        // No answer is not a "no": an unknown type is status 2, like grep's, and standard error names it.
        let unknown = try dndSim(["types", "conforms", "com.example.none", "public.text"])
        #expect(unknown.status == 2)
        #expect(unknown.standardOutput.isEmpty)
        #expect(unknown.standardError.contains("com.example.none: unknown type"))
        let unknownSupertype = try dndSim(["types", "conforms", "public.png", "com.example.none"])
        #expect(unknownSupertype.status == 2)
        #expect(unknownSupertype.standardError.contains("com.example.none: unknown type"))
        let usage = try dndSim(["types", "conforms", "public.png"])
        #expect(usage.status == 2)
    }

    /// Content decides; a contradicting name is reported; the type's own MIME type comes first, libmagic's after.
    @Test func identifySaysWhatDecided() throws {
        let folder = try temporaryFolder("dnd-sim-identify")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.files.appendingPathComponent("document.pdf"), to: folder.appendingPathComponent("x.jpg"))
        try Data("plain words\n".utf8).write(to: folder.appendingPathComponent("fake.png"))
        try FileManager.default.copyItem(
            at: Self.files.appendingPathComponent("script.sh"), to: folder.appendingPathComponent("run.sh"))
        try Data().write(to: folder.appendingPathComponent("blank.png"))
        let result = try dndSim(
            ["types", "identify", "x.jpg", "fake.png", "run.sh", "blank.png"], currentDirectory: folder)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                x.jpg: com.adobe.pdf (application/pdf) [content]; the name says public.jpeg
                fake.png: public.plain-text (text/plain) [content]; the name says public.png
                run.sh: public.shell-script (application/x-sh; libmagic: text/x-shellscript) [both]
                blank.png: public.png (image/png; libmagic: application/x-empty) [name]

                """)
    }

    @Test func identifyJSON() throws {
        let names = ["image.png", "program", "empty", "no-such-file"]
        let result = try dndSim(["types", "identify", "--json"] + names, currentDirectory: Self.files)
        #expect(result.status == 1)
        #expect(result.standardError.contains("dnd-sim: no-such-file: no such file"))
        let objects = try result.standardOutput.split(separator: "\n").map(Self.json)
        // Every file has a record, the one that could not be read too.
        #expect(objects.map { $0["file"] as? String } == names)
        #expect(objects.map { $0["status"] as? String } == ["ok", "ok", "ok", "failed"])
        #expect(
            objects.map { $0["identifier"] as? String } == ["public.png", "public.unix-executable", "public.data", nil])
        #expect(objects.map { $0["how"] as? String } == ["both", "content", "content", nil])
        #expect(objects.map { $0["error"] as? String } == [nil, nil, nil, "no such file"])
        #expect(objects[0]["mimeType"] as? String == "image/png")
    }

    @Test func listFiltersByConformance() throws {
        let result = try dndSim(["types", "list", "--conforming-to", "public.archive"])
        #expect(result.status == 0)
        // Identifiers start their lines; the description of a long identifier is on the next line, indented.
        let identifiers = result.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }
            .map { $0.split(separator: " ")[0] }
        #expect(identifiers.contains("public.zip-archive") && identifiers.contains("public.tar-archive"))
        #expect(!identifiers.contains("public.png"))
        #expect(identifiers == identifiers.sorted())
    }

    @Test("types list fits 100 columns and describes the desktop database's types from its files")
    func listFitsAndDescribesDesktopTypes() throws {
        let result = try dndSim(["types", "list"], environment: ["LANG": "C", "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let wide = lines.filter { $0.count > 100 }
        #expect(wide.isEmpty, "\(wide.count) lines wider than 100 columns, first: \(wide.first ?? "")")
        guard FileManager.default.fileExists(atPath: "/usr/share/mime/application/x-bittorrent.xml") else {
            return  // no desktop database on this machine: the catalog's own descriptions only
        }
        // A type only the database declares, described in English from application/x-bittorrent.xml.
        let torrent = try #require(lines.firstIndex { $0.hasPrefix("org.freedesktop.mime.application.x-bittorrent") })
        let described =
            lines[torrent].contains("BitTorrent seed file") || lines[torrent + 1].contains("BitTorrent seed file")
        #expect(described)
        let german = try dndSim(["types", "show", "application/x-bittorrent"], environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(german.standardOutput.contains("BitTorrent-Seed-Datei"))
    }

    @Test func treeDrawsDescendants() throws {
        let result = try dndSim(["types", "tree", "public.delimited-values-text"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                public.delimited-values-text
                ├── public.comma-separated-values-text
                └── public.tab-separated-values-text
                    └── public.utf8-tab-separated-values-text

                """)
    }

    @Test func checkValidatesDeclarationFiles() throws {
        let good = try dndSim(["types", "check", "valid.plist"], currentDirectory: Self.declarations)
        #expect(good.status == 0)
        #expect(good.standardOutput == "valid.plist: ok (2 exported, 1 imported)\n")
        let bad = try dndSim(
            ["types", "check", "valid.plist", "duplicate-export.plist", "unknown-parent.plist"],
            currentDirectory: Self.declarations)
        #expect(bad.status == 1)
        #expect(
            bad.standardError == """
                dnd-sim: duplicate-export.plist: UTExportedTypeDeclarations[0] (com.example.document): \
                UTTypeIdentifier: "com.example.document" is already exported by valid.plist UTExportedTypeDeclarations[0]
                dnd-sim: unknown-parent.plist: UTExportedTypeDeclarations[1] (com.example.orphan): UTTypeConformsTo: \
                unknown parent type "com.example.missing"

                """)
    }

    @Test func badDeclarationsAreBadInput() throws {
        let result = try dndSim(
            ["types", "list", "--declarations", Self.declarations.appendingPathComponent("cycle.plist").path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("conformance cycle: com.example.a → com.example.b"))
    }

    /// A declaration file that cannot be read is named with the reason in plain words, never Foundation's.
    @Test func unreadableDeclarationFilesSayWhy() throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        _ = FileManager.default.createFile(atPath: files.path("empty.plist"), contents: Data())
        _ = FileManager.default.createFile(atPath: files.path("blank.plist"), contents: Data("  \n".utf8))
        try FileManager.default.createDirectory(atPath: files.path("folder.plist"), withIntermediateDirectories: false)
        let result = try dndSim(
            ["types", "check", "empty.plist", "blank.plist", "missing.plist", "folder.plist", "fifo", "socket"],
            currentDirectory: files.folder, timeout: 120)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                dnd-sim: empty.plist: the file is empty; a declaration file is a property list
                dnd-sim: blank.plist: the file holds only white space; a declaration file is a property list
                dnd-sim: missing.plist: no such file
                dnd-sim: folder.plist: is a directory
                dnd-sim: fifo: not a regular file (a named pipe)
                dnd-sim: socket: not a regular file (a socket)

                """)
        _ = FileManager.default.createFile(
            atPath: files.path("tag.plist"),
            contents: Data(
                "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><strin>x</string></dict></plist>\n".utf8))
        let malformed = try dndSim(["types", "check", "tag.plist"], currentDirectory: files.folder)
        #expect(malformed.status == 1)
        #expect(malformed.standardError.hasPrefix("dnd-sim: tag.plist: not a property list: "))
        #expect(!malformed.standardError.contains("The given data was not a valid property list"))
        let list = try dndSim(["types", "list", "--declarations", "missing.plist"], currentDirectory: files.folder)
        #expect(list.status == 1)
        #expect(list.standardError == "dnd-sim: missing.plist: no such file\n")
    }
}
