import Foundation
import Gestures

/// G14: a `some Gesture` property: a 3-second long press that turns a circle red while detecting (with an
/// `easeIn(duration: 2)` transaction), green once completed, blue otherwise.
public final class G14CustomLongPress: GestureSample {
    public static let id = "G14"
    public static let title = "A custom longPress: some Gesture (3 s) with updating and transaction.animation"

    public let scene = Scene(size: sampleScreen)
    /// The circle.
    public let circle: Node
    /// Whether a press is being detected.
    @GestureState public var isDetectingLongPress = false
    /// Whether a press completed.
    public private(set) var completedLongPress = false

    private var longPress: some Gesture {
        LongPressGesture(minimumDuration: 3)
            .updating($isDetectingLongPress) { currentState, gestureState, transaction in
                gestureState = currentState
                transaction.animation = Animation.easeIn(duration: 2.0)
            }
            .onEnded { finished in self.completedLongPress = finished }
    }

    public init() {
        scene.isRecording = true
        circle = scene.root.addChild(
            "Circle", frame: CGRect(x: 145, y: 372, width: 100, height: 100), content: .shape(.circle, fill: .blue))
        circle.bind { [unowned self] circle in
            circle.fill(isDetectingLongPress ? Color.red : (completedLongPress ? Color.green : Color.blue))
                .gesture(longPress)
        }
    }

    /// The circle's fill colour.
    public var color: Color? {
        if case .shape(_, let fill) = circle.content { return fill }
        return nil
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        let center = CGPoint(x: 195, y: 422)
        try scene.send(.down, center, at: 0)
        let change = scene.timeline.entries(of: .property).last
        log.note("detecting: \(color.map { "\($0)" } ?? "-"), animation \(change?.animation.map { "\($0)" } ?? "none")")
        try scene.advance(to: 3)
        log.note("completed: \(color.map { "\($0)" } ?? "-")")
        try scene.send(.up, center, at: 3.5)
        return log.lines
    }
}
