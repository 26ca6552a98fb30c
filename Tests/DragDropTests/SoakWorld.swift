import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Transfer

/// What a soak item's name asks of every load: `~throw` fails, `~slow3` sleeps 3 ms first, `~yield` lets other
/// tasks run first. Names are made by `SoakWorld`, so each seed injects the same faults.
enum SoakFault {
    struct Injected: Error, CustomStringConvertible {
        var name: String
        var description: String { "injected failure loading \(name)" }
    }

    /// Applies the fault the name asks for.
    static func apply(_ name: String) async throws {
        if name.hasSuffix("~throw") {
            throw Injected(name: name)
        } else if name.hasSuffix("~yield") {
            await Task.yield()
        } else if let range = name.range(of: "~slow"), let milliseconds = Int(name[range.upperBound...]) {
            try await Task.sleep(for: .milliseconds(milliseconds))
        }
    }

    /// The files handed to `FaultyTokenFile`, which must all be gone once their drop is over.
    static let stagedFiles = Locked<[URL]>([])
}

/// Tokens, loaded from bytes with the name's fault.
struct FaultyToken: Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(importedContentType: .token) { data in
            let token = try JSONDecoder().decode(Token.self, from: data)
            try await SoakFault.apply(token.name)
            return FaultyToken(name: token.name)
        }
    }
}

/// Cards, loaded from bytes with the name's fault.
struct FaultyCard: Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(importedContentType: .card) { data in
            let card = try JSONDecoder().decode(Card.self, from: data)
            try await SoakFault.apply(card.name)
            return FaultyCard(name: card.name)
        }
    }
}

/// Tokens, received as staged files, read, then failed or kept as the name says.
struct FaultyTokenFile: Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .token) { received in
            SoakFault.stagedFiles.withLock { $0.append(received.file) }
            let token = try JSONDecoder().decode(Token.self, from: Data(contentsOf: received.file))
            try await SoakFault.apply(token.name)
            return FaultyTokenFile(name: token.name)
        }
    }
}

/// One random scene of the soak, played session after session: sources of single items and a container, targets
/// (nested, overlapping, moving or copying, some forbidding half their area) whose loads all carry injected
/// faults and whose actions fail at random. It keeps the application's data, like `StressWorld`, and counts the
/// sessions.
final class SoakWorld {
    enum TargetKind: CaseIterable {
        case token, card, either, file, data, delegate
    }

    var random: SeededRandom
    let scene = Scene(size: CGSize(width: 600, height: 600))
    private(set) var items: [StressItem] = []
    private(set) var held: [String: [StressItem]] = [:]
    private(set) var moved: [String: [String]] = [:]
    private(set) var copied: [String: [String]] = [:]
    private(set) var feedback: [String: [Bool]] = [:]
    private(set) var phases: [DragSession.ID: [DragSession.Phase]] = [:]
    private(set) var delegates: [StressDelegate] = []
    private(set) var targets: [Node] = []
    /// The targets whose loads carry the injected faults (a `.data` target gets the bytes as they are).
    private(set) var faultyTargets: Set<String> = []
    private var time = 0.0

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        for index in 0..<(2 + random.int(below: 3)) { addSingleSource(index) }
        addContainer()
        for index in 0..<(2 + random.int(below: 4)) { addTarget(index) }
    }

    /// The number of sessions that lifted so far.
    var sessionCount: Int { phases.count }

    /// How many sessions ended with each phase: `ended(move)`, `ended(copy)`, `ended(cancel)`.
    var endings: [String: Int] {
        var endings: [String: Int] = [:]
        for phase in phases.values.joined() {
            if case .ended = phase { endings["\(phase)", default: 0] += 1 }
        }
        return endings
    }

    private func makeItem() -> StressItem {
        let fault = ["", "", "", "", "", "~throw", "~yield", "~slow\(1 + random.int(below: 3))"]
        let item = StressItem(
            id: "item\(items.count)\(random.pick(fault) ?? "")", kind: random.chance(60) ? .token : .card)
        items.append(item)
        return item
    }

    private func observe(_ node: Node, remove: @escaping ([String]) -> Void) {
        node.dragConfiguration(DragConfiguration(allowMove: true)).onDragSessionUpdated { [weak self] session in
            self?.phases[session.id, default: []].append(session.phase)
            if session.phase == .ended(.move) { remove(session.draggedItemIDs(for: String.self)) }
        }
    }

    private func addSingleSource(_ index: Int) {
        let name = "source\(index)"
        let item = makeItem()
        held[name] = [item]
        let node = scene.root.addChild(
            name, frame: rect(CGFloat(index) * 110 + 10, 10, 90, 90), content: .shape(.rectangle, fill: .red))
        node.draggable(item)
        observe(node) { [weak self, weak node] _ in
            self?.held[name] = []
            node?.removeFromParent()
        }
    }

    private func addContainer() {
        let name = "bin"
        let bin = scene.root.addChild(name, frame: rect(460, 10, 130, 200))
        let list = (0..<(2 + random.int(below: 3))).map { _ in makeItem() }
        held[name] = list
        bin.dragContainer(for: StressItem.self) { [weak self] ids in
            (self?.held[name] ?? []).filter { ids.contains($0.id) }
        }
        let selectsAll = random.chance(50)
        bin.dragContainerSelection(selectsAll ? list.map(\.id) : [])
        for (row, item) in list.enumerated() {
            bin.addChild(
                item.id, frame: rect(5, CGFloat(row) * 45 + 5, 120, 40), content: .text(item.id, color: .black)
            )
            .draggable(containerItemID: item.id)
        }
        observe(bin) { [weak self, weak bin] ids in
            self?.held[name]?.removeAll { ids.contains($0.id) }
            for child in bin?.children ?? [] where ids.contains(child.name) { child.removeFromParent() }
        }
    }

    private func addTarget(_ index: Int) {
        let name = "target\(index)"
        let node = addRandomTarget(named: name, in: scene, among: targets, random: &random)
        let size = node.frame.size
        targets.append(node)
        let moves = random.chance(60)
        let forbidsRightHalf = random.chance(20)
        let isTargeted: (Bool) -> Void = { [weak self] in self?.feedback[name, default: []].append($0) }
        let action: ([String]) throws -> Bool = { [weak self] names in
            guard let self else { return false }
            let roll = random.int(below: 100)
            if roll < 10 { return false }
            if roll < 20 { throw SoakFault.Injected(name: name) }
            if moves { moved[name, default: []] += names } else { copied[name, default: []] += names }
            return true
        }
        let kind = random.pick(TargetKind.allCases) ?? .token
        if kind != .data && kind != .delegate { faultyTargets.insert(name) }
        switch kind {
        case .token:
            node.dropDestination(
                for: FaultyToken.self, action: { values, _ in try action(values.map(\.name)) }, isTargeted: isTargeted)
        case .card:
            node.dropDestination(
                for: FaultyCard.self, action: { values, _ in try action(values.map(\.name)) }, isTargeted: isTargeted)
        case .either:
            node.dropDestination(
                for: OneOf<FaultyToken, FaultyCard>.self,
                action: { items, _ in
                    try action(
                        items.map { $0.value(as: FaultyToken.self)?.name ?? $0.value(as: FaultyCard.self)?.name ?? "?" }
                    )
                }, isTargeted: isTargeted)
        case .file:
            node.dropDestination(
                for: FaultyTokenFile.self, action: { values, _ in try action(values.map(\.name)) },
                isTargeted: isTargeted)
        case .data:
            node.dropDestination(
                of: [.card],
                action: { items, _ in
                    try action(try items.map { try JSONDecoder().decode(Card.self, from: $0.data).name })
                },
                isTargeted: isTargeted)
        case .delegate:
            let delegate = StressDelegate(name: name, forbids: forbidsRightHalf, random: random.next())
            delegates.append(delegate)
            node.onDrop(of: [.token, .card], delegate: delegate)
            return
        }
        node.dropConfiguration { drop in
            let operation: DropOperation = moves ? .move : .copy
            return DropConfiguration(
                operation: forbidsRightHalf && drop.location.x > size.width / 2 ? .forbidden : operation)
        }
    }

    // MARK: Sessions

    private func randomPoint(over nodes: [Node]) -> CGPoint {
        if let node = random.pick(nodes.filter(\.isInScene)) {
            let frame = node.frame
            return node.convertToGlobal(
                point(random.double(in: 1...(frame.width - 1)), random.double(in: 1...(frame.height - 1))))
        }
        return point(random.double(in: 0...599), random.double(in: 0...599))
    }

    /// One or two drags at once, by touch or mouse: lift, a few moves (mostly over targets), sometimes Escape or a
    /// cancelled pointer, release; the drops finish now or after the next round.
    func playRound() async throws {
        let sources = scene.root.subtree.filter { $0.name.hasPrefix("source") || $0.parent?.name == "bin" }
        var down: [(id: Int, kind: PointerKind, location: CGPoint)] = []
        for id in 1...(random.chance(20) ? 2 : 1) {
            let kind: PointerKind = random.chance(30) ? .mouse(.primary) : .touch
            let location = randomPoint(over: sources)
            time += 0.01
            try scene.send(.down, location, at: time, pointer: id, kind: kind)
            down.append((id, kind, location))
        }
        time += 0.55
        try scene.advance(to: time)
        for _ in 0..<(1 + random.int(below: 4)) {
            for index in down.indices {
                time += 0.02
                down[index].location = random.chance(80) ? randomPoint(over: targets) : randomPoint(over: [])
                try scene.send(.move, down[index].location, at: time, pointer: down[index].id, kind: down[index].kind)
            }
        }
        if random.chance(3) {
            time += 0.01
            try scene.send(KeyEvent(key: .escape, time: time))
        }
        for pointer in down {
            time += 0.02
            let phase: PointerEvent.Phase = random.chance(5) ? .cancel : .up
            try scene.send(phase, pointer.location, at: time, pointer: pointer.id, kind: pointer.kind)
        }
        if random.chance(75) { await scene.finishDrops() }
        time += 0.1
    }

    // MARK: Checking

    /// The properties every world must have once its drops are finished.
    func violations() -> [String] {
        var violations: [String] = []
        var count: [String: Int] = [:]
        for item in held.values.joined() { count[item.id, default: 0] += 1 }
        for name in moved.values.joined() { count[name, default: 0] += 1 }
        let names = Set(items.map(\.id))
        for name in names where count[name] != 1 { violations.append("\(name) exists \(count[name] ?? 0) times") }
        for name in Set(count.keys).union(copied.values.joined()) where !names.contains(name) {
            violations.append("unknown item \(name)")
        }
        for (target, names) in moved.merging(copied, uniquingKeysWith: +) where faultyTargets.contains(target) {
            for name in names where name.hasSuffix("~throw") { violations.append("\(target) got \(name)") }
        }
        for (target, values) in feedback where values != values.indices.map({ $0 % 2 == 0 }) || values.count % 2 != 0 {
            violations.append("\(target) isTargeted \(values)")
        }
        for (id, list) in phases {
            let endings = list.filter { if case .ended = $0 { true } else { false } }
            if list.first != .initial || endings.count != 1 { violations.append("\(id) heard \(list)") }
        }
        for delegate in delegates where delegate.entered != delegate.exited + delegate.performed {
            violations.append(
                "\(delegate.name) entered \(delegate.entered), left \(delegate.exited + delegate.performed)")
        }
        if !scene.dragSessions.isEmpty { violations.append("sessions left: \(scene.dragSessions.map(\.id))") }
        if scene.hasPendingDrops { violations.append("drops left pending") }
        return violations
    }
}
