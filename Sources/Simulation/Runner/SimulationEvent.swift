import ContentTypes
import DragDrop
import Foundation
import Gestures

/// One line of a simulation's timeline: when, in which pane, about which item, what happened.
package struct SimulationEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An item lifted into a drag session.
        case lift
        /// A drag from another program entered the scene (a desktop window's).
        case arrive
        /// A drag started hovering over a drop target.
        case enter
        /// A target's `isTargeted` changed (detail `true` or `false`).
        case isTargeted
        /// A target's proposal changed (detail: the operation).
        case proposal
        /// A drag stopped hovering over a target.
        case exit
        /// A target hovered for a second and spring-loaded.
        case springLoad
        /// A drag was released over a target that takes it (detail: operation, location, accepted items).
        case drop
        /// A list's items were reordered by a drag (detail: their offsets and the destination).
        case moved
        /// Dropped items are inserted into a list at an index (detail: how many, where).
        case insert
        /// A drag was released over another program (a desktop window's).
        case handOff
        /// The dropped items started loading, or one finished.
        case load
        /// The target's action returned (detail `true` or `false`).
        case action
        /// A pane refused an item of a type it declines.
        case declined
        /// An item joined a pane.
        case added
        /// A moved item left its pane.
        case removed
        /// A file dropped from another program was saved into a folder-backed pane's folder.
        case saved
        /// A drag was cancelled (detail: the reason).
        case cancel
        /// A drag session ended (detail: the operation).
        case end
        /// An item was zoomed by a pinch (detail: the scale).
        case zoom
        /// An item was rotated (detail: the angle).
        case rotate
        /// An item was selected or deselected by a tap.
        case select
        /// A key was pressed.
        case key
    }

    /// What happened, as a value: the facts the timeline's text, JSON Lines, colours and key moments are made
    /// from.
    package enum Fact: Hashable, Sendable {
        /// A drag session's event from DragDrop (an end here has no reason: the reason is a ``cancelled(_:)``
        /// before it).
        case drag(DragEvent.Kind)
        /// A drag was cancelled, with the reason.
        case cancelled(DragDropError)
        /// A pane refused an item of a type it declines.
        case declined(pane: String, type: UTType)
        /// An item joined a pane: its new name, its size and type, and whether its bytes are the source item's
        /// (nil when the source is not known).
        case added(name: String, pane: String, byteCount: Int, type: UTType, bytesIdentical: Bool?)
        /// A moved item left its pane.
        case removed(name: String, pane: String)
        /// A file dropped from another program was saved, verified, into the pane's folder at `path`.
        case saved(name: String, pane: String, path: String)
        /// An item was zoomed by a pinch to a scale.
        case zoomed(CGSize)
        /// An item was rotated to an angle.
        case rotated(Angle)
        /// An item was selected (true) or deselected by a tap.
        case selected(Bool)
        /// A key went down or up.
        case key(KeyEvent.Key, KeyEvent.Phase)
    }

    /// The time on the scene's clock, in seconds.
    package var time: Double
    /// The pane concerned, if any.
    package var pane: String?
    /// The item concerned, if any.
    package var item: String?
    /// The drag session, if a session is concerned.
    package var session: DragSession.ID?
    /// What happened.
    package var fact: Fact

    /// Creates an event.
    /// - Parameters:
    ///   - time: The time.
    ///   - pane: The pane.
    ///   - item: The item.
    ///   - session: The drag session.
    ///   - fact: What happened.
    package init(time: Double, pane: String?, item: String?, session: DragSession.ID?, fact: Fact) {
        self.time = time
        self.pane = pane
        self.item = item
        self.session = session
        self.fact = fact
    }

    /// What kind of thing happened.
    package var kind: Kind {
        switch fact {
        case .drag(let kind):
            switch kind {
            case .lifted: .lift
            case .arrived: .arrive
            case .entered: .enter
            case .declined: .declined
            case .targetedChanged: .isTargeted
            case .proposed: .proposal
            case .exited: .exit
            case .springLoaded: .springLoad
            case .dropped: .drop
            case .moved: .moved
            case .insertion: .insert
            case .handedOff: .handOff
            case .loadStarted, .itemLoaded, .itemFailed: .load
            case .actionReturned, .actionThrew: .action
            case .ended: .end
            }
        case .cancelled: .cancel
        case .declined: .declined
        case .added: .added
        case .removed: .removed
        case .saved: .saved
        case .zoomed: .zoom
        case .rotated: .rotate
        case .selected: .select
        case .key: .key
        }
    }

    /// The details in words: `move at (150, 90): 1 of 1 item`, `refused: …`, `photo-1 left camera-roll`.
    package var detail: String {
        switch fact {
        case .drag(let kind): kind.detail
        // The nodes a reason names are the scene's panes and items: named as the scene file names them.
        case .cancelled(let error): "\(error.code): \(error.reason.text { _, name in name })"
        case .declined(let pane, let type): "\(pane) declines \(type.identifier)"
        case .added(let name, let pane, let byteCount, let type, let identical):
            "\(name) joined \(pane): \(byteCount) bytes of \(type.identifier)"
                + (identical.map { $0 ? ", bytes identical" : ", bytes differ from the source" } ?? "")
        case .removed(let name, let pane): "\(name) left \(pane)"
        case .saved(let name, _, let path): "\(name) saved to \(path)"
        case .zoomed(let scale):
            scale.width == scale.height
                ? Formatting.number(scale.width)
                : "(\(Formatting.number(scale.width)), \(Formatting.number(scale.height)))"
        case .rotated(let angle): angle.description
        case .selected(let isSelected): isSelected ? "selected" : "deselected"
        case .key(let key, let phase): "\(key) \(phase)"
        }
    }

    /// The widths of the timeline's pane and item columns: at least 12 characters, and as wide as the longest name
    /// of the events shown, so that the columns stay aligned.
    package struct ColumnWidths: Hashable, Sendable {
        /// The pane column's width.
        package var pane: Int
        /// The item column's width.
        package var item: Int

        /// The narrowest columns: 12 characters each.
        package static let minimum = ColumnWidths(pane: 12, item: 12)

        /// Creates widths.
        /// - Parameters:
        ///   - pane: The pane column's width.
        ///   - item: The item column's width.
        package init(pane: Int, item: Int) {
            self.pane = pane
            self.item = item
        }

        /// Columns wide enough for every pane and item name of `events`.
        /// - Parameter events: The events to show.
        package init(fitting events: some Sequence<SimulationEvent>) {
            var widths = ColumnWidths.minimum
            for event in events {
                widths.pane = max(widths.pane, event.pane?.count ?? 0)
                widths.item = max(widths.item, event.item?.count ?? 0)
            }
            self = widths
        }

        /// The timeline's header line for these widths.
        package var header: String {
            "   time " + SimulationEvent.pad("pane", pane) + " " + SimulationEvent.pad("item", item) + " "
                + SimulationEvent.pad("event", 11) + " detail"
        }
    }

    /// The event's columns as the timeline shows them, padded: time (7), pane and item (12, or `widths`), kind
    /// (11), then the session and the detail.
    /// - Parameter widths: The pane and item columns' widths.
    /// - Returns: The columns.
    package func columns(widths: ColumnWidths = .minimum) -> (
        time: String, pane: String, item: String, kind: String, detail: String
    ) {
        let time = Formatting.time(time)
        return (
            String(repeating: " ", count: max(0, 7 - time.count)) + time, Self.pad(pane ?? "-", widths.pane),
            Self.pad(item ?? "-", widths.item), Self.pad(kind.rawValue, 11),
            (session.map { "#\($0.rawValue) " } ?? "") + detail
        )
    }

    /// The event's columns with the narrowest widths.
    package var columns: (time: String, pane: String, item: String, kind: String, detail: String) {
        columns(widths: .minimum)
    }

    /// The event as one line of a timeline whose columns have `widths`.
    /// - Parameter widths: The pane and item columns' widths.
    /// - Returns: The line, without trailing spaces.
    package func line(widths: ColumnWidths) -> String {
        let columns = columns(widths: widths)
        var line = [columns.time, columns.pane, columns.item, columns.kind, columns.detail].joined(separator: " ")
        while line.last == " " { line.removeLast() }
        return line
    }

    /// `  1.050 album        photo-1      drop        #1 move at (150, 90): 1 of 1 item`.
    package var description: String { line(widths: .minimum) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension Simulation {
    /// A drag event of the scene becomes timeline events: pane and item from the node, the item a session carries
    /// from its lift. A delegate's declining is not a pane's (panes have no delegates) and gives none.
    func heard(_ event: DragEvent) {
        let owner = owners[event.nodeID]
        switch event.kind {
        case .lifted:
            if let item = owner?.item { sessionItems[event.session] = item }
            if let pane = owner.flatMap({ self.pane(named: $0.pane) }) { pane.dragSelection = [] }
        default:
            break
        }
        let item = owner?.item ?? sessionItems[event.session]
        switch event.kind {
        case .declined:
            return
        case .targetedChanged:
            // Feedback belongs to the pane, whichever session lit it.
            heard(.drag(event.kind), pane: owner?.pane, item: nil, session: nil)
        case .ended(let operation, let error):
            if let error { heard(.cancelled(error), pane: owner?.pane, item: item, session: event.session) }
            heard(.drag(.ended(operation, error: nil)), pane: owner?.pane, item: item, session: event.session)
        default:
            heard(.drag(event.kind), pane: owner?.pane, item: item, session: event.session)
        }
    }

    /// Something happened in the scene: kept until the run collects it.
    func heard(_ fact: SimulationEvent.Fact, pane: String?, item: String?, session: DragSession.ID?) {
        pendingEvents.append(
            SimulationEvent(time: scene.currentTime, pane: pane, item: item, session: session, fact: fact))
    }
}
