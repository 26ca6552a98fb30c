import Foundation
import Gestures

/// The lift recognizer of a draggable node: touch or pen = a long press sequenced before a drag of any distance (so
/// the node lifts as the press completes, in the same step, and the movement that follows carries it); mouse =
/// movement past a distance. Its value is the pointer's location in the scene's space. The thresholds are read
/// from the node (`dragLift(_:)`) each time a pointer goes down; a gesture left behind by an earlier `draggable`
/// call on the same node fails at once.
struct DragLiftGesture: Gesture {
    typealias Value = CGPoint?

    weak var source: Node?
    weak var coordinator: DragCoordinator?
    let token: Int

    var body: LiftRecognition? {
        guard let source, let coordinator, source[attachment: DragSourceKey.self]?.liftToken == token else {
            return nil
        }
        let lift = source.nearest(DragLiftKey.self) ?? .standard
        return LiftRecognition(lift: lift, tracker: LiftTracker(source: source, coordinator: coordinator))
    }
}

/// The gestures of one lift, reporting to a tracker.
struct LiftRecognition: Gesture {
    typealias Value = CGPoint?

    let lift: DragLift
    let tracker: LiftTracker

    var body: some Gesture<CGPoint?> {
        // Activates only once the press is over, so that a quick tap on the node still reaches its tap gesture.
        let touch = LongPressGesture(
            minimumDuration: lift.minimumPressDuration, maximumDistance: lift.maximumPressDistance,
            inputKinds: [.directTouch, .pencil]
        )
        .sequenced(before: DragGesture(minimumDistance: 0, coordinateSpace: .global))
        .activates { if case .second = $0 { true } else { false } }
        .map { value -> CGPoint? in
            if case .second(_, let drag?) = value { drag.location } else { nil }
        }
        let mouse = DragGesture(
            minimumDistance: lift.minimumPointerDistance, coordinateSpace: .global, inputKinds: .pointer
        )
        .map { Optional($0.location) }
        return touch.exclusively(before: mouse)
            .map { value -> CGPoint? in
                switch value {
                case .first(let location), .second(let location): location
                }
            }
            .onPhaseChange { [tracker] phase in tracker.handle(phase) }
    }
}

/// Follows one lift gesture: starts the session when the node lifts, then moves, drops or cancels it.
final class LiftTracker {
    private weak var source: Node?
    private weak var coordinator: DragCoordinator?
    private var session: LiveDragSession?
    /// The node lifted but there was nothing to drag: the rest of the gesture is ignored.
    private var isEmpty = false

    init(source: Node, coordinator: DragCoordinator) {
        self.source = source
        self.coordinator = coordinator
    }

    func handle(_ phase: GesturePhase<CGPoint?>) {
        guard let coordinator else { return }
        switch phase {
        case .possible, .active(nil):
            return
        case .active(let location?):
            if let session {
                coordinator.move(session, to: location)
            } else if !isEmpty, let source {
                session = coordinator.lift(source, at: location)
                isEmpty = session == nil
            }
        case .ended(let location):
            if let session { coordinator.release(session, at: location ?? session.location) }
        case .failed, .cancelled:
            if let session { coordinator.liftCancelled(session) }
        }
    }
}
