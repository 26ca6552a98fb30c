import DragDrop
import Foundation
import Gestures

/// A runnable port of one drag-and-drop example (D1…D6): a scene built in `init()`, scripted input in `play()`.
///
/// Tests drive a sample's scene with their own input and check its state; `play()` runs the sample's own script,
/// completing its drops, and returns its transcript, one line per observation.
public protocol DragDropSample: AnyObject {
    /// The example's identifier, `D1` to `D6`.
    static var id: String { get }
    /// What the example shows.
    static var title: String { get }
    /// Builds the sample's scene.
    /// - Throws: An error when the sample's pictures or type declarations cannot be made or read.
    init() throws
    /// The scene.
    var scene: Scene { get }
    /// Runs the scripted input, completing each drop, on the caller's task.
    /// - Returns: The transcript.
    /// - Throws: `GestureInputError` if the script is wrong.
    func play() async throws -> [String]
}

/// Every drag-and-drop sample, in order.
public enum DragDropSampleCatalog {
    /// The sample types, D1 to D6.
    public static var all: [any DragDropSample.Type] {
        [
            D01DraggableImage.self, D02CustomPreview.self, D03ReplacePicture.self, D04TargetedOverlay.self,
            D05PNGData.self, D06PictureGallery.self,
        ]
    }
}

/// Collects a sample's transcript lines, each stamped with the scene's time.
final class Transcript {
    private let scene: Scene
    private(set) var lines: [String] = []

    init(_ scene: Scene) {
        self.scene = scene
    }

    func note(_ text: String) {
        lines.append(String(format: "%7.3f  ", scene.currentTime) + text)
    }
}

/// The screen of every sample: an iPhone's, in points.
let sampleScreen = CGSize(width: 390, height: 844)

extension Scene {
    /// A touch lift and drag: down at `start`, held still until the node lifts (0.5 s), then moved to `end` in
    /// `steps` moves, arriving half a second later, and released there.
    func touchDrag(from start: CGPoint, to end: CGPoint, at time: Double, steps: Int = 5) throws {
        try send(.down, start, at: time)
        try advance(to: time + 0.5)
        try move(to: end, arrivingAt: time + 1, steps: steps)
        try send(.up, end, at: time + 1.1)
    }
}

extension CGPoint {
    /// `(12, 3.5)`, for transcripts.
    var short: String {
        func number(_ value: CGFloat) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%g", Double(rounded))
        }
        return "(\(number(x)), \(number(y)))"
    }
}

extension CGRect {
    /// The centre.
    var center: CGPoint { CGPoint(x: midX, y: midY) }
}
