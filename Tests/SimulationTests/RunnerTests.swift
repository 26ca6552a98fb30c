import ContentTypes
import DragDrop
import Foundation
import Gestures
import Simulation
import Testing

@Suite("Running scenes")
struct RunnerTests {
    static let samples = [
        "photo-sorter.yaml", "targeted-overlay.json", "routing-by-type.yaml", "multi-touch.yaml", "cancel-paths.yaml",
        "reorderable-list.yaml",
    ]

    @Test("Each sample's timeline is its committed expected timeline", arguments: samples)
    func expectedTimelines(name: String) async throws {
        let (_, result) = try await run(sampleScenes.appendingPathComponent(name))
        let expected = sampleScenes.appendingPathComponent(
            URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent + ".timeline")
        if ProcessInfo.processInfo.environment["DNDSIM_RECORD"] != nil {
            try Data(result.text.utf8).write(to: expected)
        }
        let text = try #require(FileManager.default.contents(atPath: expected.path))
        #expect(result.text == String(decoding: text, as: UTF8.self))
    }

    @Test("Nothing is lost: every item exists once, plus once per copy made of it", arguments: samples + ["demo"])
    func nothingLost(name: String) async throws {
        let simulation: Simulation
        let result: SimulationResult
        if name == "demo" {
            simulation = try Simulation(DemoScene.file)
            result = try await simulation.run(DemoScene.script)
        } else {
            (simulation, result) = try await run(sampleScenes.appendingPathComponent(name))
        }
        let fresh = try Simulation(simulation.file)
        let startNames = Set(fresh.paneNames.flatMap { fresh.items(inPane: $0).map(\.name) })
        let copies = result.events(of: .end).filter { $0.fact == .drag(.ended(.copy, error: nil)) }.compactMap(\.item)
        let origins = result.panes.flatMap { $0.items.map(\.origin) }
        for name in startNames {
            let count = origins.filter { $0 == name }.count
            #expect(count == 1 + copies.filter { $0 == name }.count, "\(name)")
        }
        #expect(Set(origins) == startNames)
    }

    @Test("isTargeted is balanced per pane and every exit comes before the next enter", arguments: samples + ["demo"])
    func targetingRules(name: String) async throws {
        let result =
            name == "demo"
            ? try await Simulation(DemoScene.file).run(DemoScene.script)
            : try await run(sampleScenes.appendingPathComponent(name)).1
        var targeted: [String: Bool] = [:]
        for event in result.events(of: .isTargeted) {
            let pane = try #require(event.pane)
            let now = event.fact == .drag(.targetedChanged(true))
            #expect(targeted[pane, default: false] != now, "\(event)")
            targeted[pane] = now
        }
        #expect(targeted.values.allSatisfy { !$0 })
        var current: [DragSession.ID: String] = [:]
        for event in result.events(of: .enter, .exit, .drop) {
            let session = try #require(event.session)
            switch event.kind {
            case .enter:
                #expect(current[session] == nil, "\(event)")
                current[session] = event.pane
            default:
                #expect(current[session] == event.pane, "\(event)")
                current[session] = nil
            }
        }
    }

    @Test("The photo sorter empties the strip into the view, bytes unchanged, as D6")
    func photoSorter() async throws {
        let (simulation, result) = try await run(sampleScenes.appendingPathComponent("photo-sorter.yaml"))
        let start = try Simulation(simulation.file).items(inPane: "strip")
        #expect(simulation.items(inPane: "strip").isEmpty)
        #expect(simulation.items(inPane: "view").map(\.name) == ["picture-1", "picture-2", "picture-3"])
        #expect(simulation.items(inPane: "view").map(\.data) == start.map(\.data))
        #expect(result.events(of: .end).map(\.fact) == Array(repeating: .drag(.ended(.move, error: nil)), count: 3))
        for lift in result.events(of: .lift) {
            guard case .drag(.lifted(_, _, let types)) = lift.fact else {
                Issue.record("a lift without its types: \(lift)")
                continue
            }
            #expect(types.allSatisfy { $0.contains(UTType("org.alanhou.pictures")!) })
        }
    }

    @Test("The demo: two moves, a copy routed to the text pane, one refusal, one cancel")
    func demo() async throws {
        let simulation = try Simulation(DemoScene.file)
        #expect(DemoScene.script.steps.count == 5)
        let result = try await simulation.run(DemoScene.script)
        let operations = result.events(of: .end).compactMap { event -> DropOperation? in
            guard case .drag(.ended(let operation, _)) = event.fact else { return nil }
            return operation
        }
        #expect(operations == [.move, .move, .copy, .cancel, .cancel])
        let reasons = result.events(of: .cancel).compactMap { event -> DragDropError.Code? in
            guard case .cancelled(let error) = event.fact else { return nil }
            return error.code
        }
        #expect(reasons == [.refused, .cancelled])
        #expect(simulation.items(inPane: "album").map(\.name) == ["photo-1", "photo-2"])
        #expect(simulation.items(inPane: "notes").map(\.name) == ["note-1"])
        #expect(
            simulation.items(inPane: "library").map(\.name) == ["photo-3", "photo-4", "photo-5", "photo-6", "note-1"])
        // photo-2 was released over the notes pane, which takes only text: the album took it.
        #expect(result.events(of: .drop).first { $0.item == "photo-2" }?.pane == "album")
        let pointers = result.events(of: .lift).compactMap { event -> Int? in
            guard case .drag(.lifted(let pointer, _, _)) = event.fact else { return nil }
            return pointer
        }
        #expect(pointers == [1, 1, 1, 1, 1])
    }

    @Test("Generated images are deterministic, distinct and a few kilobytes")
    func generatedImages() throws {
        let first = try Simulation(DemoScene.file).items(inPane: "library").filter { $0.imageName != nil }
        let second = try Simulation(DemoScene.file).items(inPane: "library").filter { $0.imageName != nil }
        #expect(first.map(\.data) == second.map(\.data))
        #expect(Set(first.map(\.data)).count == first.count)
        #expect(first.allSatisfy { (2_000...20_000).contains($0.data.count) })
        let other = try ImageGenerator.pngData(index: 0, seed: 2025, width: 96, height: 72)
        #expect(other != first[0].data)
    }

    @Test("The observer hears each key moment while the scene shows it")
    func moments() async throws {
        let simulation = try Simulation(DemoScene.file)
        nonisolated(unsafe) var seen: [(KeyMoment.Kind, Bool, Bool)] = []
        _ = try await simulation.run(DemoScene.script) { moment, live in
            let hasPreview = live.scene.root.children.contains { $0.name.hasSuffix(" preview") }
            let albumLit = live.paneNode(named: "album")?.overlayColor == Color.green.opacity(0.2)
            seen.append((moment.kind, hasPreview, albumLit))
        }
        let kinds = seen.map(\.0)
        #expect(kinds.filter { $0 == .lift }.count == 5)
        #expect(kinds.filter { $0 == .drop }.count == 3)
        #expect(kinds.filter { $0 == .refused }.count == 1)
        #expect(kinds.filter { $0 == .cancelled }.count == 1)
        #expect(kinds.filter { $0 == .forbidden }.count == 1)
        #expect(kinds.filter { $0 == .ended }.count == 5)
        // At a lift the preview is at the pointer; when the album lights up, the overlay is D4's green.
        let lifts = seen.filter { $0.0 == .lift }
        #expect(lifts.allSatisfy { $0.1 })
        #expect(seen.contains { $0.0 == .targeted && $0.2 })
    }

    @Test("JSON Lines: one object per event then one per pane")
    func jsonLines() async throws {
        let result = try await Simulation(DemoScene.file).run(DemoScene.script)
        let lines = try result.jsonLines()
        #expect(lines.count == result.events.count + result.panes.count)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["type"] as? String == "event")
        #expect(first?["event"] as? String == "lift")
        #expect(first?["pane"] as? String == "library")
        let last = try JSONSerialization.jsonObject(with: Data(lines[lines.count - 1].utf8)) as? [String: Any]
        #expect(last?["type"] as? String == "pane")
        #expect(last?["pane"] as? String == "notes")
    }

    @Test("A folder scene moves real files' bytes unchanged")
    func folderRun() async throws {
        let (simulation, result) = try await run(try fixture("folder.yaml"))
        #expect(simulation.items(inPane: "bin").map(\.name) == ["colour-wheel.png", "reminder.txt"])
        let added = result.events(of: .added)
        #expect(!added.isEmpty)
        for event in added {
            guard case .added(_, _, _, _, let identical) = event.fact else {
                Issue.record("not an addition: \(event)")
                continue
            }
            #expect(identical == true, "\(event)")
        }
        #expect(simulation.items(inPane: "box").map(\.name) == ["grey-ramp.png"])
    }

    @Test("drag A, B moves both items in one session: each lands under its own name with its own bytes")
    func severalItemsInOneSession() async throws {
        let simulation = try Simulation(DemoScene.file)
        let before = simulation.items(inPane: "library")
        let script = try Script.parse("drag photo-4, photo-3 from library to album", fileName: nil)
        let result = try await simulation.run(script)
        #expect(result.events(of: .lift).count == 1)
        guard case .drag(.lifted(_, _, let types))? = result.events(of: .lift).first?.fact else {
            Issue.record("no lift: \(result.text)")
            return
        }
        #expect(types.count == 2)
        #expect(result.events(of: .end).map(\.fact) == [.drag(.ended(.move, error: nil))])
        #expect(Set(result.events.compactMap(\.session)) == [DragSession.ID(rawValue: 1)])
        let album = simulation.items(inPane: "album")
        #expect(album.suffix(2).map(\.name) == ["photo-4", "photo-3"])
        for name in ["photo-4", "photo-3"] {
            #expect(album.first { $0.name == name }?.data == before.first { $0.name == name }?.data)
        }
        #expect(!simulation.items(inPane: "library").contains { ["photo-3", "photo-4"].contains($0.name) })
        #expect(result.events(of: .removed).map(\.item) == ["photo-4", "photo-3"])
        #expect(result.events(of: .added).map(\.item) == ["photo-4", "photo-3"])
        // The next drag of one item takes that item alone.
        let next = try await simulation.run(Script.parse("drag photo-5 from library to album", fileName: nil))
        guard case .drag(.lifted(_, _, let alone))? = next.events(of: .lift).first?.fact else {
            Issue.record("no lift: \(next.text)")
            return
        }
        #expect(alone.count == 1)
    }

    @Test("drag naming an item twice is refused before anything moves")
    func itemNamedTwice() async throws {
        let simulation = try Simulation(DemoScene.file)
        let error = await #expect(throws: SimulationError.self) {
            try await simulation.run(Script.parse("drag photo-3, photo-3 from library to album", fileName: nil))
        }
        #expect(error?.message.contains("named twice") == true)
        #expect(simulation.items(inPane: "library").contains { $0.name == "photo-3" })
    }
}
