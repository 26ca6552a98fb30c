import Foundation
import TestSupport
import Testing

@testable import ContentTypes

/// Behaviour of what issue 18 added to match Apple's UniformTypeIdentifiers: the path helpers, a file's content type
/// from its URL, the reference type, the tag class's coding, and the catalog's new types and tags.
@Suite("Apple's UniformTypeIdentifiers additions")
struct AppleAdditionsTests {
    // MARK: Path helpers

    @Test func pathComponentGetsThePreferredExtensionUnlessItHasOneOfTheType() {
        let folder = URL(fileURLWithPath: "/srv/downloads", isDirectory: true)
        #expect(folder.appendingPathComponent("readme", conformingTo: .plainText).path == "/srv/downloads/readme.txt")
        #expect(folder.appendingPathComponent("puppy.jpg", conformingTo: .jpeg).lastPathComponent == "puppy.jpg")
        #expect(folder.appendingPathComponent("puppy.JPG", conformingTo: .image).lastPathComponent == "puppy.JPG")
        #expect(folder.appendingPathComponent("puppy.jpg", conformingTo: .png).lastPathComponent == "puppy.jpg.png")
        #expect(folder.appendingPathComponent("backup.tar", conformingTo: .gzip).lastPathComponent == "backup.tar.gz")
        // A type without a preferred extension adds none.
        #expect(folder.appendingPathComponent("blob", conformingTo: .data).lastPathComponent == "blob")
        #expect(folder.appendingPathComponent("thing.v2", conformingTo: .data).lastPathComponent == "thing.v2")
    }

    @Test func dynamicTypesThroughThePathHelpers() throws {
        let dynamic = try #require(UTType(filenameExtension: "qqzz"))
        #expect(dynamic.isDynamic)
        let folder = URL(fileURLWithPath: "/srv")
        #expect(folder.appendingPathComponent("scan", conformingTo: dynamic).lastPathComponent == "scan.qqzz")
        #expect(folder.appendingPathComponent("scan.qqzz", conformingTo: dynamic).lastPathComponent == "scan.qqzz")
        #expect(folder.appendingPathComponent("scan.QQZZ", conformingTo: dynamic).lastPathComponent == "scan.QQZZ")
        #expect(folder.appendingPathComponent("scan.png", conformingTo: dynamic).lastPathComponent == "scan.png.qqzz")
        let byMIME = try #require(UTType(mimeType: "application/x-dndkit-test"))
        #expect(byMIME.isDynamic && byMIME.preferredFilenameExtension == nil)
        #expect(folder.appendingPathComponent("scan", conformingTo: byMIME).lastPathComponent == "scan")
        // An exported type nobody declared has no tags either.
        let undeclared = UTType(exportedAs: "com.example.undeclared")
        #expect(folder.appendingPathExtension(for: undeclared) == folder)
    }

    @Test func pathExtensionForAType() {
        var url = URL(fileURLWithPath: "/srv/photo")
        url.appendPathExtension(for: .heic)
        #expect(url.lastPathComponent == "photo.heic")
        url.appendPathExtension(for: .image)  // already an image extension: unchanged
        #expect(url.lastPathComponent == "photo.heic")
        #expect(("/srv/notes.md" as NSString).appendingPathExtension(for: .markdown) == "/srv/notes.md")
        #expect(("/srv/notes" as NSString).appendingPathExtension(for: .markdown) == "/srv/notes.md")
        #expect(("/srv" as NSString).appendingPathComponent("a.json", conformingTo: .json) == "/srv/a.json")
        #expect(NSURL(fileURLWithPath: "/srv/clip").appendingPathExtension(for: .mpeg4Movie).path == "/srv/clip.mp4")
    }

    // MARK: A file's content type from its URL

    @Test func contentTypeFromTheURLByContentAndName() throws {
        let folder = try temporaryFolder("dndkit-content-type")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A PNG without an extension: the content decides.
        let noName = folder.appendingPathComponent("picture")
        try FileManager.default.copyItem(at: Fixtures.file("image.png"), to: noName)
        #expect(try noName.resourceValues(forKeys: [.contentTypeKey]).contentType == .png)
        // Plain text named .md: the name refines what the content says.
        let markdown = folder.appendingPathComponent("notes.md")
        try Data("# Notes\n\nSome text.\n".utf8).write(to: markdown)
        #expect(try markdown.resourceValues(forKeys: [.contentTypeKey]).contentType == .markdown)
        // A folder.
        #expect(try folder.resourceValues(forKeys: [.contentTypeKey]).contentType == .folder)
        // The same answer as the sniffer's.
        let script = Fixtures.file("script.sh")
        let values = try script.resourceValues(forKeys: [.contentTypeKey, .nameKey])
        #expect(values.contentType == (try ContentSniffer.shared.identify(contentsOf: script).type))
        #expect(values.contentType?.conforms(to: .shellScript) == true)
    }

    @Test func contentTypeIsNilWhenNotAskedForOrUnreadable() throws {
        let values = try Fixtures.file("image.png").resourceValues(forKeys: [.nameKey])
        #expect(values.contentType == nil)
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/file.png")
        #expect((try? missing.resourceValues(forKeys: [.contentTypeKey]))?.contentType == nil)
    }

    // MARK: UTTypeReference

    @Test func referenceBridgesBothWays() throws {
        let reference = UTTypeReference(UTType.png)
        #expect(reference.identifier == "public.png")
        #expect(reference.conforms(to: .image) && !reference.conforms(to: .text))
        #expect(reference.tags["public.filename-extension"] == ["png"])
        let back = reference.utType
        #expect(back == .png)
        var bridged: UTType?
        #expect(UTType._conditionallyBridgeFromObjectiveC(UTType.jpeg._bridgeToObjectiveC(), result: &bridged))
        #expect(bridged == .jpeg)
        #expect(UTTypeReference("public.png") == reference)
        #expect(UTTypeReference("public.png")?.hash == reference.hash)
        #expect(UTTypeReference("com.example.nothing-declares-this") == nil)
        #expect(UTTypeReference(filenameExtension: "qqzz")?.isDynamic == true)
        let declared = UTTypeReference(exportedAs: "com.example.versioned", conformingTo: .json)
        #expect(declared.isDeclared == false && declared.conforms(to: .text) && declared.version == nil)
    }

    @Test func referenceSeesDeclarationsOfTheCurrentRegistry() throws {
        let reference = UTTypeReference(mimeType: "application/json")
        #expect(reference?.preferredFilenameExtension == "json")
        #expect(reference?.supertypes.contains(.text) == true)
        #expect(
            UTTypeReference.types(tag: "zip", tagClass: "public.filename-extension", conformingTo: nil).first == .zip)
    }

    // MARK: UTTagClass coding

    @Test func tagClassCodesAsItsIdentifier() throws {
        let classes: [UTTagClass] = [.filenameExtension, .mimeType, UTTagClass(rawValue: "com.apple.ostype")]
        let data = try JSONEncoder().encode(classes)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["public.filename-extension","public.mime-type","com.apple.ostype"]"#)
        #expect(try JSONDecoder().decode([UTTagClass].self, from: data) == classes)
        #expect(try JSONDecoder().decode(UTTagClass.self, from: Data(#""PUBLIC.MIME-TYPE""#.utf8)) == .mimeType)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UTTagClass.self, from: Data(#""not a tag class""#.utf8))
        }
        #expect(UTTagClass.mimeType.debugDescription.contains("public.mime-type"))
    }

    // MARK: Catalog: types and tags issue 18 lists

    @Test func systemTypesTheCatalogLacked() throws {
        let jpeg2000 = try #require(UTType("public.jpeg-2000"))
        #expect(jpeg2000.conforms(to: .image) && UTType(filenameExtension: "jp2") == jpeg2000)
        #expect(UTType(mimeType: "image/jp2") == jpeg2000)
        #expect(UTType.tarArchive.conforms(to: .archive) && UTType.tarArchive.conforms(to: .data))
        #expect(UTType.ahap.identifier == "com.apple.haptics.ahap" && UTType.ahap.conforms(to: .json))
        #expect(UTType(filenameExtension: "ahap") == .ahap)
        #expect(UTType.linkPresentationMetadata.conforms(to: .data))
    }

    @Test func tagsTheCatalogHadWrongOrMissing() throws {
        let pkzip = try #require(UTType("com.pkware.zip-archive"))
        #expect(pkzip.tags[.filenameExtension] == ["zip"] && pkzip.tags[.mimeType]?.contains("application/zip") == true)
        #expect(UTType(filenameExtension: "zip") == .zip)  // the more specific public.zip-archive is preferred
        #expect(UTType.types(tag: "zip", tagClass: .filenameExtension, conformingTo: nil) == [.zip, pkzip])
        let aifc = try #require(UTType("public.aifc-audio"))
        #expect(aifc.preferredFilenameExtension == "aifc" && UTType(filenameExtension: "aifc") == aifc)
        #expect(UTType(filenameExtension: "aiff") == .aiff && UTType.aiff.conforms(to: aifc))
        let gnuTar = try #require(UTType("org.gnu.gnu-tar-archive"))
        #expect(UTType(filenameExtension: "gtar") == gnuTar && UTType(mimeType: "application/x-gtar") == gnuTar)
        #expect(UTType.tarArchive.conforms(to: gnuTar))
        #expect(UTType.bundle.preferredFilenameExtension == "bundle")
        #expect(UTType(filenameExtension: "bundle", conformingTo: .directory) == .bundle)
        #expect(UTType(mimeType: "application/x-msdownload") == .exe)
    }

    // MARK: Catalog: issue 14's common files of this machine

    @Test(arguments: [
        ("ttf", "font/ttf", "public.truetype-ttf-font"),
        ("otf", "font/otf", "public.opentype-font"),
        ("ttc", "font/collection", "public.truetype-collection-font"),
        ("woff", "font/woff", "org.w3.woff"),
        ("woff2", "font/woff2", "org.w3.woff2"),
    ])
    func fontsAreFontsAndData(filenameExtension: String, mimeType: String, identifier: String) throws {
        let type = try #require(UTType(filenameExtension: filenameExtension))
        #expect(type.identifier == identifier)
        #expect(UTType(mimeType: mimeType) == type)
        #expect(type.conforms(to: .font) && type.conforms(to: .data))
        #expect(type.localizedDescription != nil)
    }

    @Test func libmagicsFontAnswerIsATrueTypeFont() throws {
        // libmagic calls TrueType and OpenType files `font/sfnt`.
        #expect(UTType(mimeType: "font/sfnt")?.identifier == "public.truetype-ttf-font")
    }

    @Test func archivesAndDocumentsOfThisMachine() throws {
        let jar = try #require(UTType(filenameExtension: "jar"))
        #expect(jar.identifier == "com.sun.java-archive" && UTType(mimeType: "application/java-archive") == jar)
        #expect(jar.conforms(to: try #require(UTType("com.pkware.zip-archive"))) && jar.conforms(to: .executable))
        #expect(jar.isSubtype(of: .zip))  // so that a .jar name refines libmagic's application/zip
        let postScript = try #require(UTType(mimeType: "application/postscript"))
        #expect(postScript.identifier == "com.adobe.postscript" && UTType(filenameExtension: "ps") == postScript)
        let eps = try #require(UTType(filenameExtension: "eps"))
        #expect(eps.identifier == "com.adobe.encapsulated-postscript" && eps.conforms(to: postScript))
        let xz = try #require(UTType(mimeType: "application/x-xz"))
        #expect(xz.identifier == "org.tukaani.xz-archive" && xz.conforms(to: .archive))
        let tarGzip = try #require(UTType(filenameExtension: "tgz"))
        #expect(tarGzip.identifier == "org.gnu.gnu-zip-tar-archive" && tarGzip.conforms(to: .gzip))
        #expect(UTType(filenameExtension: "tar.gz") == tarGzip)
        #expect(UTType(mimeType: "application/x-compressed-tar") == tarGzip)
        let tarXZ = try #require(UTType(filenameExtension: "tar.xz"))
        #expect(tarXZ.conforms(to: xz) && UTType(filenameExtension: "txz") == tarXZ)
        #expect(
            UTType(filenameExtension: "pem") == .x509Certificate && UTType(filenameExtension: "crt") == .x509Certificate
        )
        let desktop = try #require(UTType(filenameExtension: "desktop"))
        #expect(desktop.identifier == "org.freedesktop.desktop-entry" && desktop.conforms(to: .plainText))
        #expect(UTType(mimeType: "application/x-desktop") == desktop)
    }

    @Test(arguments: ["bash", "zsh", "csh", "ksh", "tcsh"])
    func shellScriptSubtypes(filenameExtension: String) throws {
        let type = try #require(UTType(filenameExtension: filenameExtension))
        #expect(type.identifier == "public.\(filenameExtension)-script")
        #expect(type.isSubtype(of: .shellScript) && type.conforms(to: .script) && type.conforms(to: .plainText))
    }

    @Test func shellScriptMIMETypes() {
        #expect(UTType(mimeType: "application/x-sh") == .shellScript)
        #expect(UTType(mimeType: "text/x-shellscript") == .shellScript)
        #expect(UTType(filenameExtension: "sh") == .shellScript)
    }

    /// Real files of this machine, copied as fixtures: each gets a readable type, never `dyn.…`.
    @Test(arguments: [
        ("mac-roman.ps", "com.adobe.postscript"),
        ("testtar.tar.xz", "org.tukaani.xz-archive"),
        ("xdg-user-dirs.desktop", "public.plain-text"),
    ])
    func realFilesGetReadableTypes(name: String, conformsTo identifier: String) throws {
        let type = try ContentSniffer.shared.identify(contentsOf: Fixtures.file(name)).type
        #expect(!type.isDynamic, "\(name): \(type)")
        #expect(type.conforms(to: try #require(UTType(identifier))), "\(name): \(type)")
    }
}
