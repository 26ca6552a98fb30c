/// A handle to remove an observer added to a scene.
public struct ObserverToken: Hashable, Sendable {
    let id: Int
}

/// The scene's observers, each list in the order they were added.
struct Observers {
    struct Entry<Argument> {
        let token: Int
        let handler: (Argument) -> Void
    }

    var nodeWillBeRemoved: [Entry<Node>] = []
    var nodeRemoved: [Entry<Node>] = []
    var pointer: [Entry<PointerEvent>] = []
    var pointerCancelled: [Entry<PointerEvent>] = []
    var key: [Entry<KeyEvent>] = []
    var systemGesture: [Entry<Edge>] = []
    /// How to remove the observers that other modules keep (drag events), by token.
    var external: [Int: () -> Void] = [:]

    mutating func remove(_ token: Int) {
        external.removeValue(forKey: token)?()
        nodeWillBeRemoved.removeAll { $0.token == token }
        nodeRemoved.removeAll { $0.token == token }
        pointer.removeAll { $0.token == token }
        pointerCancelled.removeAll { $0.token == token }
        key.removeAll { $0.token == token }
        systemGesture.removeAll { $0.token == token }
    }
}

// Hooks for other modules. Handlers run synchronously, in the order they were added.
extension Scene {
    /// Observes subtrees about to leave the tree: the handler runs for the root of the subtree being removed while
    /// it is still in the tree, before the gestures running through it are cancelled (a drag session learns that
    /// its source is going away before its lift gesture is cancelled).
    /// - Parameter handler: Given the root of the subtree.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onNodeWillBeRemoved(_ handler: @escaping (Node) -> Void) -> ObserverToken {
        let token = makeToken()
        observers.nodeWillBeRemoved.append(.init(token: token, handler: handler))
        return ObserverToken(id: token)
    }

    /// Observes nodes leaving the tree: the handler runs for the removed node and each of its descendants,
    /// after the gestures running through them were cancelled (a drop target learns it is no longer targeted).
    /// - Parameter handler: Given each removed node, parents first.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onNodeRemoved(_ handler: @escaping (Node) -> Void) -> ObserverToken {
        let token = makeToken()
        observers.nodeRemoved.append(.init(token: token, handler: handler))
        return ObserverToken(id: token)
    }

    /// Observes every pointer event, after the gestures have seen it.
    /// - Parameter handler: Given the event.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onPointerEvent(_ handler: @escaping (PointerEvent) -> Void) -> ObserverToken {
        let token = makeToken()
        observers.pointer.append(.init(token: token, handler: handler))
        return ObserverToken(id: token)
    }

    /// Observes pointer cancellations, after the pointer's gestures were cancelled.
    /// - Parameter handler: Given the cancel event.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onPointerCancelled(_ handler: @escaping (PointerEvent) -> Void) -> ObserverToken {
        let token = makeToken()
        observers.pointerCancelled.append(.init(token: token, handler: handler))
        return ObserverToken(id: token)
    }

    /// Observes key events (Escape, …).
    /// - Parameter handler: Given the event.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onKeyEvent(_ handler: @escaping (KeyEvent) -> Void) -> ObserverToken {
        let token = makeToken()
        observers.key.append(.init(token: token, handler: handler))
        return ObserverToken(id: token)
    }

    /// Observes the simulated system edge gesture taking a pointer.
    /// - Parameter handler: Given the edge.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onSystemGesture(_ handler: @escaping (Edge) -> Void) -> ObserverToken {
        let token = makeToken()
        observers.systemGesture.append(.init(token: token, handler: handler))
        return ObserverToken(id: token)
    }

    /// Makes a token for an observer that another module keeps (DragDrop's drag event observers), so that
    /// ``removeObserver(_:)`` removes every kind of observer.
    /// - Parameter removal: Removes the observer; runs once, when the token is passed to ``removeObserver(_:)``.
    /// - Returns: The token.
    public func makeObserverToken(removal: @escaping () -> Void) -> ObserverToken {
        let token = makeToken()
        observers.external[token] = removal
        return ObserverToken(id: token)
    }

    /// Removes an observer.
    /// - Parameter token: The token its `on…` method returned.
    public func removeObserver(_ token: ObserverToken) {
        observers.remove(token.id)
    }

    // MARK: Removal

    func nodeWillBeRemoved(_ node: Node) {
        for observer in observers.nodeWillBeRemoved { observer.handler(node) }
        for session in sessions where session.path.contains(where: { $0 === node }) {
            finish(session, cancelling: true)
        }
    }

    func nodeWasRemoved(_ node: Node) {
        let removed = node.subtree
        boundNodes.removeAll { bound in removed.contains { $0 === bound } }
        for each in removed {
            record(.removed, node: each)
            for observer in observers.nodeRemoved { observer.handler(each) }
        }
        updateIfNeeded()
    }
}
