import ContentTypes
import Foundation
import Gestures
import Synchronization
import Transfer

/// The state of one drag session in its scene, from lift to end.
final class LiveDragSession {
    /// Where the session is in its life.
    enum State {
        /// Following the pointer and choosing a target.
        case dragging
        /// Released over a target: the drop is being performed (its items loading).
        case dropping
        /// Over, with its operation decided and the source told.
        case ended
    }

    let id: DragSession.ID
    /// The node that lifted; for a drag from another program (``isExternal``), the scene's root.
    let source: Node
    /// Whether the drag comes from another program, through a desktop host (`Scene.beginExternalDrag`).
    let isExternal: Bool
    let pointerID: Int
    let providers: [ItemProvider]
    /// The content types of each item, read once at lift.
    let contentTypes: [[UTType]]
    let itemIDs: [any Hashable & Sendable]
    let draggedItemIndex: Int
    /// What the source allows; a drag from another program may change it as it moves (a modifier key pressed).
    var suggestedOperations: DropOperation.Set
    /// What the source allows other programs (a desktop host offers the drag to them).
    var operationsOutside: DropOperation.Set = []
    /// The drag container the items come from, for container items.
    let container: Node?
    /// The source and its ancestors when it lifted: the nodes whose `onDragSessionUpdated` hear the session, even
    /// once the source has left the scene.
    let observers: [Node]

    var state = State.dragging
    var phase = DragSession.Phase.initial
    /// The pointer's location in the scene's space.
    var location: CGPoint
    var preview: Node?
    /// The node hovered as the target while dragging.
    var target: Node?
    /// The node dropped on, once released over a target.
    var droppedOn: Node?
    /// The target's current proposal, with the source's allowed operations applied.
    var proposal: DropProposal?
    /// A delegate's last non-nil proposal on the current target.
    var delegateOperation: DropOperation?
    var spring: SpringLoading?
    var pendingDrop: PendingDrop?
    var error: DragDropError?
    /// How the session ended, once it has.
    var outcome: DropOperation?
    var transferredItemIndices: [Int] = []
    /// The list and the rows a reorder drags, for a session lifted from a list's row (`onMove(perform:)`).
    var listOrigin: ListOrigin?

    /// `validateDrop` answers for the delegate targets under the pointer; forgotten when the pointer leaves them.
    private var validations: [(node: Node, isValid: Bool)] = []
    /// Whether each destination seen so far can import an item, by content types (they never change during a
    /// session). The destination is kept so that its identifier cannot be reused.
    private var imports: [ObjectIdentifier: (destination: DropDestination, canImport: Bool)] = [:]

    init(
        id: DragSession.ID, source: Node, pointerID: Int, payload: ExportedPayload, allowsMove: Bool,
        location: CGPoint
    ) {
        self.id = id
        self.source = source
        isExternal = false
        self.pointerID = pointerID
        providers = payload.providers
        contentTypes = payload.providers.map(\.registeredContentTypes)
        itemIDs = payload.itemIDs
        draggedItemIndex = payload.draggedItemIndex
        container = payload.container
        observers = source.ancestorsAndSelf
        suggestedOperations = allowsMove ? [.copy, .move] : [.copy]
        self.location = location
    }

    /// A drag from another program entering the scene over `root`: its items, no pointer of the scene's, no source
    /// node to tell.
    init(
        id: DragSession.ID, external providers: [ItemProvider], root: Node, allowed: DropOperation.Set,
        location: CGPoint
    ) {
        self.id = id
        source = root
        isExternal = true
        pointerID = -1
        self.providers = providers
        contentTypes = providers.map(\.registeredContentTypes)
        itemIDs = Array(providers.indices)
        draggedItemIndex = 0
        container = nil
        observers = []
        suggestedOperations = allowed
        self.location = location
    }

    var allowsMove: Bool { suggestedOperations.contains(.move) }

    /// Whether this session carries the items of `source`, or some of `ids` from `container`.
    func carries(from source: Node, container: Node?, ids: [AnyHashable]) -> Bool {
        guard !isExternal, listOrigin == nil else { return false }
        guard let container else { return self.source === source && self.container == nil }
        return self.container === container && itemIDs.contains { ids.contains(AnyHashable($0)) }
    }

    /// Whether a destination can import at least one item, from content types alone.
    func canImport(_ destination: DropDestination) -> Bool {
        if case .list(let behavior) = destination.handler, behavior.move != nil,
            let listOrigin, listOrigin.list[attachment: DropDestinationKey.self] === destination
        {
            return true
        }
        let key = ObjectIdentifier(destination)
        if let known = imports[key] { return known.canImport }
        let answer = providers.contains { destination.accepts($0) }
        imports[key] = (destination, answer)
        return answer
    }

    func validation(of node: Node) -> Bool? {
        validations.first { $0.node === node }?.isValid
    }

    func setValidation(_ isValid: Bool, of node: Node) {
        validations.append((node, isValid))
    }

    /// Forgets the answers of the nodes no longer under the pointer.
    func forgetValidations(outside hits: [Node]) {
        guard !validations.isEmpty else { return }
        validations.removeAll { entry in !hits.contains { $0 === entry.node } }
    }

    /// The session as sources and renderers see it.
    func snapshot() -> DragSession {
        DragSession(
            id: id, phase: phase, location: source.convertFromGlobal(location), draggedItemIndex: draggedItemIndex,
            itemIDs: itemIDs, pointerID: pointerID, sceneLocation: location, sourceNodeID: source.id,
            previewNodeID: preview?.id, targetNodeID: (target ?? droppedOn)?.id, proposal: proposal,
            itemContentTypes: contentTypes, isDropping: state == .dropping, error: error,
            transferredItemIndices: transferredItemIndices,
            loadProgress: pendingDrop.map {
                DropProgress(completedItemCount: $0.progress.completed, totalItemCount: $0.indices.count)
            }, isExternal: isExternal)
    }
}

/// A drop whose items are loading: the loads run on their own tasks; `Scene.finishDrops()` awaits them and then
/// performs the target's action on the scene's task.
final class PendingDrop {
    let session: LiveDragSession
    let target: Node
    /// The drop location in the target's space.
    let location: CGPoint
    let operation: DropOperation
    /// The positions of the loading items among the session's items.
    let indices: [Int]
    let receiverName: String
    let perform: ([any Sendable], CGPoint) throws -> Bool
    let progress: LoadCounter
    let loads: Task<[Result<any Sendable, any Error>], Never>

    init(
        session: LiveDragSession, target: Node, location: CGPoint, operation: DropOperation, indices: [Int],
        receiverName: String, perform: @escaping ([any Sendable], CGPoint) throws -> Bool, progress: LoadCounter,
        loads: Task<[Result<any Sendable, any Error>], Never>
    ) {
        self.session = session
        self.target = target
        self.location = location
        self.operation = operation
        self.indices = indices
        self.receiverName = receiverName
        self.perform = perform
        self.progress = progress
        self.loads = loads
    }

    /// Stops the loads.
    func cancel() {
        loads.cancel()
    }
}

/// How many of a drop's loads have finished, counted by the task that collects them and read by the scene's.
final class LoadCounter: Sendable {
    private let finished = Atomic<Int>(0)

    func itemFinished() {
        finished.add(1, ordering: .releasing)
    }

    var completed: Int {
        finished.load(ordering: .acquiring)
    }
}

/// Spring loading's wait on the current target: where the pointer settled and the deadline, nil once fired.
struct SpringLoading {
    let node: Node
    let anchor: CGPoint
    var deadline: ScheduledDeadline?
}
