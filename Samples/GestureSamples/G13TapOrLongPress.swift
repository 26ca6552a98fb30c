import Foundation
import Gestures

/// G13: `TapGesture().exclusively(before: LongPressGesture())`: a short tap or a long hold, never both.
public final class G13TapOrLongPress: GestureSample {
    public static let id = "G13"
    public static let title = "TapGesture().exclusively(before: LongPressGesture())"

    public let scene = Scene(size: sampleScreen)
    /// The label.
    public let label: Node
    /// The label's text.
    public private(set) var message = "Tap or Long Press"

    public init() {
        scene.isRecording = true
        label = scene.root.addChild("Text", frame: CGRect(x: 95, y: 400, width: 200, height: 44))
        label.bind { [unowned self] label in
            label.content(.text(message, color: .black))
                .gesture(
                    TapGesture()
                        .exclusively(before: LongPressGesture())
                        .onEnded { value in
                            switch value {
                            case .first: self.message = "Tapped!"
                            case .second: self.message = "Long Pressed!"
                            }
                        })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        let center = CGPoint(x: 195, y: 422)
        try scene.tap(at: center, time: 0, duration: 0.1)
        log.note("short tap: \(message)")
        try scene.send(.down, center, at: 1)
        try scene.advance(to: 1.5)
        log.note("held 0.5 s (the tap is still possible): \(message)")
        try scene.advance(to: 1.75)
        log.note("held 0.75 s, the tap failed: \(message)")
        try scene.send(.up, center, at: 2)
        return log.lines
    }
}
