/// Who can see a representation while an item is in transit.
///
/// Apple's platforms decide visibility by app, team and App Group. DnDKit has no such identities, so a load states
/// how close the receiver is to the sender, with the same four values (see `ItemProvider.restricted(to:)`):
///
/// | value | a representation with it is visible to | a receiver described by it is |
/// |---|---|---|
/// | ``all`` | every receiver | any other application |
/// | ``team`` | the sender's own process, its App Group and its team | another application of the same team |
/// | ``group`` | the sender's own process and its App Group | another process of the same App Group |
/// | ``ownProcess`` | the sender's own process only | code in the sender's process |
///
/// A representation is visible to a receiver when the representation's visibility is at least as wide as the
/// receiver's distance. Item providers are in the sender's process until restricted, so they see everything.
public struct TransferRepresentationVisibility: Hashable, Sendable, CustomStringConvertible {
    /// 0 for the own process, up to 3 for everyone.
    let reach: Int

    private init(reach: Int) {
        self.reach = reach
    }

    /// Any receiver can see the representation.
    public static let all = TransferRepresentationVisibility(reach: 3)
    /// Only receivers of the sender's team (and its App Group and process) can see the representation.
    public static let team = TransferRepresentationVisibility(reach: 2)
    /// Only receivers of the sender's App Group (and its process) can see the representation.
    public static let group = TransferRepresentationVisibility(reach: 1)
    /// Only the sender's own process can see the representation.
    public static let ownProcess = TransferRepresentationVisibility(reach: 0)

    /// Whether a representation with this visibility can be seen by a receiver at `receiver`'s distance.
    ///
    /// - Parameter receiver: how close the receiver is to the sender.
    /// - Returns: `true` when this visibility reaches the receiver.
    public func isVisible(to receiver: TransferRepresentationVisibility) -> Bool {
        receiver.reach <= reach
    }

    /// The narrower of two visibilities.
    func narrowed(to other: TransferRepresentationVisibility) -> TransferRepresentationVisibility {
        reach <= other.reach ? self : other
    }

    /// `all`, `team`, `group` or `ownProcess`.
    public var description: String {
        switch reach {
        case 0: "ownProcess"
        case 1: "group"
        case 2: "team"
        default: "all"
        }
    }
}
