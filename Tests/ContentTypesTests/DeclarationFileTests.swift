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
