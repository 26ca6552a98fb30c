import Diagnostics
import Gestures

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
    /// What went wrong, with the nodes it names kept as values, so that whoever shows it names them (see
    /// ``Reason/text(naming:)``).
    public var reason: Reason
    /// A complete description, each node named `name#id`.
    public var message: String { reason.description }
    /// The error behind it: a `TransferError` for `loadFailed`, the action's error for `actionFailed`.
    public var underlyingError: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of reason.
    ///   - message: A complete description.
    ///   - underlyingError: The error behind it.
    public init(_ code: Code, _ message: String, underlyingError: (any Error)? = nil) {
        self.init(code, reason: Reason(words: message), underlyingError: underlyingError)
    }

    /// Creates an error whose description names nodes: `DragDropError(.refused, reason: "the target \(node) refused
    /// the drop")`.
    /// - Parameters:
    ///   - code: The kind of reason.
    ///   - reason: A complete description, with the nodes it names.
    ///   - underlyingError: The error behind it.
    public init(_ code: Code, reason: Reason, underlyingError: (any Error)? = nil) {
        self.code = code
        self.reason = reason
        self.underlyingError = underlyingError
    }

    public static func == (lhs: DragDropError, rhs: DragDropError) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(reason)
    }

    /// A description in parts: words, and the nodes it is about as values (their identifiers and names), written
    /// as a string with nodes interpolated: `"the target \(node) refused the drop"`.
    public struct Reason: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
        /// One part of a description.
        public enum Part: Hashable, Sendable {
            /// Words.
            case words(String)
            /// A node: its identifier and its name when the reason was made.
            case node(NodeID, name: String)
        }

        /// The parts, in order.
        public var parts: [Part]

        /// A description of words alone.
        /// - Parameter words: The words.
        public init(words: String) {
            parts = [.words(words)]
        }

        /// A description of words alone.
        /// - Parameter value: The words.
        public init(stringLiteral value: String) {
            self.init(words: value)
        }

        /// A description with nodes in it.
        /// - Parameter stringInterpolation: The parts.
        public init(stringInterpolation: StringInterpolation) {
            parts = stringInterpolation.parts
        }

        /// The description, each node named by `naming`: a program that knows its nodes by other names (the panes
        /// and items of a scene file) names them as its user does.
        /// - Parameter naming: The name to show for a node, given its identifier and name.
        /// - Returns: The description.
        public func text(naming: (NodeID, String) -> String) -> String {
            parts.map { part in
                switch part {
                case .words(let words): words
                case .node(let id, let name): naming(id, name)
                }
            }
            .joined()
        }

        /// The description, each node named `name#id`.
        public var description: String { text { id, name in "\(name)\(id)" } }

        /// The parts of an interpolated description.
        public struct StringInterpolation: StringInterpolationProtocol {
            var parts: [Part] = []

            /// Makes room for the parts.
            /// - Parameters:
            ///   - literalCapacity: The characters of the literal parts.
            ///   - interpolationCount: The number of interpolated parts.
            public init(literalCapacity: Int, interpolationCount: Int) {
                parts.reserveCapacity(2 * interpolationCount + 1)
            }

            /// Words.
            /// - Parameter literal: The words.
            public mutating func appendLiteral(_ literal: String) {
                if !literal.isEmpty { parts.append(.words(literal)) }
            }

            /// A node, kept as a value.
            /// - Parameter node: The node.
            public mutating func appendInterpolation(_ node: Node) {
                parts.append(.node(node.id, name: node.name))
            }

            /// Any other value, in words.
            /// - Parameter value: The value.
            public mutating func appendInterpolation(_ value: some Any) {
                parts.append(.words("\(value)"))
            }
        }
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
