import Foundation

/// What a run did and left: the timeline and every pane's items at the end.
package struct SimulationResult: Sendable, Hashable {
    /// The scene's title.
    package var sceneName: String
    /// The timeline, in order.
    package var events: [SimulationEvent]
    /// Every pane's items at the end, panes in the scene's order.
    package var panes: [PaneSummary]
    /// The clock at the end.
    package var endTime: Double

    /// Creates a result.
    /// - Parameters:
    ///   - sceneName: The scene's title.
    ///   - events: The timeline.
    ///   - panes: The panes' items at the end.
    ///   - endTime: The clock at the end.
    package init(sceneName: String, events: [SimulationEvent], panes: [PaneSummary], endTime: Double) {
        self.sceneName = sceneName
        self.events = events
        self.panes = panes
        self.endTime = endTime
    }

    /// The events of some kinds, in order.
    /// - Parameter kinds: The kinds.
    /// - Returns: The events.
    package func events(of kinds: SimulationEvent.Kind...) -> [SimulationEvent] {
        events.filter { kinds.contains($0.kind) }
    }

    /// The timeline as text, one event per line, a blank line before each lift, then the summary: what
    /// `dnd-sim run` prints without colours.
    package var text: String {
        var lines: [String] = []
        let widths = SimulationEvent.ColumnWidths(fitting: events)
        for event in events {
            if event.kind == .lift && !lines.isEmpty { lines.append("") }
            lines.append(event.line(widths: widths))
        }
        lines.append("")
        lines += summaryLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per pane: `album: photo-1, photo-3 (2 items)`.
    package var summaryLines: [String] {
        let width = panes.map(\.name.count).max() ?? 0
        return panes.map { pane in
            let names = pane.items.map(\.name)
            let count = names.count == 1 ? "1 item" : "\(names.count) items"
            let padding = String(repeating: " ", count: width - pane.name.count)
            return "\(pane.name):\(padding) "
                + (names.isEmpty ? "empty" : "\(names.joined(separator: ", ")) (\(count))")
        }
    }

    /// The run as JSON Lines: one object per event (`"type": "event"`), then one per pane (`"type": "pane"`),
    /// keys sorted.
    /// - Returns: The lines, without line breaks.
    /// - Throws: `EncodingError` (not expected: every value is plain).
    package func jsonLines() throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines: [String] = []
        for event in events {
            lines.append(String(decoding: try encoder.encode(EventRecord(event)), as: UTF8.self))
        }
        for pane in panes {
            lines.append(String(decoding: try encoder.encode(PaneRecord(pane)), as: UTF8.self))
        }
        return lines
    }

    private struct EventRecord: Encodable {
        let type = "event"
        let time: Double
        let pane: String?
        let item: String?
        let event: String
        let session: Int?
        let detail: String

        init(_ event: SimulationEvent) {
            time = (event.time * 1000).rounded() / 1000
            pane = event.pane
            item = event.item
            self.event = event.kind.rawValue
            session = event.session?.rawValue
            detail = event.detail
        }
    }

    private struct PaneRecord: Encodable {
        let type = "pane"
        let pane: String
        let items: [PaneSummary.Item]

        init(_ summary: PaneSummary) {
            pane = summary.name
            items = summary.items
        }
    }
}

/// A pane's items at the end of a run.
package struct PaneSummary: Sendable, Hashable {
    /// One item.
    package struct Item: Sendable, Hashable, Codable {
        /// Its name in the pane.
        package var name: String
        /// The name of the item it was at the start (a copy keeps its original's).
        package var origin: String
        /// The size of its bytes.
        package var byteCount: Int
        /// The types it is offered as.
        package var types: [String]
        /// The image it shows, or nil for a text note.
        package var imageName: String?

        /// Creates an item summary.
        /// - Parameters:
        ///   - name: The name.
        ///   - origin: The original item's name.
        ///   - byteCount: The size of its bytes.
        ///   - types: Its types.
        ///   - imageName: Its image.
        package init(name: String, origin: String, byteCount: Int, types: [String], imageName: String?) {
            self.name = name
            self.origin = origin
            self.byteCount = byteCount
            self.types = types
            self.imageName = imageName
        }
    }

    /// The pane's name.
    package var name: String
    /// Its items, in order.
    package var items: [Item]

    /// Creates a pane summary.
    /// - Parameters:
    ///   - name: The pane's name.
    ///   - items: Its items.
    package init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }
}
