import ContentTypes
import DesktopTransfer
import Foundation
import TestSupport
import Testing
import Transfer

@Suite struct DesktopTypeNamesTests {
    @Test(arguments: [
        ("image/png", "public.png"),
        ("IMAGE/PNG", "public.png"),
        ("image/jpeg", "public.jpeg"),
        ("text/plain;charset=utf-8", "public.utf8-plain-text"),
        ("text/plain; charset=UTF-8", "public.utf8-plain-text"),
        ("UTF8_STRING", "public.utf8-plain-text"),
        ("text/plain", "public.plain-text"),
        ("STRING", "public.plain-text"),
        ("application/json", "public.json"),
    ])
    func namesMapToContentTypes(name: String, identifier: String) {
        #expect(DesktopTypeNames.contentType(of: name)?.identifier == identifier)
    }

    @Test(arguments: ["text/uri-list", "TARGETS", "TIMESTAMP", "MULTIPLE", "", ";charset=utf-8"])
    func metaNamesAndListsAreNoContentType(name: String) {
        #expect(DesktopTypeNames.contentType(of: name) == nil)
    }

    @Test func mimeTypesRoundTrip() throws {
        for type in [UTType.png, .jpeg, .json, .pdf, .utf8PlainText] {
            let names = DesktopTypeNames.mimeTypes(for: type)
            let first = try #require(names.first, "\(type.identifier) has no MIME type")
            let back = try #require(DesktopTypeNames.contentType(of: first))
            #expect(back == type, "\(type.identifier) → \(first) → \(back.identifier)")
        }
    }

    @Test func textIsOfferedWithItsCharsetFirst() {
        #expect(DesktopTypeNames.mimeTypes(for: .utf8PlainText) == ["text/plain;charset=utf-8", "text/plain"])
        #expect(DesktopTypeNames.mimeTypes(for: .data) == ["application/octet-stream"])
        let x11 = DesktopTypeNames.x11Targets(for: .utf8PlainText)
        #expect(x11.contains("UTF8_STRING") && x11.contains("STRING"))
        #expect(!DesktopTypeNames.mimeTypes(for: .utf8PlainText).contains("UTF8_STRING"))
    }
}

@Suite struct URIListTests {
    @Test func listsParseAndFormat() throws {
        let files = [URL(fileURLWithPath: "/tmp/a b.png"), URL(fileURLWithPath: "/tmp/é.txt")]
        let data = URIList.data(for: files)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text == "file:///tmp/a%20b.png\r\nfile:///tmp/%C3%A9.txt\r\n")
        let uris = URIList.uris(in: "# a comment\r\n" + text + "\r\n")
        #expect(uris.compactMap(URIList.localFile) == files)
    }

    @Test func onlyLocalFilesAreFiles() {
        #expect(URIList.localFile("file://localhost/etc/hosts") == URL(fileURLWithPath: "/etc/hosts"))
        #expect(URIList.localFile("file://elsewhere/etc/hosts") == nil)
        #expect(URIList.localFile("https://example.com/a.png") == nil)
        #expect(URIList.localFile("not a uri") == nil)
    }
}

@Suite struct URIListItemsTests {
    @Test func localFilesOpenInPlaceAndOtherURIsAreURLs() async throws {
        let folder = try temporaryFolder("urilist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a note.txt")
        try Data("note".utf8).write(to: file)
        let list = URIList.data(for: [
            file, URL(string: "https://example.com/x.png")!, folder.appendingPathComponent("gone"),
        ])
        let items = URIList.items(in: list)
        #expect(items.count == 2, "a file that does not exist is no item")
        let opened = try await items[0].loadFileRepresentation(for: .plainText, openInPlace: true)
        #expect(opened.isOriginalFile && opened.file.path == file.path)
        #expect(items[1].registeredContentTypes == [.url])
        #expect(try await items[1].loadDataRepresentation(for: .url) == Data("https://example.com/x.png".utf8))
    }
}
