/// A state the snapshot renderer marks on a node that the scene itself does not show: a drop it refused, a region
/// where drops are forbidden. Drawn as a red outline, a ⊘ sign in the middle and a label.
///
/// The renderer marks live drag sessions by itself (a target proposing `.forbidden` or `.cancel`); marks are for what
/// only the caller knows, such as a drop refused a moment ago, once its session has ended.
package struct SnapshotMark: Hashable, Sendable {
    /// What a mark means; new kinds may be added.
    package struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, the label drawn when the mark has none.
        package let rawValue: String

        /// Creates a kind from its name.
        /// - Parameter rawValue: The name.
        package init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name.
        package var description: String { rawValue }

        /// The node refused a drop (its action returned false, it cannot import the items, a load failed).
        package static let refused = Kind(rawValue: "refused")
        /// Drops on the node are forbidden; drawn with a red wash besides the outline.
        package static let forbidden = Kind(rawValue: "forbidden")
    }

    /// What the mark means.
    package var kind: Kind
    /// The text drawn under the sign; the kind's name when nil.
    package var label: String?

    /// Creates a mark.
    /// - Parameters:
    ///   - kind: What the mark means.
    ///   - label: The text drawn under the sign; the kind's name when nil.
    package init(_ kind: Kind, label: String? = nil) {
        self.kind = kind
        self.label = label
    }

    /// A refused drop, with an optional reason.
    /// - Parameter label: The reason, drawn under the sign.
    /// - Returns: The mark.
    package static func refused(_ label: String? = nil) -> SnapshotMark {
        SnapshotMark(.refused, label: label)
    }

    /// A node where drops are forbidden.
    /// - Parameter label: The text drawn under the sign.
    /// - Returns: The mark.
    package static func forbidden(_ label: String? = nil) -> SnapshotMark {
        SnapshotMark(.forbidden, label: label)
    }

    /// The text drawn under the sign.
    var text: String { label ?? kind.rawValue }
}
