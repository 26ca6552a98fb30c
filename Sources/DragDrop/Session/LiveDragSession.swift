import ContentTypes
import Foundation
import Gestures
import Synchronization
import Transfer

/// The state of one drag session in its scene, from lift to end.
final class LiveDragSession {
    /// Where the session is in its life, with what belongs to that stage only: a target while dragging, the node
    /// dropped on and its loads while dropping, the operation once ended.
    enum State {
        /// Following the pointer and choosing a target: the node hovered as the target, if any.
        case dragging(target: Node?)
        /// Released over `on`, a target in the scene: the drop is being performed, with its items' `loads` while
        /// they load.
        case dropping(on: Node, loads: PendingDrop?)
        /// Released over another program's window, which took the drag: waiting for it to say what it did
        /// (`OutgoingDrag.finish`).
        case handedOff
        /// Over, with its operation decided and the source told; `target` is the node it was over when it ended
        /// (dropped on, or still hovered), which its last snapshot names.
        case ended(DropOperation, target: Node?)

        /// The stage alone, without what belongs to it.
        var stage: Stage {
            switch self {
            case .dragging: .dragging
            case .dropping, .handedOff: .dropping
            case .ended: .ended
            }
        }
    }

    /// A session's stage: what callers that must find the session where they left it compare.
    enum Stage {
        /// Following the pointer.
        case dragging
        /// Released: dropping on a target in the scene, or handed to another program.
        case dropping
        /// Over.
        case ended
    }

    /// Where the drag comes from.
    enum Origin {
        /// A node of this scene lifted, driven by a pointer of the scene's (-1 when none was free where it lifted).
        case scene(pointerID: Int)
        /// Another program, through a desktop host (`Scene.beginExternalDrag`); its pointer is not the scene's.
        case otherProgram
    }

    let id: DragSession.ID
    /// The node that lifted; for a drag from another program, the scene's root.
    let source: Node
    let origin: Origin
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

    private(set) var state = State.dragging(target: nil)
    var phase = DragSession.Phase.initial
    /// The pointer's location in the scene's space.
    var location: CGPoint
    var preview: Node?
    /// The target's current proposal, with the source's allowed operations applied.
    var proposal: DropProposal?
    /// A delegate's last non-nil proposal on the current target.
    var delegateOperation: DropOperation?
    var spring: SpringLoading?
    var error: DragDropError?
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
        origin = .scene(pointerID: pointerID)
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
        origin = .otherProgram
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

    // MARK: State

    /// The session's stage.
    var stage: Stage { state.stage }

    /// Whether the drag comes from another program.
    var isExternal: Bool {
        if case .otherProgram = origin { true } else { false }
    }

    /// The pointer driving the session; nil for a drag from another program.
    var pointerID: Int? {
        if case .scene(let pointerID) = origin { pointerID } else { nil }
    }

    /// The node hovered as the target while dragging.
    var target: Node? {
        if case .dragging(let target) = state { target } else { nil }
    }

    /// The node dropped on, once released over a target in the scene.
    var droppedOn: Node? {
        if case .dropping(let node, _) = state { node } else { nil }
    }

    /// The loads of the drop, while its items load.
    var pendingDrop: PendingDrop? {
        if case .dropping(_, let loads) = state { loads } else { nil }
    }

    /// How the session ended, once it has.
    var outcome: DropOperation? {
        if case .ended(let operation, _) = state { operation } else { nil }
    }

    /// The node the session is over, as its snapshot names it: hovered while dragging, dropped on once released
    /// over a target of the scene, and the one of these it ended on.
    var targetNode: Node? {
        switch state {
        case .dragging(let target): target
        case .dropping(let node, _): node
        case .handedOff: nil
        case .ended(_, let target): target
        }
    }

    /// While dragging, hovers `node` as the target (nil: none); a session past dragging has no target to change.
    func hover(_ node: Node?) {
        guard case .dragging = state else { return }
        state = .dragging(target: node)
    }

    /// Released over `node`, a target in the scene: dropping on it, nothing loading yet.
    func drop(on node: Node) {
        guard case .dragging = state else { return }
        state = .dropping(on: node, loads: nil)
    }

    /// The drop's items started loading.
    func load(_ drop: PendingDrop) {
        guard case .dropping(let node, nil) = state else { return }
        state = .dropping(on: node, loads: drop)
    }

    /// Released over another program's window, which took the drag.
    func handOff() {
        guard case .dragging = state else { return }
        state = .handedOff
    }

    /// Ends the session with `operation`; answers false when it had ended already (its first end stands).
    func end(_ operation: DropOperation) -> Bool {
        if case .ended = state { return false }
        state = .ended(operation, target: targetNode)
        return true
    }

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
            itemIDs: itemIDs, pointerID: pointerID ?? -1, sceneLocation: location, sourceNodeID: source.id,
            previewNodeID: preview?.id, targetNodeID: targetNode?.id, proposal: proposal,
            itemContentTypes: contentTypes, isDropping: stage == .dropping, error: error,
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
