import DragDrop
import Foundation

/// A moment of a run worth a picture: a lift, a target lighting up, a forbidden hover, a drop, a refusal, a
/// cancel, the end of a session. A run's observer hears each one while the scene still shows it.
package struct KeyMoment: Sendable, Hashable {
    /// What kind of moment.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An item lifted: the preview is at the pointer.
        case lift
        /// A drop target lit up (`isTargeted` true).
        case targeted
        /// A target proposed `.forbidden`: the drag hovers where it may not drop.
        case forbidden
        /// A drag was released over a target that takes it.
        case drop
        /// A drop was refused (a forbidden region, a declined type, an action that returned false).
        case refused
        /// A drag was cancelled (Escape, a cancelled pointer, a release over no target, a removed node).
        case cancelled
        /// A drag session ended with its operation.
        case ended
    }

    /// What kind of moment.
    package var kind: Kind
    /// The timeline event that made it.
    package var event: SimulationEvent
    /// A number counting the moments of a run from 1, for file names (`007-drop.png`).
    package var number: Int

    /// The time on the scene's clock.
    package var time: Double { event.time }

    /// Creates a moment.
    /// - Parameters:
    ///   - kind: What kind of moment.
    ///   - event: The event that made it.
    ///   - number: Its number in the run.
    package init(kind: Kind, event: SimulationEvent, number: Int) {
        self.kind = kind
        self.event = event
        self.number = number
    }

    /// The reasons that are a refusal of the drop rather than a cancel of the drag.
    private static let refusals: Set<DragDropError.Code> = [.refused, .declined, .actionFailed, .loadFailed]

    /// The moment a timeline event makes, if any.
    /// - Parameter event: The event.
    /// - Returns: The kind of moment, or nil.
    package static func kind(of event: SimulationEvent) -> Kind? {
        switch event.fact {
        case .drag(.lifted): return .lift
        case .drag(.targetedChanged(true)): return .targeted
        case .drag(.proposed(.forbidden)): return .forbidden
        case .drag(.dropped): return .drop
        case .cancelled(let error): return refusals.contains(error.code) ? .refused : .cancelled
        case .drag(.ended): return .ended
        default: return nil
        }
    }
}
