import Foundation
import Gestures

/// G17: `onLongPressGesture(minimumDuration: 1, maximumDistance: 10, perform:onPressingChanged:)` fading the
/// image out while pressed and presenting a sheet when the press completes.
public final class G17LongPressModifier: GestureSample {
    public static let id = "G17"
    public static let title = "onLongPressGesture(minimumDuration: 1, maximumDistance: 10) fading the image"

    public let scene = Scene(size: sampleScreen)
    /// The image.
    public let image: Node
    /// Whether the sheet is presented.
    public var expand = false
    /// Whether the image is pressed.
    public private(set) var pressing = false
    /// Every value `onPressingChanged` received.
    public private(set) var pressingChanges: [Bool] = []

    public init() {
        scene.isRecording = true
        image = scene.root.addChild(
            "Image", frame: CGRect(x: 115, y: 322, width: 160, height: 200), content: .image("spot1", tint: nil))
        image.bind { [unowned self] image in
            image.opacity(pressing ? 0 : 1)
        }
        image.onLongPressGesture(minimumDuration: 1, maximumDistance: 10) { [unowned self] in
            expand = true
        } onPressingChanged: { [unowned self] value in
            pressingChanges.append(value)
            withAnimation(.easeInOut(duration: 1.5)) {
                pressing = value
                scene.update()
            }
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        let center = CGPoint(x: 195, y: 422)
        try scene.send(.down, center, at: 0)
        log.note("pressing: opacity \(image.opacity.short)")
        try scene.advance(to: 1)
        log.note("held 1 s: sheet \(expand), opacity \(image.opacity.short)")
        try scene.send(.up, center, at: 1.2)
        expand = false
        try scene.send(.down, center, at: 2)
        try scene.send(.move, CGPoint(x: 195, y: 432), at: 2.3)
        try scene.advance(to: 3.5)
        log.note("moved 10 while pressing: sheet \(expand), opacity \(image.opacity.short)")
        try scene.send(.up, CGPoint(x: 195, y: 432), at: 3.6)
        log.note("pressing changes \(pressingChanges)")
        return log.lines
    }
}
