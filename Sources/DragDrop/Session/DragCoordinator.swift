import Foundation
import Gestures
import Transfer

enum DragCoordinatorKey: AttachmentKey {
    typealias Value = DragCoordinator
}

/// A scene's drag and drop: its drag sessions, the drops waiting for their loads, and each node's targeting
/// feedback. Kept on the scene (`scene[extension:]`), installed by the first drag or drop modifier, and driven by
/// the lift gestures, the scene's observers (removal, Escape) and its clock (spring loading).
///
/// Every user callback (isTargeted, delegates, actions, session updates) runs synchronously on the scene's task,
/// through `callOut(_:staying:on:_:)` and its rule; after a step in which one ran, the scene's bound node bodies run
/// again. What happens is published as `DragEvent`s (`publish(_:_:at:)`).
final class DragCoordinator {
    unowned let scene: Scene
    /// The sessions dragging or dropping, in the order they lifted.
    var sessions: [LiveDragSession] = []
    /// The drops whose items are loading, in the order they were released.
    var pendingDrops: [PendingDrop] = []
    /// How many sessions target each node, with the `isTargeted` callback that was told true.
    private var feedback: [ObjectIdentifier: TargetFeedback] = [:]
    var nextSessionNumber = 1
    /// Whether a user callback ran since the last `flush()`.
    var callbacksRan = false
    /// Where the loads of drops run; nil for Swift's global concurrent executor.
    var loadingExecutor: (any TaskExecutor)?
    /// The scene's drag event observers, in the order they were added.
    var eventObservers: [EventObserver] = []
    var nextObserverID = 0
    /// The session whose callback is running.
    var callingOut: LiveDragSession?
    #if DEBUG || FUZZING
        var invariants = DragInvariants()
    #endif

    private struct TargetFeedback {
        let node: Node
        let isTargeted: ((Bool) -> Void)?
        var count: Int
    }

    private init(scene: Scene) {
        self.scene = scene
    }

    /// The scene's coordinator, made and hooked up on first use.
    static func installed(in scene: Scene) -> DragCoordinator {
        if let existing = scene[extension: DragCoordinatorKey.self] { return existing }
        let coordinator = DragCoordinator(scene: scene)
        scene[extension: DragCoordinatorKey.self] = coordinator
        scene.onNodeWillBeRemoved { [weak coordinator] node in coordinator?.subtreeWillBeRemoved(node) }
        scene.onNodeRemoved { [weak coordinator] node in coordinator?.nodeRemoved(node) }
        scene.onKeyEvent { [weak coordinator] event in
            guard event.phase == .down else { return }
            if event.key == .escape {
                coordinator?.cancelAll(DragDropError(.cancelled, "Escape was pressed"))
            } else if event.key == .character("\u{7F}") || event.key == .character("\u{8}") {
                coordinator?.deleteSelectedRows()
            }
        }
        return coordinator
    }

    /// Runs the scene's bound bodies when a user callback ran.
    func flush() {
        guard callbacksRan else { return }
        callbacksRan = false
        scene.update()
    }

    // MARK: Lifting

    /// A draggable node lifted: exports its payload and starts a session, or returns nil when there is nothing
    /// to drag. A node, or a container's item, is in one session at a time: until its session has ended (after
    /// `finishDrops()` for a drop that loads), it does not lift again, so that no item is moved twice.
    func lift(_ lifted: Node, at location: CGPoint) -> LiveDragSession? {
        guard let liftedDeclaration = lifted[attachment: DragSourceKey.self] else { return nil }
        let source: Node
        let declaration: DragSource
        let payload: ExportedPayload
        var listOrigin: ListOrigin?
        if case .listRow = liftedDeclaration.payload {
            guard let rows = liftRows(of: lifted, at: location) else { return nil }
            (source, payload, listOrigin) = (rows.row, rows.payload, rows.origin)
            declaration = rows.row[attachment: DragSourceKey.self] ?? liftedDeclaration
        } else {
            guard
                let exported = liftedDeclaration.export(
                    from: lifted,
                    isDragged: { container, ids in
                        sessions.contains { $0.carries(from: lifted, container: container, ids: ids) }
                    })
            else { return nil }
            (source, declaration, payload) = (lifted, liftedDeclaration, exported)
        }
        let configuration = source.nearest(DragConfigurationKey.self) ?? DragConfiguration()
        let pointerID = pointer(at: location)
        let session = LiveDragSession(
            id: DragSession.ID(rawValue: nextSessionNumber), source: source, pointerID: pointerID,
            payload: payload, allowsMove: configuration.operationsWithinApp.allowMove, location: location)
        session.listOrigin = listOrigin
        session.operationsOutside = configuration.operationsForOtherPrograms
        nextSessionNumber += 1
        sessions.append(session)
        callbacksRan = true  // the payload closure ran
        publish(
            .lifted(pointerID: pointerID, location: location, itemContentTypes: session.contentTypes),
            session, at: source)
        session.preview = makePreview(of: source, declaration, at: location)
        if notify(session, .initial) { retarget(session) }
        flush()
        return session
    }

    /// The pointer that lifted at `location`: one that is down there and drives no other session.
    private func pointer(at location: CGPoint) -> Int {
        let busy = sessions.filter { $0.stage == .dragging }.compactMap(\.pointerID)
        let free = scene.pointersDown.filter { !busy.contains($0) }
        return free.first { scene.location(ofPointer: $0) == location } ?? free.first ?? -1
    }

    private func makePreview(of source: Node, _ declaration: DragSource, at location: CGPoint) -> Node {
        let preview = scene.root.addChild(
            "\(source.name) preview", frame: CGRect(origin: .zero, size: source.frame.size),
            content: declaration.preview == nil ? source.content : .none)
        preview.allowsHitTesting = false
        declaration.preview?(preview)
        place(preview, at: location)
        return preview
    }

    /// Centres the preview on the pointer.
    func place(_ preview: Node, at location: CGPoint) {
        let size = preview.frame.size
        preview.frame.origin = CGPoint(x: location.x - size.width / 2, y: location.y - size.height / 2)
    }

    func removePreview(_ session: LiveDragSession) {
        guard let preview = session.preview else { return }
        session.preview = nil
        preview.removeFromParent()
    }

    // MARK: Telling the source

    /// Tells the session's source, and the observers of the ancestors it had when it lifted, nearest first;
    /// answers whether the session is still dragging afterwards.
    @discardableResult
    func notify(_ session: LiveDragSession, _ phase: DragSession.Phase) -> Bool {
        session.phase = phase
        let stage = session.stage
        var snapshot: DragSession?
        for node in session.observers {
            guard let observer = node[attachment: DragSessionObserverKey.self] else { continue }
            let value = snapshot ?? session.snapshot()
            snapshot = value
            _ = callOut(session, staying: stage) { observer(value) }
        }
        return session.stage == .dragging
    }

    // MARK: Feedback

    /// `session` started targeting `node`: the node's `isTargeted` hears true when it is the first.
    func beginFeedback(_ node: Node, for session: LiveDragSession) {
        let key = ObjectIdentifier(node)
        if var entry = feedback[key] {
            entry.count += 1
            feedback[key] = entry
            return
        }
        let isTargeted = node[attachment: DropDestinationKey.self]?.isTargeted
        feedback[key] = TargetFeedback(node: node, isTargeted: isTargeted, count: 1)
        publish(.targetedChanged(true), session, at: node)
        if let isTargeted { _ = callOut(session, staying: session.stage) { isTargeted(true) } }
    }

    /// `session` stopped targeting `node`: the `isTargeted` that heard true hears false when it was the last.
    func endFeedback(_ node: Node, for session: LiveDragSession) {
        let key = ObjectIdentifier(node)
        guard var entry = feedback[key] else { return }
        entry.count -= 1
        guard entry.count == 0 else {
            feedback[key] = entry
            return
        }
        feedback[key] = nil
        publish(.targetedChanged(false), session, at: node)
        if let isTargeted = entry.isTargeted { _ = callOut(session, staying: session.stage) { isTargeted(false) } }
    }

    func isTargeted(_ node: Node) -> Bool {
        feedback[ObjectIdentifier(node)] != nil
    }

    // MARK: Observers

    /// A subtree is about to leave the scene: sessions dragged from it are cancelled (before the engine cancels
    /// their lift gestures, so that the reason is known).
    private func subtreeWillBeRemoved(_ root: Node) {
        for session in sessions where session.stage == .dragging {
            guard session.source === root || session.source.isDescendant(of: root) else { continue }
            cancel(
                session,
                DragDropError(.sourceRemoved, reason: "the source \(session.source) was removed while dragging"))
        }
        flush()
    }

    /// A node left the scene: sessions targeting it, or loading a drop on it, are cancelled.
    private func nodeRemoved(_ node: Node) {
        for session in sessions {
            if session.preview === node { session.preview = nil }
            let isTarget =
                (session.stage == .dragging && session.target === node)
                || (session.stage == .dropping && session.droppedOn === node)
            guard isTarget else { continue }
            let when = session.stage == .dragging ? "while targeted" : "before its drop completed"
            cancel(session, DragDropError(.targetRemoved, reason: "the target \(node) was removed \(when)"))
        }
        flush()
    }

    /// Cancels every session.
    func cancelAll(_ error: DragDropError) {
        for session in sessions { cancel(session, error) }
        flush()
    }
}
