/// A node's identity, stable for the life of its scene: numbers are given in creation order, the root is 0.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number.
    public let rawValue: Int

    /// Creates an identifier from its number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#3`.
    public var description: String { "#\(rawValue)" }
}

/// A key for typed values that other modules store on nodes or on the scene (DragDrop keeps a drop
/// destination's description on its node this way).
///
/// ```swift
/// enum DropDestinationKey: AttachmentKey { typealias Value = DropDestination }
/// node[attachment: DropDestinationKey.self] = destination
/// ```
public protocol AttachmentKey {
    /// The type of the stored value.
    associatedtype Value
}
