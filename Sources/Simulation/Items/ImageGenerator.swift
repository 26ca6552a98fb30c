import Foundation
import PNGCodec

/// Makes recognisable images from a seed: each a different hue, with a different shape in a contrasting colour, a
/// light grain so that the PNG is a few kilobytes, and stripes that count the image's number. The same seed and
/// index give the same bytes on every machine.
package enum ImageGenerator {
    /// The shapes, in turn.
    enum Figure: CaseIterable {
        case circle, square, triangle, diamond, ring, cross
    }

    /// Makes one image.
    /// - Parameters:
    ///   - index: The image's number, from 0.
    ///   - seed: The seed.
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    /// - Returns: The bitmap, 8-bit RGB.
    /// - Throws: `ImageError` for a size below 1.
    package static func bitmap(index: Int, seed: UInt64, width: Int, height: Int) throws -> Bitmap {
        var random = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
        // Hues spread by the golden angle, so that neighbours differ.
        let hue = (Double(index) * 0.381_966 + Double(seed % 1000) / 1000).truncatingRemainder(dividingBy: 1)
        let background = rgb(hue: hue, saturation: 0.55, value: 0.92)
        let foreground = rgb(hue: (hue + 0.5).truncatingRemainder(dividingBy: 1), saturation: 0.8, value: 0.45)
        let figure = Figure.allCases[(index + Int(seed % 6)) % Figure.allCases.count]
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        let side = Double(min(width, height))
        let cx = Double(width) / 2
        let cy = Double(height) / 2
        for y in 0..<height {
            for x in 0..<width {
                let dx = (Double(x) + 0.5 - cx) / side
                let dy = (Double(y) + 0.5 - cy) / side
                var color = inside(figure, dx, dy) ? foreground : background
                // Stripes along the bottom edge: one per image number (up to 8).
                let stripe = width / 10
                if y >= height - max(2, height / 12), stripe > 0, x / stripe < min(index + 1, 8),
                    x % stripe < stripe / 2
                {
                    color = foreground
                }
                let grain = Int(random.next() % 9) - 4
                let offset = (y * width + x) * 3
                for channel in 0..<3 { bytes[offset + channel] = UInt8(clamping: Int(color[channel]) + grain) }
            }
        }
        return try Bitmap(width: width, height: height, format: .rgb8, bytes: bytes)
    }

    /// Makes one image as PNG bytes.
    /// - Parameters:
    ///   - index: The image's number, from 0.
    ///   - seed: The seed.
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    /// - Returns: The PNG bytes.
    /// - Throws: `ImageError` for a size below 1.
    package static func pngData(index: Int, seed: UInt64, width: Int, height: Int) throws -> Data {
        try bitmap(index: index, seed: seed, width: width, height: height).pngData(options: .fast)
    }

    private static func inside(_ figure: Figure, _ dx: Double, _ dy: Double) -> Bool {
        switch figure {
        case .circle: return dx * dx + dy * dy < 0.09
        case .square: return abs(dx) < 0.27 && abs(dy) < 0.27
        case .triangle: return dy < 0.25 && dy > -0.3 && abs(dx) < (dy + 0.3) * 0.55
        case .diamond: return abs(dx) + abs(dy) < 0.33
        case .ring:
            let r = dx * dx + dy * dy
            return r < 0.1 && r > 0.04
        case .cross: return (abs(dx) < 0.08 && abs(dy) < 0.32) || (abs(dy) < 0.08 && abs(dx) < 0.32)
        }
    }

    private static func rgb(hue: Double, saturation: Double, value: Double) -> [UInt8] {
        let sector = hue * 6
        let f = sector - sector.rounded(.down)
        let p = value * (1 - saturation)
        let q = value * (1 - saturation * f)
        let t = value * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) % 6 {
        case 0: (r, g, b) = (value, t, p)
        case 1: (r, g, b) = (q, value, p)
        case 2: (r, g, b) = (p, value, t)
        case 3: (r, g, b) = (p, q, value)
        case 4: (r, g, b) = (t, p, value)
        default: (r, g, b) = (value, p, q)
        }
        return [r, g, b].map { UInt8(($0 * 255).rounded()) }
    }
}

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same numbers everywhere.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
