import Foundation
import PNGCodec

/// The `fuzz-png` check: any bytes given to `PNGDecoder`, with the default limits and with small ones.
///
/// Properties:
/// - decoding either succeeds or throws `ImageError` (anything else, a crash or a hang, is a bug);
/// - `info(_:)` succeeds whenever decoding does, and agrees on the size and format;
/// - small limits only ever turn a success into an `ImageError`, never into a different image;
/// - decoding from the file's restart points (`dkSl`, `iDOT`; forged ones included) gives exactly what libpng gives,
///   the same image or the same error;
/// - an image that decodes re-encodes, in one stream or in slices, and the re-encoded file decodes to the same
///   samples and metadata, through libpng and from its restart points.
///
/// Everything runs on the calling thread (one thread, the sliced path included), so that a run is deterministic.
package enum PNGRoundTrip {
    /// libpng on one thread: the reference.
    static let libpng = PNGDecoder(maxThreadCount: 1)

    /// The sliced decoder, on the calling thread.
    static let sliced: PNGDecoder = {
        var decoder = PNGDecoder(maxThreadCount: 1)
        decoder.decodesSlicesOnOneThread = true
        return decoder
    }()

    /// Limits small enough that the seed images cross them in every dimension.
    static let smallLimits = PNGDecoder.Limits(
        maxWidth: 40, maxHeight: 40, maxDecodedBytes: 4_096, maxAncillaryChunkBytes: 300, maxAncillaryChunkCount: 3)

    /// Checks one input.
    ///
    /// - Parameter data: any bytes.
    /// - Throws: `FuzzFailure` when a property does not hold.
    package static func check(_ data: Data) throws(FuzzFailure) {
        let decoded = Result { () throws(ImageError) in try libpng.decode(data) }
        let info = Result { () throws(ImageError) in try libpng.info(data) }
        let small = Result { () throws(ImageError) in
            try PNGDecoder(limits: smallLimits, maxThreadCount: 1).decode(data)
        }
        if data.range(of: Data("dkSl".utf8)) != nil || data.range(of: Data("iDOT".utf8)) != nil {
            try checkSlicedDecode(data, against: decoded)
        }
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
        try checkRoundTrip(bitmap, interlaced: data.count % 2 == 1, slices: 1 + data.count % 5)
    }

    /// The sliced decoder must agree with libpng: the same samples and metadata, or an error with the same code.
    private static func checkSlicedDecode(_ data: Data, against reference: Result<Bitmap, ImageError>)
        throws(FuzzFailure)
    {
        let inSlices = Result { () throws(ImageError) in try sliced.decode(data) }
        switch (reference, inSlices) {
        case (.success(let expected), .success(let bitmap)):
            guard bitmap == expected, bitmap.metadata == expected.metadata else {
                throw FuzzFailure("decoding from the restart points gives other samples or metadata than libpng")
            }
        case (.failure(let expected), .failure(let error)):
            guard expected.code == error.code else {
                throw FuzzFailure("decoding from the restart points fails with \(error), libpng with \(expected)")
            }
        case (.success, .failure(let error)):
            throw FuzzFailure("decoding from the restart points fails (\(error)) where libpng succeeds")
        case (.failure(let error), .success):
            throw FuzzFailure("decoding from the restart points succeeds where libpng fails (\(error))")
        }
    }

    /// Encodes and decodes again: the samples and the metadata must survive.
    private static func checkRoundTrip(_ bitmap: Bitmap, interlaced: Bool, slices: Int) throws(FuzzFailure) {
        var options = PNGEncoder.Options.fast
        options.isInterlaced = interlaced
        options.slicing = .slices(slices)
        let encoded: Data
        do {
            encoded = try PNGEncoder(options: options, maxThreadCount: 1).encode(bitmap)
        } catch {
            throw FuzzFailure("a decoded image does not encode: \(error)")
        }
        let again: Bitmap
        let inSlices: (bitmap: Bitmap, report: PNGDecoder.Report)
        do {
            again = try libpng.decode(encoded)
            inSlices = try sliced.decodeReporting(encoded)
        } catch {
            throw FuzzFailure("a re-encoded image does not decode: \(error)")
        }
        guard inSlices.bitmap == again else {
            throw FuzzFailure("a re-encoded image decodes differently from its restart points")
        }
        let report = inSlices.report
        let expectedSlices = interlaced ? 1 : min(slices, bitmap.height)
        guard (report.restartPoints?.slices.count ?? 1) == expectedSlices, report.fallback == nil else {
            throw FuzzFailure("a file encoded in \(expectedSlices) slices decodes otherwise: \(report)")
        }
        guard again == bitmap else {
            throw FuzzFailure("the re-encoded image's samples differ (\(bitmap.format))")
        }
        guard again.metadata == PNGEncoder().metadataWritten(for: bitmap) else {
            throw FuzzFailure("the re-encoded image's metadata differ: \(bitmap.metadata) became \(again.metadata)")
        }
    }
}
