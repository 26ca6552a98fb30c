import ContentTypes
import Foundation
import PNGCodec
import Testing
import Transfer
import TransferSamples

/// The package's own declaration file, `Info/Info.plist`, where example D6's type is declared.
let infoPlist = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Info/Info.plist")

@Suite("D6: Codable pictures of a custom type, dropped one by one")
struct D6PictureRepresentationTests {
    @Test("Info/Info.plist declares org.alanhou.pictures, a kind of public.data")
    func declaration() throws {
        // A registry of its own, so that tests running alongside keep seeing the process-wide one unchanged.
        let registry = try TypeRegistry().addingDeclarations(contentsOf: infoPlist)
        let product = try #require(registry.type(withIdentifier: UTType.product.identifier))
        #expect(product.localizedDescription == "Pictures")
        #expect(product.conforms(to: .data))
        #expect(product.isDeclared)
        #expect(registry.declaration(of: product)?.kind == .exported)
    }

    @Test("PictureRepresentation travels as JSON of its custom type")
    func representation() async throws {
        #expect(PictureRepresentation.exportedContentTypes() == [.product])
        #expect(PictureRepresentation.importedContentTypes() == [.product])
        let picture = PictureRepresentation(image: try SampleImages.spots()[0].pngData())
        let json = try await picture.exported(as: .product)
        #expect(try JSONDecoder().decode(PictureRepresentation.self, from: json) == picture)
        let provider = ItemProvider(picture).restricted(to: .all)
        #expect(provider.importPlan(for: PictureRepresentation.self)?.offeredType == .product)
        #expect(!provider.canLoadTransferable(type: Image.self))
    }

    @Test(
        "after three drops the list is empty and the large view shows the last picture",
        arguments: [false, true])
    func threeDrops(fromAnotherApp: Bool) async throws {
        var gallery = try PictureGallery()
        #expect(gallery.listPictures.count == 3)
        #expect(gallery.currentPicture == gallery.placeholder)
        let last = gallery.listPictures[2]
        for (drop, picture) in gallery.listPictures.enumerated() {
            var providers = [ItemProvider](exporting: [picture])
            if fromAnotherApp {
                providers = providers.map { $0.restricted(to: .all) }
            }
            #expect(providers.canLoadTransferable(type: PictureRepresentation.self))
            let elements = try await providers.loadTransferables(type: PictureRepresentation.self)
            #expect(elements.map(\.id) == [picture.id])
            let accepted = gallery.receive(elements)
            #expect(accepted)
            #expect(gallery.listPictures.count == 2 - drop)
            #expect(gallery.currentPicture == (try Bitmap(pngData: picture.image)))
        }
        #expect(gallery.listPictures.isEmpty)
        #expect(gallery.currentPicture == (try Bitmap(pngData: last.image)))
        #expect(try SampleImages.spots()[2] == gallery.currentPicture)
    }
}
