import ContentTypes
import Foundation
import PNGCodec
import Testing

@testable import Transfer

/// A provider offering `data` as `contentType`.
func provider(offering data: Data, as contentType: UTType) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: contentType) { finish in
        finish(data, nil)
        return nil
    }
    return provider
}

@Suite("Built-in conformances")
struct BuiltInTests {
    @Test("the documented content types")
    func contentTypes() {
        #expect(String.exportedContentTypes() == [.utf8PlainText])
        #expect(
            String.importedContentTypes() == [.utf8PlainText, .utf16PlainText, .utf16ExternalPlainText, .plainText])
        #expect(Data.exportedContentTypes() == [.data])
        #expect(Data.importedContentTypes() == [.data])
        #expect(URL.exportedContentTypes() == [.fileURL, .url])
        #expect(URL.importedContentTypes() == [.url])
        #expect(Bitmap.exportedContentTypes() == [.png])
        #expect(Bitmap.importedContentTypes() == [.png])
        #expect(Image.exportedContentTypes() == [.png])
        #expect(Image.importedContentTypes() == [.png])
    }

    @Test("String exports UTF-8 and imports the plain-text family")
    func strings() async throws {
        let text = "Grüße, 世界 👋"
        #expect(try await text.exported(as: nil) == Data(text.utf8))
        let utf16LE = Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let utf16BE = Data(text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(try await provider(offering: utf16LE, as: .utf16PlainText).loadTransferable(type: String.self) == text)
        #expect(
            try await provider(offering: utf16BE, as: .utf16ExternalPlainText).loadTransferable(type: String.self)
                == text)
        #expect(
            try await provider(offering: Data([0xFE, 0xFF]) + utf16BE, as: .plainText).loadTransferable(
                type: String.self) == text)
        #expect(
            try await provider(offering: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), as: .plainText)
                .loadTransferable(type: String.self) == text)
    }

    @Test("malformed text fails to import instead of being repaired")
    func malformedText() async throws {
        for (bytes, type, reason) in [
            (Data([0x61, 0xFF, 0x62]), UTType.utf8PlainText, MalformedContent.notUTF8(byteCount: 3)),
            (Data([0x00, 0xD8]), .utf16PlainText, .unpairedSurrogate),
            (Data([0x61, 0x00, 0x62]), .utf16PlainText, .oddUTF16ByteCount(3)),
        ] {
            let error = await #expect(throws: TransferError.self) {
                try await provider(offering: bytes, as: type).loadTransferable(type: String.self)
            }
            #expect(error?.code == .decodingFailed)
            #expect(error?.contentType == type)
            #expect(error?.underlyingError as? MalformedContent == reason)
            #expect(error?.message.hasSuffix(": \(reason)") == true)
        }
    }

    @Test("Data takes the bytes of the first offered type, whatever it is")
    func data() async throws {
        let (_, png) = try samplePNG()
        let provider = provider(offering: png, as: .png)
        #expect(provider.importPlan(for: Data.self)?.description == "public.png as public.data")
        #expect(try await provider.loadTransferable(type: Data.self) == png)
    }

    @Test("URL: file URLs also offer public.file-url; import needs one absolute URL")
    func urls() async throws {
        let file = URL(fileURLWithPath: "/tmp/some file.txt")
        let received = try await ItemProvider(file).restricted(to: .all).loadTransferable(type: URL.self)
        #expect(received == file)
        #expect(
            try await provider(offering: Data(" https://example.com/a?b=c\r\n".utf8), as: .url)
                .loadTransferable(type: URL.self).absoluteString == "https://example.com/a?b=c")
        for bad in ["relative/path", "https://exa mple.com", "", "http://a\u{7}b"] {
            let error = await #expect(throws: TransferError.self) {
                try await provider(offering: Data(bad.utf8), as: .url).loadTransferable(type: URL.self)
            }
            #expect(error?.code == .decodingFailed)
            #expect(error?.underlyingError as? MalformedContent == .notAnAbsoluteURL(bad))
            #expect(error?.message.hasSuffix("\"\(bad)\" is not an absolute URL") == true)
        }
    }

    @Test("a PNG that arrives as bytes leaves as the same bytes, without re-encoding")
    func pngPassThrough() async throws {
        let original = try Fixtures.data("basi2c16.png")  // 16-bit, interlaced: DnDKit's encoder writes it otherwise
        let decoded = try await provider(offering: original, as: .png).loadTransferable(type: Bitmap.self)
        #expect(try PNGEncoder().encode(decoded) != original)
        let provider = ItemProvider(decoded).restricted(to: .all)
        #expect(try await provider.loadDataRepresentation(for: .png) == original)
        let image = try await provider.loadTransferable(type: Image.self)
        #expect(try await image.exported(as: .png) == original)
    }

    @Test("Bitmap imports PNG files, identified by name and content")
    func bitmapFromFile() async throws {
        let url = try Fixtures.url("basn6a08.png")
        let bitmap = try await Bitmap(importing: url, contentType: nil)
        #expect(bitmap == (try Bitmap(pngData: Fixtures.data("basn6a08.png"))))
        let error = await #expect(throws: TransferError.self) {
            try await Bitmap(importing: Data("GIF89a".utf8), contentType: .gif)
        }
        #expect(error?.code == .noMatchingRepresentation)
        #expect(error?.wantedTypes == [.png])
    }

    @Test("Image goes through Bitmap's PNG; symbol images export nothing but are handed over in-process")
    func images() async throws {
        let (bitmap, png) = try samplePNG()
        let image = Image(bitmap: bitmap)
        #expect(ItemProvider(image).registeredContentTypes == [.png])
        #expect(try await image.exported(as: .png) == png)
        let fromPNG = try await provider(offering: png, as: .png).loadTransferable(type: Image.self)
        #expect(fromPNG.bitmap == bitmap)

        let symbol = Image(systemName: "scope")
        #expect(symbol.systemName == "scope" && symbol.bitmap == nil)
        #expect(symbol.description == "Image(systemName: \"scope\")")
        let provider = ItemProvider(symbol)
        #expect(provider.registeredContentTypes.isEmpty)
        #expect(try await provider.loadTransferable(type: Image.self) == symbol)
        let error = await #expect(throws: TransferError.self) {
            try await provider.restricted(to: .all).loadTransferable(type: Image.self)
        }
        #expect(error?.code == .noMatchingRepresentation)
        #expect(error?.offeredTypes == [] && error?.wantedTypes == [.png])
    }
}
