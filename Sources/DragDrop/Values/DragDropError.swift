import Diagnostics

/// Why a drag session ended without transferring anything: the reason a source hears with `.ended(.cancel)`.
///
/// Compare ``code`` to tell reasons apart; new codes may be added. The ``message`` is complete on its own and
/// names the nodes involved, for example `released over no drop target at (120, 40)`. Two errors are equal when
/// their codes and messages are; the ``underlyingError`` is not compared.
public struct DragDropError: CodedError, Hashable, Sendable {
    /// The kind of reason.
    public typealias Code = ErrorCode<DragDropError>

    /// The kind of reason.
    public var code: Code
    /// A complete description.
    public var message: String
    /// The error behind it: a `TransferError` for `loadFailed`, the action's error for `actionFailed`.
    public var underlyingError: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of reason.
    ///   - message: A complete description.
    ///   - underlyingError: The error behind it.
    public init(_ code: Code, _ message: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

    public static func == (lhs: DragDropError, rhs: DragDropError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }
}

extension ErrorCode where Failure == DragDropError {
    /// The pointer went up over no node that accepts the items.
    public static let noTarget = Self(rawValue: "no target")
    /// The targeted node's proposal was `.forbidden` or `.cancel` when the pointer went up.
    public static let refused = Self(rawValue: "refused")
    /// The session was cancelled: Escape, `Scene.cancelDragSession(_:)`, or its gesture was taken away.
    public static let cancelled = Self(rawValue: "cancelled")
    /// The system cancelled the pointer.
    public static let pointerCancelled = Self(rawValue: "pointer cancelled")
    /// The source node (or an ancestor) left the scene while dragging.
    public static let sourceRemoved = Self(rawValue: "source removed")
    /// The targeted node left the scene while hovered or while its drop was loading.
    public static let targetRemoved = Self(rawValue: "target removed")
    /// An item could not be loaded in the target's type (``DragDropError/underlyingError`` is the `TransferError`).
    public static let loadFailed = Self(rawValue: "load failed")
    /// The target's action (or `performDrop`) returned false.
    public static let declined = Self(rawValue: "declined")
    /// The target's action threw (``DragDropError/underlyingError`` is what it threw).
    public static let actionFailed = Self(rawValue: "action failed")
}
