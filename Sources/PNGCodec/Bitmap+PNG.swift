import Foundation

extension Bitmap {
    /// Decodes a PNG; see ``PNGDecoder``.
    ///
    /// - Parameters:
    ///   - pngData: a whole PNG file.
    ///   - limits: the largest images and chunks to accept.
    /// - Throws: ``ImageError`` naming the problem and where it is.
    public init(pngData: Data, limits: PNGDecoder.Limits = PNGDecoder.Limits()) throws(ImageError) {
        self = try PNGDecoder(limits: limits).decode(pngData)
    }

    /// This bitmap as a PNG file.
    ///
    /// Without options, a bitmap decoded from PNG and not modified since returns its ``originalPNGData``
    /// unchanged (no re-encode, no copy); any other bitmap is encoded with ``PNGEncoder/Options/balanced``.
    /// With options, the bitmap is always encoded anew with them.
    ///
    /// - Parameter options: how to compress, or `nil` for the original bytes when there are any.
    /// - Returns: a whole PNG file.
    /// - Throws: ``ImageError`` when the metadata cannot be stored or memory runs out; see
    ///   ``PNGEncoder/encode(_:)``.
    public func pngData(options: PNGEncoder.Options? = nil) throws(ImageError) -> Data {
        if options == nil, let originalPNGData {
            return originalPNGData
        }
        return try PNGEncoder(options: options ?? .balanced).encode(self)
    }
}
