import Foundation

/// The simulated system edge gesture (Control Centre, the home indicator): a touch that starts within 20
/// points of an enabled screen edge and moves 10 points or more takes the pointer, unless a node under it
/// defers that edge with `defersSystemGestures(on:)`, which gives the app's gestures precedence.
final class SystemEdgeRecognizer: _Recognizer<Void> {
    /// How close to an edge a touch must start.
    static let edgeWidth: CGFloat = 20
    /// How far it must move to be recognized.
    static let minimumDistance: CGFloat = 10

    private let edge: Edge
    private var pointer: TrackedPointer?

    init(node: Node, edge: Edge) {
        self.edge = edge
        super.init(node: node)
    }

    override var name: String { "SystemEdgeGesture(\(edge))" }

    override func receive(_ update: GestureUpdate) {
        guard !kind.isTerminal, let sample = update.sample else { return }
        switch sample.phase {
        case .down:
            guard pointer == nil else { return }
            pointer = TrackedPointer(
                id: sample.pointerID, startLocation: sample.location, location: sample.location, time: update.time)
        case .move, .up:
            guard let tracked = pointer, tracked.id == sample.pointerID else { return }
            if kind == .possible, sample.location.distance(to: tracked.startLocation) >= Self.minimumDistance {
                kind = .active
                value = ()
            }
            if sample.phase == .up { kind = kind == .active ? .ended : .failed }
        case .cancel:
            kind = .failed
        }
    }

    override func report(allowed: Bool, _ update: GestureUpdate) {
        let previous = reported
        reported = effectivePhase(allowed: allowed)
        if reported == .active && previous == .possible {
            update.session.scene.systemGestureRecognized(edge)
        }
    }
}
