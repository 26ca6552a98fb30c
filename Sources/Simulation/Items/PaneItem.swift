import ContentTypes
import Foundation
import Transfer

/// One item a pane holds: a PNG image or a text note, with the bytes it is transferred as.
///
/// Dragged, an item offers its ``offeredTypes``, in the order of ``offerableTypes``; a target that accepts one
/// loads the bytes unchanged (PNG passes through).
package struct PaneItem: Transferable, Identifiable, Sendable, Hashable {
    /// The item's name, unique within its pane (`photo-1`, `sunset.png`, `note-1`).
    package var name: String
    /// The bytes: PNG for images, UTF-8 for text notes.
    package var data: Data
    /// The item's name: items are dragged from their pane's drag container by name.
    package var id: String { name }
    /// The types the item is offered as, each one of ``offerableTypes``.
    package var offeredTypes: [UTType]
    /// The name of the image the item shows (see ``Simulation/bitmap(forImageNamed:)``), or nil for a text note.
    package var imageName: String?

    /// Creates an item.
    /// - Parameters:
    ///   - name: The name.
    ///   - data: The bytes.
    ///   - offeredTypes: The types it is offered as.
    ///   - imageName: The image it shows, or nil for text.
    package init(name: String, data: Data, offeredTypes: [UTType], imageName: String?) {
        self.name = name
        self.data = data
        self.offeredTypes = offeredTypes
        self.imageName = imageName
    }

    /// The custom type of example D6, declared in `Info/Info.plist`: pictures of the photo sorter.
    package static let pictures = UTType(exportedAs: "org.alanhou.pictures")

    /// The types an item can be offered as: `org.alanhou.pictures`, `public.png` and `public.utf8-plain-text`.
    ///
    /// A `Transferable` type lists its representations once per process, so the set is fixed; drop targets, by
    /// contrast, accept any declared type.
    package static var offerableTypes: [UTType] { [pictures, .png, .utf8PlainText] }

    /// The item's text, for a text note.
    package var text: String? {
        imageName == nil ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Offers the bytes under each of the item's types.
    package static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: pictures) { item in item.data }
            .exportingCondition { $0.offeredTypes.contains(pictures) }
            .suggestedFileName { $0.name }
        DataRepresentation(exportedContentType: .png) { item in item.data }
            .exportingCondition { $0.offeredTypes.contains(.png) }
            .suggestedFileName { $0.name }
        DataRepresentation(exportedContentType: .utf8PlainText) { item in item.data }
            .exportingCondition { $0.offeredTypes.contains(.utf8PlainText) }
            .suggestedFileName { $0.name }
    }
}
