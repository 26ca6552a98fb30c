import Testing

@testable import ContentTypes

/// A `UTType` is a small value (a slot and at most one reference): the answers of `conforms(to:)`, `==` and the tag
/// look-ups must be those of the identifiers, whichever registry, path or copy a value comes from.
@Suite("UTType as a plain value")
struct PlainValueTests {
    static let declarations = [
        TypeDeclaration(
            identifier: "org.dndkit.test.plain.drawing", conformsTo: ["public.json"],
            tags: [.filenameExtension: ["plaindrawing"], .mimeType: ["application/x-plain-drawing"]]),
        TypeDeclaration(identifier: "org.dndkit.test.plain.sketch", conformsTo: ["org.dndkit.test.plain.drawing"]),
    ]

    @Test("values copied through arrays and dictionaries answer as the originals")
    func copiesAnswerTheSame() throws {
        let registry = try TypeRegistry(declarations: Self.declarations)
        let drawing = try #require(registry.type(withIdentifier: "org.dndkit.test.plain.drawing"))
        let sketch = try #require(registry.type(withIdentifier: "org.dndkit.test.plain.sketch"))
        let dynamic = try #require(registry.type(tag: "plainunknown", tagClass: .filenameExtension, conformingTo: nil))
        let types: [UTType] = [.png, .json, .data, .text, drawing, sketch, dynamic, .item]
        let byName = Dictionary(uniqueKeysWithValues: types.map { ($0.identifier, $0) })
        for a in types {
            for b in types {
                let copyA = try #require(byName[a.identifier])
                let copyB = try #require(byName[b.identifier])
                #expect(copyA.conforms(to: copyB) == a.conforms(to: b))
                #expect((copyA == copyB) == (a.identifier.lowercased() == b.identifier.lowercased()))
                #expect(copyA.isSubtype(of: copyB) == (a != b && a.conforms(to: b)))
                #expect(copyA.isSupertype(of: copyB) == (a != b && b.conforms(to: a)))
            }
        }
        #expect(sketch.conforms(to: drawing) && sketch.conforms(to: .json) && sketch.conforms(to: .text))
        #expect(!drawing.conforms(to: sketch) && !UTType.json.conforms(to: drawing))
        #expect(dynamic.conforms(to: .data) && !dynamic.conforms(to: .png) && !UTType.data.conforms(to: dynamic))
    }

    @Test("detached types, dynamic or undeclared, conform exactly to themselves and their supertypes")
    func detachedConformance() throws {
        let registry = try TypeRegistry(declarations: Self.declarations)
        let drawing = try #require(registry.type(withIdentifier: "org.dndkit.test.plain.drawing"))
        let byExtension = try #require(UTType(filenameExtension: "plainconformsext"))
        let byMIME = try #require(UTType(mimeType: "application/x-plain-conforms"))
        let imageLike = try #require(UTType(filenameExtension: "plainimageext", conformingTo: .image))
        let exported = UTType(exportedAs: "org.dndkit.test.plain.undeclared", conformingTo: .png)
        let imported = UTType(importedAs: "org.dndkit.test.plain.two", conformingTo: .text)
        let onDetached = UTType(exportedAs: "org.dndkit.test.plain.child", conformingTo: exported)
        let onDeclared = UTType(exportedAs: "org.dndkit.test.plain.ondeclared", conformingTo: drawing)
        let sameIdentifier = UTType(exportedAs: "ORG.DNDKIT.TEST.PLAIN.UNDECLARED", conformingTo: .text)
        let detached = [byExtension, byMIME, imageLike, exported, imported, onDetached, onDeclared, sameIdentifier]
        let types = detached + [.png, .image, .data, .item, .text, .json, .content, drawing]
        for a in detached {
            for b in types {
                let expected = a == b || a.supertypes.contains(b)
                #expect(a.conforms(to: b) == expected, "\(a.identifier) conforms to \(b.identifier): \(!expected)")
            }
        }
        #expect(imageLike.conforms(to: .image) && !imageLike.conforms(to: .text))
        #expect(onDetached.conforms(to: exported) && onDetached.conforms(to: .image))
        #expect(exported.conforms(to: sameIdentifier), "the same identifier, in another case, with other parents")
    }

    @Test("dynamic types made again are the same value; detached types compare by identifier")
    func detachedTypes() throws {
        let first = try #require(UTType(filenameExtension: "plainzzq"))
        let again = try #require(UTType(filenameExtension: "PLAINZZQ"))
        #expect(first.isDynamic && first == again && first.identifier == again.identifier)
        #expect(first.hashValue == again.hashValue)
        let other = try #require(UTType(filenameExtension: "plainzzr"))
        #expect(first != other && !first.conforms(to: other) && !other.conforms(to: first))
        // The same undeclared identifier with different parents: two detached types, one identity.
        let a = UTType(exportedAs: "org.dndkit.test.plain.undeclared", conformingTo: .json)
        let b = UTType(exportedAs: "org.dndkit.test.plain.undeclared", conformingTo: .png)
        #expect(a.detached !== b.detached && a == b && a.conforms(to: b) && b.conforms(to: a))
        #expect(a.conforms(to: .json) && !a.conforms(to: .png) && b.conforms(to: .png))
        // No catalog type is a detached type, or conforms to one.
        #expect(UTType.json != a && !UTType.json.conforms(to: a) && !UTType.data.conforms(to: first))
    }

    @Test("types of two registries with the same declarations are equal, and conform across them")
    func acrossRegistries() throws {
        let one = try TypeRegistry(declarations: Self.declarations)
        let two = try TypeRegistry(declarations: Self.declarations)
        let sketchOne = try #require(one.type(withIdentifier: "org.dndkit.test.plain.sketch"))
        let drawingTwo = try #require(two.type(withIdentifier: "org.dndkit.test.plain.drawing"))
        let sketchTwo = try #require(two.type(withIdentifier: "org.dndkit.test.plain.sketch"))
        #expect(sketchOne.snapshot !== sketchTwo.snapshot && sketchOne == sketchTwo)
        #expect(sketchOne.conforms(to: drawingTwo) && !drawingTwo.conforms(to: sketchOne))
        // A registry that does not declare the type: nothing it holds conforms to it.
        #expect(
            !UTType.json.conforms(to: drawingTwo) && TypeRegistry().type(withIdentifier: sketchOne.identifier) == nil)
    }

    @Test("tag look-ups by bytes give what the slow path gives", arguments: ["png", "PNG", "Jpg", "tar.gz", "json"])
    func tagLookups(tag: String) throws {
        let fast = try #require(UTType(filenameExtension: tag))
        let slow = try #require(
            TypeRegistry.current.types(tag: tag, tagClass: .filenameExtension, conformingTo: .data).first)
        #expect(fast == slow && fast.identifier == slow.identifier)
        #expect(
            UTType(filenameExtension: tag, conformingTo: .image)
                == UTType(tag: tag, tagClass: .filenameExtension, conformingTo: .image))
        // Malformed tags are nil on both paths; non-ASCII tags fold with Unicode case mapping.
        #expect(UTType(filenameExtension: ".\(tag)") == nil && UTType(filenameExtension: "a/\(tag)") == nil)
        #expect(UTType(mimeType: "image/png ; charset=x") == UTType(mimeType: "image/png;charset=x"))
        #expect(UTType(filenameExtension: "ÄÖ") == UTType(filenameExtension: "äö"))
    }

    @Test("types made and compared on many threads at once agree (under ThreadSanitizer)")
    func concurrentInterning() async throws {
        let expected = try #require(UTType(filenameExtension: "plainshared"))
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var agreed = true
                    for round in 0..<200 {
                        // New dynamic types and registries while others read the tables.
                        let dynamic = UTType(filenameExtension: "plainconcurrent\(task)x\(round % 50)")
                        let shared = UTType(filenameExtension: "PLAINSHARED")
                        let registry = try TypeRegistry(declarations: Self.declarations)
                        let sketch = registry.type(withIdentifier: "org.dndkit.test.plain.sketch")
                        agreed =
                            agreed && shared == expected && dynamic?.conforms(to: .data) == true
                            && dynamic?.conforms(to: expected) == false && sketch?.conforms(to: .json) == true
                    }
                    return agreed
                }
            }
            for try await agreed in group {
                #expect(agreed)
            }
        }
    }
}
