import Foundation

/// The gestures of one hit path during one pointer sequence: the recognizer tree built from the gestures of
/// the nodes under the first pointer, and the pointers that joined it. Pointers that go down later on a path
/// through the same gesture-bearing node join the session (a second finger for a pinch, the second tap of a
/// double tap); a session ends when its root gesture is terminal, or when no pointer is down and nothing but a
/// new pointer could move it on.
final class GestureSession {
    unowned let scene: Scene
    /// The hit path of the first pointer, from the hit node up to the root.
    let path: [Node]
    /// The combined recognizer.
    private(set) var root: _AnyRecognizer
    /// The pointers down in this session, in the order they went down.
    var pointerIDs: [Int] = []
    /// The hit path of every pointer that joined, for the recognizers to accept only their own.
    private var pointerPaths: [(id: Int, path: [Node])] = []
    /// The time of the deadline in the scene's queue, and its generation (older queue entries are stale).
    var scheduledDeadline = Double.infinity
    var generation = 0
    var isFinished = false

    init(scene: Scene, path: [Node], root: _AnyRecognizer) {
        self.scene = scene
        self.path = path
        self.root = root
    }

    func add(pointer id: Int, path: [Node]) {
        pointerIDs.append(id)
        pointerPaths.append((id, path))
    }

    func remove(pointer id: Int) {
        pointerIDs.removeAll { $0 == id }
    }

    /// Whether a pointer that joined this session went down on a path through `node`.
    func pointer(_ id: Int, hits node: Node) -> Bool {
        for entry in pointerPaths.reversed() where entry.id == id {
            return entry.path.contains { $0 === node }
        }
        return false
    }

    /// One update: both passes over the recognizer tree.
    func step(_ sample: PointerSample?) {
        let update = GestureUpdate(time: scene.currentTime, sample: sample, session: self)
        root.receive(update)
        root.report(allowed: true, update)
    }

    /// Starts a recognizer (the second gesture of a sequence) with the pointers now down, as downs.
    func startWithPointersDown(_ recognizer: _AnyRecognizer, at time: Double) {
        for id in pointerIDs {
            guard let record = scene.pointers[id] else { continue }
            let sample = PointerSample(
                pointerID: id, kind: record.kind, phase: .down, location: record.location, isRepeat: true)
            recognizer.receive(GestureUpdate(time: time, sample: sample, session: self))
        }
    }

    /// Takes every gesture of the session away.
    func cancel() {
        root.cancel(GestureUpdate(time: scene.currentTime, sample: nil, session: self))
    }

    /// Whether the session can go on: its root is undecided or running, and a pointer is down or a deadline is
    /// pending for a gesture that is still only possible (a multi-tap waiting for its next tap).
    var canContinue: Bool {
        if root.kind.isTerminal { return false }
        if !pointerIDs.isEmpty { return true }
        return root.kind == .possible && root.nextDeadline().isFinite
    }

    // MARK: Building

    /// The combined recognizer of a hit path: each node's gestures wrap its subviews', in modifier order, and
    /// the simulated system edge gesture competes at the top when the pointer starts near an enabled edge.
    static func makeRoot(path: [Node], scene: Scene, first: PointerEvent) -> _AnyRecognizer? {
        var inner: _Recognizer<Void>?
        let disabledFrom = path.lastIndex { $0.isDisabled }
        for (position, node) in path.enumerated() {
            if let disabledFrom, position <= disabledFrom { continue }
            let context = _GestureContext(node: node)
            for attachment in node.gestureAttachments {
                let own = attachment.mask.contains(.gesture) ? attachment.make(context) : nil
                let subviews = attachment.mask.contains(.subviews) ? inner : nil
                inner = combine(subviews, own, attachment.priority)
            }
        }
        guard let edge = scene.systemEdge(at: first) else { return inner }
        let system = SystemEdgeRecognizer(node: scene.root, edge: edge)
        guard let app = inner else { return system }
        let deferred = path.contains { $0.deferredSystemGestureEdges.contains(Edge.Set(edge)) }
        return deferred ? exclusive(app, system) : exclusive(system, app)
    }

    private static func combine(
        _ subviews: _Recognizer<Void>?, _ own: _Recognizer<Void>?, _ priority: GestureAttachment.Priority
    ) -> _Recognizer<Void>? {
        guard let subviews else { return own }
        guard let own else { return subviews }
        switch priority {
        case .normal: return exclusive(subviews, own)
        case .high: return exclusive(own, subviews)
        case .simultaneous:
            return SimultaneousRecognizer(first: subviews, second: own, combine: { _, _ in () })
        }
    }

    private static func exclusive(_ first: _Recognizer<Void>, _ second: _Recognizer<Void>) -> _Recognizer<Void> {
        ExclusiveRecognizer(first: first, second: second, wrapFirst: { $0 }, wrapSecond: { $0 })
    }
}
