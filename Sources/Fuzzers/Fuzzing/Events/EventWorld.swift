import ContentTypes
import DragDrop
import Foundation
import Gestures
import Transfer

/// The fixed scene `fuzz-events` drives, and the application data it keeps: which items each source holds, which
/// each target received, and every callback that must balance.
///
/// Sources along the top (two single items, a copy-only one with a quicker lift, a container of four rows), targets
/// below, nested and overlapping, accepting tokens, cards, either, files, flaky loads, bytes, and a delegate;
/// gestures that compete with the lift, a hit-testing-transparent overlay and a round content shape.
///
/// ```
///  y   0 ┌ src-a ┐┌ src-b ┐┌ src-c ┐┌──── bin (d, e, f-bad, g-slow) ───┐
///     70 └───────┘└───────┘└───────┘│                                   │
///    150 ┌── t-token (move) ──────┐ └───────────────────────────────────┘
///        │ ┌ t-card ─┐      ┌─────┼──── t-file ───┐  ┌─ t-flaky (move) ─┐
///        │ │ t-either│      │     │               │  │ (round tap)      │
///        │ └─────────┘      │  glass (transparent)│  └──────────────────┘
///        │                  └─────┼───────────────┘      ┌─ t-data ─┐
///        │ button     ┌─ t-delegate ─────┐                 │          │
///    400 └────────────┴──────────────────┴─────────────────┴──────────┘
/// ```
final class EventWorld {
    /// How the targets' actions and the delegate behave; the input switches between these.
    enum FailureMode: CaseIterable {
        case none
        case returnFalse
        case throwing
        case declineAll
    }

    struct ActionFailure: Error {}

    let scene = Scene(size: CGSize(width: 400, height: 400))
    var failureMode = FailureMode.none
    /// Every item, as made.
    private(set) var items: [FuzzItem] = []
    /// The items each source holds, by source name.
    private(set) var held: [String: [FuzzItem]] = [:]
    /// The items each target received by a move, and by a copy.
    private(set) var moved: [String: [String]] = [:]
    private(set) var copied: [String: [String]] = [:]
    /// `isTargeted` values per target, in order.
    private(set) var feedback: [String: [Bool]] = [:]
    /// Each session's phases, as its source heard them.
    private(set) var phases: [DragSession.ID: [DragSession.Phase]] = [:]
    private(set) var delegate = FuzzDelegate { .none }
    /// States of the gestures beside the lift: all reset once every pointer is up.
    private(set) var gestureStates: [GestureState<Int>] = []
    /// The nodes the input may remove.
    private(set) var removable: [Node] = []
    private(set) var targets: [Node] = []

    init() {
        scene.isRecording = true
        delegate = FuzzDelegate { [weak self] in self?.failureMode ?? .none }
        addSingleSource("src-a", item: FuzzItem(id: "a", kind: .token), x: 10, allowMove: true)
        let b = addSingleSource("src-b", item: FuzzItem(id: "b", kind: .card), x: 80, allowMove: true)
        b.onTapGesture(count: 2) {}
        b.simultaneousGesture(DragGesture(minimumDistance: 0).updating(newState()) { _, count, _ in count += 1 })
        addSingleSource("src-c", item: FuzzItem(id: "c-bad", kind: .token), x: 150, allowMove: false)
            .dragLift(DragLift(minimumPressDuration: 0.2))
        addContainer()
        addTargets()
    }

    private func newState() -> GestureState<Int> {
        let state = GestureState(wrappedValue: 0)
        gestureStates.append(state)
        return state
    }

    // MARK: Sources

    private func observe(_ node: Node, allowMove: Bool, remove: @escaping ([String]) -> Void) {
        node.dragConfiguration(DragConfiguration(allowMove: allowMove)).onDragSessionUpdated { [weak self] session in
            self?.phases[session.id, default: []].append(session.phase)
            if session.phase == .ended(.move) { remove(session.draggedItemIDs(for: String.self)) }
        }
    }

    @discardableResult
    private func addSingleSource(_ name: String, item: FuzzItem, x: CGFloat, allowMove: Bool) -> Node {
        items.append(item)
        held[name] = [item]
        let node = scene.root.addChild(
            name, frame: CGRect(x: x, y: 0, width: 60, height: 70), content: .shape(.rectangle, fill: .red))
        node.draggable(item)
        observe(node, allowMove: allowMove) { [weak self, weak node] _ in
            self?.held[name] = []
            node?.removeFromParent()
        }
        removable.append(node)
        return node
    }

    private func addContainer() {
        let name = "bin"
        let rows = [
            FuzzItem(id: "d", kind: .token), FuzzItem(id: "e", kind: .card), FuzzItem(id: "f-bad", kind: .token),
            FuzzItem(id: "g-slow", kind: .token),
        ]
        items += rows
        held[name] = rows
        let bin = scene.root.addChild(name, frame: CGRect(x: 220, y: 0, width: 180, height: 140))
        bin.dragContainer(for: FuzzItem.self) { [weak self] ids in
            (self?.held[name] ?? []).filter { ids.contains($0.id) }
        }
        bin.dragContainerSelection(["d", "e"])
        for (row, item) in rows.enumerated() {
            let node = bin.addChild(
                item.id, frame: CGRect(x: 5, y: CGFloat(row) * 34 + 2, width: 170, height: 30),
                content: .text(item.id, color: .black))
            node.draggable(containerItemID: item.id)
            removable.append(node)
        }
        observe(bin, allowMove: true) { [weak self, weak bin] ids in
            self?.held[name]?.removeAll { ids.contains($0.id) }
            for child in bin?.children ?? [] where ids.contains(child.name) { child.removeFromParent() }
        }
        removable.append(bin)
    }

    // MARK: Targets

    private func addTargets() {
        let root = scene.root
        let token = target("t-token", in: root, CGRect(x: 0, y: 150, width: 200, height: 250), move: true)
        receive(FuzzToken.self, at: token, move: true) { $0.name }
        let card = target("t-card", in: token, CGRect(x: 20, y: 20, width: 100, height: 100), move: true)
        receive(FuzzCard.self, at: card, move: true) { $0.name }
        card.dropConfiguration { DropConfiguration(operation: $0.location.x > 50 ? .forbidden : .move) }
        let either = target("t-either", in: card, CGRect(x: 10, y: 10, width: 40, height: 40), move: false)
        receive(OneOf<FuzzToken, FuzzCard>.self, at: either, move: false) {
            $0.value(as: FuzzToken.self)?.name ?? $0.value(as: FuzzCard.self)?.name ?? "?"
        }
        let file = target("t-file", in: root, CGRect(x: 150, y: 200, width: 150, height: 120), move: false)
        receive(StagedToken.self, at: file, move: false) { $0.name }
        let flaky = target("t-flaky", in: root, CGRect(x: 250, y: 150, width: 150, height: 120), move: true)
        receive(FlakyToken.self, at: flaky, move: true) { $0.name }
        flaky.addChild(
            "round", frame: CGRect(x: 90, y: 60, width: 50, height: 50), content: .shape(.circle, fill: .blue)
        )
        .contentShape(Circle())
        .gesture(TapGesture().updating(newState()) { _, count, _ in count += 1 })
        let data = target("t-data", in: root, CGRect(x: 300, y: 280, width: 100, height: 120), move: true)
        data.dropDestination(of: [.fuzzCard]) { [weak self] items, _ in
            try self?.accept(
                try items.map { try JSONDecoder().decode(FuzzCard.self, from: $0.data).name }, "t-data", true)
                ?? false
        } isTargeted: { [weak self] in
            self?.feedback["t-data", default: []].append($0)
        }
        let delegating = target("t-delegate", in: root, CGRect(x: 60, y: 330, width: 140, height: 70), move: false)
        delegating.onDrop(of: [.fuzzToken, .fuzzCard], delegate: delegate)
        root.addChild(
            "glass", frame: CGRect(x: 100, y: 250, width: 150, height: 60), content: .shape(.rectangle, fill: .gray)
        )
        .allowsHitTesting(false)
        root.addChild("button", frame: CGRect(x: 0, y: 370, width: 50, height: 30))
            .onLongPressGesture {}
    }

    private func target(_ name: String, in parent: Node, _ frame: CGRect, move: Bool) -> Node {
        let node = parent.addChild(name, frame: frame, content: .shape(.rectangle, fill: .gray))
        if move {
            node.dropConfiguration { _ in DropConfiguration(operation: .move) }
        }
        targets.append(node)
        removable.append(node)
        return node
    }

    private func receive<T: Transferable>(
        _ type: T.Type, at node: Node, move: Bool, name: @escaping (T) -> String
    ) {
        let target = node.name
        node.dropDestination(for: T.self) { [weak self] values, _ in
            try self?.accept(values.map(name), target, move) ?? false
        } isTargeted: { [weak self] in
            self?.feedback[target, default: []].append($0)
        }
    }

    /// A target's action: fails as the failure mode says, otherwise notes what it received. A move takes the
    /// items of sources that allow moving; everything else is a copy.
    private func accept(_ names: [String], _ target: String, _ move: Bool) throws -> Bool {
        switch failureMode {
        case .returnFalse, .declineAll: return false
        case .throwing: throw ActionFailure()
        case .none: break
        }
        for name in names {
            if move && !name.hasPrefix("c") {
                moved[target, default: []].append(name)
            } else {
                copied[target, default: []].append(name)
            }
        }
        return true
    }
}
