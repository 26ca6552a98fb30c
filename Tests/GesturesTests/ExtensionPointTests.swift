import Foundation
import Gestures
import TestSupport
import Testing

/// The extension points as another module uses them: a drag-lift recognizer made of public gestures, drop
/// targets found by hit testing and attachments, removal hooks and deadlines.
@Suite("Extension points")
struct ExtensionPointTests {
    enum DropTargetKey: AttachmentKey {
        typealias Value = String
    }

    /// What a drag session would hear from its lift gesture.
    final class SessionLog {
        var events: [String] = []
    }

    /// The lift of `draggable`: touch = long press 0.5 s / 10 pt then movement, mouse = movement of 10 pt.
    private func lift(_ log: SessionLog, _ scene: Scene) -> some Gesture {
        let touchLift = LongPressGesture(
            minimumDuration: 0.5, maximumDistance: 10, inputKinds: [.directTouch, .pencil]
        )
        .sequenced(before: DragGesture(minimumDistance: 0, coordinateSpace: .global))
        .activates { if case .second = $0 { true } else { false } }
        .map { value -> CGPoint? in
            if case .second(_, let drag?) = value { drag.location } else { nil }
        }
        let mouseLift = DragGesture(minimumDistance: 10, coordinateSpace: .global, inputKinds: .pointer)
            .map { Optional($0.location) }
        return touchLift.exclusively(before: mouseLift)
            .map { value -> CGPoint? in
                switch value {
                case .first(let location), .second(let location): location
                }
            }
            .onPhaseChange { phase in
                let time = Formatting3.time(scene.currentTime)
                switch phase {
                case .possible: break
                case .active(let location):
                    log.events.append("\(time) move \(location.map { "(\($0.x), \($0.y))" } ?? "-")")
                case .ended: log.events.append("\(time) drop")
                case .failed: log.events.append("\(time) failed")
                case .cancelled: log.events.append("\(time) cancelled")
                }
            }
    }

    private func draggableScene() -> (Scene, Node, SessionLog, Log) {
        let (scene, box) = makeBoxScene()
        let log = SessionLog()
        let taps = Log()
        box.onTapGesture { taps.add("tap") }.highPriorityGesture(lift(log, scene))
        return (scene, box, log, taps)
    }

    @Test func aTapOnADraggableStillTaps() throws {
        let (scene, _, log, taps) = draggableScene()
        try scene.tap(at: center, time: 0, duration: 0.2)
        try scene.tap(at: center, time: 1, duration: 0.2, kind: .mouse(.primary))
        #expect(taps.lines == ["tap", "tap"])
        #expect(log.events == ["0.200 failed", "1.200 failed"])
    }

    @Test func touchLiftsAfterHalfASecond() throws {
        let (scene, _, log, taps) = draggableScene()
        try scene.send(.down, center, at: 0)
        try scene.advance(to: 0.499)
        #expect(log.events.isEmpty)
        try scene.advance(to: 0.5)
        try scene.send(.move, point(260, 200), at: 0.75)
        try scene.send(.up, point(260, 200), at: 1)
        #expect(log.events == ["0.500 move (200.0, 200.0)", "0.750 move (260.0, 200.0)", "1.000 drop"])
        #expect(taps.lines.isEmpty)
    }

    @Test func mouseLiftsAfterTenPoints() throws {
        let (scene, _, log, taps) = draggableScene()
        let mouse = PointerKind.mouse(.primary)
        try scene.send(.down, center, at: 0, kind: mouse)
        try scene.send(.move, point(209.99, 200), at: 0.1, kind: mouse)
        #expect(log.events.isEmpty)
        try scene.send(.move, point(210, 200), at: 0.2, kind: mouse)
        try scene.send(.up, point(210, 200), at: 0.3, kind: mouse)
        #expect(log.events == ["0.200 move (210.0, 200.0)", "0.300 drop"])
        #expect(taps.lines.isEmpty)
    }

    @Test func dropTargetsByHitTestingAndAttachments() {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let pane = scene.root.addChild("pane", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            .contentShape(Rectangle())
        pane[attachment: DropTargetKey.self] = "public.image"
        let label = pane.addChild(
            "label", frame: CGRect(x: 50, y: 50, width: 100, height: 20), content: .text("Drop here", color: .black))
        let target = scene.nodes(at: point(60, 60)).first { $0[attachment: DropTargetKey.self] != nil }
        #expect(target === pane)
        #expect(scene.nodes(at: point(60, 60)).first === label)
        #expect(pane.convertFromGlobal(point(60, 60)) == point(60, 60))
    }

    @Test func aRemovedTargetIsReported() {
        let (scene, box) = makeBoxScene()
        box[attachment: DropTargetKey.self] = "public.png"
        var untargeted: [String] = []
        scene.onNodeRemoved { node in
            if let type = node[attachment: DropTargetKey.self] { untargeted.append("\(node.name) \(type)") }
        }
        box.removeFromParent()
        #expect(untargeted == ["box public.png"])
    }
}

/// Three-decimal times for the session log.
enum Formatting3 {
    static func time(_ time: Double) -> String {
        String(format: "%.3f", time)
    }
}
