import Foundation

/// The device behind a pointer.
public enum PointerKind: Hashable, Sendable {
    /// A finger.
    case touch
    /// A mouse, with the button that is pressed.
    case mouse(MouseButton)
    /// A pen or pencil.
    case pen

    /// A mouse button.
    public enum MouseButton: Hashable, Sendable {
        case primary
        case secondary
        case middle
    }

    /// The input kind a gesture's `inputKinds` is matched against.
    public var inputKind: GestureInputKinds {
        switch self {
        case .touch: .directTouch
        case .mouse: .pointer
        case .pen: .pencil
        }
    }

    /// Whether this pointer drives Tap, LongPress and Drag: every touch and pen, and the primary mouse button.
    var drivesPrimaryGestures: Bool {
        if case .mouse(let button) = self { return button == .primary }
        return true
    }
}

/// One pointer or touch event on the scene's virtual clock.
public struct PointerEvent: Hashable, Sendable {
    /// The stage of a pointer's contact.
    public enum Phase: Hashable, Sendable {
        /// The pointer went down (a finger touched, a button was pressed).
        case down
        /// The pointer moved while down.
        case move
        /// The pointer went up.
        case up
        /// The system took the pointer away: every gesture it drives is cancelled.
        case cancel
    }

    /// Identifies one pointer while it is down; several may be down at once.
    public var pointerID: Int
    /// The device.
    public var kind: PointerKind
    /// The stage.
    public var phase: Phase
    /// Where, in the scene's (global) space.
    public var location: CGPoint
    /// When, in seconds on the scene's clock.
    public var time: Double

    /// Creates a pointer event.
    public init(pointerID: Int = 1, kind: PointerKind = .touch, phase: Phase, location: CGPoint, time: Double) {
        self.pointerID = pointerID
        self.kind = kind
        self.phase = phase
        self.location = location
        self.time = time
    }
}

/// A key event, delivered to the scene's key observers (Escape cancels a drag session in DragDrop).
public struct KeyEvent: Hashable, Sendable {
    /// A key.
    public enum Key: Hashable, Sendable {
        case escape
        case `return`
        case space
        case character(Character)
    }

    /// Whether the key went down or up.
    public enum Phase: Hashable, Sendable {
        case down
        case up
    }

    /// The key.
    public var key: Key
    /// Down or up.
    public var phase: Phase
    /// When, in seconds on the scene's clock.
    public var time: Double

    /// Creates a key event.
    public init(key: Key, phase: Phase = .down, time: Double) {
        self.key = key
        self.phase = phase
        self.time = time
    }
}
