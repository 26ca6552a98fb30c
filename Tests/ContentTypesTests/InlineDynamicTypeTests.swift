import Foundation
import Testing

@testable import ContentTypes

/// Dynamic types whose folded tag has at most 13 bytes, or 15 bytes of ASCII (after a MIME type's `application/`), and
/// whose parent is a catalog type are held in the value itself (`InlineTag`), with no reference; longer ones keep an
/// object. Both answer, compare and hash as the same
/// identifiers do.
@Suite("Dynamic types held inline")
struct InlineDynamicTypeTests {
    /// A tag of `count` bytes (3 or more), ASCII, that nobody declares.
    static func tag(_ count: Int) -> String {
        String(repeating: "q", count: count - 3) + "zzx"
    }

    @Test("an unknown extension or MIME type with a catalog parent holds no reference")
    func shortTagsHoldNoReference() throws {
        let types = [
            try #require(UTType(filenameExtension: "inlzzq")),
            try #require(UTType(mimeType: "application/x-inlzzq")),
            try #require(UTType(tag: "inlzzq", tagClass: .filenameExtension, conformingTo: .image)),
            try #require(TypeRegistry.system.type(tag: "inlzzq", tagClass: .filenameExtension, conformingTo: nil)),
        ]
        for type in types {
            #expect(type.isInline && type.owner == nil, "\(type.identifier)")
            #expect(type.isDynamic && !type.isDeclared && type.conforms(to: .data) && type.conforms(to: type))
            #expect(type.identifier.hasPrefix("dyn.a") && UTType(type.identifier) == type)
        }
        #expect(types[0].tags == [.filenameExtension: ["inlzzq"]])
        #expect(types[1].preferredMIMEType == "application/x-inlzzq" && types[1].preferredFilenameExtension == nil)
        #expect(types[2].conforms(to: .image) && !types[0].conforms(to: .image) && types[2].supertypes.contains(.image))
        #expect(types[0] != types[2] && types[0] == types[3] && types[0].hashValue == types[3].hashValue)
        #expect(types[0].supertypes == UTType.data.supertypes.union([.data]))
    }

    @Test(
        "15 ASCII bytes are held inline, 16 bytes in an object; each equals itself made again and from its identifier")
    func boundary() throws {
        let counts = [
            (3, true), (8, true), (9, true), (10, true), (13, true), (14, true), (15, true), (16, false), (25, false),
        ]
        for (count, inline) in counts {
            let tag = Self.tag(count)
            let mimeType = "a/" + tag.dropFirst(2)
            for (type, again, tags) in [
                (
                    UTType(filenameExtension: tag), UTType(filenameExtension: tag.uppercased()),
                    [UTTagClass.filenameExtension: [tag]]
                ),
                (UTType(mimeType: mimeType), UTType(mimeType: mimeType.uppercased()), [.mimeType: [mimeType]]),
            ] {
                let type = try #require(type)
                let again = try #require(again)
                #expect((type.isInline) == inline, "\(count) bytes")
                #expect((type.owner == nil) == inline, "\(count) bytes")
                let byIdentifier = try #require(UTType(type.identifier))
                #expect(type == again && type == byIdentifier && byIdentifier.slot == type.slot)
                #expect(type.hashValue == again.hashValue && type.hashValue == byIdentifier.hashValue)
                #expect(type.tags == tags && again.tags == tags)
                #expect(type.conforms(to: .data) && !type.conforms(to: .text))
            }
        }
    }

    @Test("a MIME type's application/ is left out of the 15 bytes")
    func applicationMIMETypes() throws {
        for (count, inline) in [(3, true), (13, true), (14, true), (15, true), (16, false)] {
            let mimeType = "application/" + Self.tag(count)
            let type = try #require(UTType(mimeType: mimeType))
            let again = try #require(UTType(mimeType: mimeType.uppercased()))
            #expect((type.isInline) == inline, "\(mimeType)")
            #expect(type == again && type.hashValue == again.hashValue && UTType(type.identifier) == type)
            #expect(type.tags == [.mimeType: [mimeType]] && type.preferredMIMEType == mimeType)
            // The same bytes after another media type are another type.
            let other = try #require(UTType(mimeType: "text/" + Self.tag(count)))
            #expect(other != type && other.identifier != type.identifier && other.conforms(to: .data))
        }
    }

    @Test("an inline type and an object-held type of the same identifier are equal and hash alike")
    func inlineAgainstObject() throws {
        let inline = try #require(UTType(filenameExtension: "inlsame"))
        // The same identifier, undeclared: an object that keeps the identifier, decoded as the dynamic type it names.
        let undeclared = UTType(exportedAs: inline.identifier)
        #expect(undeclared.slot == -1 && inline.isInline)
        #expect(inline == undeclared && undeclared == inline && inline.hashValue == undeclared.hashValue)
        #expect(Set([inline, undeclared]).count == 1)
        // A dynamic type whose parent is itself dynamic is held in an object, and differs from the inline one.
        let onDynamic = try #require(UTType(tag: "inlsame", tagClass: .filenameExtension, conformingTo: inline))
        #expect(onDynamic.slot == -1 && onDynamic != inline && onDynamic.conforms(to: inline))
        #expect(!inline.conforms(to: onDynamic) && onDynamic.conforms(to: .data))
        // Long and short tags differ, whichever side asks.
        let long = try #require(UTType(filenameExtension: Self.tag(16)))
        let short = try #require(UTType(filenameExtension: Self.tag(15)))
        #expect(long != short && short != long && !long.conforms(to: short) && !short.conforms(to: long))
    }

    @Test("a tag of another tag class keeps an object", arguments: ["com.example.tag", "public.filename-extension"])
    func otherTagClasses(tagClass: String) throws {
        let type = try #require(UTType(tag: "inlzzo", tagClass: UTTagClass(rawValue: tagClass), conformingTo: nil))
        let inline = tagClass == "public.filename-extension"
        #expect((type.isInline) == inline && type.isDynamic && type.conforms(to: .data))
        #expect(UTType(type.identifier) == type)
    }

    @Test(
        "non-ASCII tags are folded once, held inline when their bytes fit in 13",
        arguments: [
            ("ÉTÉ", "été", true), ("ΩΜΈΓΑ", "ωμέγα", true), ("ΑΒΓΔΕΖΗ", "αβγδεζη", false),
            ("ΑΒΓΔΕΖΗΘΙ", "αβγδεζηθι", false),
        ])
    func nonASCIITags(tag: String, folded: String, inline: Bool) throws {
        let type = try #require(UTType(filenameExtension: tag))
        let lower = try #require(UTType(filenameExtension: folded))
        #expect((type.isInline) == inline && (folded.utf8.count <= InlineTag.byteCapacity) == inline)
        #expect(type == lower && type.hashValue == lower.hashValue && type.tags == [.filenameExtension: [folded]])
        #expect(UTType(type.identifier) == type && type.conforms(to: .data))
    }

    @Test("inline types made on many threads at once agree (under ThreadSanitizer)")
    func concurrent() async throws {
        let expected = try (0..<64).map { try #require(UTType(filenameExtension: "inlthr\($0)")) }
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    (0..<64).allSatisfy { index in
                        UTType(filenameExtension: "INLTHR\(index)") == expected[index]
                            && UTType(filenameExtension: "inlthr\(index)")?.conforms(to: .data) == true
                    }
                }
            }
            var all: [Bool] = []
            for await result in group {
                all.append(result)
            }
            return all
        }
        #expect(results == [true, true, true, true])
    }
}
