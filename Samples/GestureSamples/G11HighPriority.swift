import Foundation
import Gestures

/// G11: the same layout with `highPriorityGesture` on the stack: the stack's tap wins.
public final class G11HighPriority: GestureSample {
    public static let id = "G11"
    public static let title = "highPriorityGesture on the VStack"

    public let scene = Scene(size: sampleScreen)
    /// What was printed.
    public private(set) var printed: [String] = []

    public init() {
        scene.isRecording = true
        let layout = StackLayout(in: scene)
        layout.text.onTapGesture { [unowned self] in printed.append("Text tapped") }
        layout.stack.highPriorityGesture(TapGesture().onEnded { [unowned self] in printed.append("VStack tapped") })
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.tap(at: CGPoint(x: 195, y: 422), time: 0)
        log.note("tap on the text printed \(printed)")
        return log.lines
    }
}
