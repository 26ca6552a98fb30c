import Foundation
import Testing

@testable import ContentTypes

/// Registry snapshots: isolation, the process-wide registry, precedence, growth.
@Suite("Type registry")
struct TypeRegistryTests {
    static func declaration(_ identifier: String, _ parents: [String], extensions: [String] = []) -> TypeDeclaration {
        TypeDeclaration(
            identifier: identifier, conformsTo: parents,
            tags: extensions.isEmpty ? [:] : [.filenameExtension: extensions], origin: .file("test"))
    }

    @Test func isolatedRegistriesDoNotTouchTheCurrentOne() throws {
        let registry = try TypeRegistry(declarations: [Self.declaration("org.dndkit.test.isolated", ["public.png"])])
        let isolated = try #require(registry.type(withIdentifier: "org.dndkit.test.isolated"))
        #expect(isolated.conforms(to: .png) && isolated.conforms(to: .image))
        #expect(UTType("org.dndkit.test.isolated") == nil)
        #expect(registry.count == TypeRegistry.system.count + 1)
        #expect(registry.types.last == isolated)
    }

    @Test func aTypeAnswersFromItsOwnRegistry() throws {
        let first = try TypeRegistry(declarations: [Self.declaration("org.dndkit.test.shared", ["public.text"])])
        let second = try TypeRegistry(declarations: [Self.declaration("org.dndkit.test.shared", ["public.image"])])
        let inFirst = try #require(first.type(withIdentifier: "org.dndkit.test.shared"))
        let inSecond = try #require(second.type(withIdentifier: "org.dndkit.test.shared"))
        #expect(inFirst == inSecond)  // same identifier
        #expect(inFirst.conforms(to: .text) && !inFirst.conforms(to: .image))
        #expect(inSecond.conforms(to: .image) && !inSecond.conforms(to: .text))
        // Across registries, the receiver's registry answers.
        let other = try #require(first.type(withIdentifier: "public.plain-text"))
        #expect(!other.conforms(to: inSecond))
    }

    @Test func tagPreferenceSystemThenExportedThenImported() throws {
        var imported = Self.declaration("org.dndkit.test.imported-png", ["public.data"], extensions: ["png", "shared"])
        imported.kind = .imported
        let exported = Self.declaration("org.dndkit.test.exported", ["public.data"], extensions: ["shared"])
        let registry = try TypeRegistry(declarations: [imported, exported])
        #expect(registry.type(tag: "png", tagClass: .filenameExtension, conformingTo: nil) == .png)
        #expect(
            registry.types(tag: "png", tagClass: .filenameExtension, conformingTo: nil).map(\.identifier)
                == ["public.png", "org.dndkit.test.imported-png"])
        #expect(
            registry.type(tag: "shared", tagClass: .filenameExtension, conformingTo: nil)?.identifier
                == "org.dndkit.test.exported")
    }

    @Test func declarationsMadeInCodeAreIndexed() throws {
        let registry = try TypeRegistry(declarations: [
            TypeDeclaration(
                identifier: "org.dndkit.test.in-code", conformsTo: ["public.data"],
                tags: [.filenameExtension: ["incode"], .mimeType: ["application/x-in-code"]])
        ])
        let type = try #require(registry.type(tag: "incode", tagClass: .filenameExtension, conformingTo: .data))
        #expect(type.identifier == "org.dndkit.test.in-code" && !type.isDynamic)
        #expect(registry.type(tag: "application/x-in-code", tagClass: .mimeType, conformingTo: nil) == type)
        #expect(registry.declaration(of: type)?.origin == .program)
    }

    @Test func tagLookupsFoldCaseSpacesAndUnicode() throws {
        let osType = UTTagClass(rawValue: "com.example.ostype")
        let registry = try TypeRegistry(declarations: [
            TypeDeclaration(
                identifier: "org.dndkit.test.folding", conformsTo: ["public.data"],
                tags: [.filenameExtension: ["Übung"], .mimeType: ["Application/X-DnDKit-Test"], osType: ["DnDk"]])
        ])
        let type = try #require(registry.type(withIdentifier: "org.dndkit.test.folding"))
        for tag in ["übung", "ÜBUNG", "Übung"] {
            #expect(registry.type(tag: tag, tagClass: .filenameExtension, conformingTo: nil) == type, "\(tag)")
        }
        for tag in ["application/x-dndkit-test", "APPLICATION/X-DNDKIT-TEST", " application/x-dndkit-test "] {
            #expect(registry.type(tag: tag, tagClass: .mimeType, conformingTo: .data) == type, "\(tag)")
        }
        #expect(
            registry.type(tag: "dndk", tagClass: UTTagClass(rawValue: "COM.EXAMPLE.OSTYPE"), conformingTo: nil) == type)
        // Each tag class has its own tags, and a space is no part of an extension.
        #expect(registry.type(tag: "übung", tagClass: .mimeType, conformingTo: nil)?.isDynamic == true)
        #expect(registry.type(tag: "dndk", tagClass: .filenameExtension, conformingTo: nil)?.isDynamic == true)
        #expect(registry.type(tag: "üb ung", tagClass: .filenameExtension, conformingTo: nil) == nil)
        // A type that has the tag but does not conform is passed over.
        #expect(registry.type(tag: "übung", tagClass: .filenameExtension, conformingTo: .image)?.isDynamic == true)
    }

    @Test func longAndUndeclaredTagsGiveDynamicTypes() throws {
        let long = String(repeating: "Long", count: 2000)
        let type = try #require(TypeRegistry.system.type(tag: long, tagClass: .filenameExtension, conformingTo: nil))
        #expect(type.isDynamic && type.tags == [.filenameExtension: [long.lowercased()]])
        #expect(TypeRegistry.system.type(withIdentifier: type.identifier) == type)
    }

    /// Every tag of a thousand types is found, in any case, however the index's table grew.
    @Test func manyTagsAreAllFound() throws {
        let declarations = (0..<1000).map { index in
            TypeDeclaration(
                identifier: "org.dndkit.test.tagged\(index)", conformsTo: ["public.data"],
                tags: [.filenameExtension: ["Tag\(index)"], .mimeType: ["application/x-tagged-\(index)"]])
        }
        let registry = try TypeRegistry(declarations: declarations)
        for index in 0..<1000 {
            let expected = "org.dndkit.test.tagged\(index)"
            #expect(
                registry.type(tag: "TAG\(index)", tagClass: .filenameExtension, conformingTo: nil)?.identifier
                    == expected)
            #expect(
                registry.type(tag: "application/x-tagged-\(index)", tagClass: .mimeType, conformingTo: nil)?.identifier
                    == expected)
        }
        #expect(registry.type(tag: "tag1000", tagClass: .filenameExtension, conformingTo: nil)?.isDynamic == true)
    }

    /// Growth: chains and fans of generated types keep exact answers.
    @Test(arguments: [100, 1000])
    func generatedRegistries(count: Int) throws {
        let declarations = (0..<count).map { index in
            Self.declaration(
                "org.dndkit.test.generated\(index)",
                index == 0 ? ["public.data"] : ["org.dndkit.test.generated\(index / 2)"])
        }
        let registry = try TypeRegistry(declarations: declarations)
        let leaf = try #require(registry.type(withIdentifier: "org.dndkit.test.generated\(count - 1)"))
        var ancestor = count - 1
        var chain: [Int] = []
        while ancestor > 0 {
            ancestor /= 2
            chain.append(ancestor)
        }
        for index in chain {
            let type = try #require(registry.type(withIdentifier: "org.dndkit.test.generated\(index)"))
            #expect(leaf.conforms(to: type))
        }
        let sibling = try #require(registry.type(withIdentifier: "org.dndkit.test.generated\(count - 2)"))
        #expect(!leaf.conforms(to: sibling) || chain.contains(count - 2))
        #expect(leaf.supertypes.count == chain.count + 2)  // the chain, public.data, public.item
    }
}

/// The process-wide registry. These tests add types with their own identifiers and never remove any, so they
/// cannot disturb tests running alongside.
@Suite("Current registry", .serialized)
struct CurrentRegistryTests {
    @Test func typesCreatedBeforeALoadResolveAgain() throws {
        let late = UTType(exportedAs: "org.dndkit.test.late")
        #expect(!late.isDeclared && !late.conforms(to: .json))
        try TypeRegistry.updateCurrent { registry in
            try registry.adding([
                TypeDeclaration(
                    identifier: "org.dndkit.test.late", conformsTo: ["public.json"], description: "Late",
                    tags: [.filenameExtension: ["dndlate"]], origin: .file("test"))
            ])
        }
        #expect(late.isDeclared && late.conforms(to: .json) && late.localizedDescription == "Late")
        #expect(UTType("org.dndkit.test.late") == late)
        #expect(UTType(filenameExtension: "dndlate") == late)
        #expect(UTType.json.conforms(to: .text))  // catalog values work with any registry
    }

    /// A current registry whose desktop database is read when first needed: `UTType`'s initialisers find the
    /// database's types, and values made before it was needed resolve to them.
    @Test func currentRegistryReadsItsDesktopDatabaseWhenNeeded() throws {
        let early = UTType(importedAs: "org.freedesktop.mime.application.x-dndkit-lazy-child")
        #expect(!early.isDeclared)
        try TypeRegistry.updateCurrent { try $0.addingDesktopDatabaseWhenNeeded(at: Fixtures.lazyMIMEDirectory) }
        let lazy = try #require(UTType(filenameExtension: "dndlazy"))
        #expect(lazy.identifier == "org.freedesktop.mime.application.x-dndkit-lazy" && lazy.isDeclared)
        #expect(UTType(mimeType: "application/x-dndkit-lazy-alias") == lazy)
        #expect(UTType("org.freedesktop.mime.application.x-dndkit-lazy") == lazy)
        #expect(early.isDeclared && early.conforms(to: lazy) && early.conforms(to: .data) && !lazy.conforms(to: early))
        #expect(UTType(filenameExtension: "dndlazychild") == early)
        #expect(UTType.png.conforms(to: .image) && !UTType.png.conforms(to: lazy))
        #expect(TypeRegistry.current.desktopDatabaseError == nil)
    }

    @Test func failedUpdatesLeaveTheCurrentRegistry() throws {
        let before = TypeRegistry.current.count
        #expect(throws: TypeRegistryError.self) {
            try TypeRegistry.updateCurrent { registry in
                try registry.adding([TypeDeclaration(identifier: "org.dndkit.test.bad", conformsTo: ["org.nowhere"])])
            }
        }
        #expect(TypeRegistry.current.count == before)
    }

    /// Threads keep a snapshot of the current registry; one that read it before a replacement sees the new one after.
    @Test func threadsThatReadBeforeAReplacementSeeIt() async throws {
        func everyTaskSees(_ expected: Bool) async -> Bool {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { (UTType(filenameExtension: "dndafter")?.isDynamic == false) == expected }
                }
                return await group.allSatisfy { $0 }
            }
        }
        #expect(await everyTaskSees(false))
        try TypeRegistry.updateCurrent { registry in
            try registry.adding([
                TypeDeclaration(
                    identifier: "org.dndkit.test.after", conformsTo: ["public.data"],
                    tags: [.filenameExtension: ["dndafter"]])
            ])
        }
        #expect(await everyTaskSees(true))
    }

    @Test func concurrentReadersSeeWholeSnapshots() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    if index == 0 {
                        try TypeRegistry.updateCurrent { registry in
                            try registry.adding([
                                TypeDeclaration(identifier: "org.dndkit.test.concurrent", conformsTo: ["public.png"])
                            ])
                        }
                        return true
                    }
                    for _ in 0..<2000 {
                        // Either the old snapshot (no such type) or the new one, whole (it conforms to public.png).
                        if let type = UTType("org.dndkit.test.concurrent"), !type.conforms(to: .image) {
                            return false
                        }
                    }
                    return true
                }
            }
            for try await result in group {
                #expect(result)
            }
        }
        #expect(UTType("org.dndkit.test.concurrent")?.conforms(to: .image) == true)
    }

    /// Readers that make dynamic types under a type resolved before a replacement read the current registry again
    /// while they work (the parent resolves itself anew); replacements from another task meanwhile leave every answer
    /// whole.
    @Test func readsDuringReplacementsStayWhole() async throws {
        try TypeRegistry.updateCurrent { registry in
            try registry.adding([
                TypeDeclaration(identifier: "org.dndkit.test.stale-parent", conformsTo: ["public.data"])
            ])
        }
        let parent = try #require(UTType("org.dndkit.test.stale-parent"))
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                for round in 0..<100 {
                    try TypeRegistry.updateCurrent { registry in
                        try registry.adding([
                            TypeDeclaration(
                                identifier: "org.dndkit.test.replacement\(round)", conformsTo: ["public.data"])
                        ])
                    }
                }
                return true
            }
            group.addTask {
                for round in 0..<5000 {
                    let type = UTType(filenameExtension: "dndstale\(round % 7)", conformingTo: parent)
                    guard let type, type.isDynamic, type.conforms(to: parent), type.conforms(to: .data) else {
                        return false
                    }
                }
                return true
            }
            for try await result in group {
                #expect(result)
            }
        }
    }
}
