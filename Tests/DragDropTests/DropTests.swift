import ContentTypes
import DragDrop
import Foundation
import Gestures
import Synchronization
import TestSupport
import Testing
import Transfer

/// Dropping: loads in the target's type, concurrently, completed by `finishDrops()`; the action; the operation the
/// source hears, a move only after the action returned true; the reasons of failures.
@Suite("Dropping")
struct DropTests {
    @Test("a typed drop loads the item, calls the action with the location in the target's space, and reports copy")
    func typedDrop() async throws {
        let stage = Stage()
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(230, 240), at: 0.6)
        try stage.release(point(230, 240), at: 0.7)
        let dropping = try #require(stage.scene.dragSessions.first)
        #expect(dropping.isDropping)
        #expect(dropping.previewNodeID == nil)
        #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false"])
        #expect(stage.scene.hasPendingDrops)
        #expect(dropping.loadProgress?.totalItemCount == 1)
        let finished = await stage.scene.finishDrops()
        #expect(
            stage.log.lines == [
                "pane isTargeted true", "pane isTargeted false", "pane action [\"a\"] at 30,40", "source ended(copy)",
            ])
        #expect(finished.map(\.phase) == [.dataTransferCompleted])
        #expect(finished.map(\.transferredItemIndices) == [[0]])
        #expect(stage.updates.suffix(2).map(\.phase) == [.ended(.copy), .dataTransferCompleted])
        #expect(finished.first?.loadProgress == nil)
        #expect(!stage.scene.hasPendingDrops)
        #expect(stage.scene.dragSessions.isEmpty)
    }

    @Test("a move is reported only after the action returned true")
    func moveAfterTheAction() async throws {
        let stage = Stage(allowMove: true)
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100)).dropConfiguration { _ in
            DropConfiguration(operation: .move)
        }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        #expect(stage.ending == nil)
        await stage.scene.finishDrops()
        #expect(stage.log.lines.suffix(2) == ["pane action [\"a\"] at 50,50", "source ended(move)"])
        #expect(stage.updates.last?.phase == .dataTransferCompleted)
    }

    @Test("an action that returns false or throws: the source keeps its items and hears why")
    func actionFails() async throws {
        struct Refusal: Error {}
        let outcomes: [(result: () throws -> Bool, code: DragDropError.Code)] = [
            ({ false }, .declined), ({ throw Refusal() }, .actionFailed),
        ]
        for (result, code) in outcomes {
            let stage = Stage(allowMove: true)
            stage.tokenTarget("pane", frame: rect(200, 200, 100, 100), result: result).dropConfiguration { _ in
                DropConfiguration(operation: .move)
            }
            try stage.lift()
            try stage.move(point(250, 250), at: 0.6)
            try stage.release(point(250, 250), at: 0.7)
            await stage.scene.finishDrops()
            #expect(stage.ending == "ended(cancel) \(code)")
            #expect(stage.updates.last?.transferredItemIndices == [])
            if code == .actionFailed { #expect(stage.updates.last?.error?.underlyingError is Refusal) }
        }
    }

    @Test("a load failure: the action is not called, the source keeps its items and hears which item failed")
    func loadFailure() async throws {
        let stage = Stage(Token(name: "bad"), allowMove: true)
        let pane = stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100)).contentShape(Rectangle())
        pane.dropDestination(for: CheckedToken.self) { [log = stage.log] _, _ in
            log.add("action")
            return true
        }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        await stage.scene.finishDrops()
        #expect(stage.log.lines == ["source ended(cancel)"])
        let error = try #require(stage.updates.last?.error)
        #expect(error.code == .loadFailed)
        #expect(error.message.hasPrefix("item 1 of 1 could not be loaded as CheckedToken for pane#2: "))
        #expect(error.underlyingError is TransferError)
    }

    /// Three items from a container, loaded as `CheckedToken`s that finish in the reverse of the items' order.
    private func containerDrop(names: [String]) async throws -> (Log, Scene, [String]) {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        scene.isRecording = true
        let log = Log()
        let row = scene.root.addChild("row", frame: rect(0, 0, 300, 100))
        row.dragContainer(for: NamedItem.self) { ids in ids.map { NamedItem(id: $0, name: names[$0]) } }
            .dragContainerSelection([0, 1, 2])
        for index in names.indices {
            row.addChild(
                "item\(index)", frame: rect(CGFloat(index) * 100, 0, 100, 100),
                content: .text("\(index)", color: .black)
            )
            .draggable(containerItemID: index)
        }
        row.onDragSessionUpdated { session in
            if case .ended = session.phase { log.add("\(session.phase) \(session.error?.message ?? "")") }
        }
        scene.root.addChild("pane", frame: rect(200, 200, 100, 100)).contentShape(Rectangle())
            .dropDestination(for: CheckedToken.self) { tokens, _ in
                log.add("action \(tokens.map(\.name))")
                return true
            }
        try scene.send(.down, point(150, 50), at: 0)
        try scene.advance(to: 0.5)
        try scene.send(.move, point(250, 250), at: 0.6)
        try scene.send(.up, point(250, 250), at: 0.7)
        #expect(scene.dragSessions.first?.loadProgress?.totalItemCount == names.count)
        // The loads run while the scene's task waits; progress counts them as they finish.
        var progress = scene.dragSessions.first?.loadProgress
        while let current = progress, current.completedItemCount < current.totalItemCount {
            try await Task.sleep(for: .milliseconds(5))
            progress = scene.dragSessions.first?.loadProgress
        }
        #expect(progress?.fractionCompleted == 1)
        await scene.finishDrops()
        let entries = scene.timeline.entries.filter { $0.kind == .dropLoad || $0.kind == .dropAction }.map(\.value)
        return (log, scene, entries)
    }

    @Test("the loads run concurrently, yet items are recorded and delivered in their order, whichever finished first")
    func orderIndependentOfCompletion() async throws {
        // The loads of each drop wait for one another (Rendezvous), then finish last item first.
        let (log, _, entries) = try await containerDrop(names: ["A*3/slow-150", "A*3/mid-75", "A*3/fast-0"])
        #expect(log.lines == ["action [\"A*3/slow-150\", \"A*3/mid-75\", \"A*3/fast-0\"]", "ended(copy) "])
        #expect(
            entries == [
                "drag#1 loading 3 items as CheckedToken", "drag#1 item 1 of 3 loaded as CheckedToken",
                "drag#1 item 2 of 3 loaded as CheckedToken", "drag#1 item 3 of 3 loaded as CheckedToken",
                "drag#1 true",
            ])
        let (_, _, again) = try await containerDrop(names: ["B*3/slow-150", "B*3/mid-75", "B*3/fast-0"])
        #expect(again == entries)
    }

    @Test("when several items fail, the reason is the first failing item in the items' order, not the first to fail")
    func firstFailureInItemOrder() async throws {
        let (log, _, entries) = try await containerDrop(names: ["ok-0", "bad-100", "bad-0"])
        let wrapped = "could not import org.dndkit.test.token as CheckedToken"
        #expect(
            log.lines == [
                "ended(cancel) item 2 of 3 could not be loaded as CheckedToken for pane#5: \(wrapped): bad-100 is bad"
            ])
        #expect(
            entries == [
                "drag#1 loading 3 items as CheckedToken", "drag#1 item 1 of 3 loaded as CheckedToken",
                "drag#1 item 2 of 3 failed: \(wrapped): bad-100 is bad",
                "drag#1 item 3 of 3 failed: \(wrapped): bad-0 is bad",
            ])
    }

    @Test("a drag container drags the selection when the lifted item is selected, else the item alone")
    func containerSelection() throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let row = scene.root.addChild("row", frame: rect(0, 0, 300, 100))
        var asked: [[Int]] = []
        row.dragContainer(for: NamedItem.self) { ids in
            asked.append(ids)
            return ids.map { NamedItem(id: $0, name: "n\($0)") }
        }
        scene.root.dragContainerSelection([2, 0])
        for index in 0..<3 {
            row.addChild(
                "item\(index)", frame: rect(CGFloat(index) * 100, 0, 100, 100),
                content: .text("\(index)", color: .black)
            )
            .draggable(containerItemID: index)
        }
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        let selected = try #require(scene.dragSessions.first)
        #expect(selected.draggedItemIDs(for: Int.self) == [2, 0])
        #expect(selected.draggedItemIndex == 1)
        #expect(selected.itemsCount == 2)
        #expect(selected.draggedItemIDs(for: String.self).isEmpty)
        try scene.send(.up, point(50, 50), at: 0.6)
        try scene.send(.down, point(150, 50), at: 1)
        try scene.advance(to: 1.5)
        #expect(scene.dragSessions.first?.draggedItemIDs(for: Int.self) == [1])
        #expect(asked == [[2, 0], [1]])
    }

    @Test("a target that imports only some items moves those; the source hears which")
    func partialMove() async throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        var things = [Thing(id: 0, kind: .token), Thing(id: 1, kind: .card), Thing(id: 2, kind: .token)]
        let row = scene.root.addChild("row", frame: rect(0, 0, 300, 100))
        row.dragContainer(for: Thing.self) { ids in things.filter { ids.contains($0.id) } }
            .dragContainerSelection([0, 1, 2])
            .dragConfiguration(DragConfiguration(allowMove: true))
            .onDragSessionUpdated { session in
                if session.phase == .ended(.move) {
                    #expect(session.transferredItemIndices == [0, 2])
                    let moved = session.draggedItemIDs(for: Int.self)
                    things.removeAll { moved.contains($0.id) }
                }
            }
        for index in 0..<3 {
            row.addChild(
                "item\(index)", frame: rect(CGFloat(index) * 100, 0, 100, 100),
                content: .text("\(index)", color: .black)
            )
            .draggable(containerItemID: index)
        }
        var received: [Token] = []
        scene.root.addChild("pane", frame: rect(200, 200, 100, 100)).contentShape(Rectangle())
            .dropDestination(for: Token.self) { tokens, _ in
                received += tokens
                return true
            }
            .dropConfiguration { _ in DropConfiguration(operation: .move) }
        try scene.send(.down, point(50, 50), at: 0)
        try scene.advance(to: 0.5)
        try scene.send(.move, point(250, 250), at: 0.6)
        try scene.send(.up, point(250, 250), at: 0.7)
        await scene.finishDrops()
        #expect(received == [Token(name: "thing 0"), Token(name: "thing 2")])
        #expect(things.map(\.id) == [1])
    }

    @Test("two fingers drag two items to two targets at once")
    func twoSessionsAtOnce() async throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        var received: [String] = []
        for index in 0..<2 {
            let x = CGFloat(index) * 200
            scene.root.addChild("s\(index)", frame: rect(x, 0, 100, 100), content: .shape(.circle, fill: .red))
                .draggable(Token(name: "t\(index)"))
            scene.root.addChild("p\(index)", frame: rect(x, 250, 150, 150), content: .shape(.rectangle, fill: .gray))
                .dropDestination(for: Token.self) { tokens, _ in
                    received += tokens.map { "p\(index) got \($0.name)" }
                    return true
                }
        }
        try scene.send(.down, point(50, 50), at: 0, pointer: 7)
        try scene.send(.down, point(250, 50), at: 0.1, pointer: 8)
        try scene.advance(to: 0.6)
        try scene.send(.move, point(250, 300), at: 0.7, pointer: 7)
        try scene.send(.move, point(50, 300), at: 0.7, pointer: 8)
        let sessions = scene.dragSessions
        #expect(sessions.map(\.pointerID) == [7, 8])
        #expect(sessions.map(\.targetNodeID) == [scene.node(named: "p1")?.id, scene.node(named: "p0")?.id])
        try scene.send(.up, point(50, 300), at: 0.8, pointer: 8)
        try scene.send(.up, point(250, 300), at: 0.9, pointer: 7)
        let finished = await scene.finishDrops()
        #expect(finished.map(\.pointerID) == [8, 7])
        #expect(received == ["p0 got t1", "p1 got t0"])
    }

    @Test("onDrop(of:isTargeted:perform:) hands over providers at the drop and ends the session at once")
    func providersDrop() async throws {
        let stage = Stage()
        var isTargeted = false
        var providers: [NSItemProvider] = []
        stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100)).contentShape(Rectangle())
            .onDrop(of: [.token], isTargeted: Binding(get: { isTargeted }, set: { isTargeted = $0 })) {
                given, location in
                providers = given
                stage.log.add("perform at \(Int(location.x)),\(Int(location.y))")
                return true
            }
        try stage.lift()
        try stage.move(point(250, 260), at: 0.6)
        #expect(isTargeted)
        try stage.release(point(250, 260), at: 0.7)
        #expect(!isTargeted)
        #expect(!stage.scene.hasPendingDrops)
        #expect(stage.log.lines == ["perform at 50,60", "source ended(copy)"])
        #expect(try await providers.first?.loadTransferable(type: Token.self) == Token(name: "a"))
    }

    @Test("a target declared by content types gets the bytes of the first conforming type offered")
    func contentTypeDrop() async throws {
        let stage = Stage()
        var dropped: [DroppedData] = []
        stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100)).contentShape(Rectangle())
            .dropDestination(of: [.card, .json, .token]) { items, _ in
                dropped = items
                return true
            }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        await stage.scene.finishDrops()
        #expect(dropped.map(\.contentType) == [.token])
        #expect(try dropped.map { try JSONDecoder().decode(Token.self, from: $0.data) } == [Token(name: "a")])
        #expect(stage.ending == "ended(copy)")
    }

    @Test("a target of OneOf accepts each of its member types")
    func oneOfTarget() async throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        scene.root.addChild("token", frame: rect(0, 0, 100, 100), content: .shape(.circle, fill: .red)).draggable(
            Token(name: "t"))
        scene.root.addChild("card", frame: rect(100, 0, 100, 100), content: .shape(.circle, fill: .red)).draggable(
            Card(name: "c"))
        var received: [String] = []
        scene.root.addChild("pane", frame: rect(0, 200, 400, 200)).contentShape(Rectangle())
            .dropDestination(for: OneOf<Card, Token>.self) { items, _ in
                received += items.map { item in
                    item.value(as: Card.self).map { "card \($0.name)" } ?? item.value(as: Token.self).map {
                        "token \($0.name)"
                    } ?? "?"
                }
                return true
            }
        for (index, x) in [50.0, 150.0].enumerated() {
            let time = Double(index)
            try scene.send(.down, point(x, 50), at: time)
            try scene.advance(to: time + 0.5)
            try scene.send(.move, point(200, 300), at: time + 0.6)
            try scene.send(.up, point(200, 300), at: time + 0.7)
            await scene.finishDrops()
        }
        #expect(received == ["token t", "card c"])
    }

    @Test("an item whose drop is still loading does not lift again, so it cannot be moved twice")
    func oneSessionPerItem() async throws {
        let stage = Stage(allowMove: true)
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100)).dropConfiguration { _ in
            DropConfiguration(operation: .move)
        }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        #expect(stage.scene.hasPendingDrops)
        try stage.lift(at: 1)
        #expect(stage.scene.dragSessions.map(\.isDropping) == [true])
        try stage.release(point(50, 50), at: 1.6)
        await stage.scene.finishDrops()
        try stage.lift(at: 2)
        #expect(stage.scene.dragSessions.map(\.id) == [DragSession.ID(rawValue: 2)])
    }

    @Test("with a dropLoadingExecutor the loads run on it, with the same outcome and timeline")
    func loadingExecutor() async throws {
        func run(on executor: CountingExecutor?) async throws -> (log: [String], timeline: String) {
            let stage = Stage()
            stage.scene.dropLoadingExecutor = executor
            stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
            try stage.lift()
            try stage.move(point(230, 240), at: 0.6)
            try stage.release(point(230, 240), at: 0.7)
            await stage.scene.finishDrops()
            return (stage.log.lines, stage.scene.timeline.description)
        }
        let executor = CountingExecutor()
        let (log, timeline) = try await run(on: executor)
        #expect(executor.jobCount > 0)
        #expect(
            log == [
                "pane isTargeted true", "pane isTargeted false", "pane action [\"a\"] at 30,40", "source ended(copy)",
            ])
        let before = executor.jobCount
        let (defaultLog, defaultTimeline) = try await run(on: nil)
        #expect(executor.jobCount == before)
        #expect(defaultLog == log)
        #expect(defaultTimeline == timeline)
    }

    @Test("the same script gives the same timeline, byte for byte")
    func deterministicTimeline() async throws {
        func run() async throws -> String {
            let stage = Stage(allowMove: true)
            let parent = stage.tokenTarget("parent", frame: rect(150, 150, 200, 200))
            stage.tokenTarget("child", frame: rect(50, 50, 50, 50), in: parent).dropConfiguration { _ in
                DropConfiguration(operation: .move)
            }
            try stage.lift()
            try stage.scene.move(to: point(225, 225), arrivingAt: 1, steps: 7)
            try stage.scene.move(to: point(170, 170), arrivingAt: 1.5, steps: 3)
            try stage.scene.move(to: point(230, 230), arrivingAt: 2, steps: 3)
            try stage.release(point(230, 230), at: 2.1)
            await stage.scene.finishDrops()
            return stage.scene.timeline.description
        }
        let first = try await run()
        #expect(first.contains("drag.ended  drag#1 move"))
        #expect(try await run() == first)
    }

    @MainActor
    @Test("finishDrops runs in the caller's isolation: from the main actor too")
    func finishOnTheMainActor() async throws {
        let stage = Stage()
        stage.tokenTarget("pane", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.release(point(250, 250), at: 0.7)
        let finished = await stage.scene.finishDrops()
        #expect(finished.count == 1)
        #expect(stage.ending == "ended(copy)")
    }
}

/// An identifiable item of a drag container, dragged as a token named after it.
struct NamedItem: Identifiable, Transferable {
    var id: Int
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation { (item: NamedItem) in Token(name: item.name) }
    }
}

/// A task executor that counts the jobs it is given and runs each on a thread of its own. Neither Swift's
/// cooperative threads nor Dispatch's global ones: on a 2-core machine the parallel suites can hold both pools for
/// a minute, and a load waiting for them would miss the tests' deadlines.
final class CountingExecutor: TaskExecutor {
    private let jobs = Atomic<Int>(0)

    var jobCount: Int { jobs.load(ordering: .relaxed) }

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        Thread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }.start()
    }
}
