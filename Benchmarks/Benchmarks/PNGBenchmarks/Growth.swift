// How decoding and `.fast` encoding cost grows with image size (issue 8; `.balanced` runs near 1 µs per pixel on a
// photo, too slow to repeat at 64 megapixels): one photo-like RGBA8 image at 1, 16 and 64
// megapixels, made here from a seed so that the family needs no files. The metric is nanoseconds per pixel, so
// linear growth shows as a flat line across the three sizes.

import Benchmark
import Foundation
import PNGCodec

enum GrowthMetric {
    static let decodeNanosecondsPerPixel = BenchmarkMetric.custom(
        "decode (ns/pixel)", polarity: .prefersSmaller, useScalingFactor: false)
    static let encodeNanosecondsPerPixel = BenchmarkMetric.custom(
        "fast encode (ns/pixel)", polarity: .prefersSmaller, useScalingFactor: false)
}

func registerGrowthBenchmarks() {
    for side in [1_024, 4_096, 8_192] {
        let megapixels = side * side / 1_048_576
        // Made on first use, so that a run filtered to other benchmarks does not pay for it.
        let image = LazyGrowthImage(side: side)
        Benchmark(
            "growth-\(megapixels)MP-photo",
            configuration: .init(
                metrics: [.wallClock, GrowthMetric.decodeNanosecondsPerPixel, GrowthMetric.encodeNanosecondsPerPixel],
                warmupIterations: 0, maxDuration: .seconds(60), maxIterations: side > 4_096 ? 3 : 5)
        ) { benchmark in
            let (bitmap, data) = try image.value()
            let pixels = Double(side * side)
            for _ in benchmark.scaledIterations {
                var decoded: Bitmap?
                let decode = seconds { decoded = try? PNGDecoder().decode(data) }
                guard decoded == bitmap else {
                    throw GrowthFailure("the \(megapixels) MP photo did not decode to itself")
                }
                var encoded: Data?
                let encode = seconds { encoded = try? PNGEncoder(options: .fast).encode(bitmap) }
                guard let encoded, !encoded.isEmpty else {
                    throw GrowthFailure("the \(megapixels) MP photo did not encode")
                }
                benchmark.measurement(GrowthMetric.decodeNanosecondsPerPixel, Int((decode * 1e9 / pixels).rounded()))
                benchmark.measurement(GrowthMetric.encodeNanosecondsPerPixel, Int((encode * 1e9 / pixels).rounded()))
            }
        }
    }
}

/// Thrown when a growth benchmark does not do what it measures, which fails the run.
struct GrowthFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A square photo-like image and its `.fast` PNG, made once when first asked for.
final class LazyGrowthImage: @unchecked Sendable {
    private let side: Int
    private let lock = NSLock()
    private var made: (Bitmap, Data)?

    init(side: Int) {
        self.side = side
    }

    func value() throws -> (Bitmap, Data) {
        try lock.withLock {
            if let made { return made }
            let bitmap = photoLike(side: side)
            let data = try PNGEncoder(options: .fast).encode(bitmap)
            made = (bitmap, data)
            return (bitmap, data)
        }
    }
}

/// Smooth colour fields plus a little per-pixel noise from an integer hash: compresses about as a photo does
/// (neither flat like a screenshot nor incompressible like random bytes).
private func photoLike(side: Int) -> Bitmap {
    var bitmap: Bitmap
    do {
        bitmap = try Bitmap(width: side, height: side, format: .rgba8)
    } catch {
        preconditionFailure("a \(side)x\(side) bitmap: \(error)")
    }
    let scale = 6.283 / Double(side)
    bitmap.withUnsafeMutableBytes { bytes in
        for y in 0..<side {
            let fy = Double(y) * scale
            for x in 0..<side {
                let fx = Double(x) * scale
                var noise = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
                noise = (noise ^ (noise >> 13)) &* 0x5bd1_e995
                let jitter = Double(noise >> 28) - 8
                let offset = (y * side + x) * 4
                bytes[offset] = channel(128 + 90 * sin(fx * 1.7 + fy * 0.6) + jitter)
                bytes[offset + 1] = channel(128 + 80 * cos(fx * 0.8 - fy * 2.1) + jitter)
                bytes[offset + 2] = channel(120 + 70 * sin((fx + fy) * 1.3) * cos(fy * 0.9) + jitter)
                bytes[offset + 3] = 255
            }
        }
    }
    return bitmap
}

private func channel(_ value: Double) -> UInt8 {
    UInt8(max(0, min(255, value)).rounded())
}
