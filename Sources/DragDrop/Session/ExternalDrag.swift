import Foundation
import Gestures
import Transfer

/// A drag from another program over a scene, fed in by a desktop host (such as DesktopX11's `SceneWindow`, which
/// speaks X11's drag-and-drop protocol), a DnDKit addition.
///
/// The other program's items arrive as item providers whose registered types are what it offers. From then on
/// the session is an ordinary drag session of the scene without a source node: the same targeting chooses the
/// frontmost destination that imports an item, nodes hear `isTargeted`, delegates and drop configurations
/// propose, and a drop loads the accepted items and runs the destination's action. The host reports the pointer
/// (``move(to:)``), the release (``drop(at:)``) or the drag leaving (``cancel(_:)``), and answers the other
/// program with ``proposal``, ``targetFrame`` and, once the session ended, ``outcome``.
///
/// ```swift
/// let drag = scene.beginExternalDrag([provider], allowedOperations: [.copy], at: location)
/// drag.move(to: next)                          // each position the other program reports
/// drag.drop(at: next)                          // the button went up over the window
/// await scene.finishDrops()                    // the items load, the action runs
/// if case .copy? = drag.outcome { ... }        // tell the other program what was done
/// ```
///
/// The session's events (`DragEvent`) start with `arrived` at the scene's root, which stands for the other
/// program; a drag from another program has no `onDragSessionUpdated` to tell.
public final class ExternalDrag {
    let session: LiveDragSession
    private weak var coordinator: DragCoordinator?

    init(session: LiveDragSession, coordinator: DragCoordinator) {
        self.session = session
        self.coordinator = coordinator
    }

    /// The session's identifier in its scene.
    public var id: DragSession.ID { session.id }

    /// The session as renderers see it: location, target, proposal, phase.
    public var snapshot: DragSession { session.snapshot() }

    /// The operations the other program allows. It may change them while dragging (a modifier key pressed);
    /// the next ``move(to:)`` asks the target again.
    public var allowedOperations: DropOperation.Set {
        get { session.suggestedOperations }
        set { session.suggestedOperations = newValue }
    }

    /// What a release now would do: the target's proposal (with the allowed operations applied), or `.cancel`
    /// when no target takes the drag. `.forbidden` means a target keeps the drag but refuses the drop.
    public var proposal: DropOperation {
        guard session.stage == .dragging, session.target != nil else { return .cancel }
        return session.proposal?.operation ?? .copy
    }

    /// The frame of the node that would take a drop now, in the scene's space; nil without one.
    public var targetFrame: CGRect? {
        guard session.stage == .dragging, let target = session.target else { return nil }
        return CGRect(origin: target.convertToGlobal(.zero), size: target.frame.size)
    }

    /// How the session ended: the operation the target performed, or `.cancel`; nil while it goes on (dragging,
    /// or dropped with its items loading until `Scene.finishDrops()`).
    public var outcome: DropOperation? { session.outcome }

    /// Why the session ended with `.cancel`, when it did.
    public var error: DragDropError? { session.error }

    /// The pointer moved to `location`, in the scene's space.
    public func move(to location: CGPoint) {
        coordinator?.move(session, to: location)
    }

    /// The other program's drag was released at `location`: dropped on the target there, or cancelled when there
    /// is none or it refuses. A destination that loads items finishes in `Scene.finishDrops()`.
    public func drop(at location: CGPoint) {
        coordinator?.release(session, at: location)
    }

    /// The drag left the scene, or the other program ended it: a dragging session leaves its target and ends with
    /// `.cancel`, a dropping one stops its loads.
    /// - Parameter message: Why, for the error the session ends with (code `cancelled`).
    public func cancel(_ message: String) {
        guard let coordinator else { return }
        coordinator.cancel(session, DragDropError(.cancelled, message))
        coordinator.flush()
    }
}

extension Scene {
    /// Starts a drag from another program over this scene, a DnDKit addition for desktop hosts: its items, what
    /// it allows, and where the pointer entered. See ``ExternalDrag``.
    /// - Parameters:
    ///   - providers: The other program's items, registered as the types it offers.
    ///   - allowedOperations: What the other program allows.
    ///   - location: Where the pointer is, in the scene's space.
    /// - Returns: The drag, for the host to move, drop or cancel.
    public func beginExternalDrag(
        _ providers: [ItemProvider], allowedOperations: DropOperation.Set = [.copy], at location: CGPoint
    ) -> ExternalDrag {
        DragCoordinator.installed(in: self).arrive(providers, allowed: allowedOperations, at: location)
    }
}

extension DragCoordinator {
    /// A drag from another program entered: a session without a source node, targeting at once.
    func arrive(_ providers: [ItemProvider], allowed: DropOperation.Set, at location: CGPoint) -> ExternalDrag {
        let session = LiveDragSession(
            id: DragSession.ID(rawValue: nextSessionNumber), external: providers, root: scene.root, allowed: allowed,
            location: location)
        nextSessionNumber += 1
        sessions.append(session)
        session.phase = .active
        publish(.arrived(location: location, itemContentTypes: session.contentTypes), session, at: scene.root)
        retarget(session)
        flush()
        return ExternalDrag(session: session, coordinator: self)
    }
}

/// A drag of the scene's that was released over another program, a DnDKit addition for desktop hosts: the session
/// waits, neither dragging nor dropped on a node, until the host reports what the other program did
/// (``finish(_:_:)``). Until then the source keeps its items; a move removes them only once the other program has
/// said it took them, as a move inside the scene does.
///
/// ```swift
/// guard let drag = scene.handOffDragSession(id) else { return }
/// offer(drag.itemProviders)                   // to the other program, in its protocol
/// drag.finish(.move)                          // it said it moved them: the source removes its items
/// ```
public final class OutgoingDrag {
    let session: LiveDragSession
    private weak var coordinator: DragCoordinator?

    init(session: LiveDragSession, coordinator: DragCoordinator) {
        self.session = session
        self.coordinator = coordinator
    }

    /// The session's identifier in its scene.
    public var id: DragSession.ID { session.id }

    /// The dragged items, as the source exported them.
    public var itemProviders: [ItemProvider] { session.providers }

    /// What the source allows other programs (its `DragConfiguration.operationsOutsideApp`).
    public var allowedOperations: DropOperation.Set { session.operationsOutside }

    /// How the session ended, once ``finish(_:_:)`` was called.
    public var outcome: DropOperation? { session.outcome }

    /// Ends the session with what the other program did: `.copy` or `.move` when it took every item (the source
    /// hears `.ended` and `.dataTransferCompleted`), `.cancel` otherwise, with `reason` (code `refused`). A move
    /// the source does not allow other programs is a copy. Later calls do nothing.
    /// - Parameters:
    ///   - operation: What the other program did.
    ///   - reason: Why nothing was transferred, for a cancel.
    public func finish(_ operation: DropOperation, _ reason: String = "the other program did not take the drop") {
        guard let coordinator, case .handedOff = session.state else { return }
        if operation.transfersData {
            let performed: DropOperation =
                operation == .move && !session.operationsOutside.contains(.move) ? .copy : operation
            coordinator.end(session, performed, transferred: Array(session.providers.indices))
        } else {
            coordinator.end(session, .cancel, error: DragDropError(.refused, reason))
        }
        coordinator.flush()
    }
}

extension Scene {
    /// Hands a dragging session over to another program, a DnDKit addition for desktop hosts: call it when the
    /// pointer is released over another program's window that accepted the drag, before the release reaches the
    /// scene. The session leaves its target (if any), its preview goes, and it waits for ``OutgoingDrag/finish(_:_:)``.
    /// - Parameter id: The session.
    /// - Returns: The drag to finish, or nil when no such session is dragging.
    public func handOffDragSession(_ id: DragSession.ID) -> OutgoingDrag? {
        guard let coordinator = self[extension: DragCoordinatorKey.self],
            let session = coordinator.sessions.first(where: { $0.id == id && $0.stage == .dragging }),
            !session.isExternal
        else { return nil }
        return coordinator.handOff(session)
    }
}

extension DragCoordinator {
    func handOff(_ session: LiveDragSession) -> OutgoingDrag? {
        if let target = session.target { exit(session, target) }
        guard session.stage == .dragging else { return nil }
        removePreview(session)
        cancelSpringLoading(session)
        session.handOff()
        publish(.handedOff(itemCount: session.providers.count), session, at: session.source)
        flush()
        return OutgoingDrag(session: session, coordinator: self)
    }
}

extension Scene {
    /// The items of a drag session as its source exported them, for a desktop host that offers them to another
    /// program, a DnDKit addition; nil when no such session is under way.
    /// - Parameter id: The session.
    /// - Returns: The item providers, in order.
    public func itemProviders(ofDragSession id: DragSession.ID) -> [ItemProvider]? {
        self[extension: DragCoordinatorKey.self]?.sessions.first { $0.id == id }?.providers
    }

    /// What the source of a drag session allows other programs (its `DragConfiguration.operationsOutsideApp`), a
    /// DnDKit addition; nil when no such session is under way.
    /// - Parameter id: The session.
    /// - Returns: The operations.
    public func operationsOutsideApp(ofDragSession id: DragSession.ID) -> DropOperation.Set? {
        self[extension: DragCoordinatorKey.self]?.sessions.first { $0.id == id }?.operationsOutside
    }
}
