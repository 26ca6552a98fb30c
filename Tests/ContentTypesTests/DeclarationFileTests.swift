import Foundation
import Testing

@testable import ContentTypes

/// Declaration files: what they declare, and errors that name the file, the entry and the key.
@Suite("Declaration files")
struct DeclarationFileTests {
    @Test func readsExportedAndImportedDeclarations() throws {
        let file = try DeclarationFile(contentsOf: Fixtures.declarations("valid.plist"))
        #expect(
            file.declarations.map(\.identifier) == [
                "com.example.document", "com.example.photo-album", "org.other.format",
            ])
        let document = file.declarations[0]
        #expect(document.kind == .exported)
        #expect(document.conformsTo == ["public.json"])
        #expect(document.description == "Example Document")
        #expect(document.referenceURL == URL(string: "https://example.com/document-format"))
        #expect(document.version == 2)
        #expect(document.tags[.filenameExtension] == ["exampledoc", "exdoc"])
        #expect(document.tags[.mimeType] == ["application/x-example-document"])
        #expect(document.entry == "UTExportedTypeDeclarations[0]")
        #expect(file.declarations[2].kind == .imported)
        #expect(file.declarations[2].conformsTo == ["public.data"])
    }

    @Test func registryWithDeclarations() throws {
        let registry = try TypeRegistry().addingDeclarations(contentsOf: Fixtures.declarations("valid.plist"))
        let document = try #require(registry.type(withIdentifier: "com.example.document"))
        let album = try #require(registry.type(withIdentifier: "com.example.photo-album"))
        #expect(album.conforms(to: document) && album.conforms(to: .json) && album.conforms(to: .compositeContent))
        #expect(album.supertypes.contains(.text))
        #expect(!document.conforms(to: album))
        #expect(registry.type(tag: "EXDOC", tagClass: .filenameExtension, conformingTo: .data) == document)
        #expect(
            registry.type(tag: "application/x-example-document", tagClass: .mimeType, conformingTo: nil) == document)
        #expect(document.localizedDescription == "Example Document")
        #expect(document.version == 2)
        #expect(registry.declaration(of: album)?.conformsTo == ["com.example.document", "public.composite-content"])
        // The system registry is untouched.
        #expect(TypeRegistry.system.type(withIdentifier: "com.example.document") == nil)
    }

    @Test func exportedWinsOverImportedAndTheFirstImportStays() throws {
        for order in [["valid.plist", "imports-document.plist"], ["imports-document.plist", "valid.plist"]] {
            var registry = TypeRegistry()
            for name in order {
                registry = try registry.addingDeclarations(contentsOf: Fixtures.declarations(name))
            }
            let document = try #require(registry.type(withIdentifier: "com.example.document"))
            #expect(document.localizedDescription == "Example Document", "\(order)")
            #expect(document.conforms(to: .json))
            let other = try #require(registry.type(withIdentifier: "org.other.format"))
            let firstImport = order[0] == "valid.plist" ? "Other Format" : "Other Format (second import)"
            #expect(other.localizedDescription == firstImport)
        }
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let files: [String]
        let code: TypeRegistryError.Code
        let message: String
        var testDescription: String { files.joined(separator: " + ") }
    }

    static let failures: [Failure] = [
        Failure(
            files: ["malformed-identifier.plist"], code: .malformedIdentifier,
            message: "malformed-identifier.plist: UTExportedTypeDeclarations[0] (com.example/bad type): "
                + "UTTypeIdentifier: \"com.example/bad type\" is not a uniform type identifier "
                + "(letters, digits, hyphens and periods, as in com.example.my-type)"),
        Failure(
            files: ["unknown-parent.plist"], code: .unknownParent,
            message: "unknown-parent.plist: UTExportedTypeDeclarations[1] (com.example.orphan): UTTypeConformsTo: "
                + "unknown parent type \"com.example.missing\""),
        Failure(
            files: ["cycle.plist"], code: .conformanceCycle,
            message: "cycle.plist: UTExportedTypeDeclarations[2] (com.example.c): UTTypeConformsTo: conformance cycle: "
                + "com.example.a → com.example.b → com.example.c → com.example.a"),
        Failure(
            files: ["valid.plist", "duplicate-export.plist"], code: .duplicateExport,
            message: "duplicate-export.plist: UTExportedTypeDeclarations[0] (com.example.document): UTTypeIdentifier: "
                + "\"com.example.document\" is already exported by valid.plist UTExportedTypeDeclarations[0]"),
        Failure(
            files: ["system-type.plist"], code: .systemTypeRedeclared,
            message: "system-type.plist: UTImportedTypeDeclarations[0] (public.PNG): UTTypeIdentifier: "
                + "\"public.png\" is a system type and cannot be redeclared"),
        Failure(
            files: ["wrong-value.plist"], code: .wrongValueType,
            message: "wrong-value.plist: UTExportedTypeDeclarations[0] (com.example.numbers): UTTypeConformsTo: "
                + "expected a string or an array of strings"),
        Failure(
            files: ["missing-identifier.plist"], code: .missingKey,
            message: "missing-identifier.plist: UTExportedTypeDeclarations[1]: UTTypeIdentifier: "
                + "missing; every declaration needs an identifier"),
        Failure(
            files: ["root-array.plist"], code: .malformedPropertyList,
            message: "root-array.plist: the root of the property list is not a dictionary"),
    ]

    @Test(arguments: failures)
    func reportsFileEntryAndKey(failure: Failure) throws {
        // URLs relative to the fixtures folder, so that the messages name the files as given, wherever they are.
        let folder = Fixtures.root.appendingPathComponent("Declarations", isDirectory: true)
        let error = #expect(throws: TypeRegistryError.self) {
            var registry = TypeRegistry()
            for name in failure.files {
                registry = try registry.addingDeclarations(contentsOf: URL(fileURLWithPath: name, relativeTo: folder))
            }
        }
        #expect(error?.code == failure.code)
        #expect(error?.description == failure.message)
    }

    @Test func notAPropertyListNamesTheFile() {
        let url = Fixtures.declarations("not-a-plist.plist")
        let error = #expect(throws: TypeRegistryError.self) { try DeclarationFile(contentsOf: url) }
        #expect(error?.code == .malformedPropertyList)
        #expect(error?.file == url.path)
        #expect(error?.description.hasPrefix("\(url.path): not a property list") == true)
    }

    @Test func readsBinaryAndOpenStepPropertyLists() throws {
        let entries = [["UTTypeIdentifier": "org.example.b", "UTTypeConformsTo": "public.data"]]
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let binary = try DeclarationFile(
            data: encoder.encode(["UTExportedTypeDeclarations": entries]), path: "binary.plist")
        let openStep = try DeclarationFile(
            data: Data(
                #"{ UTImportedTypeDeclarations = ({ UTTypeIdentifier = "org.example.o"; UTTypeConformsTo = ("public.text"); }); }"#
                    .utf8),
            path: "openstep.plist")
        #expect(binary.declarations.map(\.identifier) == ["org.example.b"])
        #expect(binary.declarations.first?.conformsTo == ["public.data"])
        #expect(openStep.declarations.map(\.identifier) == ["org.example.o"])
        #expect(openStep.declarations.first?.kind == .imported)
        #expect(openStep.declarations.first?.conformsTo == ["public.text"])
    }

    /// A binary property list (`bplist00`) of the given objects, object 0 the root, object references one byte:
    /// what Foundation's writers never produce but a file can hold.
    static func binaryPropertyList(_ objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        // Trailer: 6 unused bytes, offset size 1, reference size 1, object count, root object, offset table offset.
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [objects.count, 0, table] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        return Data(bytes)
    }

    /// `{ UTExportedTypeDeclarations = <object 2> }`, then `rest` as objects 2….
    static func declarations(_ rest: [[UInt8]]) -> Data {
        binaryPropertyList([[0xD1, 1, 2], [0x5F, 0x10, 26] + Array("UTExportedTypeDeclarations".utf8)] + rest)
    }

    // Found by fuzz-declarations (the fuzzer's inputs are in Tests/Fuzzing/Regressions/fuzz-declarations/).
    @Test(arguments: [
        // [ set { "a" } ]: property lists have no sets, but the binary format can hold one, and Foundation's
        // PropertyListSerialization crashed the process on it.
        ("a set", declarations([[0xA1, 3], [0xC1, 4], [0x51, 0x61]]), "a value that is not a string"),
        // An array that holds itself.
        ("a cycle", declarations([[0xA1, 2]]), "nested deeper than 32 levels"),
        // 20 arrays, each holding the next twice: 2^20 paths to the last.
        (
            "shared objects", declarations((2..<22).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x51, 0x61]]),
            "more than 10000 values"
        ),
    ])
    func binaryPropertyListsThatAreNotDeclarations(_ what: String, _ data: Data, _ problem: String) {
        let error = #expect(throws: TypeRegistryError.self, "\(what)") {
            try DeclarationFile(data: data, path: "bad.plist")
        }
        #expect(error?.code == .malformedPropertyList)
        #expect(error?.description.hasPrefix("bad.plist: not a property list: UTExportedTypeDeclarations[0]") == true)
        #expect(error?.description.contains(problem) == true, "\(error?.description ?? "")")
    }

    @Test func textPropertyListThatIsNotUTF8IsAnError() {
        // Malformed UTF-8 inside an <integer> stopped the process in Foundation's XML reader (found by
        // fuzz-declarations; the input is in Tests/Fuzzing/Regressions/fuzz-declarations/).
        let data =
            Data("<plist><dict><key>UTExportedTypeDeclarations</key><array><integer>".utf8)
            + Data(repeating: 0xFF, count: 32)
            + Data("42</integer></array></dict></plist>".utf8)
        let error = #expect(throws: TypeRegistryError.self) { try DeclarationFile(data: data, path: "latin.plist") }
        #expect(error?.code == .malformedPropertyList)
        #expect(error?.description == "latin.plist: not a property list: a text property list that is not valid UTF-8")
    }

    @Test func missingFileIsUnreadable() {
        let url = Fixtures.declarations("no-such-file.plist")
        let error = #expect(throws: TypeRegistryError.self) { try DeclarationFile(contentsOf: url) }
        #expect(error?.code == .unreadableFile)
        #expect(error?.file == url.path)
    }

    @Test func repositoryInfoPlistDeclaresPictures() throws {
        // Info/Info.plist at the package root, found from this source file: the declarations dnd-sim and the
        // samples use.
        let info = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Info/Info.plist")
        let registry = try TypeRegistry().addingDeclarations(contentsOf: info)
        let pictures = try #require(registry.type(withIdentifier: "org.alanhou.pictures"))
        #expect(pictures.localizedDescription == "Pictures")
        #expect(pictures.conforms(to: .data))
        #expect(registry.declaration(of: pictures)?.kind == .exported)
    }
}
