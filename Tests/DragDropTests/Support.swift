import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// A dragged thing in tests: a name, carried as JSON of its own type.
struct Token: Codable, Hashable, Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .token)
    }
}

/// Another kind of thing, of another type, so that targets can route by type.
struct Card: Codable, Hashable, Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .card)
    }
}

extension UTType {
    static let token = UTType(exportedAs: "org.dndkit.test.token")
    static let card = UTType(exportedAs: "org.dndkit.test.card")
}

/// A 400×400 scene with a source at (0, 0, 100, 100) that drags a token, and targets added by each test. Every
/// callback is logged in order.
final class Stage {
    let scene = Scene(size: CGSize(width: 400, height: 400))
    let log = Log()
    let source: Node
    /// Every session update the source heard.
    private(set) var updates: [DragSession] = []
    /// Every drag event of the scene, in order.
    private(set) var events: [DragEvent] = []

    init(_ payload: Token = Token(name: "a"), allowMove: Bool = false) {
        scene.isRecording = true
        source = scene.root.addChild("source", frame: rect(0, 0, 100, 100), content: .shape(.rectangle, fill: .blue))
        source.draggable(payload).dragConfiguration(DragConfiguration(allowMove: allowMove))
            .onDragSessionUpdated { [unowned self] session in
                updates.append(session)
                if case .ended = session.phase { log.add("source \(session.phase)") }
            }
        scene.onDragEvent { [unowned self] in events.append($0) }
    }

    /// The operation the source heard last, and the error code of a cancel.
    var ending: String? {
        guard let last = updates.last(where: { if case .ended = $0.phase { true } else { false } }) else { return nil }
        return [last.phase.description, last.error.map { "\($0.code)" }].compactMap { $0 }.joined(separator: " ")
    }

    /// A node accepting tokens, logging its callbacks under `name`.
    @discardableResult
    func tokenTarget(
        _ name: String, frame: CGRect, in parent: Node? = nil, result: @escaping () throws -> Bool = { true }
    ) -> Node {
        let node = (parent ?? scene.root).addChild(name, frame: frame, content: .shape(.rectangle, fill: .gray))
        node.dropDestination(for: Token.self) { [log] tokens, location in
            log.add("\(name) action \(tokens.map(\.name)) at \(Int(location.x)),\(Int(location.y))")
            return try result()
        } isTargeted: { [log] in
            log.add("\(name) isTargeted \($0)")
        }
        return node
    }

    /// A node accepting cards only.
    @discardableResult
    func cardTarget(_ name: String, frame: CGRect, in parent: Node? = nil) -> Node {
        let node = (parent ?? scene.root).addChild(name, frame: frame, content: .shape(.rectangle, fill: .gray))
        node.dropDestination(for: Card.self) { [log] cards, _ in
            log.add("\(name) action \(cards.map(\.name))")
            return true
        } isTargeted: { [log] in
            log.add("\(name) isTargeted \($0)")
        }
        return node
    }

    /// A touch lifts the source at (50, 50): down at `start`, lifted at `start + 0.5`.
    func lift(at start: Double = 0, pointer: Int = 1) throws {
        try scene.send(.down, point(50, 50), at: start, pointer: pointer)
        try scene.advance(to: start + 0.5)
    }

    /// Moves the pointer in one event.
    func move(_ location: CGPoint, at time: Double, pointer: Int = 1) throws {
        try scene.send(.move, location, at: time, pointer: pointer)
    }

    /// Releases the pointer.
    func release(_ location: CGPoint, at time: Double, pointer: Int = 1) throws {
        try scene.send(.up, location, at: time, pointer: pointer)
    }

    /// The drag events as the timeline words them, `node kind value`, without times.
    var dragLog: [String] {
        events.flatMap { event in event.timelineEntries.map { "\(event.nodeName) \($0.kind) \($0.value)" } }
    }
}

/// A drop delegate that logs every call and answers as told.
nonisolated final class RecordingDelegate: DropDelegate {
    let name: String
    let log: Log
    var isValid = true
    var proposals: [DropProposal?] = []
    var performResult = true
    /// The providers `performDrop` saw.
    private(set) var performedProviders: [NSItemProvider] = []

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
    }

    func validateDrop(info: DropInfo) -> Bool {
        log.add("\(name) validate \(Int(info.location.x)),\(Int(info.location.y))")
        return isValid
    }

    func dropEntered(info: DropInfo) {
        log.add("\(name) entered providers \(info.itemProviders(for: [.data]).count)")
    }

    func dropUpdated(info: DropInfo) -> DropProposal? {
        let proposal = proposals.isEmpty ? nil : proposals.removeFirst()
        log.add("\(name) updated \(Int(info.location.x)),\(Int(info.location.y))")
        return proposal
    }

    func dropExited(info: DropInfo) {
        log.add("\(name) exited")
    }

    func performDrop(info: DropInfo) -> Bool {
        performedProviders = info.itemProviders(for: [.token])
        log.add("\(name) performDrop providers \(performedProviders.count)")
        return performResult
    }
}

/// Waits until `condition` holds, checking it every 2 ms, at most 30,000 times (a minute when each check comes on
/// time). The limit counts checks, not seconds: on two cores the suites that wait for other programs can hold every
/// one of Swift's cooperative threads for minutes, and what a test waits for (a source's export, a load's next step)
/// needs those threads as much as the check does. Counting checks waits as long as the machine is that busy, and
/// fails only when the condition stays false while tasks do run.
func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<30_000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(2))
    }
    Issue.record("checked 30,000 times, 2 ms apart, and the condition still does not hold")
}

/// Adds a grey target of random size: at the top level (below the sources' row) or, about a third of the time,
/// nested inside one of `targets`, near its corner.
func addRandomTarget(named name: String, in scene: Scene, among targets: [Node], random: inout SeededRandom) -> Node {
    let parent = random.chance(35) ? (random.pick(targets) ?? scene.root) : scene.root
    let size = CGSize(width: random.double(in: 80...300), height: random.double(in: 80...250))
    let origin =
        parent === scene.root
        ? point(random.double(in: 0...(600 - size.width)), random.double(in: 220...(600 - size.height)))
        : point(random.double(in: 0...60), random.double(in: 0...60))
    return parent.addChild(name, frame: CGRect(origin: origin, size: size), content: .shape(.rectangle, fill: .gray))
}
