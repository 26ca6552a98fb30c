import Foundation
import Testing

@testable import ContentTypes

/// Files people meet on their own disks (fonts, X bitmaps, compressed SVG and PCF fonts, PostScript, object code and
/// shared libraries): tiny real ones in `Fixtures/Files/disk/` (made by `Scripts/make-disk-fixtures.sh`). Their
/// names and contents agree, so none may be reported as a contradiction, and each gets its named type, never a
/// dynamic one.
@Suite("Identification of fonts, bitmaps and compressed files")
struct DiskFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        /// The type with the desktop database.
        let desktop: String
        /// The type with the catalog alone.
        let catalog: String
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "square.otf", desktop: "public.opentype-font", catalog: "public.opentype-font"),
        Case(file: "square.ttf", desktop: "public.truetype-ttf-font", catalog: "public.truetype-ttf-font"),
        Case(file: "square.pfb", desktop: "com.adobe.postscript-pfb-font", catalog: "com.adobe.postscript-pfb-font"),
        Case(file: "square.afm", desktop: "org.freedesktop.mime.application.x-font-afm", catalog: "public.plain-text"),
        Case(file: "square.ps", desktop: "com.adobe.postscript", catalog: "com.adobe.postscript"),
        Case(file: "square.xbm", desktop: "public.xbitmap-image", catalog: "public.xbitmap-image"),
        Case(
            file: "square.pcf.gz", desktop: "org.freedesktop.mime.application.x-font-pcf",
            catalog: "org.gnu.gnu-zip-archive"),
        Case(file: "square.svgz", desktop: "public.svg-image", catalog: "public.svg-image"),
        Case(file: "libsquare.so", desktop: "public.unix-executable", catalog: "public.unix-executable"),
        Case(file: "square.o", desktop: "public.object-code", catalog: "public.object-code"),
    ]

    static let desktopRegistry: TypeRegistry? = try? TypeRegistry().addingDesktopDatabase(
        at: Fixtures.root.appendingPathComponent("SharedMIMEInfo"))

    @Test("named for what they are: no contradiction, the named type", arguments: cases)
    func agreeingNames(_ test: Case) throws {
        let registry = try #require(Self.desktopRegistry)
        for (registry, expected, hasDesktop) in [(registry, test.desktop, true), (TypeRegistry(), test.catalog, false)]
        {
            let found = try ContentSniffer(registry: registry).identify(contentsOf: Fixtures.file("disk/" + test.file))
            #expect(found.nameSuggests == nil, "\(test.file): the name says \(found.nameSuggests?.identifier ?? "")")
            #expect(found.type.identifier == expected)
            #expect(!found.type.isDynamic)
            // With the desktop database every one of these names has a type, which the content confirms.
            #expect(found.basis != .content || !hasDesktop)
        }
    }

    @Test("the images among them are images, so that move takes them")
    func imagesAreImages() throws {
        let registry = try #require(Self.desktopRegistry)
        for file in ["square.xbm", "square.svgz"] {
            let found = try ContentSniffer(registry: registry).identify(contentsOf: Fixtures.file("disk/" + file))
            #expect(found.type.conforms(to: .image), "\(file): \(found.type.identifier)")
        }
    }

    @Test("a compressed file whose content is not what its name says is still a contradiction")
    func compressedContradictions() throws {
        let registry = try #require(Self.desktopRegistry)
        let sniffer = ContentSniffer(registry: registry)
        // A gzip stream that holds a PNG, named as a compressed SVG.
        let png = try Data(contentsOf: Fixtures.file("image.png"))
        let gzipped = try Self.gzip(png)
        let found = try sniffer.identify(gzipped, filename: "picture.svgz")
        #expect(found.type == .gzip)
        #expect(found.basis == .content)
        #expect(found.nameSuggests == .svg)
        // Text named as a binary font, and a PNG named as an X bitmap, stay contradictions.
        let text = try sniffer.identify(Data("just text\n".utf8), filename: "font.pfb")
        #expect(text.nameSuggests?.identifier == "com.adobe.postscript-pfb-font")
        let image = try sniffer.identify(png, filename: "bitmap.xbm")
        #expect(image.type == .png && image.nameSuggests?.identifier == "public.xbitmap-image")
        // A damaged gzip stream says nothing about what it holds: the name decides.
        let damaged = try sniffer.identify(Data(gzipped.prefix(10)), filename: "picture.svgz")
        #expect(damaged.type == .svg && damaged.nameSuggests == nil)
    }

    /// `bytes` compressed by the system's gzip.
    static func gzip(_ bytes: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: bytes)
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed
    }
}
