import Foundation
import Gestures

/// G21: `MagnificationGesture` zooming an image, the zoom clamped between 1 and 2.
public final class G21ClampedMagnification: GestureSample {
    public static let id = "G21"
    public static let title = "MagnificationGesture: zoom × magnification, clamped to 1…2"

    public let scene = Scene(size: sampleScreen)
    /// The image.
    public let image: Node
    /// The magnification while pinching.
    @GestureState public var magnification: CGFloat = 1
    /// The zoom kept between pinches.
    public private(set) var zoom: CGFloat = 1

    public init() {
        scene.isRecording = true
        image = scene.root.addChild(
            "Image", frame: CGRect(x: 115, y: 322, width: 160, height: 200), content: .image("spot1", tint: nil))
        image.bind { [unowned self] image in
            image.scaleEffect(currentZoom(magnification: magnification))
                .gesture(
                    MagnificationGesture()
                        .updating($magnification) { value, state, _ in state = value }
                        .onEnded { value in self.zoom = self.currentZoom(magnification: value) })
        }
    }

    /// The zoom for a magnification, between 1 and 2.
    public func currentZoom(magnification: CGFloat) -> CGFloat {
        let minZoom: CGFloat = 1
        let maxZoom: CGFloat = 2
        return max(min(zoom * magnification, maxZoom), minZoom)
    }

    /// Two fingers 60 points apart on the image spread (or pinch) to `distance`.
    func pinch(to distance: CGFloat, at time: Double) throws {
        let center = CGPoint(x: 195, y: 422)
        try scene.send(.down, CGPoint(x: center.x - 30, y: center.y), at: time, pointer: 1)
        try scene.send(.down, CGPoint(x: center.x + 30, y: center.y), at: time, pointer: 2)
        try scene.move(to: CGPoint(x: center.x - distance / 2, y: center.y), arrivingAt: time + 0.2, pointer: 1)
        try scene.move(
            to: CGPoint(x: center.x + distance / 2, y: center.y), arrivingAt: time + 0.4, steps: 2, pointer: 2)
    }

    func release(at time: Double) throws {
        for pointer in scene.pointersDown {
            try scene.send(.up, scene.location(ofPointer: pointer) ?? .zero, at: time, pointer: pointer)
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try pinch(to: 90, at: 0)
        log.note("spread ×1.5: scale \(image.scale.width.short)")
        try release(at: 0.5)
        log.note("released: zoom \(zoom.short)")
        try pinch(to: 120, at: 1)
        log.note("spread ×2 more: scale \(image.scale.width.short) (clamped)")
        try release(at: 1.5)
        try pinch(to: 15, at: 2)
        try release(at: 2.5)
        log.note("pinched ×0.25: zoom \(zoom.short) (clamped)")
        return log.lines
    }
}
