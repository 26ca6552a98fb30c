import Foundation
import Gestures

// Publishing drag events, and calling out to user code.
extension Scene {
    /// Observes the drag events of this scene, a DnDKit addition: every session's lift, targets, feedback,
    /// proposals, drop, loads, action and end, as values, in the order they happen.
    ///
    /// Observers run synchronously, right after the change an event reports, in the order they were added. They
    /// may read the scene and its sessions but must not change them (cancel a session, remove a node, send
    /// input): an observer reports; the modifiers' callbacks act. With [`isRecording`](/documentation/gestures/scene/isrecording) on, the
    /// scene's timeline records each event as text too (``DragEvent/timelineEntries``).
    /// - Parameter observer: Given each event.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onDragEvent(_ observer: @escaping (DragEvent) -> Void) -> ObserverToken {
        let coordinator = DragCoordinator.installed(in: self)
        let id = coordinator.addEventObserver(observer)
        return makeObserverToken { [weak coordinator] in coordinator?.removeEventObserver(id) }
    }

    /// The drag session whose callback is running, a DnDKit addition: set while DragDrop calls a node's
    /// `isTargeted`, a delegate, a drop action, a drop configuration, a spring-loading action or a session
    /// update; nil otherwise. A drop action learns here which session it is taking items from.
    public var currentDragSession: DragSession? {
        self[extension: DragCoordinatorKey.self]?.callingOut?.snapshot()
    }
}

extension DragCoordinator {
    struct EventObserver {
        let id: Int
        let handler: (DragEvent) -> Void
    }

    func addEventObserver(_ handler: @escaping (DragEvent) -> Void) -> Int {
        nextObserverID += 1
        eventObservers.append(EventObserver(id: nextObserverID, handler: handler))
        return nextObserverID
    }

    func removeEventObserver(_ id: Int) {
        eventObservers.removeAll { $0.id == id }
    }

    /// Tells the observers (and the timeline, when recording) what happened to `session` at `node`.
    func publish(_ kind: DragEvent.Kind, _ session: LiveDragSession, at node: Node) {
        #if DEBUG || FUZZING
            let checked = true
        #else
            let checked = false
        #endif
        guard checked || scene.isRecording || !eventObservers.isEmpty else { return }
        let event = DragEvent(
            time: scene.currentTime, session: session.id, nodeID: node.id, nodeName: node.name, kind: kind)
        #if DEBUG || FUZZING
            if let violation = invariants.check(event) {
                preconditionFailure("drag session invariant broken: \(violation)")
            }
        #endif
        if scene.isRecording {
            for entry in event.timelineEntries { scene.record(entry.kind, node: node, value: entry.value) }
        }
        for observer in eventObservers { observer.handler(event) }
    }

    /// Calls user code about `session` (a delegate, an action, `isTargeted`, a session update), with
    /// `Scene.currentDragSession` set to it, and answers whether the session is still in `state` (and still on
    /// `target`, when one is given).
    ///
    /// The one rule for re-entrant callbacks: user code may end or change the session it is called for (cancel it,
    /// remove its source or target, press Escape), or other sessions. After every call out, the coordinator goes
    /// on with the session only when this returns true; otherwise the code that changed the session has already
    /// finished it, and the caller returns.
    func callOut(
        _ session: LiveDragSession, staying stage: LiveDragSession.Stage, on target: Node? = nil, _ body: () -> Void
    ) -> Bool {
        callbacksRan = true
        let outer = callingOut
        callingOut = session
        body()
        callingOut = outer
        return session.stage == stage && (target == nil || session.target === target)
    }
}

/// What must hold for the drag sessions of a scene, checked on every event in debug builds (tests run with them)
/// and in the fuzzers' builds, where a broken rule stops the program:
/// a session hovers at most one target and leaves it before entering another, drops only on the target it hovers,
/// ends once and is silent after; a node's `isTargeted` alternates between true and false, true while sessions
/// hover it and false once none does.
struct DragInvariants {
    /// The target each hovering session is over.
    private var hovering: [DragSession.ID: NodeID] = [:]
    /// The sessions over each node.
    private var over: [NodeID: Set<DragSession.ID>] = [:]
    /// The nodes whose `isTargeted` is true.
    private var lit: Set<NodeID> = []
    private var ended: Set<DragSession.ID> = []

    /// Takes in the next event; returns what it breaks, or nil.
    mutating func check(_ event: DragEvent) -> String? {
        let session = event.session
        let node = event.nodeID
        guard !ended.contains(session) else { return "\(session) reported \(event) after it ended" }
        switch event.kind {
        case .entered:
            if let current = hovering[session] {
                return "\(session) entered \(event.nodeName)\(node) while over \(current)"
            }
            hovering[session] = node
            over[node, default: []].insert(session)
        case .exited, .dropped:
            guard hovering[session] == node else {
                return "\(session) left or dropped on \(event.nodeName)\(node), which it was not over"
            }
            hovering[session] = nil
            over[node]?.remove(session)
            if over[node]?.isEmpty == true { over[node] = nil }
        case .targetedChanged(let isTargeted):
            if isTargeted {
                guard !lit.contains(node) else { return "\(event.nodeName)\(node) heard isTargeted true twice" }
                guard over[node] != nil else { return "\(event.nodeName)\(node) lit up with no session over it" }
                lit.insert(node)
            } else {
                guard lit.contains(node) else { return "\(event.nodeName)\(node) heard false without true" }
                guard over[node] == nil else { return "\(event.nodeName)\(node) went dark with sessions over it" }
                lit.remove(node)
            }
        case .ended:
            if let current = hovering[session] { return "\(session) ended while over \(current)" }
            ended.insert(session)
        case .lifted, .arrived, .handedOff, .moved, .insertion, .declined, .proposed, .springLoaded, .loadStarted,
            .itemLoaded, .itemFailed,
            .actionReturned, .actionThrew:
            break
        }
        return nil
    }
}
