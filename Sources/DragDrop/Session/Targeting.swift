import Foundation
import Gestures
import Transfer

// Choosing the target as the pointer moves: the frontmost node under the pointer that can import an item (by
// content types) and does not decline; exit before enter; proposals; spring loading.
extension DragCoordinator {
    /// The pointer moved.
    func move(_ session: LiveDragSession, to location: CGPoint) {
        guard session.stage == .dragging else { return }
        session.location = location
        if let preview = session.preview { place(preview, at: location) }
        retarget(session)
        if session.stage == .dragging { notify(session, .active) }
        flush()
    }

    /// Finds the target under the pointer, moves the session to it, and asks it for a proposal.
    func retarget(_ session: LiveDragSession) {
        let hits = scene.nodes(at: session.location)
        session.forgetValidations(outside: hits)
        var found: Node?
        for node in hits {
            guard let destination = node[attachment: DropDestinationKey.self], session.canImport(destination),
                !node.isDisabledInTree
            else { continue }
            if case .delegate(let delegate) = destination.handler {
                let isValid = validate(session, node, delegate)
                guard session.stage == .dragging else { return }
                guard isValid else { continue }
            }
            found = node
            break
        }
        if found !== session.target {
            if let old = session.target {
                exit(session, old)
                guard session.stage == .dragging else { return }
            }
            if let new = found, new.isInScene {
                enter(session, new)
                guard session.stage == .dragging else { return }
            }
        }
        if let target = session.target { propose(session, target) }
        guard session.stage == .dragging else { return }
        updateSpringLoading(session)
    }

    private func validate(_ session: LiveDragSession, _ node: Node, _ delegate: MainActorDelegate) -> Bool {
        if let known = session.validation(of: node) { return known }
        var isValid = false
        let seen = info(session, node)
        guard
            callOut(
                session, staying: .dragging, { isValid = onMainActor { delegate.delegate.validateDrop(info: seen) } })
        else { return false }
        session.setValidation(isValid, of: node)
        if !isValid { publish(.declined, session, at: node) }
        return isValid
    }

    private func enter(_ session: LiveDragSession, _ node: Node) {
        session.hover(node)
        session.proposal = nil
        session.delegateOperation = nil
        publish(.entered, session, at: node)
        beginFeedback(node, for: session)
        guard session.stage == .dragging, session.target === node else { return }
        if case .delegate(let delegate)? = node[attachment: DropDestinationKey.self]?.handler {
            let seen = info(session, node)
            _ = callOut(session, staying: .dragging) { onMainActor { delegate.delegate.dropEntered(info: seen) } }
        }
    }

    /// The session stops targeting `node`: `dropExited`, then `isTargeted(false)` when it was the last.
    func exit(_ session: LiveDragSession, _ node: Node) {
        session.hover(nil)
        session.proposal = nil
        cancelSpringLoading(session)
        publish(.exited, session, at: node)
        if case .delegate(let delegate)? = node[attachment: DropDestinationKey.self]?.handler {
            let seen = info(session, node)
            _ = callOut(session, staying: session.stage) { onMainActor { delegate.delegate.dropExited(info: seen) } }
        }
        endFeedback(node, for: session)
    }

    /// Asks the target for its proposal: a delegate's `dropUpdated` (nil keeps the last, `.copy` at first), or
    /// the node's `dropConfiguration` (`.copy` without one). A move the source does not allow is a copy.
    private func propose(_ session: LiveDragSession, _ node: Node) {
        guard let destination = node[attachment: DropDestinationKey.self] else { return }
        var operation = DropOperation.copy
        if case .delegate(let delegate) = destination.handler {
            var proposal: DropProposal?
            let seen = info(session, node)
            guard
                callOut(
                    session, staying: .dragging, on: node,
                    { proposal = onMainActor { delegate.delegate.dropUpdated(info: seen) } })
            else { return }
            if let proposal { session.delegateOperation = proposal.operation }
            operation = session.delegateOperation ?? .copy
        } else if let configure = node[attachment: DropConfigurationKey.self] {
            let drop = DropSession(
                location: node.convertFromGlobal(session.location), itemsCount: session.providers.count,
                suggestedOperations: session.suggestedOperations)
            guard callOut(session, staying: .dragging, on: node, { operation = configure(drop).operation }) else {
                return
            }
        }
        if isReorder(session, of: node) {
            operation = .move
        } else if operation == .move && !session.allowsMove {
            operation = .copy
        }
        guard session.proposal?.operation != operation else { return }
        session.proposal = DropProposal(operation: operation)
        publish(.proposed(operation), session, at: node)
    }

    /// What a delegate sees before the drop: location and types.
    private func info(_ session: LiveDragSession, _ node: Node) -> DropInfo {
        DropInfo(
            location: node.convertFromGlobal(session.location), itemProviders: session.providers, isDropping: false)
    }

    // MARK: Spring loading

    /// Starts, keeps or restarts the wait on a spring-loaded target: hovering within 10 points for 1 second.
    private func updateSpringLoading(_ session: LiveDragSession) {
        guard let target = session.target, target[attachment: SpringLoadingKey.self] != nil else {
            cancelSpringLoading(session)
            return
        }
        if let spring = session.spring, spring.node === target,
            hypot(session.location.x - spring.anchor.x, session.location.y - spring.anchor.y) < 10
        {
            return
        }
        cancelSpringLoading(session)
        let deadline = scene.schedule(at: scene.currentTime + 1) { [weak self, weak session] in
            guard let self, let session else { return }
            self.springLoad(session)
        }
        session.spring = SpringLoading(node: target, anchor: session.location, deadline: deadline)
    }

    private func springLoad(_ session: LiveDragSession) {
        guard session.stage == .dragging, let spring = session.spring, spring.deadline != nil,
            spring.node === session.target, let action = spring.node[attachment: SpringLoadingKey.self]
        else { return }
        session.spring?.deadline = nil
        publish(.springLoaded, session, at: spring.node)
        _ = callOut(session, staying: .dragging, action)
        flush()
    }

    func cancelSpringLoading(_ session: LiveDragSession) {
        if let deadline = session.spring?.deadline { scene.cancel(deadline) }
        session.spring = nil
    }
}
