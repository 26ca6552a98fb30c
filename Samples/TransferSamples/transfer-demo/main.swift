// transfer-demo: examples D5 and D6 and DnDKit's transfer rules, run without a drag. Each value is exported into an
// item provider, inspected, and loaded back the way a drop target would load it.
//
//     swift run transfer-demo [Info/Info.plist]

import ContentTypes
import Foundation
import PNGCodec
import Transfer
import TransferSamples

let declarations = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Info/Info.plist")

do {
    try TypeRegistry.updateCurrent { try $0.addingDeclarations(contentsOf: declarations) }
} catch {
    FileHandle.standardError.write(Data("transfer-demo: \(error)\n".utf8))
    exit(1)
}

func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

do {
    print("D5 ImageRepresentation")
    let original = try SampleImages.spots()[0]
    let picture = ImageRepresentation(name: "My Picture", image: original)
    let dragged = [ItemProvider](exporting: [picture])
    print("  offers: \(dragged[0].registeredTypeIdentifiers.joined(separator: ", "))")
    print("  a Data receiver's plan: \(dragged[0].importPlan(for: Data.self).map(\.description) ?? "none")")
    var receiver = DataPictureReceiver(picture: try SampleImages.noPicture())
    let elements = try await dragged.loadTransferables(type: Data.self)
    let accepted = receiver.receive(elements)
    print(
        "  received \(elements[0].count) bytes; accepted: \(yesNo(accepted)); decoded \(receiver.picture.width)x"
            + "\(receiver.picture.height) \(receiver.picture.format); same pixels: \(yesNo(receiver.picture == original))"
    )

    print("D6 PictureRepresentation")
    let product = UTType.product
    print(
        "  \(product.identifier): \(product.localizedDescription ?? "?"), declared: \(yesNo(product.isDeclared)), "
            + "conforms to public.data: \(yesNo(product.conforms(to: .data)))")
    var gallery = try PictureGallery()
    let last = gallery.listPictures[2]
    let thumbnail = ItemProvider(gallery.listPictures[0])
    print("  from this process: \(thumbnail.importPlan(for: PictureRepresentation.self).map(\.description) ?? "none")")
    let remote = thumbnail.restricted(to: .all)
    print("  from another app: \(remote.importPlan(for: PictureRepresentation.self).map(\.description) ?? "none")")
    for drop in 1...3 {
        let providers = [ItemProvider](exporting: [gallery.listPictures[0]]).map { $0.restricted(to: .all) }
        let accepted = gallery.receive(try await providers.loadTransferables(type: PictureRepresentation.self))
        print("  drop \(drop): accepted: \(yesNo(accepted)); thumbnails left: \(gallery.listPictures.count)")
    }
    let shown = try Bitmap(pngData: last.image)
    print("  the large view shows the last picture: \(yesNo(gallery.currentPicture == shown))")

    print("Negotiation")
    let text = ItemProvider("Hello")
    print("  String offers: \(text.registeredTypeIdentifiers.joined(separator: ", "))")
    let choice = text.restricted(to: .all).importPlan(for: OneOf<Image, String, URL>.self)
    print("  OneOf<Image, String, URL> would take: \(choice.map(\.description) ?? "nothing")")
    do {
        _ = try await text.loadTransferable(type: Bitmap.self)
    } catch let error as TransferError {
        print("  Bitmap: \(error.code): \(error.message)")
    }

    print("Staging")
    let staged = try await ItemProvider(Data("Hello".utf8)).loadFileRepresentation(for: .data)
    print("  staged file: \(staged.file.path)")
    print("  (removed, with the private staging folder, when this program exits)")
} catch {
    FileHandle.standardError.write(Data("transfer-demo: \(error)\n".utf8))
    exit(1)
}
