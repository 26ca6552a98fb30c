import Foundation
import Gestures

/// G23: a "gas pedal" label with touch-down and touch-up events through `onTouchDownUp`, shrinking to 0.9 while
/// pressed.
public final class G23GasPedal: GestureSample {
    public static let id = "G23"
    public static let title = "Touch down / touch up through onTouchDownUp: the gas pedal"

    public let scene = Scene(size: sampleScreen)
    /// The pedal.
    public let pedal: Node
    /// The status label.
    public let status: Node
    /// Whether the pedal is pressed.
    public private(set) var buttonPressed = false
    /// Every state the modifier reported.
    public private(set) var states: [TouchState] = []

    public init() {
        scene.isRecording = true
        status = scene.root.addChild("Status", frame: CGRect(x: 95, y: 300, width: 200, height: 30))
        pedal = scene.root.addChild(
            "Pedal", frame: CGRect(x: 95, y: 400, width: 200, height: 44),
            content: .text("Press to accelerate!", color: .white))
        status.bind { [unowned self] status in
            status.content(.text(buttonPressed ? "Gas pedal pressed!" : "Gas pedal not pressed!", color: .black))
        }
        pedal.bind { [unowned self] pedal in
            pedal.scaleEffect(buttonPressed ? 0.9 : 1)
                .animation(.easeOut(duration: 0.2), value: buttonPressed)
        }
        pedal.onTouchDownUp { [unowned self] state in
            states.append(state)
            buttonPressed = state == .pressed
        }
    }

    private var reported: String {
        states.map { $0 == .pressed ? "pressed" : "not pressed" }.joined(separator: ", ")
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.send(.down, CGPoint(x: 195, y: 422), at: 0)
        log.note("touch down: \(reported), scale \(pedal.scale.width.short)")
        try scene.move(to: CGPoint(x: 195, y: 600), arrivingAt: 1, steps: 10)
        log.note("finger slides off while held: \(reported)")
        try scene.send(.up, CGPoint(x: 195, y: 600), at: 1.1)
        log.note("released outside: \(reported), scale \(pedal.scale.width.short)")
        return log.lines
    }
}
