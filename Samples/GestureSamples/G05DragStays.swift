import Foundation
import Gestures

/// G5: the same drag, with the final position kept in state: the star stays where it is dropped.
public final class G05DragStays: GestureSample {
    public static let id = "G5"
    public static let title = "DragGesture with @State position accumulated in onEnded"

    public let scene = Scene(size: sampleScreen)
    /// The star.
    public let star: Node
    /// The offset while dragging.
    @GestureState public var dragOffset = CGSize.zero
    /// Where the star rests.
    public private(set) var position = CGSize.zero

    public init() {
        scene.isRecording = true
        star = scene.root.addChild(
            "star", frame: CGRect(x: 145, y: 372, width: 100, height: 100),
            content: .image("star.circle.fill", tint: .green))
        star.bind { [unowned self] star in
            star.offset(x: position.width + dragOffset.width, y: position.height + dragOffset.height)
                .animation(.easeInOut, value: dragOffset)
                .gesture(
                    DragGesture()
                        .updating($dragOffset) { value, state, _ in state = value.translation }
                        .onEnded { value in
                            self.position.height += value.translation.height
                            self.position.width += value.translation.width
                        })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.send(.down, CGPoint(x: 195, y: 422), at: 0)
        try scene.move(to: CGPoint(x: 255, y: 322), arrivingAt: 0.5, steps: 5)
        try scene.send(.up, CGPoint(x: 255, y: 322), at: 0.6)
        log.note("first drag dropped: offset \(star.offset.short)")
        try scene.send(.down, CGPoint(x: 255, y: 322), at: 1)
        try scene.move(to: CGPoint(x: 215, y: 362), arrivingAt: 1.5, steps: 5)
        log.note("second drag moving: offset \(star.offset.short)")
        try scene.send(.up, CGPoint(x: 215, y: 362), at: 1.6)
        log.note("second drag dropped: offset \(star.offset.short)")
        return log.lines
    }
}
