import Foundation
import Gestures

/// Short forms for the timeline.
enum Describe {
    /// `(12, 3.5)`.
    static func point(_ point: CGPoint) -> String {
        "(\(number(point.x)), \(number(point.y)))"
    }

    /// At most two decimals, no trailing zeros.
    static func number(_ value: CGFloat) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(format: "%g", Double(rounded))
    }

    /// `1 item` or `3 items`.
    static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }
}

extension TimelineEntry.Kind {
    /// A node lifted into a drag session (value: session, pointer, location, items and their types).
    public static let dragLift = Self("drag.lift")
    /// A drag session started hovering over a target (value: session).
    public static let dropEntered = Self("drop.entered")
    /// A node's `isTargeted` changed (value: `true` or `false`); balanced per node.
    public static let dropTargeted = Self("drop.targeted")
    /// A delegate's `validateDrop` returned false: the node is skipped (value: session).
    public static let dropDeclined = Self("drop.declined")
    /// A target's proposal changed (value: session and operation).
    public static let dropProposal = Self("drop.proposal")
    /// A drag session stopped hovering over a target (value: session).
    public static let dropExited = Self("drop.exited")
    /// A target was spring-loaded (value: session).
    public static let dropSpringLoaded = Self("drop.springLoaded")
    /// A drag session was released over a target (value: session, operation, location, accepted items).
    public static let dropPerformed = Self("drop.performed")
    /// Loading of dropped items started, or one item's load finished (value: session and what happened).
    public static let dropLoad = Self("drop.load")
    /// A target's action or `performDrop` returned or threw (value: session and result).
    public static let dropAction = Self("drop.action")
    /// A drag session was cancelled (value: session, reason code and message).
    public static let dragCancelled = Self("drag.cancelled")
    /// A drag session ended (value: session and operation).
    public static let dragEnded = Self("drag.ended")
}
