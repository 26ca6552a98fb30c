import Foundation
import PNGCodec
import Transfer

/// Example D5's drop target: shows a picture, and replaces it with the first dropped `Data` that decodes as PNG.
public struct DataPictureReceiver: Sendable {
    /// The picture shown.
    public private(set) var picture: Bitmap

    /// A receiver showing `picture` (in the example, ``SampleImages/noPicture()``).
    ///
    /// - Parameter picture: the picture shown before anything is dropped.
    public init(picture: Bitmap) {
        self.picture = picture
    }

    /// The drop action: takes the first element, decodes it as PNG and shows it.
    ///
    /// - Parameter elements: the dropped bytes.
    /// - Returns: whether the drop was accepted (the first element decoded).
    public mutating func receive(_ elements: [Data]) -> Bool {
        guard let data = elements.first, let image = try? Bitmap(pngData: data) else {
            return false
        }
        picture = image
        return true
    }
}
