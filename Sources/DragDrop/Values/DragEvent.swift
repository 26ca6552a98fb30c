import ContentTypes
import Foundation
import Gestures

/// One thing that happened to a drag session, as a value: what a scene's drag event observers hear, in order, a
/// DnDKit addition.
///
/// Every fact a session produces arrives here, from the lift to the end: the targets it entered and left, the
/// `isTargeted` changes it caused, the proposals, the drop, each item's load, the target's action and how the
/// session ended. Programs that show or record drags (a timeline, a log, pictures of key moments, a desktop host
/// answering another program) read these values; the text of a scene's [`Timeline`](/documentation/gestures/timeline) is one rendering of
/// them (``timelineEntries``).
///
/// ```swift
/// scene.onDragEvent { event in
///     if case .ended(let operation, let error) = event.kind {
///         print(event.session, operation, error?.code ?? "ok")
///     }
/// }
/// ```
public struct DragEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A node lifted: a session started with its items, driven by a pointer. The event's node is the source.
        case lifted(pointerID: Int, location: CGPoint, itemContentTypes: [[UTType]])
        /// A drag from another program entered the scene (through a desktop host, `Scene.beginExternalDrag`): a
        /// session started with its items at `location`. The event's node is the scene's root, which stands for the
        /// other program as the source.
        case arrived(location: CGPoint, itemContentTypes: [[UTType]])
        /// A delegate's `validateDrop(info:)` returned false: the target is skipped while the pointer stays over it.
        case declined
        /// The session started hovering over a target.
        case entered
        /// The target's `isTargeted` changed. A node's feedback is shared by the sessions over it: `true` when the
        /// first enters, `false` when the last leaves or drops; the event names the session that caused it.
        case targetedChanged(Bool)
        /// The target's proposal changed (with the source's allowed operations applied).
        case proposed(DropOperation)
        /// The session stopped hovering over a target.
        case exited
        /// The target was spring-loaded: the pointer rested on it for a second.
        case springLoaded
        /// The session was released over a target that takes it, with a copy or a move: `location` is in the
        /// target's space; `acceptedItemIndices` are the items the target can import, of `itemCount`.
        case dropped(DropOperation, location: CGPoint, acceptedItemIndices: [Int], itemCount: Int)
        /// The session was released over the list its rows came from (`onMove(perform:)`): the rows at `offsets` move
        /// to `destination`, counted among the rows before the move.
        case moved(offsets: [Int], destination: Int)
        /// The session was released over a list (`onInsert(of:perform:)`, `dropDestination(for:action:)` with an
        /// index): `itemCount` items are inserted at `index`.
        case insertion(index: Int, itemCount: Int)
        /// The session was released over another program (through a desktop host, `Scene.handOffDragSession`): it
        /// ends when that program says what it did. The event's node is the source.
        case handedOff(itemCount: Int)
        /// The accepted items started loading in the target's type (`receiver`, such as `data` or a type name).
        case loadStarted(itemCount: Int, receiver: String)
        /// One item finished loading: `index` among the session's items, of `itemCount`.
        case itemLoaded(index: Int, itemCount: Int, receiver: String)
        /// One item could not be loaded: `error` has the code `loadFailed`, what the load threw as its message and
        /// ``DragDropError/underlyingError``.
        case itemFailed(index: Int, itemCount: Int, error: DragDropError)
        /// The target's action (or `performDrop(info:)`) returned.
        case actionReturned(Bool)
        /// The target's action threw: `error` has the code `actionFailed`, what the action threw as its message
        /// and ``DragDropError/underlyingError``.
        case actionThrew(DragDropError)
        /// The session ended: with the operation the target performed, or `.cancel` and the reason. The event's
        /// node is the source (the scene's root for a drag from another program).
        case ended(DropOperation, error: DragDropError?)

        /// What happened in words, without the session: `copy at (20, 20): 1 of 1 item`, `item 2 of 3 loaded
        /// as data`, `move`; empty for an entry, an exit, a declining delegate and spring loading. An end says its
        /// operation (its reason is ``DragDropError/code`` and ``DragDropError/message``).
        public var detail: String {
            switch self {
            case .lifted(let pointerID, let location, let types):
                return "pointer \(pointerID) at \(Formatting.point(location)): \(DragEvent.items(types))"
            case .arrived(let location, let types):
                return "from another program at \(Formatting.point(location)): \(DragEvent.items(types))"
            case .declined, .entered, .exited, .springLoaded: return ""
            case .targetedChanged(let isTargeted): return "\(isTargeted)"
            case .proposed(let operation), .ended(let operation, _): return "\(operation)"
            case .dropped(let operation, let location, let accepted, let count):
                return "\(operation) at \(Formatting.point(location)): \(accepted.count) of \(DragEvent.items(count))"
            case .moved(let offsets, let destination):
                return "[\(offsets.map(String.init).joined(separator: ", "))] to \(destination)"
            case .insertion(let index, let count): return "\(DragEvent.items(count)) at \(index)"
            case .handedOff(let count): return "\(DragEvent.items(count)) to another program"
            case .loadStarted(let count, let receiver): return "loading \(DragEvent.items(count)) as \(receiver)"
            case .itemLoaded(let index, let count, let receiver):
                return "item \(index + 1) of \(count) loaded as \(receiver)"
            case .itemFailed(let index, let count, let error):
                return "item \(index + 1) of \(count) failed: \(error.message)"
            case .actionReturned(let succeeded): return "\(succeeded)"
            case .actionThrew(let error): return "threw \(error.message)"
            }
        }
    }

    /// The time on the scene's clock.
    public let time: Double
    /// The session.
    public let session: DragSession.ID
    /// The node concerned: the source for a lift and an end, the target otherwise.
    public let nodeID: NodeID
    /// The node's name.
    public let nodeName: String
    /// What happened.
    public let kind: Kind

    /// Creates an event (DragDrop makes these; tests of an observer may too).
    /// - Parameters:
    ///   - time: The time on the scene's clock.
    ///   - session: The session.
    ///   - nodeID: The node concerned.
    ///   - nodeName: The node's name.
    ///   - kind: What happened.
    public init(time: Double, session: DragSession.ID, nodeID: NodeID, nodeName: String, kind: Kind) {
        self.time = time
        self.session = session
        self.nodeID = nodeID
        self.nodeName = nodeName
        self.kind = kind
    }

    /// The event as a scene's timeline records it: one entry, kind and text (`drop.performed`,
    /// `drag#1 copy at (20, 20): 1 of 1 item`), or two for an end with a reason (`drag.cancelled` with the code and
    /// message, then `drag.ended` with the operation). The text is the session and the kind's ``Kind/detail``;
    /// `isTargeted` changes, which belong to the node, show only `true` or `false`.
    public var timelineEntries: [(kind: TimelineEntry.Kind, value: String)] {
        let kind: TimelineEntry.Kind
        switch self.kind {
        case .lifted: kind = .dragLift
        case .arrived: kind = .dragArrived
        case .declined: kind = .dropDeclined
        case .entered: kind = .dropEntered
        case .exited: kind = .dropExited
        case .springLoaded: kind = .dropSpringLoaded
        case .targetedChanged(let isTargeted): return [(.dropTargeted, "\(isTargeted)")]
        case .proposed: kind = .dropProposal
        case .dropped: kind = .dropPerformed
        case .moved: kind = .listMoved
        case .insertion: kind = .listInsertion
        case .handedOff: kind = .dragHandedOff
        case .loadStarted, .itemLoaded, .itemFailed: kind = .dropLoad
        case .actionReturned, .actionThrew: kind = .dropAction
        case .ended(_, let error?):
            return [
                (.dragCancelled, "\(session) \(error.code): \(error.message)"),
                (.dragEnded, "\(session) \(self.kind.detail)"),
            ]
        case .ended: kind = .dragEnded
        }
        let detail = self.kind.detail
        return [(kind, detail.isEmpty ? "\(session)" : "\(session) \(detail)")]
    }

    /// `drop.entered drag#1`: the timeline's entries for the event, kind and text, joined by `; `.
    public var description: String {
        timelineEntries.map { "\($0.kind) \($0.value)" }.joined(separator: "; ")
    }

    /// `1 item` or `3 items`.
    static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }

    /// `2 items [public.png, public.data] [public.utf8-plain-text]`: the count, then each item's types.
    static func items(_ types: [[UTType]]) -> String {
        let lists = types.map { "[" + $0.map(\.identifier).joined(separator: ", ") + "]" }
        return "\(items(types.count)) \(lists.joined(separator: " "))"
    }
}

extension TimelineEntry.Kind {
    /// A node lifted into a drag session (value: session, pointer, location, items and their types).
    public static let dragLift = Self("drag.lift")
    /// A drag from another program entered the scene (value: session, location, items and their types).
    public static let dragArrived = Self("drag.arrived")
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
    /// A list's rows were reordered by a drag (value: session, the rows' offsets and the destination).
    public static let listMoved = Self("list.moved")
    /// Dropped items are inserted into a list (value: session, item count and insertion index).
    public static let listInsertion = Self("list.insertion")
    /// A drag session was released over another program (value: session and item count).
    public static let dragHandedOff = Self("drag.handedOff")
    /// Loading of dropped items started, or one item's load finished (value: session and what happened).
    public static let dropLoad = Self("drop.load")
    /// A target's action or `performDrop` returned or threw (value: session and result).
    public static let dropAction = Self("drop.action")
    /// A drag session was cancelled (value: session, reason code and message).
    public static let dragCancelled = Self("drag.cancelled")
    /// A drag session ended (value: session and operation).
    public static let dragEnded = Self("drag.ended")
}
