import Foundation
import Gestures

/// Scripted input for a scene: one step per line, low-level pointer and key events or high-level actions that
/// expand into events when they are played.
///
/// ```
/// # comments start with #
/// drag photo-1 from library to album               # a touch drag: press, hold, move, release
/// drag photo-2 from library to album by mouse      # a mouse drag
/// drag photo-3 from library to album at (10, 10)   # released at a point of the target pane
/// drag photo-3 to library at 1                     # a list pane: lands before its item 1
/// @4.0 down 1 at (120, 80)                         # @TIME sets the clock; points are in the screen's space
/// move 1 to (300, 200) over 0.5 steps 5
/// key escape
/// up 1
/// ```
///
/// Steps run one after the other on a time cursor: each takes its time and the next starts where it ended
/// (high-level actions leave a quarter of a second after them). See ``ScriptAction`` for every step.
package struct Script: Sendable, Hashable {
    /// The steps, in order.
    package var steps: [ScriptStep]

    /// Creates a script.
    /// - Parameter steps: The steps.
    package init(steps: [ScriptStep]) {
        self.steps = steps
    }
}

/// One line of a script.
package struct ScriptStep: Sendable, Hashable {
    /// What to do.
    package var action: ScriptAction
    /// The time the step starts at (`@TIME`), or nil to start where the previous step ended.
    package var time: Double?
    /// The file the step was written in, for messages.
    package var file: String?
    /// The line, from 1.
    package var line: Int

    /// Creates a step.
    /// - Parameters:
    ///   - action: What to do.
    ///   - time: The start time, or nil.
    ///   - file: The file.
    ///   - line: The line.
    package init(_ action: ScriptAction, time: Double? = nil, file: String? = nil, line: Int = 0) {
        self.action = action
        self.time = time
        self.file = file
        self.line = line
    }
}

/// What one script step does.
package enum ScriptAction: Sendable, Hashable {
    /// `down POINTER at (X, Y) [by touch|pen|mouse [primary|secondary|middle]]`: a pointer goes down.
    case down(pointer: Int, at: CGPoint, kind: PointerKind)
    /// `move POINTER to (X, Y) [over SECONDS] [steps N]`: a pointer that is down moves in a straight line, in N
    /// equal steps (1 by default) spread over the duration (0.1 s by default).
    case move(pointer: Int, to: CGPoint, duration: Double, steps: Int)
    /// `up POINTER [at (X, Y)]`: a pointer goes up, where it is unless told.
    case up(pointer: Int, at: CGPoint?)
    /// `cancel POINTER`: the system takes a pointer away.
    case cancel(pointer: Int)
    /// `advance SECONDS` (or `wait`): the clock moves on.
    case advance(Double)
    /// `key escape` (or `return`, `space`): a key is pressed.
    case key(KeyEvent.Key)
    /// `drag ITEM[, ITEM…] from PANE to PANE [at (X, Y)] [by touch|mouse|pen] [pointer N] [then escape]`: press on
    /// the first item (and hold half a second for a touch), move in 8 steps to the target pane's centre (or a point
    /// in its space), pause and release; with `then escape`, press Escape before releasing. Several items are
    /// selected in their pane first and travel in one session, in the order named.
    case drag(items: [String], from: String, to: String, at: CGPoint?, kind: PointerKind, pointer: Int, escape: Bool)
    /// `drag ITEM[, ITEM…] [from PANE] to PANE at INDEX [by touch|mouse|pen] [pointer N] [then escape]`: the same
    /// drag, released in a list pane (`list: true`) where the items land at INDEX, counted among the pane's items
    /// before the drag (before the item now at INDEX; the number of items for the end), as SwiftUI's `onMove` and
    /// `onInsert` count. Without `from`, the pane holding the first item. Dragged within its own pane, the items
    /// reorder, and the timeline shows `moved` with their offsets.
    case dragToIndex(
        items: [String], from: String?, to: String, index: Int, kind: PointerKind, pointer: Int, escape: Bool)
    /// `tap TARGET [at (X, Y)] [by touch|mouse|pen]`: a press of 0.1 s on an item's or a pane's centre (or a point
    /// in its space).
    case tap(target: String, at: CGPoint?, kind: PointerKind)
    /// `long-press TARGET [for SECONDS]`: a touch held still on an item or a pane, 1 s by default.
    case longPress(target: String, duration: Double)
    /// `pinch ITEM [by] SCALE`: two fingers around the item's centre move apart (or together) by the factor.
    case pinch(item: String, scale: Double)
    /// `rotate ITEM by DEGREES`: two fingers around the item's centre turn by the angle.
    case rotate(item: String, degrees: Double)
}
