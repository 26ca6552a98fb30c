import Foundation
import Gestures

/// G9: `guard` statements in `onChanged` keep the vertical translation between 0 and 300.
public final class G09ClampedDrag: GestureSample {
    public static let id = "G9"
    public static let title = "guard in onChanged keeping the translation between 0 and 300"

    public let scene = Scene(size: sampleScreen)
    /// The card.
    public let card: Node
    /// The last accepted translation.
    public private(set) var activeView = CGSize.zero

    public init() {
        scene.isRecording = true
        card = scene.root.addChild(
            "card", frame: CGRect(x: 45, y: 100, width: 300, height: 200),
            content: .shape(.roundedRectangle(cornerRadius: 20), fill: .orange))
        card.bind { [unowned self] card in
            card.offset(activeView)
                .gesture(
                    DragGesture().onChanged { value in
                        guard value.translation.height < 300 else { return }
                        guard value.translation.height > 0 else { return }
                        self.activeView = value.translation
                    })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.send(.down, CGPoint(x: 195, y: 200), at: 0)
        try scene.move(to: CGPoint(x: 195, y: 320), arrivingAt: 0.2, steps: 2)
        log.note("down 120: offset \(card.offset.short)")
        try scene.move(to: CGPoint(x: 195, y: 550), arrivingAt: 0.4)
        log.note("down 350 (ignored: not below 300): offset \(card.offset.short)")
        try scene.move(to: CGPoint(x: 195, y: 150), arrivingAt: 0.6)
        log.note("up 50 (ignored: not above 0): offset \(card.offset.short)")
        try scene.move(to: CGPoint(x: 195, y: 480), arrivingAt: 0.8)
        log.note("down 280: offset \(card.offset.short)")
        try scene.send(.up, CGPoint(x: 195, y: 480), at: 0.9)
        return log.lines
    }
}
