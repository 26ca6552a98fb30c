import DragDrop
import Foundation
import Gestures
import Transfer
import TransferSamples

/// A picture that drops replace: a full-width view accepting `Image` (examples D3 and D4), and a thumbnail to
/// drag onto it.
public final class PictureBoard {
    /// The view showing the picture.
    public let view: Node
    /// A draggable thumbnail of another picture.
    public let thumbnail: Node
    /// The picture shown: "no picture" at first.
    public private(set) var picture: Image
    /// What the view's action returned, drop after drop.
    public private(set) var actionResults: [Bool] = []
    /// Whether a drag hovers over the view (followed only when the view shows it).
    public private(set) var isTargeted = false
    /// The thumbnail's picture.
    public let spot: Image
    private let names: [Image: String]

    /// Builds the view and the thumbnail.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - overlayWhileTargeted: Whether the view follows `isTargeted` with a green overlay (D4).
    /// - Throws: `ImageError` if the pictures cannot be made.
    init(in scene: Scene, overlayWhileTargeted: Bool) throws {
        let placeholder = Image(bitmap: try SampleImages.noPicture())
        let spot = Image(bitmap: try SampleImages.spots()[2])
        self.spot = spot
        names = [placeholder: "nopicture", spot: "spot3"]
        picture = placeholder
        thumbnail = scene.root.addChild(
            "thumbnail", frame: CGRect(x: 20, y: 40, width: 80, height: 100), content: .image("spot3", tint: nil))
        view = scene.root.addChild("picture", frame: CGRect(x: 0, y: 200, width: 390, height: 400))
        thumbnail.draggable(spot)
        view.bind { [unowned self] view in
            view.content(.image(names[picture] ?? "picture", tint: nil))
            if overlayWhileTargeted {
                view.overlay(isTargeted ? Color.green.opacity(0.2) : .clear)
                    .dropDestination(for: Image.self) { [unowned self] elements, _ in
                        receive(elements)
                    } isTargeted: { [unowned self] value in
                        isTargeted = value
                    }
            } else {
                view.dropDestination(for: Image.self) { [unowned self] elements, _ in receive(elements) }
            }
        }
    }

    /// The action: shows the first dropped image.
    private func receive(_ elements: [Image]) -> Bool {
        guard let image = elements.first else {
            actionResults.append(false)
            return false
        }
        picture = image
        actionResults.append(true)
        return true
    }

    /// Drags the thumbnail onto the view's centre, starting at `time`.
    func dragThumbnailToView(at time: Double, in scene: Scene) throws {
        try scene.touchDrag(from: thumbnail.frame.center, to: view.frame.center, at: time)
    }
}

/// D3: `dropDestination(for: Image.self)` on a "no picture" view: a dropped image replaces it.
public final class D03ReplacePicture: DragDropSample {
    public static let id = "D3"
    public static let title = "dropDestination(for: Image.self) replacing a \"no picture\" image"

    public let scene = Scene(size: sampleScreen)
    /// The view and its thumbnail.
    public let board: PictureBoard

    public init() throws {
        scene.isRecording = true
        board = try PictureBoard(in: scene, overlayWhileTargeted: false)
    }

    public func play() async throws -> [String] {
        let log = Transcript(scene)
        log.note("the view shows \(board.view.content)")
        try board.dragThumbnailToView(at: 0, in: scene)
        await scene.finishDrops()
        log.note("dropped: the view shows \(board.view.content); action returned \(board.actionResults)")
        log.note("the picture is the thumbnail's: \(board.picture == board.spot)")
        return log.lines
    }
}
