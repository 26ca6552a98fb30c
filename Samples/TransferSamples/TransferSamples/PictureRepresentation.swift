import ContentTypes
import Foundation
import Transfer

/// Example D6: a picture dragged as a `Codable` value of a custom content type, `org.alanhou.pictures`.
///
/// The type is declared in the package's `Info/Info.plist` (description "Pictures", conforming to `public.data`);
/// load that file into `TypeRegistry.current` so that receivers know the type.
public struct PictureRepresentation: Identifiable, Codable, Transferable, Hashable {
    /// Identifies the picture in a list.
    public var id = UUID()
    /// The picture's PNG bytes.
    public var image: Data

    /// A picture with a new identifier.
    ///
    /// - Parameter image: the picture's PNG bytes.
    public init(image: Data) {
        self.image = image
    }

    /// Exports and imports JSON of type `org.alanhou.pictures`.
    public static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(for: PictureRepresentation.self, contentType: .product)
    }
}

extension UTType {
    /// Example D6's custom type for ``PictureRepresentation``.
    public static let product = UTType(exportedAs: "org.alanhou.pictures")
}
