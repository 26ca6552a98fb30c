import Foundation
import Gestures

/// G16: `onTapGesture { location in … }` reporting where the image was tapped, in its own space, and setting the
/// flag that presents a sheet.
public final class G16TapLocation: GestureSample {
    public static let id = "G16"
    public static let title = "onTapGesture { location in } reporting the tap location; a sheet flag set"

    public let scene = Scene(size: sampleScreen)
    /// The image.
    public let image: Node
    /// Whether the sheet is presented.
    public private(set) var expand = false
    /// The printed locations.
    public private(set) var locations: [CGPoint] = []

    public init() {
        scene.isRecording = true
        image = scene.root.addChild(
            "Image", frame: CGRect(x: 115, y: 322, width: 160, height: 200), content: .image("spot1", tint: nil))
        image.onTapGesture { [unowned self] location in
            expand = true
            locations.append(location)
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.tap(at: CGPoint(x: 155, y: 372), time: 0)
        log.note("tapped at (155, 372) on screen: location \(locations.last?.short ?? "-"), sheet \(expand)")
        return log.lines
    }
}
