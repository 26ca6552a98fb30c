import PNGCodec

/// An image resized for drawing: premultiplied RGBA samples (0…1) at the size it is drawn, sampled bilinearly.
struct ResampledImage {
    let width: Int
    let height: Int
    /// Premultiplied red, green, blue, alpha, row after row.
    let samples: [Float]

    /// Resizes a bitmap: an area-weighted average when shrinking, so that thumbnails of large pictures keep their
    /// detail without aliasing, and bilinear interpolation when enlarging.
    init(_ bitmap: Bitmap, width: Int, height: Int) {
        let source = bitmap.format == .rgba8 ? bitmap : bitmap.convertedToRGBA8()
        self.width = width
        self.height = height
        let columns = Self.contributions(from: source.width, to: width)
        let rows = Self.contributions(from: source.height, to: height)
        // Horizontal pass: every source row to `width` premultiplied pixels.
        var horizontal = [Float](repeating: 0, count: source.height * width * 4)
        source.withUnsafeBytes { bytes in
            for y in 0..<source.height {
                let rowStart = y * source.width * 4
                for (x, contribution) in columns.enumerated() {
                    var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for (offset, weight) in contribution.weights.enumerated() {
                        let index = rowStart + (contribution.first + offset) * 4
                        let alpha = Float(bytes[index + 3]) / 255
                        sum.0 += weight * Float(bytes[index]) / 255 * alpha
                        sum.1 += weight * Float(bytes[index + 1]) / 255 * alpha
                        sum.2 += weight * Float(bytes[index + 2]) / 255 * alpha
                        sum.3 += weight * alpha
                    }
                    let out = (y * width + x) * 4
                    horizontal[out] = sum.0
                    horizontal[out + 1] = sum.1
                    horizontal[out + 2] = sum.2
                    horizontal[out + 3] = sum.3
                }
            }
        }
        // Vertical pass.
        var result = [Float](repeating: 0, count: width * height * 4)
        for (y, contribution) in rows.enumerated() {
            for x in 0..<width {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (offset, weight) in contribution.weights.enumerated() {
                    let index = ((contribution.first + offset) * width + x) * 4
                    sum.0 += weight * horizontal[index]
                    sum.1 += weight * horizontal[index + 1]
                    sum.2 += weight * horizontal[index + 2]
                    sum.3 += weight * horizontal[index + 3]
                }
                let out = (y * width + x) * 4
                result[out] = sum.0
                result[out + 1] = sum.1
                result[out + 2] = sum.2
                result[out + 3] = sum.3
            }
        }
        samples = result
    }

    /// The straight colour at a point given in destination pixels (0…width × 0…height), interpolated between the
    /// four nearest pixel centres.
    func color(atX x: Double, y: Double) -> PixelColor {
        let fx = min(max(x - 0.5, 0), Double(width - 1))
        let fy = min(max(y - 0.5, 0), Double(height - 1))
        let x0 = Int(fx)
        let y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1)
        let y1 = min(y0 + 1, height - 1)
        let tx = Float(fx - Double(x0))
        let ty = Float(fy - Double(y0))
        func channel(_ index: Int) -> Double {
            let top = sample(x0, y0, index) * (1 - tx) + sample(x1, y0, index) * tx
            let bottom = sample(x0, y1, index) * (1 - tx) + sample(x1, y1, index) * tx
            return Double(top * (1 - ty) + bottom * ty)
        }
        let alpha = channel(3)
        guard alpha > 1e-6 else { return .transparent }
        return PixelColor(channel(0) / alpha, channel(1) / alpha, channel(2) / alpha, alpha)
    }

    private func sample(_ x: Int, _ y: Int, _ channel: Int) -> Float {
        samples[(y * width + x) * 4 + channel]
    }

    /// For each destination pixel along one axis, the first source pixel it reads and the normalised weights of the
    /// source pixels from there on: the share of each source pixel in the destination pixel's span when shrinking
    /// (an area average), linear interpolation between the two nearest source pixels when enlarging.
    static func contributions(from sourceCount: Int, to destinationCount: Int) -> [(first: Int, weights: [Float])] {
        let ratio = Double(sourceCount) / Double(destinationCount)
        return (0..<destinationCount).map { index in
            if ratio > 1 {
                let start = Double(index) * ratio
                let end = start + ratio
                let first = min(sourceCount - 1, Int(start.rounded(.down)))
                let last = min(sourceCount - 1, max(first, Int(end.rounded(.up)) - 1))
                let weights = (first...last).map { source in
                    Float(max(0, min(end, Double(source + 1)) - max(start, Double(source))) / ratio)
                }
                return (first, weights)
            }
            let center = (Double(index) + 0.5) * ratio - 0.5
            let clamped = min(max(center, 0), Double(sourceCount - 1))
            let first = Int(clamped.rounded(.down))
            let fraction = Float(clamped - Double(first))
            return first + 1 < sourceCount ? (first, [1 - fraction, fraction]) : (first, [1])
        }
    }
}
