import Foundation
import Gestures
import Transfer

// Releasing, dropping, loading, and ending sessions.
extension DragCoordinator {
    /// The pointer went up: drop on the target, or cancel.
    func release(_ session: LiveDragSession, at location: CGPoint) {
        guard session.stage == .dragging else { return }
        if location != session.location {
            session.location = location
            retarget(session)
            guard session.stage == .dragging else { return flush() }
        }
        removePreview(session)
        cancelSpringLoading(session)
        guard let target = session.target else {
            end(
                session, .cancel,
                error: DragDropError(.noTarget, "released over no drop target at \(Formatting.point(location))"))
            return flush()
        }
        let operation = session.proposal?.operation ?? .copy
        guard operation.transfersData else {
            cancel(
                session,
                DragDropError(.refused, reason: "the target \(target) refused the drop: it proposed \(operation)"))
            return flush()
        }
        drop(session, on: target, operation)
        flush()
    }

    /// The lift gesture failed or was taken away while dragging.
    func liftCancelled(_ session: LiveDragSession) {
        // Only a lift of the scene's is cancelled so; a drag from another program ends through its host.
        guard session.stage == .dragging, case .scene(let pointerID) = session.origin else { return }
        let error =
            scene.pointersDown.contains(pointerID)
            ? DragDropError(.cancelled, reason: "the drag gesture of \(session.source) was cancelled")
            : DragDropError(.pointerCancelled, "pointer \(pointerID) was cancelled")
        cancel(session, error)
        flush()
    }

    /// Ends a session that is dragging or dropping with `.cancel`: the target hears that the drag exited, loads
    /// stop, the source keeps its items and hears why.
    func cancel(_ session: LiveDragSession, _ error: DragDropError) {
        switch session.state {
        case .ended:
            return
        case .dragging(let target):
            if let target { exit(session, target) }
        case .dropping(_, let loads):
            if let loads {
                loads.cancel()
                pendingDrops.removeAll { $0 === loads }
            }
        case .handedOff:
            break
        }
        end(session, .cancel, error: error)
    }

    /// Ends a session: the source hears the operation (and the reason of a cancel), then, after a transfer,
    /// `.dataTransferCompleted`.
    func end(
        _ session: LiveDragSession, _ operation: DropOperation, error: DragDropError? = nil,
        transferred: [Int] = []
    ) {
        guard session.end(operation) else { return }
        sessions.removeAll { $0 === session }
        session.error = error
        session.transferredItemIndices = transferred
        removePreview(session)
        cancelSpringLoading(session)
        publish(.ended(operation, error: error), session, at: session.source)
        notify(session, .ended(operation))
        if operation.transfersData { notify(session, .dataTransferCompleted) }
    }

    // MARK: Dropping

    /// Released over `node` with a copy or a move: the target's feedback ends, then the drop is performed, at
    /// once for targets given providers, after the loads for the others.
    private func drop(_ session: LiveDragSession, on node: Node, _ operation: DropOperation) {
        guard let destination = node[attachment: DropDestinationKey.self] else {
            return cancel(session, DragDropError(.targetRemoved, reason: "the target \(node) no longer accepts drops"))
        }
        let location = node.convertFromGlobal(session.location)
        let accepted =
            isReorder(session, of: node)
            ? Array(session.providers.indices)
            : session.providers.indices.filter { destination.accepts(session.providers[$0]) }
        session.drop(on: node)
        publish(
            .dropped(operation, location: location, acceptedItemIndices: accepted, itemCount: session.providers.count),
            session, at: node)
        endFeedback(node, for: session)
        guard session.stage == .dropping else { return }
        var succeeded = false
        switch destination.handler {
        case .delegate(let delegate):
            let info = DropInfo(location: location, itemProviders: session.providers, isDropping: true)
            guard
                callOut(
                    session, staying: .dropping,
                    { succeeded = onMainActor { delegate.delegate.performDrop(info: info) } })
            else { return }
            conclude(session, on: node, operation, accepted, succeeded: succeeded, what: "performDrop")
        case .providers(let perform):
            let providers = accepted.map { session.providers[$0] }
            guard callOut(session, staying: .dropping, { succeeded = perform(providers, location) }) else { return }
            conclude(session, on: node, operation, accepted, succeeded: succeeded, what: "the action")
        case .load(let receiver, let perform):
            startLoads(session, on: node, operation, accepted, location, receiver, perform)
        case .list(let behavior):
            dropOnList(session, on: node, behavior, operation, accepted, location)
        }
    }

    /// Ends a drop performed at once with its result.
    private func conclude(
        _ session: LiveDragSession, on node: Node, _ operation: DropOperation, _ accepted: [Int], succeeded: Bool,
        what: String
    ) {
        publish(.actionReturned(succeeded), session, at: node)
        if succeeded {
            end(session, operation, transferred: accepted)
        } else {
            end(session, .cancel, error: DragDropError(.declined, reason: "\(what) of \(node) returned false"))
        }
    }

    /// Starts loading the accepted items, each on its own task, all at once.
    func startLoads(
        _ session: LiveDragSession, on node: Node, _ operation: DropOperation, _ accepted: [Int],
        _ location: CGPoint, _ receiver: PayloadReceiver, _ perform: @escaping ([any Sendable], CGPoint) throws -> Bool
    ) {
        let providers = accepted.map { session.providers[$0] }
        let items = accepted.map { index in
            LoadedItem(index: index, id: index < session.itemIDs.count ? session.itemIDs[index] : nil)
        }
        let progress = LoadCounter()
        let loads = Task(executorPreference: loadingExecutor) {
            await receiver.loadAll(providers, items: items, progress: progress)
        }
        let drop = PendingDrop(
            session: session, target: node, location: location, operation: operation, indices: accepted,
            receiverName: receiver.name, perform: perform, progress: progress, loads: loads)
        session.load(drop)
        pendingDrops.append(drop)
        publish(.loadStarted(itemCount: providers.count, receiver: receiver.name), session, at: node)
    }

    /// The loads of a drop finished: records each item's load in order, then runs the target's action and ends
    /// the session with its result.
    func complete(_ drop: PendingDrop, with results: [Result<any Sendable, any Error>]) {
        pendingDrops.removeAll { $0 === drop }
        let session = drop.session
        guard case .dropping(_, let loads) = session.state, loads === drop else { return }
        let count = session.providers.count
        var values: [any Sendable] = []
        var failure: DragDropError?
        for (position, result) in zip(drop.indices, results) {
            switch result {
            case .success(let value):
                values.append(value)
                publish(
                    .itemLoaded(index: position, itemCount: count, receiver: drop.receiverName), session,
                    at: drop.target)
            case .failure(let error):
                let reason = DragDropError(.loadFailed, "\(error)", underlyingError: error)
                publish(.itemFailed(index: position, itemCount: count, error: reason), session, at: drop.target)
                if failure == nil {
                    failure = DragDropError(
                        .loadFailed,
                        reason:
                            "item \(position + 1) of \(count) could not be loaded as \(drop.receiverName) for \(drop.target): \(error)",
                        underlyingError: error)
                }
            }
        }
        if let failure {
            end(session, .cancel, error: failure)
            return flush()
        }
        var result: Result<Bool, any Error> = .success(false)
        guard callOut(session, staying: .dropping, { result = Result { try drop.perform(values, drop.location) } })
        else { return flush() }
        switch result {
        case .success(true):
            publish(.actionReturned(true), session, at: drop.target)
            end(session, drop.operation, transferred: drop.indices)
        case .success(false):
            publish(.actionReturned(false), session, at: drop.target)
            end(
                session, .cancel, error: DragDropError(.declined, reason: "the action of \(drop.target) returned false")
            )
        case .failure(let error):
            publish(
                .actionThrew(DragDropError(.actionFailed, "\(error)", underlyingError: error)), session, at: drop.target
            )
            end(
                session, .cancel,
                error: DragDropError(
                    .actionFailed, reason: "the action of \(drop.target) threw: \(error)", underlyingError: error))
        }
        flush()
    }
}
