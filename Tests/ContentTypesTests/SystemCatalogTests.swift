import Testing

@testable import ContentTypes

/// The catalog's internal consistency, checked over every entry.
@Suite("System catalog")
struct SystemCatalogTests {
    static let identifiers = SystemCatalog.entries.map(\.identifier)
    static let byIdentifier = Dictionary(uniqueKeysWithValues: SystemCatalog.entries.map { ($0.identifier, $0) })

    @Test func hasWellOverAHundredTypesWithoutDuplicates() {
        #expect(SystemCatalog.entries.count > 130)
        #expect(Set(Self.identifiers.map { $0.lowercased() }).count == Self.identifiers.count)
    }

    @Test(arguments: SystemCatalog.entries.map(\.identifier))
    func entryIsWellFormed(identifier: String) throws {
        let entry = try #require(Self.byIdentifier[identifier])
        #expect(Folding.isValidIdentifier(identifier))
        #expect(!entry.description.isEmpty)
        for parent in entry.conformsTo {
            #expect(Self.byIdentifier[parent] != nil, "\(identifier): unknown parent \(parent)")
        }
        if entry.conformsTo.isEmpty {
            #expect(SystemCatalog.functionalRoots.contains(identifier), "\(identifier) has no parent and is no root")
        }
        for tag in entry.filenameExtensions {
            #expect(Folding.isValidTag(tag.lowercased(), of: .filenameExtension))
        }
        for tag in entry.mimeTypes {
            #expect(tag.contains("/") && Folding.isValidTag(tag, of: .mimeType))
        }
    }

    /// Following parents from any type ends at roots: public.item, or a documented functional root. Files (types
    /// with tags) are data or directories.
    @Test(arguments: SystemCatalog.entries.map(\.identifier))
    func reachesARoot(identifier: String) throws {
        var seen: Set<String> = []
        var frontier = [identifier]
        var roots: Set<String> = []
        while let next = frontier.popLast() {
            guard seen.insert(next).inserted else { continue }
            let entry = try #require(Self.byIdentifier[next])
            if entry.conformsTo.isEmpty { roots.insert(next) }
            frontier += entry.conformsTo
        }
        #expect(roots.isSubset(of: SystemCatalog.functionalRoots))
        let entry = try #require(Self.byIdentifier[identifier])
        if !entry.filenameExtensions.isEmpty || !entry.mimeTypes.isEmpty {
            #expect(seen.contains("public.data") || seen.contains("public.directory"), "\(identifier)")
        }
    }

    @Test func buildsWithoutCyclesAndEveryTypeConformsToItself() {
        let registry = TypeRegistry.system
        #expect(registry.count == SystemCatalog.entries.count)
        for type in registry.types {
            #expect(type.conforms(to: type))
            #expect(!type.supertypes.contains(type), "\(type) is its own strict supertype: a cycle")
        }
    }

    /// A catalog type's value carries its catalog supertypes as bits (`CatalogConformance`): every pair of catalog
    /// types answers as the closure does and as the parents say, whether the values come from the catalog alone or
    /// from a registry with declarations, and whether they follow the current registry.
    @Test func catalogTypesConformFromTheirValuesAsTheClosureSays() throws {
        let declared = TypeDeclaration(
            identifier: "org.dndkit.test.bits", conformsTo: ["public.png"], tags: [.filenameExtension: ["bitsq"]])
        let registries = [TypeRegistry.system, try TypeRegistry(declarations: [declared])]
        let catalogCount = SystemCatalog.entries.count
        #expect(TypeRegistry.system.storage.catalogConformance.bits.filter { $0 != 0 }.count <= 64)
        for registry in registries {
            let storage = registry.storage
            let types = registry.types.prefix(catalogCount)
            let followers = try SystemCatalog.entries.map { try #require(UTType($0.identifier)) }
            var conforming = 0
            var wrong: [String] = []
            for (slot, type) in types.enumerated() {
                #expect(type.isCatalog && followers[slot].isCatalog && followers[slot] == type)
                for (other, supertype) in types.enumerated() {
                    let expected = storage.conforms(Int32(slot), Int32(other))
                    if type.conforms(to: supertype) != expected
                        || followers[slot].conforms(to: followers[other]) != expected
                    {
                        wrong.append("\(type) to \(supertype)")
                    }
                    conforming += expected ? 1 : 0
                }
            }
            #expect(wrong.isEmpty)
            // Reflexive, plus at least one parent for every type that is no root.
            #expect(conforming >= catalogCount * 2 - SystemCatalog.functionalRoots.count)
            if let bits = registry.type(withIdentifier: "org.dndkit.test.bits") {
                #expect(!bits.isCatalog && bits.conforms(to: .image) && !UTType.png.conforms(to: bits))
            }
        }
        #expect(registries[1].type(withIdentifier: "org.dndkit.test.bits") != nil)
        #expect(UTType.png.conforms(to: .image) && UTType.png.conforms(to: .data) && !UTType.png.conforms(to: .text))
        #expect(UTType.item.conforms(to: .item) && !UTType.item.conforms(to: .data) && !UTType.jpeg.conforms(to: .png))
    }

    /// Every static member names a catalog type, and is declared.
    @Test(arguments: UTTypeStaticMembers.all)
    func staticMemberIsDeclared(member: UTTypeStaticMembers.Member) {
        #expect(member.type.isDeclared)
        #expect(member.type.identifier == member.identifier)
        #expect(TypeRegistry.system.type(withIdentifier: member.identifier) == member.type)
    }

    /// Each extension and MIME type of the catalog leads back to a catalog type that has it.
    @Test(arguments: SystemCatalog.entries.flatMap { entry in entry.filenameExtensions.map { (entry.identifier, $0) } })
    func extensionResolves(identifier: String, tag: String) throws {
        let type = try #require(TypeRegistry.system.type(tag: tag, tagClass: .filenameExtension, conformingTo: nil))
        #expect(!type.isDynamic)
        #expect(type.tags[.filenameExtension]?.contains(tag) == true)
    }

    @Test(arguments: SystemCatalog.entries.flatMap { entry in entry.mimeTypes.map { (entry.identifier, $0) } })
    func mimeTypeResolves(identifier: String, tag: String) throws {
        let type = try #require(TypeRegistry.system.type(tag: tag, tagClass: .mimeType, conformingTo: nil))
        #expect(!type.isDynamic)
        #expect(type.tags[.mimeType]?.contains(tag) == true)
    }

    /// A catalog type's preferred tags are read from its row, not from its `tags`: both say the same, and the
    /// declaration a catalog type gives has every tag of its row. Also for declared and desktop types, which read
    /// their declaration.
    @Test func preferredTagsAreTheFirstOfTheTags() throws {
        let declared = try TypeRegistry().adding([
            TypeDeclaration(
                identifier: "com.example.preferred", conformsTo: ["public.data"],
                tags: [.filenameExtension: ["prf", "pref"], .mimeType: ["application/x-preferred"]])
        ])
        let fixture = try TypeRegistry().addingDesktopDatabase(at: Fixtures.mimeDirectory)
        for registry in [TypeRegistry.system, declared, fixture] {
            for type in registry.types {
                #expect(type.preferredFilenameExtension == type.tags[.filenameExtension]?.first, "\(type)")
                #expect(type.preferredMIMEType == type.tags[.mimeType]?.first, "\(type)")
            }
        }
        for entry in SystemCatalog.entries {
            let tags = try #require(TypeRegistry.system.type(withIdentifier: entry.identifier)).tags
            #expect(tags[.filenameExtension] ?? [] == entry.filenameExtensions, "\(entry.identifier)")
            #expect(tags[.mimeType] ?? [] == entry.mimeTypes, "\(entry.identifier)")
        }
        let custom = try #require(declared.type(withIdentifier: "com.example.preferred"))
        #expect(custom.preferredFilenameExtension == "prf" && custom.preferredMIMEType == "application/x-preferred")
    }

    /// Apple's documented relationships, spelled out independently of the table.
    @Test func knownChains() {
        #expect(UTType.png.conforms(to: .image))
        #expect(UTType.image.conforms(to: .data) && UTType.image.conforms(to: .content))
        #expect(UTType.data.conforms(to: .item))
        #expect(UTType.utf8PlainText.conforms(to: .text))
        #expect(UTType.json.conforms(to: .text) && !UTType.json.conforms(to: .plainText))
        #expect(UTType.zip.conforms(to: .archive) && UTType.zip.conforms(to: .data))
        #expect(UTType.mpeg4Audio.conforms(to: .mpeg4Movie) && UTType.mpeg4Audio.conforms(to: .audio))
        #expect(UTType.heic.conforms(to: .image))
        #expect(UTType.swiftSource.conforms(to: .sourceCode) && UTType.swiftSource.conforms(to: .plainText))
        #expect(UTType.applicationBundle.conforms(to: .executable) && UTType.applicationBundle.conforms(to: .directory))
        #expect(!UTType.png.conforms(to: .text))
        #expect(UTType.pdf.preferredMIMEType == "application/pdf")
        #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
        #expect(UTType.gif.identifier == "com.compuserve.gif")
    }
}
