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
    /// How to remove each observer, by token: from its list, or, for those that other modules keep (drag events),
    /// by their own removal.
    private var removals: [Int: (inout Observers) -> Void] = [:]

    /// Adds a handler to one of the lists, under a new token.
    mutating func add<Argument>(
        _ handler: @escaping (Argument) -> Void, to list: WritableKeyPath<Observers, [Entry<Argument>]>, token: Int
    ) {
        self[keyPath: list].append(Entry(token: token, handler: handler))
        removals[token] = { observers in observers[keyPath: list].removeAll { $0.token == token } }
    }

    /// Keeps the removal of an observer that another module keeps.
    mutating func addExternal(token: Int, removal: @escaping () -> Void) {
        removals[token] = { _ in removal() }
    }

    mutating func remove(_ token: Int) {
        guard let removal = removals.removeValue(forKey: token) else { return }
        removal(&self)
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
        observe(handler, in: \.nodeWillBeRemoved)
    }

    /// Observes nodes leaving the tree: the handler runs for the removed node and each of its descendants,
    /// after the gestures running through them were cancelled (a drop target learns it is no longer targeted).
    /// - Parameter handler: Given each removed node, parents first.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onNodeRemoved(_ handler: @escaping (Node) -> Void) -> ObserverToken {
        observe(handler, in: \.nodeRemoved)
    }

    /// Observes every pointer event, after the gestures have seen it.
    /// - Parameter handler: Given the event.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onPointerEvent(_ handler: @escaping (PointerEvent) -> Void) -> ObserverToken {
        observe(handler, in: \.pointer)
    }

    /// Observes pointer cancellations, after the pointer's gestures were cancelled.
    /// - Parameter handler: Given the cancel event.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onPointerCancelled(_ handler: @escaping (PointerEvent) -> Void) -> ObserverToken {
        observe(handler, in: \.pointerCancelled)
    }

    /// Observes key events (Escape, …).
    /// - Parameter handler: Given the event.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onKeyEvent(_ handler: @escaping (KeyEvent) -> Void) -> ObserverToken {
        observe(handler, in: \.key)
    }

    /// Observes the simulated system edge gesture taking a pointer.
    /// - Parameter handler: Given the edge.
    /// - Returns: A token for `removeObserver(_:)`.
    @discardableResult
    public func onSystemGesture(_ handler: @escaping (Edge) -> Void) -> ObserverToken {
        observe(handler, in: \.systemGesture)
    }

    /// Makes a token for an observer that another module keeps (DragDrop's drag event observers), so that
    /// ``removeObserver(_:)`` removes every kind of observer.
    /// - Parameter removal: Removes the observer; runs once, when the token is passed to ``removeObserver(_:)``.
    /// - Returns: The token.
    public func makeObserverToken(removal: @escaping () -> Void) -> ObserverToken {
        let token = makeToken()
        observers.addExternal(token: token, removal: removal)
        return ObserverToken(id: token)
    }

    /// Removes an observer.
    /// - Parameter token: The token its `on…` method returned.
    public func removeObserver(_ token: ObserverToken) {
        observers.remove(token.id)
    }

    /// Adds a handler to one of the observer lists; the one registration behind every `on…` method.
    private func observe<Argument>(
        _ handler: @escaping (Argument) -> Void, in list: WritableKeyPath<Observers, [Observers.Entry<Argument>]>
    ) -> ObserverToken {
        let token = makeToken()
        observers.add(handler, to: list, token: token)
        return ObserverToken(id: token)
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
