import Foundation
import Gestures

/// One event a script step expands into.
package enum ScriptEvent: Sendable, Hashable, CustomStringConvertible {
    /// A pointer event.
    case pointer(PointerEvent)
    /// A key event.
    case key(KeyEvent)
    /// The clock moves to a time, running the deadlines on the way.
    case advance(to: Double)

    /// The event's time.
    package var time: Double {
        switch self {
        case .pointer(let event): event.time
        case .key(let event): event.time
        case .advance(let time): time
        }
    }

    /// `0.550 touch 1 move (120, 80)`, `1.000 advance`, `2.000 key escape`.
    package var description: String {
        let time = Formatting.time(self.time)
        switch self {
        case .pointer(let event):
            let device =
                switch event.kind {
                case .touch: "touch"
                case .pen: "pen"
                case .mouse(let button): button == .primary ? "mouse" : "mouse \(button)"
                }
            let point = Formatting.point(event.location)
            return "\(time) \(device) \(event.pointerID) \(event.phase) \(point)"
        case .key(let event): return "\(time) key \(event.key)"
        case .advance: return "\(time) advance"
        }
    }
}
