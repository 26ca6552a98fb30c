import DragDrop
import Foundation
import Gestures
import Transfer
import TransferSamples

/// D2: the same draggable image with a custom preview, a 50-point "scope" symbol instead of the picture.
public final class D02CustomPreview: DragDropSample {
    public static let id = "D2"
    public static let title = "A draggable image with a custom preview that follows the pointer"

    public let scene = Scene(size: sampleScreen)
    /// The picture that is dragged.
    public let photo: Node
    /// Somewhere to drop it.
    public let tray: Node
    /// The images the tray received.
    public private(set) var received: [Image] = []

    public init() throws {
        scene.isRecording = true
        let picture = Image(bitmap: try SampleImages.spots()[1])
        photo = scene.root.addChild(
            "photo", frame: CGRect(x: 45, y: 60, width: 300, height: 400), content: .image("husky", tint: nil))
        tray = scene.root.addChild(
            "tray", frame: CGRect(x: 45, y: 600, width: 300, height: 200), content: .shape(.rectangle, fill: .gray))
        photo.draggable(picture) { preview in
            preview.content(.image("scope", tint: nil)).frame(CGRect(x: 0, y: 0, width: 50, height: 50))
        }
        tray.dropDestination(for: Image.self) { [unowned self] images, _ in
            received += images
            return true
        }
    }

    /// The preview node of the drag in progress, if any.
    public var previewNode: Node? {
        scene.dragSessions.first?.previewNodeID.flatMap { scene.node($0) }
    }

    public func play() async throws -> [String] {
        let log = Transcript(scene)
        try scene.send(.down, photo.frame.center, at: 0)
        try scene.advance(to: 0.5)
        notePreview(log)
        for step in 1...3 {
            let location = CGPoint(x: 195 + 30 * CGFloat(step), y: 260 + 120 * CGFloat(step))
            try scene.send(.move, location, at: 0.5 + 0.2 * Double(step))
            notePreview(log)
        }
        try scene.send(.up, CGPoint(x: 285, y: 620), at: 1.2)
        await scene.finishDrops()
        log.note("released: preview \(previewNode == nil ? "gone" : "still there"), tray received \(received.count)")
        return log.lines
    }

    private func notePreview(_ log: Transcript) {
        guard let session = scene.dragSessions.first, let preview = previewNode else {
            return log.note("no preview")
        }
        log.note(
            "pointer \(session.sceneLocation.short): preview \(preview.content) centred at \(preview.frame.center.short)"
        )
    }
}
