import Foundation
import Gestures

/// G18: `allowsHitTesting` bound to a toggle: the image ignores taps while the toggle is off.
public final class G18HitTestingToggle: GestureSample {
    public static let id = "G18"
    public static let title = "allowsHitTesting bound to a toggle"

    public let scene = Scene(size: sampleScreen)
    /// The image.
    public let image: Node
    /// The toggle.
    public let toggle: Node
    /// Whether the sheet is presented.
    public var expand = false
    /// The toggle's state.
    public private(set) var allowExpansion = false

    public init() {
        scene.isRecording = true
        image = scene.root.addChild(
            "Image", frame: CGRect(x: 115, y: 272, width: 160, height: 200), content: .image("spot1", tint: nil))
        toggle = scene.root.addChild("Toggle", frame: CGRect(x: 170, y: 492, width: 51, height: 31))
        image.bind { [unowned self] image in
            image.onTapGesture { self.expand = true }
                .allowsHitTesting(allowExpansion)
        }
        toggle.bind { [unowned self] toggle in
            toggle.content(.shape(.capsule, fill: allowExpansion ? .green : .gray))
                .onTapGesture { self.allowExpansion.toggle() }
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.tap(at: CGPoint(x: 195, y: 372), time: 0)
        log.note("toggle off, tap the image: sheet \(expand)")
        try scene.tap(at: CGPoint(x: 195, y: 507), time: 1)
        try scene.tap(at: CGPoint(x: 195, y: 372), time: 2)
        log.note("toggle on, tap the image: sheet \(expand)")
        return log.lines
    }
}
