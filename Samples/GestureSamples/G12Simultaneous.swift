import Foundation
import Gestures

/// G12: `simultaneousGesture` on a stack around a tappable circle: both taps fire.
public final class G12Simultaneous: GestureSample {
    public static let id = "G12"
    public static let title = "simultaneousGesture on the VStack around a tappable circle"

    public let scene = Scene(size: sampleScreen)
    /// What was printed.
    public private(set) var printed: [String] = []

    public init() {
        scene.isRecording = true
        let stack = scene.root.addChild("VStack", frame: CGRect(x: 0, y: 322, width: 390, height: 200))
        stack.addChild(
            "Circle", frame: CGRect(x: 95, y: 0, width: 200, height: 200), content: .shape(.circle, fill: .red)
        )
        .onTapGesture { [unowned self] in printed.append("Circle tapped") }
        stack.simultaneousGesture(TapGesture().onEnded { [unowned self] in printed.append("VStack tapped") })
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.tap(at: CGPoint(x: 195, y: 422), time: 0)
        log.note("tap on the circle printed \(printed)")
        return log.lines
    }
}
