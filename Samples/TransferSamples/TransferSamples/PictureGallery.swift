import Foundation
import PNGCodec
import Transfer

/// Example D6's application data and drop target: a row of thumbnails and a large view. Dropping a thumbnail on the
/// large view shows its picture there and removes it from the row.
public struct PictureGallery: Sendable {
    /// The thumbnails, in order.
    public private(set) var listPictures: [PictureRepresentation]
    /// The picture the large view shows.
    public private(set) var currentPicture: Bitmap

    /// The placeholder the large view shows when nothing, or something that is not a PNG, was dropped.
    public let placeholder: Bitmap

    /// A gallery of the three sample pictures, showing the "no picture" placeholder.
    ///
    /// - Throws: `ImageError` if the sample pictures cannot be made or encoded.
    public init() throws {
        let pictures = try SampleImages.spots().map { try PictureRepresentation(image: $0.pngData()) }
        self.init(pictures: pictures, placeholder: try SampleImages.noPicture())
    }

    /// A gallery of `pictures`, showing `placeholder`.
    ///
    /// - Parameters:
    ///   - pictures: the thumbnails.
    ///   - placeholder: the picture shown before anything is dropped.
    public init(pictures: [PictureRepresentation], placeholder: Bitmap) {
        listPictures = pictures
        currentPicture = placeholder
        self.placeholder = placeholder
    }

    /// The drop action of the large view: shows the first dropped picture (the placeholder if its bytes are not a
    /// PNG) and removes it from the row.
    ///
    /// - Parameter elements: the dropped pictures.
    /// - Returns: whether a picture was dropped.
    public mutating func receive(_ elements: [PictureRepresentation]) -> Bool {
        guard let picture = elements.first else {
            return false
        }
        currentPicture = (try? Bitmap(pngData: picture.image)) ?? placeholder
        listPictures.removeAll { $0.id == picture.id }
        return true
    }
}
