import DragDrop
import Foundation
import Gestures
import PNGCodec
import Transfer
import TransferSamples

/// D1: an image made draggable with the image itself as its payload; a drop elsewhere receives the image.
public final class D01DraggableImage: DragDropSample {
    public static let id = "D1"
    public static let title = "An image made draggable with the image as its payload"

    public let scene = Scene(size: sampleScreen)
    /// The picture that is dragged.
    public let photo: Node
    /// Somewhere else to drop it: a tray accepting images.
    public let tray: Node
    /// The picture's pixels.
    public let picture: Image
    /// How many times the payload was made: once per lift, never before.
    public var payloadsMade: Int { payloads.count }
    private let payloads = PayloadCounter()
    /// The images the tray received.
    public private(set) var received: [Image] = []
    /// How the drag sessions ended, as the photo heard it.
    public private(set) var endings: [DropOperation] = []

    public init() throws {
        scene.isRecording = true
        let picture = Image(bitmap: try SampleImages.spots()[0])
        self.picture = picture
        photo = scene.root.addChild(
            "photo", frame: CGRect(x: 45, y: 60, width: 300, height: 400), content: .image("husky", tint: nil))
        tray = scene.root.addChild(
            "tray", frame: CGRect(x: 45, y: 600, width: 300, height: 200), content: .shape(.rectangle, fill: .gray))
        let payloads = payloads
        photo.draggable(payloads.make(picture))
            .onDragSessionUpdated { [unowned self] session in
                if case .ended(let operation) = session.phase { endings.append(operation) }
            }
        tray.dropDestination(for: Image.self) { [unowned self] images, _ in
            received += images
            return !images.isEmpty
        }
    }

    public func play() async throws -> [String] {
        let log = Transcript(scene)
        try scene.send(.down, photo.frame.center, at: 0)
        try scene.advance(to: 0.4)
        log.note("pressing: payloads made \(payloadsMade), sessions \(scene.dragSessions.count)")
        try scene.advance(to: 0.5)
        log.note(
            "lifted: payloads made \(payloadsMade), dragging \(scene.dragSessions.map { $0.itemContentTypes.map { $0.map(\.identifier) } })"
        )
        try scene.move(to: tray.frame.center, arrivingAt: 1, steps: 5)
        try scene.send(.up, tray.frame.center, at: 1.1)
        await scene.finishDrops()
        log.note("dropped on the tray: received \(received.map(\.description)), photo heard \(endings)")
        log.note("the tray holds the photo's picture: \(received == [picture])")
        return log.lines
    }
}

/// Counts the payloads a draggable makes.
final class PayloadCounter {
    private(set) var count = 0

    /// Counts one payload and returns it.
    func make<T>(_ value: T) -> T {
        count += 1
        return value
    }
}
