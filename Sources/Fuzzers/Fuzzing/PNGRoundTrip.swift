import Foundation
import PNGCodec

/// The `fuzz-png` check: any bytes given to `PNGDecoder`, with the default limits and with small ones.
///
/// Properties:
/// - decoding either succeeds or throws `ImageError` (anything else, a crash or a hang, is a bug);
/// - `info(_:)` succeeds whenever decoding does, and agrees on the size and format;
/// - small limits only ever turn a success into an `ImageError`, never into a different image;
/// - an image that decodes re-encodes, and the re-encoded file decodes to the same samples and metadata.
public enum PNGRoundTrip {
    /// Limits small enough that the seed images cross them in every dimension.
    static let smallLimits = PNGDecoder.Limits(
        maxWidth: 40, maxHeight: 40, maxDecodedBytes: 4_096, maxAncillaryChunkBytes: 300, maxAncillaryChunkCount: 3)

    /// Checks one input.
    ///
    /// - Parameter data: any bytes.
    /// - Throws: `FuzzFailure` when a property does not hold.
    public static func check(_ data: Data) throws(FuzzFailure) {
        let decoded = Result { () throws(ImageError) in try PNGDecoder().decode(data) }
        let info = Result { () throws(ImageError) in try PNGDecoder().info(data) }
        let small = Result { () throws(ImageError) in try PNGDecoder(limits: smallLimits).decode(data) }
        guard case .success(let bitmap) = decoded else {
            if case .success = small {
                throw FuzzFailure("small limits decode what the default limits reject")
            }
            return
        }
        guard case .success(let info) = info else {
            throw FuzzFailure("info(_:) fails on a file that decodes")
        }
        guard info.width == bitmap.width, info.height == bitmap.height, info.decodedFormat == bitmap.format else {
            throw FuzzFailure(
                "info(_:) says \(info.width)x\(info.height) \(info.decodedFormat), decoding gives"
                    + " \(bitmap.width)x\(bitmap.height) \(bitmap.format)")
        }
        if case .success(let smallBitmap) = small, smallBitmap != bitmap || smallBitmap.metadata != bitmap.metadata {
            throw FuzzFailure("small limits decode a different image")
        }
        try checkRoundTrip(bitmap, interlaced: data.count % 2 == 1)
    }

    /// Encodes and decodes again: the samples and the metadata must survive.
    private static func checkRoundTrip(_ bitmap: Bitmap, interlaced: Bool) throws(FuzzFailure) {
        var options = PNGEncoder.Options.fast
        options.isInterlaced = interlaced
        let encoded: Data
        do {
            encoded = try PNGEncoder(options: options).encode(bitmap)
        } catch {
            throw FuzzFailure("a decoded image does not encode: \(error)")
        }
        let again: Bitmap
        do {
            again = try PNGDecoder().decode(encoded)
        } catch {
            throw FuzzFailure("a re-encoded image does not decode: \(error)")
        }
        guard again == bitmap else {
            throw FuzzFailure("the re-encoded image's samples differ (\(bitmap.format))")
        }
        guard again.metadata == PNGEncoder().metadataWritten(for: bitmap) else {
            throw FuzzFailure("the re-encoded image's metadata differ: \(bitmap.metadata) became \(again.metadata)")
        }
    }
}
