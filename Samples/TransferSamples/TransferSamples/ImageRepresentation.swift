import ContentTypes
import Foundation
import PNGCodec
import Transfer

/// Example D5: a picture dragged as PNG bytes through a custom `Transferable` type.
///
/// The sender wraps its bitmap in an `ImageRepresentation`, which exports only `public.png`, through a
/// `DataRepresentation(exportedContentType:)`; the receiver (``DataPictureReceiver``) accepts `Data` and decodes it.
/// Because `public.png` conforms to `public.data`, a receiver of `Data` takes the PNG bytes.
public struct ImageRepresentation: Transferable {
    /// A name for the picture.
    public let name: String
    /// The picture.
    public let image: Bitmap

    /// Wraps a picture.
    ///
    /// - Parameters:
    ///   - name: a name for the picture.
    ///   - image: the picture.
    public init(name: String, image: Bitmap) {
        self.name = name
        self.image = image
    }

    /// Exports `public.png` only.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .png) { value in
            try value.image.pngData()
        }
    }
}
