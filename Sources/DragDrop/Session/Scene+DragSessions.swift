import Foundation
import Gestures

// The drag sessions of a scene, for tests, renderers and simulators.
extension Scene {
    /// The drag sessions in progress, in the order they lifted: those following a pointer and those released over
    /// a target whose items are loading (`isDropping`).
    public var dragSessions: [DragSession] {
        self[extension: DragCoordinatorKey.self]?.sessions.map { $0.snapshot() } ?? []
    }

    /// The executor that the loads of dropped items prefer, a DnDKit addition: nil, the default, for Swift's global
    /// concurrent executor.
    ///
    /// A drop's items load concurrently, one child task per item, from the moment of release. Decoding a drop of
    /// large images is long CPU-bound work; by default it runs on the cooperative thread pool, whose one thread per
    /// core the rest of the program shares (and which has fewer threads free when some code blocks one). Give the
    /// loads an executor of their own (`Task(executorPreference:)` semantics) to keep them off that pool, or to
    /// bound the cores they use. The setting applies to drops released after it is set; a drop's outcome, its
    /// timeline and the order its items are delivered in do not depend on it.
    ///
    /// ```swift
    /// scene.dropLoadingExecutor = decodingExecutor  // any TaskExecutor, such as a thread pool of yours
    /// ```
    public var dropLoadingExecutor: (any TaskExecutor)? {
        get { self[extension: DragCoordinatorKey.self]?.loadingExecutor }
        set { DragCoordinator.installed(in: self).loadingExecutor = newValue }
    }

    /// Whether a drop is waiting for `finishDrops()`.
    public var hasPendingDrops: Bool {
        !(self[extension: DragCoordinatorKey.self]?.pendingDrops.isEmpty ?? true)
    }

    /// Whether the first drop waiting for ``finishDrops()`` has loaded all its items, a DnDKit addition: a program
    /// whose thread has other work (a window answering its display server) calls `finishDrops()` once this is
    /// true, instead of waiting there for the loads.
    public var hasLoadedDrop: Bool {
        guard let drop = self[extension: DragCoordinatorKey.self]?.pendingDrops.first else { return false }
        return drop.progress.completed >= drop.indices.count
    }

    /// Completes the drops whose items are loading, in the order they were released: awaits each drop's loads
    /// (which run concurrently, on their own tasks, from the moment of release), then, on the caller's task,
    /// records each item's load in item order, runs the target's action and tells the source how the session
    /// ended. Drops released while this runs (by an action) are completed too.
    ///
    /// The scene is not `Sendable`: this method runs in the caller's isolation (`nonisolated(nonsending)`), so call
    /// it from the task that drives the scene, typically right after sending the event that released a drag. The
    /// outcome and the timeline do not depend on which load finished first.
    /// - Returns: The sessions that ended, as they ended.
    @discardableResult
    nonisolated(nonsending) public func finishDrops() async -> [DragSession] {
        guard let coordinator = self[extension: DragCoordinatorKey.self] else { return [] }
        var finished: [DragSession] = []
        while let drop = coordinator.pendingDrops.first {
            let results = await drop.loads.value
            coordinator.complete(drop, with: results)
            finished.append(drop.session.snapshot())
        }
        return finished
    }

    /// Cancels a drag session: a dragging session leaves its target (which hears `false` and `dropExited`), a
    /// dropping one stops its loads; the source hears `.ended(.cancel)`. The pointer keeps its gestures until it
    /// goes up, but drags nothing.
    /// - Parameter id: The session.
    public func cancelDragSession(_ id: DragSession.ID) {
        guard let coordinator = self[extension: DragCoordinatorKey.self],
            let session = coordinator.sessions.first(where: { $0.id == id })
        else { return }
        coordinator.cancel(session, DragDropError(.cancelled, "\(id) was cancelled"))
        coordinator.flush()
    }

    /// Cancels every drag session, as Escape does.
    public func cancelDragSessions() {
        self[extension: DragCoordinatorKey.self]?.cancelAll(
            DragDropError(.cancelled, "the drag sessions were cancelled"))
    }
}
