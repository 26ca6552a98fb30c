import ContentTypes
import PNGCodec

/// `Image` transfers as PNG, through its bitmap.
///
/// | direction | content types |
/// |---|---|
/// | exports | `public.png` (bitmap images only; symbol images export nothing) |
/// | imports | `public.png` |
///
/// The representation is a proxy to ``PNGCodec/Bitmap``'s, so PNG bytes pass through unchanged both ways. In the
/// sender's process, a receiver of `Image` gets the sender's image itself.
extension Image: Transferable {
    /// Exports and imports `public.png` through ``PNGCodec/Bitmap``.
    public static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation { (image: Image) throws -> Bitmap in
            guard let bitmap = image.bitmap else {
                throw TransferError(.exportFailed, "\(image) has no pixels to export", contentType: .png)
            }
            return bitmap
        } importing: { bitmap in
            Image(bitmap: bitmap)
        }
        .exportingCondition { image in image.bitmap != nil }
    }
}
