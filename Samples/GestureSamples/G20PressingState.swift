import Foundation
import Gestures

/// The pressing state of G20.
public enum PressingState {
    case active
    case inactive

    /// Whether a press is in progress.
    public var isActive: Bool {
        switch self {
        case .active: true
        case .inactive: false
        }
    }
}

/// G20: a `PressingState` enum updated by a one-second long press: the image fades while pressed.
public final class G20PressingState: GestureSample {
    public static let id = "G20"
    public static let title = "A PressingState enum through updating"

    public let scene = Scene(size: sampleScreen)
    /// The image.
    public let image: Node
    /// The pressing state.
    @GestureState public var pressingState = PressingState.inactive
    /// Whether the sheet is presented.
    public private(set) var expand = false

    public init() {
        scene.isRecording = true
        image = scene.root.addChild(
            "Image", frame: CGRect(x: 115, y: 322, width: 160, height: 200), content: .image("spot1", tint: nil))
        image.bind { [unowned self] image in
            image.opacity(pressingState.isActive ? 0 : 1)
                .gesture(
                    LongPressGesture(minimumDuration: 1)
                        .updating($pressingState) { value, state, transaction in
                            state = value ? .active : .inactive
                            transaction.animation = Animation.easeInOut(duration: 1.5)
                        }
                        .onEnded { _ in self.expand = true })
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        let center = CGPoint(x: 195, y: 422)
        try scene.send(.down, center, at: 0)
        log.note("pressing: \(pressingState), opacity \(image.opacity.short)")
        try scene.advance(to: 1)
        log.note("held 1 s: \(pressingState), opacity \(image.opacity.short), sheet \(expand)")
        try scene.send(.up, center, at: 1.5)
        return log.lines
    }
}
