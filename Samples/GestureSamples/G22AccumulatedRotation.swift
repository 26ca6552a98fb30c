import Foundation
import Gestures

/// G22: `RotationGesture` rotating an image; rotations add up across gestures.
public final class G22AccumulatedRotation: GestureSample {
    public static let id = "G22"
    public static let title = "RotationGesture accumulating rotation"

    public let scene = Scene(size: sampleScreen)
    /// The image.
    public let image: Node
    /// The rotation while turning.
    @GestureState public var rotationAngle = Angle.zero
    /// The rotation kept between gestures.
    public private(set) var rotation = Angle.zero

    public init() {
        scene.isRecording = true
        image = scene.root.addChild(
            "Image", frame: CGRect(x: 115, y: 322, width: 160, height: 200), content: .image("spot1", tint: nil))
        image.bind { [unowned self] image in
            image.rotationEffect(rotation + rotationAngle)
                .gesture(
                    RotationGesture()
                        .updating($rotationAngle) { value, state, _ in state = value }
                        .onEnded { value in self.rotation = self.rotation + value })
        }
    }

    /// Two fingers on the image turn by `degrees` about their midpoint.
    func turn(by degrees: Double, at time: Double) throws {
        let center = CGPoint(x: 195, y: 422)
        try scene.send(.down, CGPoint(x: center.x - 40, y: center.y), at: time, pointer: 1)
        try scene.send(.down, CGPoint(x: center.x + 40, y: center.y), at: time, pointer: 2)
        for step in 1...3 {
            let angle = Angle.degrees(degrees * Double(step) / 3).radians
            let dx = 40 * CGFloat(cos(angle))
            let dy = 40 * CGFloat(sin(angle))
            let t = time + 0.1 * Double(step)
            try scene.send(.move, CGPoint(x: center.x - dx, y: center.y - dy), at: t, pointer: 1)
            try scene.send(.move, CGPoint(x: center.x + dx, y: center.y + dy), at: t, pointer: 2)
        }
    }

    public func play() throws -> [String] {
        let log = Transcript(scene)
        try turn(by: 30, at: 0)
        log.note("turning 30°: rotation \(image.rotation)")
        for pointer in [1, 2] {
            try scene.send(.up, scene.location(ofPointer: pointer) ?? .zero, at: 0.5, pointer: pointer)
        }
        try turn(by: 45, at: 1)
        for pointer in [1, 2] {
            try scene.send(.up, scene.location(ofPointer: pointer) ?? .zero, at: 1.5, pointer: pointer)
        }
        log.note("after a second turn of 45°: rotation \(image.rotation)")
        return log.lines
    }
}
