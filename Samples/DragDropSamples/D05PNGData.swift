import DragDrop
import Foundation
import Gestures
import PNGCodec
import Transfer
import TransferSamples

/// D5: a picture dragged as PNG bytes through the custom `ImageRepresentation` (which exports `public.png` only)
/// onto a view that accepts `Data` and decodes it.
public final class D05PNGData: DragDropSample {
    public static let id = "D5"
    public static let title = "ImageRepresentation exporting PNG, dropped on a Data receiver that decodes it"

    public let scene = Scene(size: sampleScreen)
    /// The picture that is dragged.
    public let photo: Node
    /// The view that decodes what it receives.
    public let view: Node
    /// The dragged picture.
    public let original: Bitmap
    /// The receiving view's model.
    public private(set) var receiver: DataPictureReceiver
    /// The sizes of the byte strings the view received.
    public private(set) var receivedByteCounts: [Int] = []

    public init() throws {
        scene.isRecording = true
        let original = try SampleImages.spots()[1]
        self.original = original
        receiver = DataPictureReceiver(picture: try SampleImages.noPicture())
        photo = scene.root.addChild(
            "photo", frame: CGRect(x: 95, y: 40, width: 200, height: 150), content: .image("spot2", tint: nil))
        view = scene.root.addChild(
            "picture", frame: CGRect(x: 0, y: 300, width: 390, height: 400), content: .image("nopicture", tint: nil))
        photo.draggable(ImageRepresentation(name: "My Picture", image: original))
        view.dropDestination(for: Data.self) { [unowned self] elements, _ in
            receivedByteCounts += elements.map(\.count)
            let accepted = receiver.receive(elements)
            if accepted { view.content(.image("decoded", tint: nil)) }
            return accepted
        }
    }

    public func play() async throws -> [String] {
        let log = Transcript(scene)
        log.note("the photo offers \(ImageRepresentation.exportedContentTypes().map(\.identifier))")
        try scene.touchDrag(from: photo.frame.center, to: view.frame.center, at: 0)
        await scene.finishDrops()
        let picture = receiver.picture
        log.note("received \(receivedByteCounts) bytes; decoded \(picture.width)x\(picture.height) \(picture.format)")
        log.note("same pixels as the photo: \(picture == original)")
        return log.lines
    }
}
