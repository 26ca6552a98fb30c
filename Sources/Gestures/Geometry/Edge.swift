/// An edge of a rectangle, as SwiftUI's `Edge`.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top
    case leading
    case bottom
    case trailing

    /// A set of edges, as SwiftUI's `Edge.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8

        public init(rawValue: Int8) {
            self.rawValue = rawValue
        }

        /// The set holding one edge.
        public init(_ edge: Edge) {
            rawValue = 1 << edge.rawValue
        }

        /// The top edge.
        public static let top = Set(.top)
        /// The leading edge.
        public static let leading = Set(.leading)
        /// The bottom edge.
        public static let bottom = Set(.bottom)
        /// The trailing edge.
        public static let trailing = Set(.trailing)
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}
