import Foundation
import Testing

@testable import ContentTypes

/// Dynamic types are values computed from their tag (issue 30): equal when their identifiers are, conforming to what
/// they were made to conform to, and holding nothing once the last value is gone. Registries are freed with every
/// table they own.
@Suite("Dynamic types and registry lifetimes")
struct DynamicTypeTests {
    @Test("a dynamic type made again is equal, hashes the same and has the same identifier, from any path")
    func equalFromEveryPath() throws {
        let byExtension = try #require(UTType(filenameExtension: "dynzzq"))
        let again = try #require(UTType(filenameExtension: "DYNZZQ"))
        let byIdentifier = try #require(UTType(byExtension.identifier))
        let undeclared = try #require(UTType(identifier: byExtension.identifier.uppercased(), allowUndeclared: true))
        let viaRegistry = try #require(
            TypeRegistry.system.type(tag: "dynzzq", tagClass: .filenameExtension, conformingTo: nil))
        for other in [again, byIdentifier, undeclared, viaRegistry] {
            #expect(other == byExtension && other.hashValue == byExtension.hashValue)
            #expect(other.identifier == byExtension.identifier && other.isDynamic)
            #expect(other.conforms(to: byExtension) && byExtension.conforms(to: other))
        }
        #expect(byExtension.identifier.hasPrefix("dyn.a") && byExtension.tags == [.filenameExtension: ["dynzzq"]])
        #expect(Set([byExtension, again, byIdentifier, undeclared, viaRegistry]).count == 1)
    }

    @Test("dynamic types differ by tag, tag class and parent, as their identifiers do")
    func differentIdentifiersDiffer() throws {
        let a = try #require(UTType(filenameExtension: "dynaaa"))
        let types = [
            a,
            try #require(UTType(filenameExtension: "dynaab")),
            try #require(UTType(mimeType: "dynaaa/x")),
            try #require(UTType(tag: "dynaaa", tagClass: .filenameExtension, conformingTo: .image)),
            try #require(UTType(tag: "dynaaa", tagClass: UTTagClass(rawValue: "com.example.tag"), conformingTo: nil)),
        ]
        for (i, x) in types.enumerated() {
            for (j, y) in types.enumerated() {
                #expect((x == y) == (i == j), "\(x.identifier) and \(y.identifier)")
                #expect((x == y) == (x.identifier == y.identifier))
            }
        }
        #expect(types[3].conforms(to: .image) && types[3].conforms(to: .data) && !a.conforms(to: .image))
        #expect(a.conforms(to: .data) && a.conforms(to: .item) && !a.conforms(to: .png) && !UTType.data.conforms(to: a))
    }

    @Test("a dynamic type too long to be held inline has an object, freed with the last value that holds it")
    func dynamicTypesHoldNoMemory() throws {
        weak var object: DetachedType?
        do {
            let type = try #require(UTType(filenameExtension: "dynfreed-with-a-tag-longer-than-24"))
            #expect(type.slot == -1 && type.owner != nil)
            object = type.detached
            #expect(object != nil && type.conforms(to: .data))
        }
        #expect(object == nil)
    }

    @Test("a registry no longer referenced is freed, with its types and its deferred desktop database")
    func registriesAreFreed() throws {
        weak var storage: RegistryStorage?
        weak var loaded: RegistryStorage?
        do {
            let registry = try TypeRegistry(declarations: PlainValueTests.declarations)
                .addingDesktopDatabaseWhenNeeded(at: Fixtures.mimeDirectory)
            storage = registry.storage
            let sketch = try #require(registry.type(withIdentifier: "org.dndkit.test.plain.sketch"))
            #expect(sketch.conforms(to: .json) && sketch.snapshot === registry.storage)
            // A tag only the database knows reads it: the loaded registry hangs off this one.
            _ = registry.types(tag: "unknownfixture", tagClass: .filenameExtension, conformingTo: nil)
            loaded = registry.storage.withDesktopDatabase
            #expect(storage != nil)
        }
        #expect(storage == nil && loaded == nil)
    }
}
