import Foundation
import Gestures
import Simulation
import Testing

@Suite("Scripts")
struct ScriptTests {
    @Test("Every step parses into its action")
    func steps() throws {
        let script = try Script.parse(
            """
            # comment
            down 2 at (10, 20) by mouse secondary
            move 2 to (30,40) over 0.5 steps 5   # trailing comment
            up 2 at (31, 41)
            cancel 3
            advance 0.25
            wait 1s
            @7.5 key escape
            drag "my photo" from library to album at (5, 6) by mouse pointer 4 then escape
            tap album at (1, 2) by pen
            long-press photo-1 for 2
            pinch photo-1 by 1.5
            rotate photo-1 by -45
            """, fileName: "s.txt")
        #expect(
            script.steps.map(\.action) == [
                .down(pointer: 2, at: CGPoint(x: 10, y: 20), kind: .mouse(.secondary)),
                .move(pointer: 2, to: CGPoint(x: 30, y: 40), duration: 0.5, steps: 5),
                .up(pointer: 2, at: CGPoint(x: 31, y: 41)),
                .cancel(pointer: 3),
                .advance(0.25),
                .advance(1),
                .key(.escape),
                .drag(
                    items: ["my photo"], from: "library", to: "album", at: CGPoint(x: 5, y: 6), kind: .mouse(.primary),
                    pointer: 4, escape: true),
                .tap(target: "album", at: CGPoint(x: 1, y: 2), kind: .pen),
                .longPress(target: "photo-1", duration: 2),
                .pinch(item: "photo-1", scale: 1.5),
                .rotate(item: "photo-1", degrees: -45),
            ])
        #expect(script.steps.map(\.line) == Array(2...13))
        #expect(script.steps[6].time == 7.5)
        #expect(script.steps.allSatisfy { $0.file == "s.txt" })
    }

    @Test("drag takes several items, separated by commas with or without spaces; quotes keep a comma in a name")
    func severalItems() throws {
        let script = try Script.parse(
            """
            drag photo-1, photo-2 from library to album
            drag a,b , c ,d from p to q
            drag "one, two",three from p to q
            """, fileName: nil)
        let items = script.steps.map { step -> [String] in
            guard case .drag(let items, _, _, _, _, _, _) = step.action else { return [] }
            return items
        }
        #expect(items == [["photo-1", "photo-2"], ["a", "b", "c", "d"], ["one, two", "three"]])
    }

    @Test(
        "Malformed steps name their line and column",
        arguments: [
            ("jump 1", 1, 1, "unknown step"),
            ("\n  down 1 at (1; 2)", 2, 13, "point"),
            ("move x to (1, 2)", 1, 6, "pointer number"),
            ("drag a from b", 1, 14, "\"to\""),
            ("drag a,, b from c to d", 1, 6, "before the comma"),
            ("drag a, from c to d", 1, 9, "after the comma"),
            ("drag a b from c to d", 1, 8, "\"from\""),
            ("drag a from b to c by car", 1, 23, "device"),
            ("key f1", 1, 5, "key"),
            ("pinch a by -1", 1, 12, "positive"),
            ("up 1 sideways", 1, 6, "unexpected"),
            ("tap \"open", 1, 10, "quote"),
            ("@-1 up 1", 1, 1, "negative"),
        ])
    func errors(text: String, line: Int, column: Int, words: String) {
        let error = simulationError { _ = try Script.parse(text, fileName: "bad.txt") }
        #expect(error?.code == .syntax)
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.contains(words) == true, "\(String(describing: error))")
    }

    @Test("An unknown step gets a suggestion")
    func suggestion() {
        let error = simulationError { _ = try Script.parse("darg a from b to c") }
        #expect(error?.message.contains("did you mean \"drag\"") == true)
    }

    private func simulation() throws -> Simulation {
        try Simulation(
            try SceneFile.parse(
                """
                panes:
                  - {name: library, frame: [0, 0, 200, 100], contents: {generate: 2}}
                  - {name: album, frame: [300, 0, 200, 100], accepts: public.image}
                """))
    }

    @Test("A touch drag expands into a press held past the lift, 8 even moves, a pause and a release")
    func touchDrag() throws {
        let simulation = try simulation()
        let step = ScriptStep(
            .drag(items: ["photo-2"], from: "library", to: "album", at: nil, kind: .touch, pointer: 1, escape: false))
        let (events, next) = try simulation.expand(step, at: 1)
        // photo-2 is the second 48x36 thumbnail: x 8+56 = 64, y 20, so its centre is (88, 38); the album's
        // centre is (400, 50).
        #expect(
            events.first
                == .pointer(
                    PointerEvent(pointerID: 1, kind: .touch, phase: .down, location: CGPoint(x: 88, y: 38), time: 1)))
        #expect(events[1] == .advance(to: 1.55))
        let moves = events.compactMap { event -> PointerEvent? in
            if case .pointer(let pointer) = event, pointer.phase == .move { return pointer }
            return nil
        }
        #expect(moves.count == 8)
        #expect(moves.first?.location == CGPoint(x: 127, y: 39.5))
        #expect(moves.last?.location == CGPoint(x: 400, y: 50))
        #expect(abs((moves.last?.time ?? 0) - 1.95) < 1e-9)
        guard case .pointer(let up) = events.last else { throw CancellationError() }
        #expect(up.phase == .up && up.location == CGPoint(x: 400, y: 50) && abs(up.time - 2.05) < 1e-9)
        #expect(abs(next - 2.3) < 1e-9)
        // The same state gives the same events.
        #expect(try simulation.expand(step, at: 1).events == events)
    }

    @Test("A mouse drag does not hold; Escape replaces the pause")
    func mouseDrag() throws {
        let simulation = try simulation()
        let step = ScriptStep(
            .drag(
                items: ["photo-1"], from: "library", to: "album", at: CGPoint(x: 10, y: 10), kind: .mouse(.primary),
                pointer: 3, escape: true))
        let (events, _) = try simulation.expand(step, at: 0)
        #expect(!events.contains(.advance(to: 0.55)))
        #expect(events.contains(.key(KeyEvent(key: .escape, time: 0.5))))
        #expect(
            events.last
                == .pointer(
                    PointerEvent(
                        pointerID: 3, kind: .mouse(.primary), phase: .up, location: CGPoint(x: 310, y: 10), time: 0.5)))
    }

    @Test("A pinch puts two fingers 40 apart around the item and spreads them by the factor")
    func pinch() throws {
        let simulation = try simulation()
        let (events, _) = try simulation.expand(ScriptStep(.pinch(item: "photo-1", scale: 2)), at: 0)
        let downs = events.compactMap { event -> CGPoint? in
            if case .pointer(let pointer) = event, pointer.phase == .down { return pointer.location }
            return nil
        }
        #expect(downs == [CGPoint(x: 12, y: 38), CGPoint(x: 52, y: 38)])
        let ups = events.compactMap { event -> CGPoint? in
            if case .pointer(let pointer) = event, pointer.phase == .up { return pointer.location }
            return nil
        }
        #expect(ups == [CGPoint(x: -8, y: 38), CGPoint(x: 72, y: 38)])
    }

    @Test("Unknown panes and items, and pointers in the wrong state, name the step's line")
    func runtimeErrors() async throws {
        let simulation = try simulation()
        let noPane = simulationError {
            _ = try simulation.expand(
                ScriptStep(
                    .drag(
                        items: ["photo-1"], from: "libary", to: "album", at: nil, kind: .touch, pointer: 1,
                        escape: false),
                    line: 4), at: 0)
        }
        #expect(noPane?.line == 4)
        #expect(noPane?.message.contains("did you mean \"library\"") == true)
        let noItem = simulationError {
            _ = try simulation.expand(
                ScriptStep(
                    .drag(
                        items: ["photo-9"], from: "library", to: "album", at: nil, kind: .touch, pointer: 1,
                        escape: false)
                ), at: 0)
        }
        #expect(noItem?.message.contains("photo-1, photo-2") == true)
        let notDown = simulationError {
            _ = try simulation.expand(ScriptStep(.up(pointer: 1, at: nil), line: 9), at: 0)
        }
        #expect(notDown?.code == .badInput)
        #expect(notDown?.line == 9)
        await #expect(throws: SimulationError.self) {
            _ = try await simulation.run(try Script.parse("@2 advance 1\n@1 advance 1"))
        }
    }
}

@Suite("Scripts: drops at an index of a list pane")
struct ListScriptTests {
    private func simulation() throws -> Simulation {
        try Simulation(
            try SceneFile.parse(
                """
                panes:
                  - {name: library, frame: [0, 0, 300, 100], list: true, accepts: public.png, operation: move, contents: {generate: 3}}
                  - {name: album, frame: [0, 200, 300, 100], accepts: public.png}
                  - {name: roll, frame: [0, 400, 300, 100], contents: {generate: 1, prefix: shot}}
                """))
    }

    @Test("`drag ITEM to PANE at INDEX` parses, with or without the source pane")
    func parsing() throws {
        let script = try Script.parse(
            "drag photo-3 to library at 1\ndrag shot-1 from roll to library at 0 by mouse", fileName: nil)
        #expect(
            script.steps.map(\.action) == [
                .dragToIndex(
                    items: ["photo-3"], from: nil, to: "library", index: 1, kind: .touch, pointer: 1, escape: false),
                .dragToIndex(
                    items: ["shot-1"], from: "roll", to: "library", index: 0, kind: .mouse(.primary), pointer: 1,
                    escape: false),
            ])
        let negative = try #require(simulationError { _ = try Script.parse("drag a to b at -1", fileName: nil) })
        #expect(negative.message.contains("must not be negative"))
        let noSource = try #require(simulationError { _ = try Script.parse("drag a to b", fileName: nil) })
        #expect(noSource.message.contains("expected \"from\""))
    }

    @Test("reorders within the list and inserts from elsewhere at the index; the timeline says moved")
    func reorderAndInsert() async throws {
        let simulation = try simulation()
        let result = try await simulation.run(
            Script.parse("drag photo-1 to library at 3\ndrag shot-1 to library at 1", fileName: nil))
        #expect(simulation.items(inPane: "library").map(\.name) == ["photo-2", "shot-1", "photo-3", "photo-1"])
        #expect(simulation.items(inPane: "roll").isEmpty)
        #expect(result.text.contains("moved       #1 [0] to 3"))
    }

    @Test("an index in a pane that is not a list, or past its end, is an error naming the line")
    func errors() async throws {
        let simulation = try simulation()
        let notList = try #require(
            await asyncSimulationError {
                _ = try await simulation.run(Script.parse("drag photo-1 to album at 0", fileName: nil))
            })
        #expect(notList.message.contains("pane \"album\" is not a list"))
        #expect(notList.line == 1)
        let pastEnd = try #require(
            await asyncSimulationError {
                _ = try await simulation.run(Script.parse("\ndrag photo-1 to library at 4", fileName: nil))
            })
        #expect(pastEnd.message.contains("holds 3 items, so an item can land at 0 to 3, not at 4"))
        #expect(pastEnd.line == 2)
        #expect(simulation.items(inPane: "library").count == 3)
    }
}

/// The error an async throwing call threw, as a `SimulationError`.
func asyncSimulationError(_ body: () async throws -> Void) async -> SimulationError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? SimulationError
    }
}
