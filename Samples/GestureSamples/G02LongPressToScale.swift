import Foundation
import Gestures

/// G2: a long press of one second toggles the star's size.
public final class G02LongPressToScale: GestureSample {
    public static let id = "G2"
    public static let title = "LongPressGesture(minimumDuration: 1) toggles the size"

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
                .gesture(LongPressGesture(minimumDuration: 1.0).onEnded { _ in self.isPressed.toggle() })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        let center = CGPoint(x: 195, y: 422)
        try scene.send(.down, center, at: 0)
        try scene.send(.up, center, at: 0.999)
        log.note("held 0.999 s: scale \(star.scale.width.short)")
        try scene.send(.down, center, at: 2)
        try scene.advance(to: 3)
        log.note("held 1 s: scale \(star.scale.width.short)")
        try scene.send(.up, center, at: 3.5)
        return log.lines
    }
}
