import Foundation
import Gestures

/// G10: a tap on a text inside a stack that also has a tap: the child's gesture wins.
public final class G10ChildFirst: GestureSample {
    public static let id = "G10"
    public static let title = "Child first: a tap on a Text inside a VStack that also has a tap"

    public let scene = Scene(size: sampleScreen)
    /// What was printed.
    public private(set) var printed: [String] = []

    public init() {
        scene.isRecording = true
        let layout = StackLayout(in: scene)
        layout.text.onTapGesture { [unowned self] in printed.append("Text tapped") }
        layout.stack.onTapGesture { [unowned self] in printed.append("VStack tapped") }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.tap(at: CGPoint(x: 195, y: 422), time: 0)
        log.note("tap on the text printed \(printed)")
        return log.lines
    }
}
