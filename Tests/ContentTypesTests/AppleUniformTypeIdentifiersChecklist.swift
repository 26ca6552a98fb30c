import Foundation
import Testing

@testable import ContentTypes

// The checklist of Apple's UniformTypeIdentifiers framework, as its documentation lists it: every public type,
// initializer, member and system type constant, with Apple's names, labels and optionality. Each entry is written
// with the type Apple declares, so a missing or differently shaped symbol fails to compile; the tests then check
// that each one answers.

/// Apple's system type constants (`UTCoreTypes.h`: 140 of them as of macOS 26), by Swift name, with the identifier
/// Apple's documentation gives each.
enum AppleSystemTypeConstants {
    static let all: [(name: String, identifier: String, type: UTType)] = [
        ("item", "public.item", .item),
        ("content", "public.content", .content),
        ("compositeContent", "public.composite-content", .compositeContent),
        ("data", "public.data", .data),
        ("directory", "public.directory", .directory),
        ("resolvable", "com.apple.resolvable", .resolvable),
        ("symbolicLink", "public.symlink", .symbolicLink),
        ("executable", "public.executable", .executable),
        ("mountPoint", "com.apple.mount-point", .mountPoint),
        ("aliasFile", "com.apple.alias-file", .aliasFile),
        ("urlBookmarkData", "com.apple.bookmark", .urlBookmarkData),
        ("url", "public.url", .url),
        ("fileURL", "public.file-url", .fileURL),
        ("diskImage", "public.disk-image", .diskImage),
        ("folder", "public.folder", .folder),
        ("volume", "public.volume", .volume),
        ("package", "com.apple.package", .package),
        ("bundle", "com.apple.bundle", .bundle),
        ("sourceCode", "public.source-code", .sourceCode),
        ("bookmark", "public.bookmark", .bookmark),
        ("log", "public.log", .log),
        ("text", "public.text", .text),
        ("plainText", "public.plain-text", .plainText),
        ("utf8PlainText", "public.utf8-plain-text", .utf8PlainText),
        ("utf16ExternalPlainText", "public.utf16-external-plain-text", .utf16ExternalPlainText),
        ("utf16PlainText", "public.utf16-plain-text", .utf16PlainText),
        ("delimitedText", "public.delimited-values-text", .delimitedText),
        ("commaSeparatedText", "public.comma-separated-values-text", .commaSeparatedText),
        ("tabSeparatedText", "public.tab-separated-values-text", .tabSeparatedText),
        ("utf8TabSeparatedText", "public.utf8-tab-separated-values-text", .utf8TabSeparatedText),
        ("rtf", "public.rtf", .rtf),
        ("html", "public.html", .html),
        ("xml", "public.xml", .xml),
        ("yaml", "public.yaml", .yaml),
        ("json", "public.json", .json),
        ("geoJSON", "public.geojson", .geoJSON),
        ("css", "public.css", .css),
        ("vCard", "public.vcard", .vCard),
        ("assemblyLanguageSource", "public.assembly-source", .assemblyLanguageSource),
        ("cSource", "public.c-source", .cSource),
        ("objectiveCSource", "public.objective-c-source", .objectiveCSource),
        ("swiftSource", "public.swift-source", .swiftSource),
        ("cPlusPlusSource", "public.c-plus-plus-source", .cPlusPlusSource),
        ("objectiveCPlusPlusSource", "public.objective-c-plus-plus-source", .objectiveCPlusPlusSource),
        ("cHeader", "public.c-header", .cHeader),
        ("cPlusPlusHeader", "public.c-plus-plus-header", .cPlusPlusHeader),
        ("script", "public.script", .script),
        ("appleScript", "com.apple.applescript.text", .appleScript),
        ("osaScript", "com.apple.applescript.script", .osaScript),
        ("osaScriptBundle", "com.apple.applescript.script-bundle", .osaScriptBundle),
        ("javaScript", "com.netscape.javascript-source", .javaScript),
        ("shellScript", "public.shell-script", .shellScript),
        ("perlScript", "public.perl-script", .perlScript),
        ("pythonScript", "public.python-script", .pythonScript),
        ("rubyScript", "public.ruby-script", .rubyScript),
        ("phpScript", "public.php-script", .phpScript),
        ("makefile", "public.make-source", .makefile),
        ("propertyList", "com.apple.property-list", .propertyList),
        ("xmlPropertyList", "com.apple.xml-property-list", .xmlPropertyList),
        ("binaryPropertyList", "com.apple.binary-property-list", .binaryPropertyList),
        ("pdf", "com.adobe.pdf", .pdf),
        ("rtfd", "com.apple.rtfd", .rtfd),
        ("flatRTFD", "com.apple.flat-rtfd", .flatRTFD),
        ("webArchive", "com.apple.webarchive", .webArchive),
        ("epub", "org.idpf.epub-container", .epub),
        ("spreadsheet", "public.spreadsheet", .spreadsheet),
        ("presentation", "public.presentation", .presentation),
        ("database", "public.database", .database),
        ("image", "public.image", .image),
        ("jpeg", "public.jpeg", .jpeg),
        ("tiff", "public.tiff", .tiff),
        ("gif", "com.compuserve.gif", .gif),
        ("png", "public.png", .png),
        ("icns", "com.apple.icns", .icns),
        ("bmp", "com.microsoft.bmp", .bmp),
        ("ico", "com.microsoft.ico", .ico),
        ("rawImage", "public.camera-raw-image", .rawImage),
        ("dng", "com.adobe.raw-image", .dng),
        ("exr", "com.ilm.openexr-image", .exr),
        ("jpegxl", "public.jpeg-xl", .jpegxl),
        ("svg", "public.svg-image", .svg),
        ("livePhoto", "com.apple.live-photo", .livePhoto),
        ("heif", "public.heif", .heif),
        ("heic", "public.heic", .heic),
        ("heics", "public.heics", .heics),
        ("webP", "org.webmproject.webp", .webP),
        ("threeDContent", "public.3d-content", .threeDContent),
        ("usd", "com.pixar.universal-scene-description", .usd),
        ("usdz", "com.pixar.universal-scene-description-mobile", .usdz),
        ("realityFile", "com.apple.reality", .realityFile),
        ("sceneKitScene", "com.apple.scenekit.scene", .sceneKitScene),
        ("arReferenceObject", "com.apple.arobject", .arReferenceObject),
        ("audiovisualContent", "public.audiovisual-content", .audiovisualContent),
        ("movie", "public.movie", .movie),
        ("video", "public.video", .video),
        ("audio", "public.audio", .audio),
        ("quickTimeMovie", "com.apple.quicktime-movie", .quickTimeMovie),
        ("mpeg", "public.mpeg", .mpeg),
        ("mpeg2Video", "public.mpeg-2-video", .mpeg2Video),
        ("mpeg2TransportStream", "public.mpeg-2-transport-stream", .mpeg2TransportStream),
        ("mp3", "public.mp3", .mp3),
        ("mpeg4Movie", "public.mpeg-4", .mpeg4Movie),
        ("mpeg4Audio", "public.mpeg-4-audio", .mpeg4Audio),
        ("appleProtectedMPEG4Audio", "com.apple.protected-mpeg-4-audio", .appleProtectedMPEG4Audio),
        ("appleProtectedMPEG4Video", "com.apple.protected-mpeg-4-video", .appleProtectedMPEG4Video),
        ("avi", "public.avi", .avi),
        ("aiff", "public.aiff-audio", .aiff),
        ("wav", "com.microsoft.waveform-audio", .wav),
        ("midi", "public.midi-audio", .midi),
        ("playlist", "public.playlist", .playlist),
        ("m3uPlaylist", "public.m3u-playlist", .m3uPlaylist),
        ("pluginBundle", "com.apple.plugin", .pluginBundle),
        ("spotlightImporter", "com.apple.metadata-importer", .spotlightImporter),
        ("quickLookGenerator", "com.apple.quicklook-generator", .quickLookGenerator),
        ("xpcService", "com.apple.xpc-service", .xpcService),
        ("framework", "com.apple.framework", .framework),
        ("application", "com.apple.application", .application),
        ("applicationBundle", "com.apple.application-bundle", .applicationBundle),
        ("applicationExtension", "com.apple.application-and-system-extension", .applicationExtension),
        ("unixExecutable", "public.unix-executable", .unixExecutable),
        ("exe", "com.microsoft.windows-executable", .exe),
        ("systemPreferencesPane", "com.apple.systempreference.prefpane", .systemPreferencesPane),
        ("archive", "public.archive", .archive),
        ("gzip", "org.gnu.gnu-zip-archive", .gzip),
        ("bz2", "public.bzip2-archive", .bz2),
        ("zip", "public.zip-archive", .zip),
        ("appleArchive", "com.apple.archive", .appleArchive),
        ("tarArchive", "public.tar-archive", .tarArchive),
        ("message", "public.message", .message),
        ("contact", "public.contact", .contact),
        ("toDoItem", "public.to-do-item", .toDoItem),
        ("calendarEvent", "public.calendar-event", .calendarEvent),
        ("emailMessage", "public.email-message", .emailMessage),
        ("internetLocation", "com.apple.internet-location", .internetLocation),
        ("internetShortcut", "com.microsoft.internet-shortcut", .internetShortcut),
        ("font", "public.font", .font),
        ("pkcs12", "com.rsa.pkcs-12", .pkcs12),
        ("x509Certificate", "public.x509-certificate", .x509Certificate),
        ("ahap", "com.apple.haptics.ahap", .ahap),
        ("linkPresentationMetadata", "com.apple.linkpresentation.metadata", .linkPresentationMetadata),
    ]
}

@Suite("Apple's UniformTypeIdentifiers checklist")
struct AppleUniformTypeIdentifiersChecklist {
    @Test func everySystemTypeConstantHasApplesIdentifierAndIsDeclared() {
        #expect(AppleSystemTypeConstants.all.count == 140)
        #expect(Set(AppleSystemTypeConstants.all.map(\.name)).count == 140)
        for constant in AppleSystemTypeConstants.all {
            #expect(constant.type.identifier == constant.identifier, "\(constant.name)")
            #expect(constant.type.isDeclared, "\(constant.name) is not in the catalog")
            #expect(constant.type.localizedDescription != nil, "\(constant.name) has no description")
        }
    }

    @Test func utTypeInitializersAndTypeMethods() {
        let identifier: (String) -> UTType? = UTType.init(_:)
        let undeclared: (String, Bool) -> UTType? = UTType.init(identifier:allowUndeclared:)
        let byExtension: (String, UTType) -> UTType? = UTType.init(filenameExtension:conformingTo:)
        let byExtensionDefault: (String) -> UTType? = { UTType(filenameExtension: $0) }
        let byMIME: (String, UTType) -> UTType? = UTType.init(mimeType:conformingTo:)
        let byMIMEDefault: (String) -> UTType? = { UTType(mimeType: $0) }
        let byTag: (String, UTTagClass, UTType?) -> UTType? = UTType.init(tag:tagClass:conformingTo:)
        let allByTag: (String, UTTagClass, UTType?) -> [UTType] = UTType.types(tag:tagClass:conformingTo:)
        let exported: (String, UTType?) -> UTType = UTType.init(exportedAs:conformingTo:)
        let exportedDefault: (String) -> UTType = { UTType(exportedAs: $0) }
        let imported: (String, UTType?) -> UTType = UTType.init(importedAs:conformingTo:)
        let importedDefault: (String) -> UTType = { UTType(importedAs: $0) }

        #expect(identifier("public.png") == .png)
        #expect(undeclared("com.example.nobody", true)?.isDeclared == false)
        #expect(byExtension("png", .image) == .png && byExtensionDefault("png") == .png)
        #expect(byMIME("image/png", .image) == .png && byMIMEDefault("image/png") == .png)
        #expect(byTag("png", .filenameExtension, nil) == .png)
        #expect(allByTag("png", .filenameExtension, nil) == [.png])
        #expect(
            exported("com.example.a", .json).conforms(to: .json) && exportedDefault("com.example.b").conforms(to: .data)
        )
        #expect(
            imported("com.example.c", .json).conforms(to: .json) && importedDefault("com.example.d").conforms(to: .data)
        )
    }

    @Test func utTypePropertiesAndMethods() {
        let identifier: KeyPath<UTType, String> = \.identifier
        let preferredFilenameExtension: KeyPath<UTType, String?> = \.preferredFilenameExtension
        let preferredMIMEType: KeyPath<UTType, String?> = \.preferredMIMEType
        let localizedDescription: KeyPath<UTType, String?> = \.localizedDescription
        let version: KeyPath<UTType, Int?> = \.version
        let referenceURL: KeyPath<UTType, URL?> = \.referenceURL
        let isDynamic: KeyPath<UTType, Bool> = \.isDynamic
        let isDeclared: KeyPath<UTType, Bool> = \.isDeclared
        let isPublic: KeyPath<UTType, Bool> = \.isPublic
        let tags: KeyPath<UTType, [UTTagClass: [String]]> = \.tags
        let supertypes: KeyPath<UTType, Set<UTType>> = \.supertypes
        let conforms: (UTType) -> (UTType) -> Bool = UTType.conforms(to:)
        let isSubtype: (UTType) -> (UTType) -> Bool = UTType.isSubtype(of:)
        let isSupertype: (UTType) -> (UTType) -> Bool = UTType.isSupertype(of:)
        let png = UTType.png

        #expect(png[keyPath: identifier] == "public.png")
        #expect(png[keyPath: preferredFilenameExtension] == "png" && png[keyPath: preferredMIMEType] == "image/png")
        #expect(png[keyPath: localizedDescription] != nil && png[keyPath: version] == nil)
        #expect(png[keyPath: referenceURL] == nil && !png[keyPath: isDynamic])
        #expect(png[keyPath: isDeclared] && png[keyPath: isPublic])
        #expect(png[keyPath: tags][.filenameExtension] == ["png"] && png[keyPath: supertypes].contains(.image))
        #expect(conforms(png)(.image) && isSubtype(png)(.image) && isSupertype(.image)(png))
    }

    @Test func utTypeConformances() throws {
        func apple<T: Hashable & Sendable & Codable & CustomStringConvertible & CustomDebugStringConvertible>(
            _ value: T
        ) -> T { value }
        func referenceConvertible<T: ReferenceConvertible>(_: T.Type) -> T.ReferenceType.Type { T.ReferenceType.self }
        #expect(apple(UTType.png).description == "public.png")
        #expect(referenceConvertible(UTType.self) == UTTypeReference.self)
        #expect(UTType.ReferenceType.self == UTTypeReference.self)
    }

    @Test func utTagClassMembers() throws {
        func apple<
            T: RawRepresentable & Hashable & Sendable & Codable & CustomStringConvertible & CustomDebugStringConvertible
        >(
            _ value: T
        ) -> T { value }
        let make: (String) -> UTTagClass = UTTagClass.init(rawValue:)
        let rawValue: KeyPath<UTTagClass, String> = \.rawValue
        #expect(apple(UTTagClass.filenameExtension)[keyPath: rawValue] == "public.filename-extension")
        #expect(apple(UTTagClass.mimeType).description == "public.mime-type")
        #expect(make("public.mime-type") == .mimeType)
        #expect(!UTTagClass.mimeType.debugDescription.isEmpty)
    }

    @Test func utTypeReferenceMembers() throws {
        let identifier: (String) -> UTTypeReference? = UTTypeReference.init(_:)
        let byExtension: (String) -> UTTypeReference? = UTTypeReference.init(filenameExtension:)
        let byExtensionConforming: (String, UTType) -> UTTypeReference? = UTTypeReference.init(
            filenameExtension:conformingTo:)
        let byMIME: (String) -> UTTypeReference? = UTTypeReference.init(mimeType:)
        let byMIMEConforming: (String, UTType) -> UTTypeReference? = UTTypeReference.init(mimeType:conformingTo:)
        let byTag: (String, String, UTType?) -> UTTypeReference? = UTTypeReference.init(tag:tagClass:conformingToType:)
        let allByTag: (String, String, UTType?) -> [UTType] = UTTypeReference.types(tag:tagClass:conformingTo:)
        let exported: (String) -> UTTypeReference = UTTypeReference.init(exportedAs:)
        let exportedConforming: (String, UTType) -> UTTypeReference = UTTypeReference.init(exportedAs:conformingTo:)
        let imported: (String) -> UTTypeReference = UTTypeReference.init(importedAs:)
        let importedConforming: (String, UTType) -> UTTypeReference = UTTypeReference.init(importedAs:conformingTo:)
        let png = try #require(identifier("public.png"))

        let _: String = png.identifier
        let _: String? = png.preferredFilenameExtension
        let _: String? = png.preferredMIMEType
        let _: String? = png.localizedDescription
        let _: NSNumber? = png.version
        let _: URL? = png.referenceURL
        let _: Bool = png.isDynamic
        let _: Bool = png.isDeclared
        let _: Bool = png.isPublic
        let tags: [String: [String]] = png.tags
        let supertypes: Set<UTType> = png.supertypes
        let conforms: (UTType) -> Bool = png.conforms(to:)
        let isSubtype: (UTType) -> Bool = png.isSubtype(of:)
        let isSupertype: (UTType) -> Bool = png.isSupertype(of:)
        let copy: Any = png.copy(with: nil)

        #expect(byExtension("png") == png && byExtensionConforming("png", .image) == png)
        #expect(byMIME("image/png") == png && byMIMEConforming("image/png", .image) == png)
        #expect(
            byTag("png", "public.filename-extension", nil) == png
                && allByTag("png", "public.filename-extension", nil) == [.png])
        #expect(exported("com.example.e").identifier == "com.example.e")
        #expect(exportedConforming("com.example.f", .json).conforms(to: .json))
        #expect(imported("com.example.g").conforms(to: .data))
        #expect(importedConforming("com.example.h", .json).conforms(to: .text))
        #expect(tags["public.mime-type"] == ["image/png"] && supertypes.contains(.image))
        #expect(conforms(.image) && isSubtype(.image) && !isSupertype(.image))
        #expect((copy as? UTTypeReference) === png)
    }

    @Test func foundationHelpers() throws {
        let folder = URL(fileURLWithPath: "/tmp/folder")
        let appendingComponent: (URL) -> (String, UTType) -> URL = URL.appendingPathComponent(_:conformingTo:)
        let appendingExtension: (URL) -> (UTType) -> URL = URL.appendingPathExtension(for:)
        var mutable = folder
        mutable.appendPathComponent("notes", conformingTo: .plainText)
        var mutableExtension = folder.appendingPathComponent("picture")
        mutableExtension.appendPathExtension(for: .png)
        let path: NSString = "/tmp/folder"
        let stringComponent: String = path.appendingPathComponent("notes", conformingTo: .plainText)
        let stringExtension: String = ("/tmp/picture" as NSString).appendingPathExtension(for: .png)
        let reference = NSURL(fileURLWithPath: "/tmp/folder")
        let referenceComponent: URL = reference.appendingPathComponent("notes", conformingTo: .plainText)
        let referenceExtension: URL = NSURL(fileURLWithPath: "/tmp/picture").appendingPathExtension(for: .png)
        let key: URLResourceKey = .contentTypeKey
        let contentType: KeyPath<URLResourceValues, UTType?> = \.contentType

        #expect(appendingComponent(folder)("notes", .plainText).lastPathComponent == "notes.txt")
        #expect(appendingExtension(folder.appendingPathComponent("picture"))(.png).lastPathComponent == "picture.png")
        #expect(mutable.lastPathComponent == "notes.txt" && mutableExtension.lastPathComponent == "picture.png")
        #expect(stringComponent == "/tmp/folder/notes.txt" && stringExtension == "/tmp/picture.png")
        #expect(referenceComponent.path == "/tmp/folder/notes.txt" && referenceExtension.path == "/tmp/picture.png")
        let values = try Fixtures.file("image.png").resourceValues(forKeys: [key])
        #expect(values[keyPath: contentType] == .png)
    }
}
