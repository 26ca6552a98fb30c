import Foundation
import Gestures

/// G1: a tap toggles a star's scale between 1 and 0.5, animated with `.easeInOut`.
public final class G01TapToScale: GestureSample {
    public static let id = "G1"
    public static let title = "TapGesture toggles a scale of 0.5 with an easeInOut animation"

    public let scene = Scene(size: sampleScreen)
    /// The star.
    public let star: Node
    /// Whether the star is shrunk.
    public private(set) var isPressed = false

    public init() {
        scene.isRecording = true
        star = scene.root.addChild(
            "star", frame: CGRect(x: 95, y: 322, width: 200, height: 200),
            content: .image("star.circle.fill", tint: .green))
        star.bind { [unowned self] star in
            star.scaleEffect(isPressed ? 0.5 : 1.0)
                .animation(.easeInOut, value: isPressed)
                .gesture(TapGesture().onEnded { self.isPressed.toggle() })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        for tap in 0..<2 {
            try scene.tap(at: CGPoint(x: 195, y: 422), time: Double(tap), duration: 0.1)
            let change = scene.timeline.entries(of: .property).last
            log.note(
                "tap \(tap + 1): scale \(star.scale.width.short), animation \(change?.animation.map { "\($0)" } ?? "none")"
            )
        }
        return log.lines
    }
}
