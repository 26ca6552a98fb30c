import ContentTypes
import Foundation
import Transfer

/// What a `DropDelegate` learns about a drag, as SwiftUI's `DropInfo`: where it is and which types it carries, and,
/// in `performDrop(info:)` only, the item providers to load.
///
/// Before the drop a target sees types only: ``itemProviders(for:)-([UTType])`` returns nothing until `performDrop(info:)`.
public struct DropInfo: Sendable {
    /// The pointer's location in the drop target's own space.
    public let location: CGPoint
    private let providers: [ItemProvider]
    private let isDropping: Bool

    /// Creates drop information (DragDrop makes these; tests of a delegate may too).
    /// - Parameters:
    ///   - location: The location in the target's space.
    ///   - itemProviders: The dragged items.
    ///   - isDropping: Whether this is the drop itself, when the providers may be loaded.
    public init(location: CGPoint, itemProviders: [ItemProvider], isDropping: Bool) {
        self.location = location
        providers = itemProviders
        self.isDropping = isDropping
    }

    /// Whether at least one dragged item offers a type that conforms to one of `contentTypes`. Types only:
    /// nothing is loaded.
    /// - Parameter contentTypes: The types.
    /// - Returns: True when some item conforms.
    public func hasItemsConforming(to contentTypes: [UTType]) -> Bool {
        providers.contains { provider in contentTypes.contains { provider.hasItemConforming(to: $0) } }
    }

    /// The providers of the dragged items that offer a type conforming to one of `contentTypes`, in the order
    /// they were dragged; empty before the drop (in `validateDrop`, `dropEntered`, `dropUpdated`, `dropExited`).
    /// - Parameter contentTypes: The types.
    /// - Returns: The providers.
    public func itemProviders(for contentTypes: [UTType]) -> [NSItemProvider] {
        guard isDropping else { return [] }
        return providers.filter { provider in contentTypes.contains { provider.hasItemConforming(to: $0) } }
    }
}

extension DropInfo {
    /// The `[String]` form of ``hasItemsConforming(to:)-([UTType])``: type identifiers, as older apps write them.
    /// - Parameter typeIdentifiers: The type identifiers.
    /// - Returns: True when some item conforms.
    public func hasItemsConforming(to typeIdentifiers: [String]) -> Bool {
        hasItemsConforming(to: UTType.types(identifiers: typeIdentifiers))
    }

    /// The `[String]` form of ``itemProviders(for:)-([UTType])``.
    /// - Parameter typeIdentifiers: The type identifiers.
    /// - Returns: The providers; empty before the drop.
    public func itemProviders(for typeIdentifiers: [String]) -> [NSItemProvider] {
        itemProviders(for: UTType.types(identifiers: typeIdentifiers))
    }
}

extension UTType {
    /// The types of some identifiers, undeclared ones included (as Apple resolves the strings apps pass).
    static func types(identifiers: [String]) -> [UTType] {
        identifiers.compactMap { UTType(identifier: $0, allowUndeclared: true) }
    }
}

/// The bytes of one dropped item, for targets declared by content type (`dropDestination(of:action:isTargeted:)`).
///
/// Each value says which of the drag's items it is (``itemIndex``, and ``itemID`` for an item from a drag
/// container), so a target that accepts only some of several items knows which ones it got without matching them
/// by position.
public struct DroppedData: Hashable, Sendable {
    /// The content type the bytes are in: the first type the item offers (in the sender's order) that conforms to
    /// one the target accepts; for an item the sender saved as a file itself (``savedFile``), the type its content
    /// has.
    public let contentType: UTType
    /// The bytes.
    public let data: Data
    /// The name the sender suggests for the item (its provider's `suggestedName`: a file's name for a file dropped
    /// from a file manager), if any.
    public let suggestedName: String?
    /// The item's position among the drag's items, as `DragSession.transferredItemIndices` counts them.
    public let itemIndex: Int
    /// The item's identifier in the drag container it was dragged from (`draggable(containerItemID:)`); for an
    /// item from another program, its position among that program's items; nil for an item dragged alone.
    public let itemID: (any Hashable & Sendable)?
    /// The file the sender saved the item as, where the target asked it to (X11's Direct Save protocol, XDS); nil
    /// when the item arrived as bytes only. It is in a private folder inside the target's folder, which goes with
    /// whatever is still in it when the drop ends: a target that keeps the file moves it out in its action.
    public let savedFile: URL?
    /// The saved file and its private folder, which the target gives the file its place from (``savedFile``).
    package var directlySaved: DirectlySavedFile?

    /// Creates dropped data.
    /// - Parameters:
    ///   - contentType: The type of the bytes.
    ///   - data: The bytes.
    ///   - suggestedName: The name the sender suggests.
    ///   - itemIndex: The item's position among the drag's items.
    ///   - itemID: The item's identifier in its drag container, if any.
    ///   - savedFile: The file the sender saved the item as, if it did.
    public init(
        contentType: UTType, data: Data, suggestedName: String? = nil, itemIndex: Int = 0,
        itemID: (any Hashable & Sendable)? = nil,
        savedFile: URL? = nil
    ) {
        self.contentType = contentType
        self.data = data
        self.suggestedName = suggestedName
        self.itemIndex = itemIndex
        self.itemID = itemID
        self.savedFile = savedFile
    }

    /// The item's identifier in its drag container as a value of `type`; nil for an item dragged alone or with an
    /// identifier of another type.
    /// - Parameter type: The identifiers' type.
    /// - Returns: The identifier.
    public func itemID<ItemID: Hashable>(as type: ItemID.Type) -> ItemID? {
        itemID as? ItemID
    }

    public static func == (lhs: DroppedData, rhs: DroppedData) -> Bool {
        lhs.contentType == rhs.contentType && lhs.data == rhs.data && lhs.suggestedName == rhs.suggestedName
            && lhs.itemIndex == rhs.itemIndex && lhs.savedFile == rhs.savedFile
            && lhs.itemID.map { AnyHashable($0) } == rhs.itemID.map { AnyHashable($0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentType)
        hasher.combine(data)
        hasher.combine(suggestedName)
        hasher.combine(itemIndex)
        hasher.combine(itemID.map { AnyHashable($0) })
        hasher.combine(savedFile)
    }
}
