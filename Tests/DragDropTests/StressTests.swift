import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// An item of the stress scenes: exported as a token or as a card, named uniquely.
struct StressItem: Identifiable, Hashable, Transferable {
    enum Kind: Hashable, Sendable {
        case token
        case card
    }

    var id: String
    var kind: Kind

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation { (item: StressItem) in Token(name: item.id) }
            .exportingCondition { $0.kind == .token }
        ProxyRepresentation { (item: StressItem) in Card(name: item.id) }
            .exportingCondition { $0.kind == .card }
    }
}

/// The files staged for `TokenFile` receivers.
let stagedFiles = Locked<[URL]>([])

/// Receives tokens as staged files, read and then let go.
struct TokenFile: Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .token) { received in
            stagedFiles.withLock { $0.append(received.file) }
            let token = try JSONDecoder().decode(Token.self, from: Data(contentsOf: received.file))
            return TokenFile(name: token.name)
        }
    }
}

/// One random case: sources (single items and containers of several), nested and overlapping targets accepting
/// different types, and rounds of multi-touch and mouse input with cancels, Escape and removals. The world keeps
/// the application's data: which items each source holds and which each target received.
final class StressWorld {
    enum TargetKind: CaseIterable {
        case token, card, either, file, checked, data, delegate
    }

    enum Mode {
        case move, copy, forbiddenRightHalf
    }

    var random: SeededRandom
    let scene = Scene(size: CGSize(width: 600, height: 600))
    /// The original items each source holds, by source node name.
    var held: [String: [StressItem]] = [:]
    /// The original items each target received by a move.
    var moved: [String: [String]] = [:]
    /// The copies each target received.
    var copied: [String: [String]] = [:]
    /// Every item made.
    var items: [StressItem] = []
    /// `isTargeted` values per target, in order.
    var feedback: [String: [Bool]] = [:]
    /// Each session's phases, as its source heard them.
    var phases: [DragSession.ID: [DragSession.Phase]] = [:]
    var delegates: [StressDelegate] = []
    /// The targets that import `CheckedToken`, which fails for `bad` items.
    var checkingTargets: Set<String> = []
    var violations: [String] = []
    private var targets: [Node] = []
    private var nextItem = 0

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        scene.isRecording = true
        for index in 0..<(2 + random.int(below: 3)) { addSingleSource(index) }
        addContainer()
        for index in 0..<(2 + random.int(below: 4)) { addTarget(index) }
    }

    private func makeItem(bad: Bool) -> StressItem {
        nextItem += 1
        let item = StressItem(id: "\(bad ? "bad" : "item")\(nextItem)", kind: random.chance(60) ? .token : .card)
        items.append(item)
        return item
    }

    private func observe(_ node: Node, remove: @escaping ([String]) -> Void) {
        node.dragConfiguration(DragConfiguration(allowMove: true)).onDragSessionUpdated { [unowned self] session in
            phases[session.id, default: []].append(session.phase)
            if session.phase == .ended(.move) { remove(session.draggedItemIDs(for: String.self)) }
        }
    }

    private func addSingleSource(_ index: Int) {
        let name = "source\(index)"
        let item = makeItem(bad: random.chance(15))
        held[name] = [item]
        let node = scene.root.addChild(
            name, frame: rect(CGFloat(index) * 110 + 10, 10, 90, 90), content: .shape(.rectangle, fill: .red))
        node.draggable(item)
        observe(node) { [unowned self, unowned node] ids in
            // A single item's session has no identifiers: a move takes the one item.
            #expect(ids.isEmpty)
            held[name] = []
            node.removeFromParent()
        }
    }

    private func addContainer() {
        let name = "bin"
        let bin = scene.root.addChild(name, frame: rect(460, 10, 130, 200))
        held[name] = (0..<(2 + random.int(below: 3))).map { _ in makeItem(bad: random.chance(10)) }
        bin.dragContainer(for: StressItem.self) { [unowned self] ids in
            (held[name] ?? []).filter { ids.contains($0.id) }
        }
        let selectsAll = random.chance(50)
        let selection = selectsAll ? (held[name] ?? []).map(\.id) : []
        bin.dragContainerSelection(selection)
        for (row, item) in (held[name] ?? []).enumerated() {
            bin.addChild(
                item.id, frame: rect(5, CGFloat(row) * 45 + 5, 120, 40), content: .text(item.id, color: .black)
            )
            .draggable(containerItemID: item.id)
        }
        observe(bin) { [unowned self, unowned bin] ids in
            held[name]?.removeAll { ids.contains($0.id) }
            for child in bin.children where ids.contains(child.name) { child.removeFromParent() }
        }
    }

    private func addTarget(_ index: Int) {
        let name = "target\(index)"
        let node = addRandomTarget(named: name, in: scene, among: targets, random: &random)
        let size = node.frame.size
        targets.append(node)
        let kind = random.pick(TargetKind.allCases) ?? .token
        let mode: Mode = random.pick([.move, .move, .copy, .forbiddenRightHalf]) ?? .move
        let isTargeted: (Bool) -> Void = { [unowned self] in feedback[name, default: []].append($0) }
        func accept(_ names: [String]) -> Bool {
            let roll = random.int(below: 100)
            if roll < 12 { return false }
            if mode == .copy { copied[name, default: []] += names } else { moved[name, default: []] += names }
            return true
        }
        func acceptOrThrow(_ names: [String]) throws -> Bool {
            if random.chance(10) { throw CheckError(name: name) }
            return accept(names)
        }
        switch kind {
        case .token:
            node.dropDestination(
                for: Token.self, action: { items, _ in try acceptOrThrow(items.map(\.name)) }, isTargeted: isTargeted)
        case .card:
            node.dropDestination(
                for: Card.self, action: { items, _ in try acceptOrThrow(items.map(\.name)) }, isTargeted: isTargeted)
        case .either:
            node.dropDestination(
                for: OneOf<Token, Card>.self,
                action: { items, _ in
                    try acceptOrThrow(
                        items.map { $0.value(as: Token.self)?.name ?? $0.value(as: Card.self)?.name ?? "?" })
                }, isTargeted: isTargeted)
        case .file:
            node.dropDestination(
                for: TokenFile.self, action: { items, _ in accept(items.map(\.name)) }, isTargeted: isTargeted)
        case .checked:
            checkingTargets.insert(name)
            node.dropDestination(
                for: CheckedToken.self, action: { items, _ in accept(items.map(\.name)) }, isTargeted: isTargeted)
        case .data:
            node.dropDestination(
                of: [.card],
                action: { items, _ in
                    accept(try items.map { try JSONDecoder().decode(Card.self, from: $0.data).name })
                }, isTargeted: isTargeted)
        case .delegate:
            let delegate = StressDelegate(name: name, forbids: mode == .forbiddenRightHalf, random: random.next())
            delegates.append(delegate)
            node.onDrop(of: [.token, .card], delegate: delegate)
            return
        }
        switch mode {
        case .move: node.dropConfiguration { _ in DropConfiguration(operation: .move) }
        case .copy: break
        case .forbiddenRightHalf:
            node.dropConfiguration { drop in
                DropConfiguration(operation: drop.location.x < size.width / 2 ? .move : .forbidden)
            }
        }
    }

    // MARK: Input

    /// Where pointers go down: the sources' items, or anywhere.
    private func startPoint() -> CGPoint {
        let draggable = scene.root.subtree.filter { node in
            node.isInScene && (node.name.hasPrefix("source") || node.parent?.name == "bin")
        }
        if random.chance(85), let node = random.pick(draggable) {
            return node.convertToGlobal(point(node.frame.width / 2, node.frame.height / 2))
        }
        return point(random.double(in: 0...599), random.double(in: 0...599))
    }

    private func movePoint() -> CGPoint {
        if random.chance(65), let target = random.pick(targets.filter(\.isInScene)) {
            return target.convertToGlobal(
                point(random.double(in: 1...(target.frame.width - 1)), random.double(in: 1...(target.frame.height - 1)))
            )
        }
        return point(random.double(in: 0...599), random.double(in: 0...599))
    }

    /// Runs rounds of input: in each, one to three pointers go down together, move in turns, and go up or are
    /// cancelled; sometimes Escape, or a target or source is removed; drops are finished after most rounds.
    func play() async throws {
        var time = 0.0
        for _ in 0..<6 {
            let count = 1 + random.int(below: 3)
            var down: [(id: Int, kind: PointerKind, location: CGPoint)] = []
            for id in 1...count {
                let kind: PointerKind = random.chance(25) ? .mouse(.primary) : .touch
                let location = startPoint()
                time += 0.01
                try scene.send(.down, location, at: time, pointer: id, kind: kind)
                down.append((id, kind, location))
            }
            time += 0.55
            try scene.advance(to: time)
            let steps = 2 + random.int(below: 5)
            let surpriseStep = random.int(below: steps + 1)
            for step in 0..<steps {
                for index in down.indices {
                    time += 0.02
                    let location = movePoint()
                    try scene.send(.move, location, at: time, pointer: down[index].id, kind: down[index].kind)
                    down[index].location = location
                    if random.chance(3) {
                        // Hovering still for spring loading and the clock's deadlines.
                        time += 1.1
                        try scene.advance(to: time)
                    }
                }
                if step == surpriseStep { try surprise(at: &time, down: &down) }
            }
            for pointer in down.shuffled(using: &random) {
                time += 0.02
                let phase: PointerEvent.Phase = random.chance(10) ? .cancel : .up
                try scene.send(phase, pointer.location, at: time, pointer: pointer.id, kind: pointer.kind)
            }
            if random.chance(70) { await scene.finishDrops() }
            time += 0.1
        }
        await scene.finishDrops()
    }

    private func surprise(at time: inout Double, down: inout [(id: Int, kind: PointerKind, location: CGPoint)]) throws {
        switch random.int(below: 20) {
        case 0:
            time += 0.01
            try scene.send(KeyEvent(key: .escape, time: time))
        case 1:
            random.pick(targets.filter(\.isInScene))?.removeFromParent()
        case 2:
            scene.root.children.first { $0.name.hasPrefix("source") }?.removeFromParent()
        case 3:
            guard let index = down.indices.randomElement(using: &random) else { return }
            time += 0.01
            try scene.send(.cancel, down[index].location, at: time, pointer: down[index].id, kind: down[index].kind)
            down.remove(at: index)
        default:
            return
        }
    }

    // MARK: Checking

    /// The properties every run must have.
    func check() {
        // Each item exists exactly once: with its source or moved into one target.
        var count: [String: Int] = [:]
        for list in held.values { for item in list { count[item.id, default: 0] += 1 } }
        for list in moved.values { for name in list { count[name, default: 0] += 1 } }
        for item in items where count[item.id] != 1 {
            violations.append("\(item.id) exists \(count[item.id] ?? 0) times")
        }
        for name in count.keys where !items.contains(where: { $0.id == name }) {
            violations.append("unknown item \(name)")
        }
        for list in copied.values {
            for name in list where !items.contains(where: { $0.id == name }) {
                violations.append("copy of nothing: \(name)")
            }
        }
        // No item that fails to load reached a target.
        for (target, names) in moved.merging(copied, uniquingKeysWith: +) where checkingTargets.contains(target) {
            for name in names where name.hasPrefix("bad") { violations.append("\(target) got \(name)") }
        }
        // Feedback is balanced: true, false, true, false…, ending with false.
        for (target, values) in feedback {
            let expected = values.indices.map { $0 % 2 == 0 }
            if values != expected || values.count % 2 != 0 {
                violations.append("\(target) isTargeted \(values)")
            }
        }
        // Every session that lifted ended exactly once, and .dataTransferCompleted follows only transfers.
        for (id, list) in phases {
            let endings = list.filter { if case .ended = $0 { true } else { false } }
            if list.first != .initial || endings.count != 1 { violations.append("\(id) heard \(list)") }
            if list.contains(.dataTransferCompleted) && !(endings == [.ended(.copy)] || endings == [.ended(.move)]) {
                violations.append("\(id) completed a transfer after \(endings)")
            }
        }
        for delegate in delegates where delegate.entered != delegate.exited + delegate.performed {
            violations.append(
                "\(delegate.name) entered \(delegate.entered), exited \(delegate.exited), performed \(delegate.performed)"
            )
        }
        if !scene.dragSessions.isEmpty { violations.append("sessions left: \(scene.dragSessions.map(\.id))") }
        if scene.hasPendingDrops { violations.append("drops left pending") }
        if scene.root.subtree.contains(where: { $0.name.hasSuffix("preview") }) {
            violations.append("a preview is left")
        }
        for target in targets where target.isDropTargeted { violations.append("\(target) is still targeted") }
    }
}

/// A copying delegate that declines some drags, forbids its right half when told, and performs randomly.
nonisolated final class StressDelegate: DropDelegate {
    let name: String
    let forbids: Bool
    var random: SeededRandom
    var entered = 0
    var exited = 0
    var performed = 0

    init(name: String, forbids: Bool, random seed: UInt64) {
        self.name = name
        self.forbids = forbids
        random = SeededRandom(seed: seed)
    }

    func validateDrop(info: DropInfo) -> Bool {
        random.chance(85)
    }

    func dropEntered(info: DropInfo) {
        entered += 1
    }

    func dropUpdated(info: DropInfo) -> DropProposal? {
        forbids && info.location.x > 40 ? DropProposal(operation: .forbidden) : nil
    }

    func dropExited(info: DropInfo) {
        exited += 1
    }

    func performDrop(info: DropInfo) -> Bool {
        performed += 1
        return random.chance(80) && !info.itemProviders(for: [.token, .card]).isEmpty
    }
}

@Suite("Properties over random scenes and multi-touch input", .serialized)
struct StressTests {
    @Test(
        "each item exists exactly once, feedback is balanced, every session ends once, no staged file is left",
        arguments: 0..<150)
    func randomCase(seed: Int) async throws {
        let world = StressWorld(seed: UInt64(seed))
        try await world.play()
        world.check()
        #expect(world.violations.isEmpty, "seed \(seed): \(world.violations)")
        let staged = stagedFiles.withLock { files in
            defer { files.removeAll() }
            return files
        }
        for file in staged {
            #expect(!FileManager.default.fileExists(atPath: file.path), "seed \(seed): \(file.path) is left")
        }
    }

    @Test("the cases exercise every path")
    func coverage() async throws {
        var codes: Set<DragDropError.Code> = []
        var operations: Set<DropOperation> = []
        var declined = false
        for seed in 0..<150 {
            let world = StressWorld(seed: UInt64(seed))
            world.scene.onDragEvent { event in
                switch event.kind {
                case .ended(let operation, let error):
                    operations.insert(operation)
                    if let error { codes.insert(error.code) }
                case .declined: declined = true
                default: break
                }
            }
            try await world.play()
        }
        stagedFiles.withLock { $0.removeAll() }
        let every: [DragDropError.Code] = [
            .noTarget, .refused, .cancelled, .pointerCancelled, .sourceRemoved, .targetRemoved, .loadFailed, .declined,
            .actionFailed,
        ]
        for code in every {
            #expect(codes.contains(code), "no case ended with \(code): \(codes.map(\.rawValue).sorted())")
        }
        #expect(operations.contains(.move))
        #expect(operations.contains(.copy))
        #expect(declined)
    }
}
