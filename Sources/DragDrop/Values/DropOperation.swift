/// How a drop resolves, as SwiftUI's `DropOperation`: what a target proposes while it is hovered, and how a drag
/// session ended.
public enum DropOperation: Hashable, Sendable, CustomStringConvertible {
    /// No data is transferred: the drag was cancelled, or the target proposes to cancel.
    case cancel
    /// The target keeps the drag but refuses the drop (releasing over it cancels the session).
    case forbidden
    /// The target gets a copy; the source keeps its items.
    case copy
    /// The target takes the items; the source removes them (only once the target's action succeeded).
    case move

    /// A set of operations, as SwiftUI's `DropOperation.Set` (what a source suggests to drop targets).
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8

        /// Creates a set from its bits.
        /// - Parameter rawValue: The bits.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Copying.
        public static let copy = Set(rawValue: 1)
        /// Moving.
        public static let move = Set(rawValue: 2)
    }

    /// Whether the operation transfers data: `copy` or `move`.
    public var transfersData: Bool { self == .copy || self == .move }

    /// `cancel`, `forbidden`, `copy` or `move`.
    public var description: String {
        switch self {
        case .cancel: "cancel"
        case .forbidden: "forbidden"
        case .copy: "copy"
        case .move: "move"
        }
    }
}

/// The operation a drop target proposes while a drag hovers over it, as SwiftUI's `DropProposal`.
public struct DropProposal: Hashable, Sendable {
    /// The operation.
    public let operation: DropOperation

    /// Creates a proposal.
    /// - Parameter operation: The operation the target proposes.
    public init(operation: DropOperation) {
        self.operation = operation
    }
}
