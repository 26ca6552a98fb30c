import Foundation
import Gestures

/// G3: the star dims to 0.4 while a long press is in progress, through a `@GestureState`.
public final class G03DimWhilePressing: GestureSample {
    public static let id = "G3"
    public static let title = "@GestureState longPressTap dims to opacity 0.4 while pressing"

    public let scene = Scene(size: sampleScreen)
    /// The star.
    public let star: Node
    /// Whether the star is shrunk.
    public private(set) var isPressed = false
    /// Whether a press is being detected.
    @GestureState public var longPressTap = false

    public init() {
        scene.isRecording = true
        star = scene.root.addChild(
            "star", frame: CGRect(x: 95, y: 322, width: 200, height: 200),
            content: .image("star.circle.fill", tint: .green))
        star.bind { [unowned self] star in
            star.opacity(longPressTap ? 0.4 : 1.0)
                .scaleEffect(isPressed ? 0.5 : 1.0)
                .animation(.easeInOut, value: isPressed)
                .gesture(
                    LongPressGesture(minimumDuration: 1.0)
                        .updating($longPressTap) { currentState, state, _ in state = currentState }
                        .onEnded { _ in self.isPressed.toggle() })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        let center = CGPoint(x: 195, y: 422)
        try scene.send(.down, center, at: 0)
        log.note("touch down: opacity \(star.opacity.short)")
        try scene.send(.up, center, at: 0.5)
        log.note("released early: opacity \(star.opacity.short), scale \(star.scale.width.short)")
        try scene.send(.down, center, at: 1)
        log.note("touch down: opacity \(star.opacity.short)")
        try scene.advance(to: 2)
        log.note("press completed: opacity \(star.opacity.short), scale \(star.scale.width.short)")
        try scene.send(.up, center, at: 2.5)
        return log.lines
    }
}
