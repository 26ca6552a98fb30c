import Foundation

/// A headless, deterministic stage for gestures: a tree of nodes, pointer and key input, and a virtual clock.
///
/// Input goes in with `send(_:)`; the clock moves only when told, with `advance(to:)` (sending an event also
/// advances to its time), running every deadline on the way in time order. The same input always gives the
/// same callbacks in the same order, and, with `isRecording` on, the same ``Timeline``.
///
/// ## Isolation
/// A scene and its nodes are not `Sendable` and take no locks: a scene belongs to the task (or actor) that
/// made it and is driven synchronously from there, like a SwiftUI view graph belongs to the main actor. Nothing
/// in the module is `@MainActor`, so tests and command-line tools can run scenes from any single task, and
/// several scenes can run in parallel on different tasks. Values that cross tasks — events, gesture values,
/// timelines, colours, animations — are `Sendable`.
public final class Scene {
    /// The root node, whose frame is the screen.
    public let root: Node
    /// The current time on the virtual clock, in seconds.
    public internal(set) var currentTime: Double = 0
    /// The screen edges where the simulated system edge gesture competes with the app's gestures (none by
    /// default; iOS has it on `.vertical`).
    public var systemGestureEdges: Edge.Set = []
    /// Whether the scene records its ``timeline``. Off by default: recording costs an allocation per entry.
    public var isRecording = false
    /// What happened, while `isRecording` was on.
    public internal(set) var timeline = Timeline()

    var pointers = PointerTable()
    var sessions: [GestureSession] = []
    var deadlines = DeadlineQueue()
    var externalDeadlines: [Int: () -> Void] = [:]
    var observers = Observers()
    var extensions: [ObjectIdentifier: Any] = [:]
    private var nextNodeNumber = 1
    private var nextTokenNumber = 1

    // Node bodies and the transaction they run in.
    var boundNodes: [Node] = []
    var needsUpdate = false
    var pendingTransaction = Transaction()
    private var bodyNode: Node?
    private var bodyChanges: [BodyChange] = []

    /// A property change made while a node's body runs, recorded when the body returns.
    private struct BodyChange {
        var property: String
        var value: String
        var animation: Animation?
        /// Whether an `animation(_:value:)` after the change already decided its animation.
        var isCovered = false
    }

    /// Creates a scene whose root node fills a screen of the given size.
    /// - Parameter size: The screen size in points.
    public init(size: CGSize) {
        root = Node(
            scene: nil, id: NodeID(rawValue: 0), name: "root", frame: CGRect(origin: .zero, size: size),
            content: .none)
        root.attach(to: self)
    }

    /// The screen size.
    public var size: CGSize { root.frame.size }

    func makeNodeID() -> NodeID {
        defer { nextNodeNumber += 1 }
        return NodeID(rawValue: nextNodeNumber)
    }

    func makeToken() -> Int {
        defer { nextTokenNumber += 1 }
        return nextTokenNumber
    }

    /// The node with an identifier, if it is in the tree.
    public func node(_ id: NodeID) -> Node? {
        root.subtree.first { $0.id == id }
    }

    /// The first node in the tree (parents before children, back to front) with a name.
    public func node(named name: String) -> Node? {
        root.subtree.first { $0.name == name }
    }

    /// A typed value another module keeps on the scene (DragDrop keeps its drag sessions this way), or nil.
    public subscript<Key: AttachmentKey>(extension key: Key.Type) -> Key.Value? {
        get { extensions[ObjectIdentifier(key)] as? Key.Value }
        set { extensions[ObjectIdentifier(key)] = newValue }
    }

    // MARK: Bodies

    /// Runs the bodies of bound nodes (see `Node.bind(_:)`): call it after changing state that nodes show, from
    /// outside a gesture callback. The scene calls it itself after every step in which a callback ran.
    public func update() {
        needsUpdate = false
        var transaction = Transaction.current
        transaction.merge(pendingTransaction)
        pendingTransaction = Transaction()
        boundNodes.removeAll { !$0.isInScene }
        let nodes = boundNodes
        withTransaction(transaction) {
            for node in nodes { node.runBody() }
        }
    }

    func updateIfNeeded() {
        if needsUpdate && !boundNodes.isEmpty { update() }
        needsUpdate = false
    }

    func register(bodyOf node: Node) {
        if !boundNodes.contains(where: { $0 === node }) { boundNodes.append(node) }
    }

    /// Whether `node`'s body (`bind(_:)`) is running: the gestures it attaches now are replaced by the next run. For
    /// modules whose modifiers attach gestures, so that a modifier called again outside any body can keep the one
    /// it attached before.
    /// - Parameter node: The node.
    /// - Returns: True while the node's body runs.
    public func isRunningBody(of node: Node) -> Bool {
        bodyNode === node
    }

    func beginBody(of node: Node) {
        bodyNode = node
        bodyChanges.removeAll()
    }

    func endBody(of node: Node) {
        bodyNode = nil
        for change in bodyChanges {
            record(.property, node: node, value: "\(change.property) \(change.value)", animation: change.animation)
        }
        bodyChanges.removeAll()
    }

    /// `animation(_:value:)` ran in a body: the changes made before it, not yet covered by an earlier one, take
    /// its animation when its value changed (a transaction's animation still wins).
    func applyImplicitAnimation(_ animation: Animation?, valueChanged: Bool, of node: Node) {
        guard bodyNode === node else { return }
        let implicit = valueChanged && !Transaction.current.disablesAnimations ? animation : nil
        for index in bodyChanges.indices where !bodyChanges[index].isCovered {
            bodyChanges[index].isCovered = true
            if bodyChanges[index].animation == nil { bodyChanges[index].animation = implicit }
        }
    }

    // MARK: Recording

    /// Appends an entry at the current time, when recording. Other modules record their own kinds here.
    /// - Parameters:
    ///   - kind: What happened.
    ///   - node: The node concerned.
    ///   - gesture: The gesture concerned.
    ///   - value: The value, as text.
    ///   - animation: The animation of a change.
    public func record(
        _ kind: TimelineEntry.Kind, node: Node? = nil, gesture: String? = nil, value: String = "",
        animation: Animation? = nil
    ) {
        guard isRecording else { return }
        timeline.append(
            TimelineEntry(
                time: currentTime, nodeID: node?.id, nodeName: node?.name, gesture: gesture, kind: kind, value: value,
                animation: animation))
    }

    /// Removes every entry of the timeline.
    public func clearTimeline() {
        timeline.removeAll()
    }

    func recordPropertyChange(of node: Node, _ property: String, _ value: String) {
        let animation = Transaction.current.animation
        if bodyNode === node {
            bodyChanges.append(BodyChange(property: property, value: value, animation: animation))
        } else {
            record(.property, node: node, value: "\(property) \(value)", animation: animation)
        }
    }

    /// A gesture callback ran: bodies need to run, and the timeline hears of it.
    func noteCallback<Value>(_ kind: TimelineEntry.Kind, _ recognizer: _AnyRecognizer, _ value: Value) {
        needsUpdate = true
        guard isRecording else { return }
        record(kind, node: recognizer.node, gesture: recognizer.name, value: Self.describe(value))
    }

    /// A `@GestureState` changed within a transaction.
    func noteStateChange(_ transaction: Transaction) {
        needsUpdate = true
        pendingTransaction.merge(transaction)
    }

    func notePhase(_ kind: TimelineEntry.Kind, _ recognizer: _AnyRecognizer) {
        guard isRecording else { return }
        record(kind, node: recognizer.node, gesture: recognizer.name)
    }

    private static func describe<Value>(_ value: Value) -> String {
        switch value {
        case is Void: return "()"
        case let point as CGPoint: return Formatting.point(point)
        case let size as CGSize: return Formatting.size(size)
        case let number as CGFloat: return Formatting.number(number)
        case let number as Double: return Formatting.number(number)
        default: return String(describing: value)
        }
    }
}

/// The pointers that are down. A few at most, so a list searched in order beats hashing on every event.
struct PointerTable {
    private var records: [PointerRecord] = []

    subscript(id: Int) -> PointerRecord? {
        get {
            for record in records where record.id == id { return record }
            return nil
        }
        set {
            let index = records.firstIndex { $0.id == id }
            switch (index, newValue) {
            case (let index?, let record?): records[index] = record
            case (let index?, nil): records.remove(at: index)
            case (nil, let record?): records.append(record)
            case (nil, nil): break
            }
        }
    }

    /// Changes the record of a pointer that is down in place.
    mutating func update(_ id: Int, _ change: (inout PointerRecord) -> Void) {
        for index in records.indices where records[index].id == id {
            change(&records[index])
            return
        }
    }

    mutating func removeValue(forKey id: Int) -> PointerRecord? {
        guard let index = records.firstIndex(where: { $0.id == id }) else { return nil }
        return records.remove(at: index)
    }

    /// The identifiers, in the order the pointers went down.
    var ids: [Int] { records.map(\.id) }
}

/// The scene's knowledge of a pointer that is down.
struct PointerRecord {
    var id: Int
    var kind: PointerKind
    var location: CGPoint
    /// The gesture session the pointer drives, if any.
    var session: GestureSession?
}

extension Node {
    func attach(to scene: Scene) {
        self.scene = scene
    }
}
