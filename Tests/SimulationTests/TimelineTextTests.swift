import DragDrop
import Foundation
import Simulation
import TestSupport
import Testing

/// The timeline as text: columns that stay aligned whatever the names, and reasons that name panes and items as the
/// scene file does.
@Suite("Timeline text")
struct TimelineTextTests {
    /// A scene whose pane and item names are longer than the 12-character columns, with a refused drop.
    static let scene = """
        scene: Long names
        size: [640, 400]
        panes:
          - name: holiday-photographs
            frame: [20, 20, 200, 360]
            contents:
              generate: 2
              seed: 9
          - name: album-of-the-summer
            frame: [300, 20, 320, 360]
            accepts: public.image
            operation: move
            forbidden:
              - [0, 260, 320, 100]
        script: |
          drag photo-1 from holiday-photographs to album-of-the-summer
          drag photo-2 from holiday-photographs to album-of-the-summer at (160, 300)
        """

    static func result() async throws -> SimulationResult {
        let folder = try temporaryFolder("timeline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("long-names.yaml")
        try Data(scene.utf8).write(to: file)
        return try await run(file).1
    }

    @Test("columns stay aligned for pane and item names longer than 12 characters")
    func longNamesStayAligned() async throws {
        let result = try await Self.result()
        let widths = SimulationEvent.ColumnWidths(fitting: result.events)
        #expect(widths.pane == "album-of-the-summer".count)
        // Every line has its event kind at the same column as the header's "event".
        let header = widths.header
        let eventColumn = try #require(header.range(of: "event")).lowerBound.utf16Offset(in: header)
        let lines = result.text.split(separator: "\n")
        var checked = 0
        for event in result.events {
            let line = event.line(widths: widths)
            let kind = line.dropFirst(eventColumn).prefix(event.kind.rawValue.count)
            #expect(kind == event.kind.rawValue[...], "\(line)")
            #expect(line.dropFirst(eventColumn - 1).first == " ", "\(line)")
            #expect(lines.contains(Substring(line)), "\(line)")
            checked += 1
        }
        #expect(checked > 10)
        // An item name longer than the column widens it for every line.
        let long = SimulationEvent(
            time: 1, pane: "p", item: "a-photograph-with-a-long-name", session: nil, fact: .selected(true))
        let short = SimulationEvent(time: 1, pane: "p", item: "x", session: nil, fact: .selected(true))
        let both = SimulationEvent.ColumnWidths(fitting: [long, short])
        #expect(
            long.line(widths: both).distance(to: "select") == short.line(widths: both).distance(to: "select"))
    }

    @Test("a refusal names the target as the scene file does, not by its node id")
    func reasonsNamePanes() async throws {
        let result = try await Self.result()
        let cancel = try #require(result.events(of: .cancel).first)
        #expect(cancel.detail == "refused: the target album-of-the-summer refused the drop: it proposed forbidden")
        #expect(!result.text.contains("album-of-the-summer#"))
        // The reason keeps the node as a value: a library user still gets `name#id`.
        guard case .cancelled(let error) = cancel.fact else {
            Issue.record("not a cancel: \(cancel.fact)")
            return
        }
        #expect(error.reason.parts.contains { if case .node(_, "album-of-the-summer") = $0 { true } else { false } })
        #expect(error.message.hasPrefix("the target album-of-the-summer#"))
    }
}

extension String {
    /// The offset of the first occurrence of `text`, in characters; -1 when absent.
    fileprivate func distance(to text: String) -> Int {
        guard let range = range(of: text) else { return -1 }
        return distance(from: startIndex, to: range.lowerBound)
    }
}
