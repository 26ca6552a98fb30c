/// An object that follows a drag over a drop target and performs the drop, as SwiftUI's `DropDelegate`
/// (attached with `onDrop(of:delegate:)`).
///
/// For one drag over the target, the calls come in this order: ``validateDrop(info:)`` when the pointer comes
/// over the target, ``dropEntered(info:)``, ``dropUpdated(info:)`` on entering and on every move, then either
/// ``dropExited(info:)`` or ``performDrop(info:)``. A target whose `validateDrop` returns false is skipped and the
/// node beneath it is considered (until the pointer leaves the target and comes back, when it is asked again).
/// Only `performDrop` can load the items (see ``DropInfo``).
///
/// The protocol is main-actor isolated, as Apple's is (`@MainActor @preconcurrency`): a delegate reads and changes
/// main-actor state directly. Its calls come from inside `Scene.send(_:)`, on the main actor: at once for a scene
/// driven from the main actor, otherwise on the main queue while the scene's task waits; they may change the scene.
@MainActor @preconcurrency
public protocol DropDelegate {
    /// Whether the target accepts this drag; false skips it. The default returns true.
    /// - Parameter info: The drag, types only.
    /// - Returns: Whether the target accepts the drag.
    func validateDrop(info: DropInfo) -> Bool

    /// Performs the drop: load the items from `info.itemProviders(for:)`.
    /// - Parameter info: The drop, with its item providers.
    /// - Returns: Whether the drop succeeded; false ends the session with `.cancel`.
    func performDrop(info: DropInfo) -> Bool

    /// A validated drag entered the target. The default does nothing.
    /// - Parameter info: The drag, types only.
    func dropEntered(info: DropInfo)

    /// The drag moved over the target. The default returns nil.
    /// - Parameter info: The drag, types only.
    /// - Returns: A new proposal, or nil to keep the last one (`.copy` at first).
    func dropUpdated(info: DropInfo) -> DropProposal?

    /// The drag left the target (or was cancelled over it). The default does nothing.
    /// - Parameter info: The drag, types only.
    func dropExited(info: DropInfo)
}

extension DropDelegate {
    /// Accepts every drag that carries one of the target's types.
    /// - Parameter info: The drag.
    /// - Returns: True.
    public func validateDrop(info: DropInfo) -> Bool {
        true
    }

    /// Does nothing.
    /// - Parameter info: The drag.
    public func dropEntered(info: DropInfo) {}

    /// Keeps the last proposal.
    /// - Parameter info: The drag.
    /// - Returns: Nil.
    public func dropUpdated(info: DropInfo) -> DropProposal? {
        nil
    }

    /// Does nothing.
    /// - Parameter info: The drag.
    public func dropExited(info: DropInfo) {}
}
