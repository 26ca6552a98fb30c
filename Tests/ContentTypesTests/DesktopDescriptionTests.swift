import Foundation
import Testing

@testable import ContentTypes

/// The desktop database's types are described from the comments of its XML files, read when asked for, in the
/// user's language (issue 30).
@Suite("Desktop type descriptions")
struct DesktopDescriptionTests {
    static let sample = """
        <?xml version="1.0" encoding="utf-8"?>
        <mime-type xmlns="http://www.freedesktop.org/standards/shared-mime-info" type="application/x-sample">
          <!--Created automatically by update-mime-database. DO NOT EDIT!-->
          <comment>Sample &amp; test &lt;file&gt; &#233;&#x263A;</comment>
          <comment xml:lang="de">Beispieldatei</comment>
          <comment xml:lang="pt_BR">arquivo de amostra</comment>
          <comment xml:lang="sr@latin">uzorak</comment>
          <commentary>not a comment</commentary>
        </mime-type>
        """

    @Test(
        "the comment in the first language the file has, else English",
        arguments: [
            ([], "Sample & test <file> é☺"), (["de_AT", "de"], "Beispieldatei"),
            (["pt_BR", "pt"], "arquivo de amostra"),
            (["pt_PT", "pt"], "Sample & test <file> é☺"), (["sr@latin", "sr"], "uzorak"),
            (["fr"], "Sample & test <file> é☺"),
        ])
    func commentByLanguage(languages: [String], expected: String) {
        #expect(DesktopDescriptions.comment(in: Self.sample, languages: languages) == expected)
    }

    @Test("no comment, or a file cut inside one, gives none")
    func noComment() {
        #expect(
            DesktopDescriptions.comment(in: "<mime-type><commentary>x</commentary></mime-type>", languages: []) == nil)
        #expect(DesktopDescriptions.comment(in: "<mime-type><comment>cut", languages: []) == nil)
    }

    @Test("languages come from LC_ALL, LC_MESSAGES and LANG, most specific first; C and POSIX are English")
    func languagesFromTheEnvironment() {
        #expect(
            DesktopDescriptions.preferredLanguages(environment: ["LANG": "de_AT.UTF-8@euro"]) == [
                "de_AT@euro", "de_AT", "de@euro", "de",
            ])
        #expect(
            DesktopDescriptions.preferredLanguages(environment: ["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "pt_BR"]) == [
                "pt_BR", "pt",
            ])
        #expect(
            DesktopDescriptions.preferredLanguages(environment: ["LANG": "fr", "LC_ALL": "sv_SE"]) == ["sv_SE", "sv"])
        #expect(DesktopDescriptions.preferredLanguages(environment: ["LANG": "C.UTF-8"]).isEmpty)
        #expect(DesktopDescriptions.preferredLanguages(environment: ["LC_ALL": "", "LANG": "POSIX"]).isEmpty)
        #expect(DesktopDescriptions.preferredLanguages(environment: [:]).isEmpty)
    }

    @Test(
        "a MIME type makes a path inside the database or none", arguments: ["../x", "a/..", "a/b/c", "a", "/a", "a/"])
    func pathsStayInside(mimeType: String) {
        #expect(DesktopDescriptions.path(of: mimeType, in: "/usr/share/mime") == nil)
        #expect(DesktopDescriptions.path(of: "image/png", in: "/usr/share/mime") == "/usr/share/mime/image/png.xml")
        #expect(DesktopDescriptions.path(of: "audio/AMR", in: "/mime") == "/mime/audio/amr.xml")
    }

    @Test("every type of the machine's database that has an XML file is described, as the file says in English")
    func machineDatabaseTypesAreDescribed() throws {
        let directory = TypeRegistry.desktopDatabaseDirectory
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("globs2").path) else {
            return  // no desktop database on this machine
        }
        let registry = try TypeRegistry().addingDesktopDatabase()
        let desktop = try #require(registry.storage.desktop)
        var checked = 0
        var withoutFile: [String] = []
        for slot in desktop.firstSlot..<Int32(registry.count) {
            let type = UTType(storage: registry.storage, slot: slot, followsCurrent: false)
            let mimeType = try #require(type.preferredMIMEType)
            guard let path = DesktopDescriptions.path(of: mimeType, in: directory.path),
                let text = try? String(contentsOfFile: path, encoding: .utf8)
            else {
                withoutFile.append(mimeType)
                continue
            }
            let english = DesktopDescriptions.comment(in: text, languages: [])
            #expect(english != nil, "\(path) has a comment")
            #expect(DesktopDescriptions.description(of: mimeType, in: directory.path, languages: []) == english)
            #expect(type.localizedDescription != nil, "\(type.identifier) is described")
            checked += 1
        }
        #expect(checked > 100)
        #expect(withoutFile.isEmpty, "types with no file of their own: \(withoutFile)")
    }

    @Test("a database without XML files describes its own types with nothing")
    func fixtureDatabaseHasNoDescriptions() throws {
        let registry = try TypeRegistry().addingDesktopDatabase(at: Fixtures.mimeDirectory)
        let desktop = try #require(registry.storage.desktop)
        for slot in desktop.firstSlot..<Int32(registry.count) {
            #expect(UTType(storage: registry.storage, slot: slot, followsCurrent: false).localizedDescription == nil)
        }
    }
}
