import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// The targeting rules of the specification's §7: one target at a time, frontmost first, skipping nodes that
/// cannot import an item or decline; exit strictly before enter; balanced isTargeted; the delegates' order.
@Suite("Targeting")
struct TargetingTests {
    @Test("a node that cannot import any dragged item is skipped: the drag goes to the node beneath")
    func routesByType() async throws {
        let stage = Stage()
        stage.tokenTarget("back", frame: rect(150, 150, 200, 200))
        stage.cardTarget("front", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        #expect(stage.log.lines == ["back isTargeted true"])
        #expect(stage.scene.dragSessions.first?.targetNodeID == stage.scene.node(named: "back")?.id)
        try stage.release(point(250, 250), at: 0.7)
        await stage.scene.finishDrops()
        #expect(
            stage.log.lines == [
                "back isTargeted true", "back isTargeted false", "back action [\"a\"] at 100,100", "source ended(copy)",
            ])
    }

    @Test("children come before their parents, and exit comes strictly before enter")
    func nestedTargets() async throws {
        let stage = Stage()
        let parent = stage.tokenTarget("parent", frame: rect(150, 150, 200, 200))
        stage.tokenTarget("child", frame: rect(50, 50, 50, 50), in: parent)
        try stage.lift()
        try stage.move(point(225, 225), at: 0.6)
        try stage.move(point(170, 170), at: 0.7)
        try stage.release(point(170, 170), at: 0.8)
        await stage.scene.finishDrops()
        #expect(
            stage.log.lines == [
                "child isTargeted true", "child isTargeted false", "parent isTargeted true", "parent isTargeted false",
                "parent action [\"a\"] at 20,20", "source ended(copy)",
            ])
        #expect(
            stage.dragLog == [
                "source drag.lift drag#1 pointer 1 at (50, 50): 1 item [org.dndkit.test.token]",
                "child drop.entered drag#1", "child drop.targeted true", "child drop.proposal drag#1 copy",
                "child drop.exited drag#1", "child drop.targeted false",
                "parent drop.entered drag#1", "parent drop.targeted true", "parent drop.proposal drag#1 copy",
                "parent drop.performed drag#1 copy at (20, 20): 1 of 1 item", "parent drop.targeted false",
                "parent drop.load drag#1 loading 1 item as Token",
                "parent drop.load drag#1 item 1 of 1 loaded as Token",
                "parent drop.action drag#1 true", "source drag.ended drag#1 copy",
            ])
    }

    @Test("a child that cannot import leaves its parent targeted")
    func childThatCannotImport() throws {
        let stage = Stage()
        let parent = stage.tokenTarget("parent", frame: rect(150, 150, 200, 200))
        stage.cardTarget("child", frame: rect(50, 50, 50, 50), in: parent)
        try stage.lift()
        try stage.move(point(225, 225), at: 0.6)
        #expect(stage.log.lines == ["parent isTargeted true"])
    }

    @Test("moving from one target to an adjacent one: the old one's false comes before the new one's true")
    func adjacentTargets() throws {
        let stage = Stage()
        stage.tokenTarget("left", frame: rect(100, 200, 100, 100))
        stage.tokenTarget("right", frame: rect(200, 200, 100, 100))
        try stage.lift()
        try stage.move(point(190, 250), at: 0.6)
        try stage.move(point(210, 250), at: 0.7)
        try stage.move(point(190, 250), at: 0.8)
        try stage.move(point(50, 350), at: 0.9)
        #expect(
            stage.log.lines == [
                "left isTargeted true", "left isTargeted false", "right isTargeted true", "right isTargeted false",
                "left isTargeted true", "left isTargeted false",
            ])
    }

    @Test("a delegate hears validateDrop, dropEntered, dropUpdated on every move, then dropExited or performDrop")
    func delegateOrder() async throws {
        let stage = Stage()
        let delegate = RecordingDelegate("d", log: stage.log)
        stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
            .onDrop(of: [.token], delegate: delegate)
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.move(point(260, 250), at: 0.7)
        try stage.move(point(350, 350), at: 0.8)
        try stage.move(point(250, 250), at: 0.9)
        try stage.release(point(250, 250), at: 1)
        #expect(
            stage.log.lines == [
                "d validate 50,50", "d entered providers 0", "d updated 50,50", "d updated 60,50", "d exited",
                "d validate 50,50", "d entered providers 0", "d updated 50,50", "d performDrop providers 1",
                "source ended(copy)",
            ])
        #expect(!stage.scene.hasPendingDrops)
        // The providers handed over at the drop can be loaded.
        let token = try await delegate.performedProviders[0].loadTransferable(type: Token.self)
        #expect(token == Token(name: "a"))
    }

    @Test("before the drop a delegate sees types only; itemProviders(for:) is empty until performDrop")
    func typesOnlyBeforeTheDrop() throws {
        let info = DropInfo(location: .zero, itemProviders: [ItemProvider(Token(name: "a"))], isDropping: false)
        #expect(info.hasItemsConforming(to: [.token]))
        #expect(info.hasItemsConforming(to: [.data]))
        #expect(!info.hasItemsConforming(to: [.card]))
        #expect(info.itemProviders(for: [.token]).isEmpty)
        let dropping = DropInfo(location: .zero, itemProviders: [ItemProvider(Token(name: "a"))], isDropping: true)
        #expect(dropping.itemProviders(for: [.token]).count == 1)
        #expect(dropping.itemProviders(for: [.card]).isEmpty)
    }

    @Test("a delegate whose validateDrop returns false is skipped, and asked again when the pointer comes back")
    func declinedTargetIsSkipped() async throws {
        let stage = Stage()
        stage.tokenTarget("back", frame: rect(150, 150, 200, 200))
        let delegate = RecordingDelegate("front", log: stage.log)
        delegate.isValid = false
        stage.scene.root.addChild("front", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
            .onDrop(of: [.token], delegate: delegate)
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.move(point(260, 260), at: 0.7)
        try stage.move(point(180, 180), at: 0.8)
        try stage.move(point(250, 250), at: 0.9)
        try stage.release(point(250, 250), at: 1)
        await stage.scene.finishDrops()
        #expect(
            stage.log.lines == [
                "front validate 50,50", "back isTargeted true", "front validate 50,50", "back isTargeted false",
                "back action [\"a\"] at 100,100", "source ended(copy)",
            ])
        #expect(
            stage.dragLog.filter { $0.contains("declined") } == [
                "front drop.declined drag#1", "front drop.declined drag#1",
            ])
    }

    @Test("a delegate's nil proposal keeps the last one, .copy at first; a move the source forbids is a copy")
    func proposals() throws {
        for allowMove in [true, false] {
            let stage = Stage(allowMove: allowMove)
            let delegate = RecordingDelegate("d", log: stage.log)
            delegate.proposals = [nil, DropProposal(operation: .move), nil, DropProposal(operation: .copy)]
            stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100)).contentShape(Rectangle())
                .onDrop(of: [.token], delegate: delegate)
            try stage.lift()
            var seen: [DropOperation?] = []
            for step in 0..<4 {
                try stage.move(point(210 + 10 * CGFloat(step), 250), at: 0.6 + 0.1 * Double(step))
                seen.append(stage.scene.dragSessions.first?.proposal?.operation)
            }
            #expect(seen == [.copy, allowMove ? .move : .copy, allowMove ? .move : .copy, .copy])
        }
    }

    @Test("a target whose proposal is .forbidden keeps the drag but refuses the drop")
    func forbiddenRefusesTheDrop() async throws {
        let stage = Stage()
        let delegate = RecordingDelegate("d", log: stage.log)
        delegate.proposals = [DropProposal(operation: .forbidden)]
        stage.scene.root.addChild("pane", frame: rect(200, 200, 100, 100), content: .shape(.rectangle, fill: .gray))
            .onDrop(of: [.token], delegate: delegate)
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.move(point(255, 250), at: 0.7)
        #expect(stage.scene.dragSessions.first?.proposal == DropProposal(operation: .forbidden))
        #expect(stage.scene.node(named: "pane")?.isDropTargeted == true)
        try stage.release(point(255, 250), at: 0.8)
        #expect(
            stage.log.lines == [
                "d validate 50,50", "d entered providers 0", "d updated 50,50", "d updated 55,50", "d exited",
                "source ended(cancel)",
            ])
        #expect(stage.ending == "ended(cancel) refused")
        #expect(stage.scene.node(named: "pane")?.isDropTargeted == false)
    }

    @Test("dropConfiguration forbids a region of a typed target; isTargeted stays true there")
    func forbiddenRegion() async throws {
        let stage = Stage()
        let pane = stage.tokenTarget("pane", frame: rect(200, 200, 200, 100))
        pane.dropConfiguration { drop in
            #expect(drop.itemsCount == 1)
            #expect(drop.suggestedOperations == [.copy])
            return DropConfiguration(operation: drop.location.x < 100 ? .copy : .forbidden)
        }
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        #expect(stage.scene.dragSessions.first?.proposal?.operation == .copy)
        try stage.move(point(350, 250), at: 0.7)
        #expect(stage.scene.dragSessions.first?.proposal?.operation == .forbidden)
        try stage.release(point(350, 250), at: 0.8)
        await stage.scene.finishDrops()
        #expect(stage.log.lines == ["pane isTargeted true", "pane isTargeted false", "source ended(cancel)"])
        #expect(stage.ending == "ended(cancel) refused")
    }

    @Test("disabled and hit-transparent targets are skipped")
    func disabledAndTransparentTargets() throws {
        let stage = Stage()
        stage.tokenTarget("back", frame: rect(150, 150, 200, 200))
        let disabled = stage.tokenTarget("disabled", frame: rect(200, 200, 50, 50)).disabled(true)
        let hidden = stage.tokenTarget("hidden", frame: rect(250, 200, 50, 50)).allowsHitTesting(false)
        try stage.lift()
        try stage.move(point(225, 225), at: 0.6)
        try stage.move(point(275, 225), at: 0.7)
        #expect(stage.log.lines == ["back isTargeted true"])
        disabled.disabled(false)
        hidden.allowsHitTesting(true)
        try stage.move(point(276, 225), at: 0.8)
        try stage.move(point(225, 225), at: 0.9)
        #expect(
            stage.log.lines == [
                "back isTargeted true", "back isTargeted false", "hidden isTargeted true", "hidden isTargeted false",
                "disabled isTargeted true",
            ])
    }

    @Test("two drags over one target: isTargeted is true from the first arrival to the last departure")
    func twoDragsOverOneTarget() async throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let log = Log()
        for (index, x) in [0, 100].enumerated() {
            scene.root.addChild(
                "s\(index)", frame: rect(CGFloat(x), 0, 100, 100), content: .shape(.rectangle, fill: .red)
            )
            .draggable(Token(name: "t\(index)"))
        }
        scene.root.addChild("t", frame: rect(100, 200, 200, 200), content: .shape(.rectangle, fill: .gray))
            .dropDestination(for: Token.self) { tokens, _ in
                log.add("action \(tokens.map(\.name))")
                return true
            } isTargeted: {
                log.add("isTargeted \($0)")
            }
        try scene.send(.down, point(50, 50), at: 0, pointer: 1)
        try scene.send(.down, point(150, 50), at: 0.1, pointer: 2)
        try scene.advance(to: 0.6)
        #expect(scene.dragSessions.map(\.pointerID) == [1, 2])
        try scene.send(.move, point(150, 250), at: 0.7, pointer: 1)
        try scene.send(.move, point(250, 250), at: 0.8, pointer: 2)
        #expect(log.lines == ["isTargeted true"])
        try scene.send(.move, point(50, 150), at: 0.9, pointer: 1)
        #expect(log.lines == ["isTargeted true"])
        try scene.send(.up, point(250, 250), at: 1, pointer: 2)
        await scene.finishDrops()
        #expect(log.lines == ["isTargeted true", "isTargeted false", "action [\"t1\"]"])
        try scene.send(.up, point(50, 150), at: 1.1, pointer: 1)
        #expect(log.lines == ["isTargeted true", "isTargeted false", "action [\"t1\"]"])
        #expect(scene.dragSessions.isEmpty)
    }

    @Test("spring loading: hovering within 10 points for 1 s runs the action once; moving 10 points restarts the wait")
    func springLoading() throws {
        let stage = Stage()
        var springs: [Double] = []
        stage.tokenTarget("folder", frame: rect(200, 200, 150, 150)).onSpringLoad {
            springs.append(stage.scene.currentTime)
        }
        stage.tokenTarget("plain", frame: rect(0, 200, 150, 150))
        try stage.lift()
        try stage.move(point(250, 250), at: 0.6)
        try stage.scene.advance(to: 1.5)
        try stage.move(point(256, 257.9), at: 1.55)  // just under 10 points from where the wait started
        try stage.scene.advance(to: 1.599)
        #expect(springs.isEmpty)
        try stage.scene.advance(to: 1.6)
        #expect(springs == [1.6])
        try stage.scene.advance(to: 3)
        #expect(springs == [1.6])
        try stage.move(point(260, 250), at: 3.1)  // 10 points from the anchor: the wait starts again
        try stage.scene.advance(to: 4.2)
        #expect(springs == [1.6, 4.1])
        // Leaving before the second elapses cancels the wait; a target without the opt-in never springs.
        try stage.move(point(300, 300), at: 4.3)
        try stage.move(point(50, 250), at: 4.5)
        try stage.scene.advance(to: 7)
        #expect(springs == [1.6, 4.1])
        #expect(
            stage.dragLog.filter { $0.contains("springLoaded") } == [
                "folder drop.springLoaded drag#1", "folder drop.springLoaded drag#1",
            ])
    }
}
