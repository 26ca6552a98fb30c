import Foundation
import Gestures

/// A runnable port of one gesture example (G1…G23): a scene built in `init()`, scripted input in `play()`.
///
/// Tests drive a sample's scene with their own input and check its state; `play()` runs the sample's own
/// script and returns its transcript, one line per observation.
public protocol GestureSample: AnyObject {
    /// The example's identifier, `G1` to `G23`.
    static var id: String { get }
    /// What the example shows.
    static var title: String { get }
    /// Builds the sample's scene.
    init()
    /// The scene.
    var scene: Scene { get }
    /// Runs the scripted input.
    /// - Returns: The transcript.
    /// - Throws: `GestureInputError` if the script is wrong.
    func play() throws -> [String]
}

/// Every gesture sample, in order.
public enum GestureSampleCatalog {
    /// The sample types, G1 to G23.
    public static var all: [any GestureSample.Type] {
        [
            G01TapToScale.self, G02LongPressToScale.self, G03DimWhilePressing.self, G04DragSpringsBack.self,
            G05DragStays.self, G06PressThenDrag.self, G07DraggableContainer.self, G08ConditionalGesture.self,
            G09ClampedDrag.self, G10ChildFirst.self, G11HighPriority.self, G12Simultaneous.self,
            G13TapOrLongPress.self, G14CustomLongPress.self, G15DeferSystemGestures.self, G16TapLocation.self,
            G17LongPressModifier.self, G18HitTestingToggle.self, G19RowContentShape.self, G20PressingState.self,
            G21ClampedMagnification.self, G22AccumulatedRotation.self, G23GasPedal.self,
        ]
    }

    /// The sample type with an identifier (`G6` or `g6`).
    public static func sample(id: String) -> (any GestureSample.Type)? {
        all.first { $0.id.lowercased() == id.lowercased() }
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

extension CGSize {
    /// `(12, -3)`, for transcripts.
    var short: String { "(\(width.short), \(height.short))" }
}

extension CGPoint {
    /// `(12, -3)`, for transcripts.
    var short: String { "(\(x.short), \(y.short))" }
}

extension CGFloat {
    /// At most two decimals, no trailing zeros.
    var short: String {
        let rounded = (self * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%g", Double(rounded))
    }
}

extension Double {
    /// At most two decimals, no trailing zeros.
    var short: String { CGFloat(self).short }
}
