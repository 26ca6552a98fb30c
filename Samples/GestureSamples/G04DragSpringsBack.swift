import Foundation
import Gestures

/// G4: a drag moves the star through a `@GestureState` offset, which springs back to zero on release.
public final class G04DragSpringsBack: GestureSample {
    public static let id = "G4"
    public static let title = "DragGesture updating a @GestureState dragOffset; the star springs back"

    public let scene = Scene(size: sampleScreen)
    /// The star.
    public let star: Node
    /// The offset while dragging.
    @GestureState public var dragOffset = CGSize.zero

    public init() {
        scene.isRecording = true
        star = scene.root.addChild(
            "star", frame: CGRect(x: 145, y: 372, width: 100, height: 100),
            content: .image("star.circle.fill", tint: .green))
        star.bind { [unowned self] star in
            star.offset(x: dragOffset.width, y: dragOffset.height)
                .animation(.easeInOut, value: dragOffset)
                .gesture(DragGesture().updating($dragOffset) { value, state, _ in state = value.translation })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.send(.down, CGPoint(x: 195, y: 422), at: 0)
        try scene.move(to: CGPoint(x: 295, y: 472), arrivingAt: 0.5, steps: 4)
        log.note("dragging: offset \(star.offset.short)")
        try scene.send(.up, CGPoint(x: 295, y: 472), at: 0.6)
        log.note("released: offset \(star.offset.short)")
        return log.lines
    }
}
