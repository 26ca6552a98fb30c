import Foundation
import Gestures

/// G8: a gesture attached only while a condition holds: `show ? DragGesture()… : nil`.
public final class G08ConditionalGesture: GestureSample {
    public static let id = "G8"
    public static let title = "A conditional gesture: show ? DragGesture() : nil"

    public let scene = Scene(size: sampleScreen)
    /// The card.
    public let card: Node
    /// Whether the drag is attached.
    public var show = false {
        didSet { scene.update() }
    }
    /// The card's offset while dragged.
    public private(set) var activeView = CGSize.zero

    public init() {
        scene.isRecording = true
        card = scene.root.addChild(
            "card", frame: CGRect(x: 45, y: 272, width: 300, height: 300),
            content: .shape(.roundedRectangle(cornerRadius: 20), fill: .blue))
        card.bind { [unowned self] card in
            card.offset(activeView)
                .gesture(
                    show
                        ? DragGesture()
                            .onChanged { value in self.activeView = value.translation }
                            .onEnded { _ in self.activeView = .zero }
                        : nil)
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        for (round, shown) in [false, true].enumerated() {
            show = shown
            let time = Double(round)
            try scene.send(.down, CGPoint(x: 195, y: 422), at: time)
            try scene.move(to: CGPoint(x: 195, y: 502), arrivingAt: time + 0.4, steps: 4)
            log.note("show \(shown), dragging: offset \(card.offset.short)")
            try scene.send(.up, CGPoint(x: 195, y: 502), at: time + 0.5)
        }
        log.note("released: offset \(card.offset.short)")
        return log.lines
    }
}
