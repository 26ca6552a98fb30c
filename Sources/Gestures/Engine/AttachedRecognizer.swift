/// The recognizer of one gesture attached to a node: shows it as a `Void` gesture to the node-level
/// compositions and records its phase changes in the timeline.
final class AttachedRecognizer<Inner>: ForwardingRecognizer<Inner, Void> {
    override func transform(_ value: Inner) -> Void? { () }

    override func didReport(from previous: PhaseKind, to phase: PhaseKind, _ update: GestureUpdate) {
        guard phase != previous else { return }
        switch phase {
        case .possible: return
        case .active: update.session.scene.notePhase(.began, self)
        case .ended: update.session.scene.notePhase(.ended, self)
        case .failed: update.session.scene.notePhase(.failed, self)
        }
    }

    override func didCancel(_ update: GestureUpdate) {
        update.session.scene.notePhase(.cancelled, self)
    }
}
