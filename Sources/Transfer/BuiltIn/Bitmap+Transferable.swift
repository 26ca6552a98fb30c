import ContentTypes
import Foundation
import PNGCodec

/// `Bitmap` transfers as PNG.
///
/// | direction | content types |
/// |---|---|
/// | exports | `public.png` |
/// | imports | `public.png` (bytes, or a file read into memory) |
///
/// A bitmap decoded from PNG and not modified since exports the very bytes it was decoded from (no re-encode, no
/// copy), so a PNG that arrives as bytes leaves as the same bytes. Other bitmaps are encoded with
/// `PNGEncoder.Options.balanced`. Importing decodes with `PNGDecoder`'s default limits; a malformed PNG fails with
/// `TransferError.Code.decodingFailed`, its `underlyingError` being the `ImageError`. In the sender's process, a
/// receiver of `Bitmap` gets the sender's bitmap itself, sharing its pixels.
extension Bitmap: Transferable {
    /// Exports and imports `public.png`.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .png) { bitmap in
            try bitmap.pngData()
        } importing: { data in
            try Bitmap(pngData: data)
        }
    }
}
