import Foundation
import Gestures

/// The state of a press-then-drag gesture (G6, G7).
public enum DragState: Equatable, CustomStringConvertible {
    case inactive
    case pressing
    case dragging(translation: CGSize)

    /// The translation while dragging, else zero.
    public var translation: CGSize {
        switch self {
        case .inactive, .pressing: .zero
        case .dragging(let translation): translation
        }
    }

    /// `inactive`, `pressing` or `dragging (dx, dy)`.
    public var description: String {
        switch self {
        case .inactive: "inactive"
        case .pressing: "pressing"
        case .dragging(let translation): "dragging \(translation.short)"
        }
    }

    /// Whether the press has begun (and possibly turned into a drag).
    public var isPressing: Bool {
        switch self {
        case .pressing, .dragging: true
        case .inactive: false
        }
    }
}

/// G6: a one-second long press sequenced before a drag, with its state in one `DragState` enum.
public final class G06PressThenDrag: GestureSample {
    public static let id = "G6"
    public static let title = "LongPress(1 s) sequenced before DragGesture with a DragState enum"

    public let scene = Scene(size: sampleScreen)
    /// The star.
    public let star: Node
    /// The gesture's state.
    @GestureState public var dragState = DragState.inactive
    /// Where the star rests.
    public private(set) var position = CGSize.zero

    public init() {
        scene.isRecording = true
        star = scene.root.addChild(
            "star", frame: CGRect(x: 145, y: 372, width: 100, height: 100),
            content: .image("star.circle.fill", tint: .green))
        star.bind { [unowned self] star in
            star.opacity(dragState.isPressing ? 0.5 : 1.0)
                .offset(
                    x: position.width + dragState.translation.width,
                    y: position.height + dragState.translation.height
                )
                .animation(.easeInOut, value: dragState.translation)
                .gesture(pressThenDrag)
        }
    }

    private var pressThenDrag: some Gesture {
        LongPressGesture(minimumDuration: 1.0)
            .sequenced(before: DragGesture())
            .updating($dragState) { value, state, _ in
                switch value {
                case .first(true):
                    state = .pressing
                case .second(true, let drag):
                    state = .dragging(translation: drag?.translation ?? .zero)
                default:
                    break
                }
            }
            .onEnded { value in
                guard case .second(true, let drag?) = value else { return }
                self.position.height += drag.translation.height
                self.position.width += drag.translation.width
            }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        let start = CGPoint(x: 195, y: 422)
        try scene.send(.down, start, at: 0)
        log.note("pressing: opacity \(star.opacity.short), offset \(star.offset.short)")
        try scene.send(.move, CGPoint(x: 199, y: 425), at: 0.5)
        log.note("small move before the press completes: offset \(star.offset.short)")
        try scene.advance(to: 1)
        log.note("press completed: state \(dragState)")
        try scene.move(to: CGPoint(x: 279, y: 525), arrivingAt: 1.5, steps: 5)
        log.note("dragging: opacity \(star.opacity.short), offset \(star.offset.short)")
        try scene.send(.up, CGPoint(x: 279, y: 525), at: 1.6)
        log.note("dropped: opacity \(star.opacity.short), offset \(star.offset.short)")
        try scene.send(.down, CGPoint(x: 275, y: 522), at: 2)
        try scene.move(to: CGPoint(x: 375, y: 522), arrivingAt: 2.5, steps: 5)
        try scene.send(.up, CGPoint(x: 375, y: 522), at: 2.6)
        log.note("drag without the long press: offset \(star.offset.short)")
        return log.lines
    }
}
