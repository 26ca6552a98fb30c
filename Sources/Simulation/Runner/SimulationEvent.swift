import DragDrop
import Foundation
import Gestures

/// One line of a simulation's timeline: when, in which pane, about which item, what happened.
public struct SimulationEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An item lifted into a drag session.
        case lift
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

    /// The time on the scene's clock, in seconds.
    public var time: Double
    /// The pane concerned, if any.
    public var pane: String?
    /// The item concerned, if any.
    public var item: String?
    /// What happened.
    public var kind: Kind
    /// The drag session's number, if a session is concerned.
    public var session: Int?
    /// The details.
    public var detail: String

    /// Creates an event.
    /// - Parameters:
    ///   - time: The time.
    ///   - pane: The pane.
    ///   - item: The item.
    ///   - kind: What happened.
    ///   - session: The drag session's number.
    ///   - detail: The details.
    public init(time: Double, pane: String?, item: String?, kind: Kind, session: Int?, detail: String) {
        self.time = time
        self.pane = pane
        self.item = item
        self.kind = kind
        self.session = session
        self.detail = detail
    }

    /// `  1.050 album        photo-1      drop        #1 move at (150, 90): 1 of 1 item`.
    public var description: String {
        let columns = [
            Self.time(time), pad(pane ?? "-", 12), pad(item ?? "-", 12), pad(kind.rawValue, 11),
            (session.map { "#\($0) " } ?? "") + detail,
        ]
        var line = columns.joined(separator: " ")
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Seconds with three decimals, right-aligned in 7 columns.
    static func time(_ time: Double) -> String {
        let text = String(format: "%.3f", time)
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension Simulation {
    /// The timeline events of some scene timeline entries; entries that are not about drag and drop or about the
    /// items' gestures (pointer events, layout) give none.
    func events(from entries: ArraySlice<TimelineEntry>) -> [SimulationEvent] {
        entries.compactMap { event(from: $0) }
    }

    private func event(from entry: TimelineEntry) -> SimulationEvent? {
        // Most entries are pointer events and layout: skip them before any work on their text.
        guard let kind = Self.kinds[entry.kind] else {
            return entry.kind == .property ? gestureEvent(from: entry) : nil
        }
        let owner = entry.nodeID.flatMap { owners[$0] }
        let (session, detail) = Self.splitSession(entry.value)
        if kind == .lift, let session, let item = owner?.item { sessionItems[session] = item }
        let item = owner?.item ?? session.flatMap { sessionItems[$0] }
        return SimulationEvent(
            time: entry.time, pane: owner?.pane, item: item, kind: kind, session: session, detail: detail)
    }

    private static let kinds: [TimelineEntry.Kind: SimulationEvent.Kind] = [
        .dragLift: .lift, .dropEntered: .enter, .dropTargeted: .isTargeted, .dropProposal: .proposal,
        .dropExited: .exit, .dropSpringLoaded: .springLoad, .dropPerformed: .drop, .dropLoad: .load,
        .dropAction: .action, .dragCancelled: .cancel, .dragEnded: .end, .itemAdded: .added,
        .itemRemoved: .removed, .itemDeclined: .declined, .key: .key,
    ]

    /// A zoom, rotation or selection of an item, from the property change its gesture made.
    private func gestureEvent(from entry: TimelineEntry) -> SimulationEvent? {
        guard let owner = entry.nodeID.flatMap({ owners[$0] }), let item = owner.item,
            let space = entry.value.firstIndex(of: " ")
        else { return nil }
        let value = String(entry.value[entry.value.index(after: space)...])
        let kind: SimulationEvent.Kind
        switch entry.value[..<space] {
        case "scaleEffect": kind = .zoom
        case "rotationEffect": kind = .rotate
        case "overlay": kind = .select
        default: return nil
        }
        let detail = kind == .select ? (value == "none" ? "deselected" : "selected") : value
        return SimulationEvent(time: entry.time, pane: owner.pane, item: item, kind: kind, session: nil, detail: detail)
    }

    /// `drag#3 move` → (3, `move`).
    private static func splitSession(_ value: String) -> (Int?, String) {
        guard value.hasPrefix("drag#") else { return (nil, value) }
        let rest = value.utf8.dropFirst(5)
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let number = Int(Substring(digits)) else { return (nil, value) }
        let detail = rest.dropFirst(digits.count).drop { $0 == UInt8(ascii: " ") }
        return (number, String(Substring(detail)))
    }
}
