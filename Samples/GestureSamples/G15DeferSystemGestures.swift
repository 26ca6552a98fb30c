import Foundation
import Gestures

/// G15: a full-screen drag controlling a value, deferring the system's vertical edge gestures so that a drag
/// starting at the bottom edge reaches the app.
public final class G15DeferSystemGestures: GestureSample {
    public static let id = "G15"
    public static let title = "defersSystemGestures(on: .vertical) with a drag controlling a value"

    public let scene = Scene(size: sampleScreen)
    /// The label filling the screen.
    public let label: Node
    /// The value the drag controls.
    public private(set) var input = 0.0
    /// How often the system edge gesture took the pointer.
    public private(set) var systemGestures = 0
    /// Whether the label defers the vertical edges (true in the example).
    public var defersVerticalEdges = true {
        didSet { scene.update() }
    }

    public init() {
        scene.isRecording = true
        scene.systemGestureEdges = .vertical
        label = scene.root.addChild("Text", frame: CGRect(origin: .zero, size: sampleScreen))
        scene.onSystemGesture { [unowned self] _ in systemGestures += 1 }
        label.bind { [unowned self] label in
            label.content(.text("Current value: \(input.short)", color: .black))
                .contentShape(Rectangle())
                .gesture(DragGesture().onChanged { value in self.input = value.location.y - value.startLocation.y })
                .defersSystemGestures(on: defersVerticalEdges ? .vertical : [])
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try scene.send(.down, CGPoint(x: 195, y: 835), at: 0)
        try scene.move(to: CGPoint(x: 195, y: 735), arrivingAt: 0.4, steps: 4)
        try scene.send(.up, CGPoint(x: 195, y: 735), at: 0.5)
        log.note("drag up from the bottom edge, deferred: input \(input.short), system gestures \(systemGestures)")
        defersVerticalEdges = false
        try scene.send(.down, CGPoint(x: 195, y: 835), at: 1)
        try scene.move(to: CGPoint(x: 195, y: 785), arrivingAt: 1.4, steps: 4)
        try scene.send(.up, CGPoint(x: 195, y: 785), at: 1.5)
        log.note("the same without deferring: input \(input.short), system gestures \(systemGestures)")
        return log.lines
    }
}
