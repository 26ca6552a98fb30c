import Foundation
import Testing

@testable import ContentTypes

/// UTType's members, with the behaviour Apple documents.
@Suite("UTType")
struct UTTypeTests {
    @Test func conformanceIsReflexiveAndSubtypingIsStrict() {
        #expect(UTType.png.conforms(to: .png))
        #expect(!UTType.png.isSubtype(of: .png))
        #expect(UTType.png.isSubtype(of: .image))
        #expect(UTType.image.isSupertype(of: .png))
        #expect(!UTType.image.isSubtype(of: .png))
        #expect(!UTType.png.isSupertype(of: .png))
    }

    @Test func supertypesAreTransitiveAndExcludeTheTypeItself() {
        #expect(UTType.png.supertypes == [.image, .data, .content, .item])
        #expect(UTType.item.supertypes.isEmpty)
    }

    @Test func identifiersCompareCaseInsensitively() throws {
        let shouted = try #require(UTType("PUBLIC.PNG"))
        #expect(shouted == .png)
        #expect(shouted.hashValue == UTType.png.hashValue)
        #expect(shouted.identifier == "public.png")
        #expect(Set([shouted, .png]).count == 1)
    }

    @Test func unknownIdentifiersAreNil() {
        #expect(UTType("com.example.nobody-declares-this") == nil)
        #expect(UTType("not an identifier") == nil)
        #expect(UTType("") == nil)
    }

    @Test func allowUndeclaredKeepsTheIdentity() throws {
        let type = try #require(UTType(identifier: "com.example.elsewhere", allowUndeclared: true))
        #expect(type.identifier == "com.example.elsewhere")
        #expect(!type.isDeclared && !type.isDynamic)
        #expect(type.supertypes.isEmpty && type.tags.isEmpty)
        #expect(UTType(identifier: "com.example.elsewhere", allowUndeclared: false) == nil)
        #expect(UTType(identifier: "bad identifier", allowUndeclared: true) == nil)
        #expect(UTType(identifier: "public.png", allowUndeclared: true) == .png)
    }

    @Test func tagsAndPreferredTags() {
        #expect(UTType.jpeg.tags[.filenameExtension] == ["jpeg", "jpg", "jpe"])
        #expect(UTType.jpeg.tags[.mimeType] == ["image/jpeg"])
        #expect(UTType.png.preferredFilenameExtension == "png")
        #expect(UTType.png.preferredMIMEType == "image/png")
        #expect(UTType.image.preferredFilenameExtension == nil)
        #expect(UTType.png.localizedDescription == "PNG image")
    }

    @Test func tagLookupsAreCaseInsensitiveAndHonourConformance() {
        #expect(UTType(filenameExtension: "JPG") == .jpeg)
        #expect(UTType(mimeType: "IMAGE/PNG") == .png)
        #expect(UTType(mimeType: "text/plain; charset=utf-8") == .utf8PlainText)
        #expect(UTType(tag: "png", tagClass: .filenameExtension, conformingTo: .image) == .png)
        // png is no text: the lookup falls back to a dynamic type that conforms to text.
        let dynamic = UTType(filenameExtension: "png", conformingTo: .text)
        #expect(dynamic?.isDynamic == true)
        #expect(dynamic?.conforms(to: .text) == true)
        #expect(UTType.types(tag: "xml", tagClass: .filenameExtension, conformingTo: nil) == [.xml])
    }

    @Test func malformedTagsGiveNil() {
        #expect(UTType(filenameExtension: "") == nil)
        #expect(UTType(filenameExtension: ".png") == nil)
        #expect(UTType(filenameExtension: "a/b") == nil)
        #expect(UTType(mimeType: "") == nil)
        #expect(UTType.types(tag: "", tagClass: .mimeType, conformingTo: nil).isEmpty)
    }

    @Test func dynamicTypesAreDeterministicAndRoundTrip() throws {
        let first = try #require(UTType(filenameExtension: "nobodyknows"))
        let again = try #require(UTType(filenameExtension: "NobodyKnows"))
        #expect(first.isDynamic && !first.isDeclared && !first.isPublic)
        #expect(first.identifier.hasPrefix("dyn."))
        #expect(first.identifier == again.identifier)
        #expect(first.conforms(to: .data) && first.conforms(to: .item) && !first.conforms(to: .image))
        #expect(first.tags == [.filenameExtension: ["nobodyknows"]])
        #expect(first.preferredFilenameExtension == "nobodyknows")

        let decoded = try #require(UTType(first.identifier))
        #expect(decoded == first)
        #expect(decoded.isDynamic)
        #expect(decoded.tags == [.filenameExtension: ["nobodyknows"]])
        #expect(decoded.conforms(to: .data))

        let mime = try #require(UTType(mimeType: "application/x-nobody", conformingTo: .image))
        #expect(mime.identifier != first.identifier)
        #expect(try #require(UTType(mime.identifier)).conforms(to: .image))
        #expect(UTType("dyn.anotvalid") == nil)
    }

    @Test func exportedAndImportedTypesThatNobodyDeclared() {
        let exported = UTType(exportedAs: "com.example.undeclared-export")
        #expect(exported.identifier == "com.example.undeclared-export")
        #expect(!exported.isDeclared && !exported.isDynamic)
        #expect(exported.conforms(to: .data) && !exported.conforms(to: .image))
        let imported = UTType(importedAs: "com.example.undeclared-import", conformingTo: .image)
        #expect(imported.conforms(to: .image) && imported.conforms(to: .data))
        #expect(imported.supertypes.contains(.image))
    }

    @Test func systemPropertiesOfTypes() {
        #expect(UTType.png.isDeclared && !UTType.png.isDynamic && UTType.png.isPublic)
        #expect(!UTType.pdf.isPublic)
        #expect(UTType.png.referenceURL == nil && UTType.png.version == nil)
        #expect(UTType.png.description == "public.png")
        #expect(UTType.png.debugDescription == "public.png (PNG image)")
        #expect(UTTagClass.filenameExtension.rawValue == "public.filename-extension")
        #expect(UTTagClass.mimeType.rawValue == "public.mime-type")
        #expect(UTTagClass(rawValue: "PUBLIC.MIME-TYPE") == .mimeType)
    }

    @Test func codableAsTheIdentifierString() throws {
        let data = try JSONEncoder().encode([UTType.png, UTType.json])
        #expect(String(decoding: data, as: UTF8.self) == #"["public.png","public.json"]"#)
        let decoded = try JSONDecoder().decode([UTType].self, from: data)
        #expect(decoded == [.png, .json])
        let undeclared = try JSONDecoder().decode(UTType.self, from: Data(#""com.example.later""#.utf8))
        #expect(undeclared.identifier == "com.example.later" && !undeclared.isDeclared)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UTType.self, from: Data(#""not an identifier""#.utf8))
        }
    }
}
