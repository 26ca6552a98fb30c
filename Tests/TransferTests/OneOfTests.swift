import ContentTypes
import Foundation
import PNGCodec
import Testing

@testable import Transfer

@Suite("OneOf: receivers of several types")
struct OneOfTests {
    @Test("members in order decide, whatever the sender's order")
    func memberOrder() async throws {
        let (bitmap, _) = try samplePNG()
        let provider = ItemProvider()
        provider.register("caption")
        provider.register(bitmap)
        let remote = provider.restricted(to: .all)
        #expect(remote.registeredContentTypes == [.utf8PlainText, .png])
        #expect(OneOf<Image, String>.importedContentTypes() == [.png] + String.importedContentTypes())
        let image = try await remote.loadTransferable(type: OneOf<Image, String>.self)
        #expect(image.value(as: Image.self)?.bitmap == bitmap)
        #expect(image.value(as: String.self) == nil)
        let text = try await remote.loadTransferable(type: OneOf<String, Image>.self)
        #expect(text.value(as: String.self) == "caption")
    }

    @Test("a receiver of several types asks before loading anything")
    func planning() throws {
        let providers = [ItemProvider](exporting: ["text", URL(fileURLWithPath: "/tmp/a")] as [any Transferable])
        #expect(providers.canLoadTransferable(type: OneOf<Image, URL>.self))
        #expect(!providers.canLoadTransferable(type: OneOf<Image, Bitmap>.self))
        #expect(providers.indicesOfItems(loadableAs: OneOf<Image, URL>.self) == [1])
        #expect(providers.map { $0.restricted(to: .all) }.indicesOfItems(loadableAs: OneOf<Image, URL>.self) == [1])
    }

    @Test("in-process, a member's own value is handed over")
    func handOver() async throws {
        let bitmap = try Bitmap(width: 64, height: 64, format: .rgba8)
        let provider = ItemProvider(bitmap)
        #expect(provider.importPlan(for: OneOf<Image, Bitmap>.self)?.isHandOver == true)
        let received = try await provider.loadTransferable(type: OneOf<Image, Bitmap>.self)
        #expect(try #require(received.value(as: Bitmap.self)).sharesStorage(with: bitmap))
    }

    @Test("OneOf exports the member it holds, and only wraps members")
    func exporting() async throws {
        let text = try #require(OneOf<Image, String>("hello"))
        #expect(ItemProvider(text).registeredContentTypes == [.utf8PlainText])
        #expect(try await text.exported(as: nil) == Data("hello".utf8))
        #expect(OneOf<Image, String>(Data()) == nil)
    }
}
