import Foundation
import PNGCodec

/// A PNG of a small gradient, different for each seed.
func pngFile(seed: Int, width: Int = 24, height: Int = 16) throws -> Data {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            bytes += [UInt8((x * 10 + seed * 40) % 256), UInt8((y * 15 + seed) % 256), UInt8(seed % 256)]
        }
    }
    return try PNGEncoder().encode(Bitmap(width: width, height: height, format: .rgb8, bytes: bytes))
}
