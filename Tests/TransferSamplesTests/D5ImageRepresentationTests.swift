import ContentTypes
import Foundation
import PNGCodec
import Testing
import Transfer
import TransferSamples

@Suite("D5: a picture dragged as PNG bytes, received as Data")
struct D5ImageRepresentationTests {
    @Test("ImageRepresentation offers PNG only, and a Data receiver takes it")
    func offers() throws {
        let picture = ImageRepresentation(name: "My Picture", image: try SampleImages.spots()[0])
        let provider = ItemProvider(picture)
        #expect(provider.registeredContentTypes == [.png])
        #expect(provider.importPlan(for: Data.self)?.description == "public.png as public.data")
        #expect(!provider.canLoadTransferable(type: String.self))
    }

    @Test("the bitmap arrives intact through PNG", arguments: [false, true])
    func drop(fromAnotherApp: Bool) async throws {
        let original = try SampleImages.spots()[1]
        var providers = [ItemProvider](exporting: [ImageRepresentation(name: "My Picture", image: original)])
        if fromAnotherApp {
            providers = providers.map { $0.restricted(to: .all) }
        }
        var receiver = DataPictureReceiver(picture: try SampleImages.noPicture())
        let elements = try await providers.loadTransferables(type: Data.self)
        let accepted = receiver.receive(elements)
        #expect(accepted)
        #expect(receiver.picture == original)
        #expect(receiver.picture.format == .rgba8)
        #expect(receiver.picture != (try SampleImages.noPicture()))
    }

    @Test("the receiver refuses bytes that are not a PNG, and keeps its picture")
    func refuses() async throws {
        let placeholder = try SampleImages.noPicture()
        var receiver = DataPictureReceiver(picture: placeholder)
        let acceptedGarbage = receiver.receive([Data("not a picture".utf8)])
        let acceptedNothing = receiver.receive([])
        #expect(!acceptedGarbage && !acceptedNothing)
        #expect(receiver.picture == placeholder)
    }
}
