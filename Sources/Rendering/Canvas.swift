import Gestures
import PNGCodec

/// An opaque RGBA8 picture being drawn: every pixel starts as the backdrop and is blended over ("source over"), so
/// alpha stays 255. Drawing is clipped to the canvas; the same calls always give the same bytes.
struct Canvas {
    let width: Int
    let height: Int
    private(set) var bytes: [UInt8]

    init(width: Int, height: Int, background: PixelColor) {
        self.width = width
        self.height = height
        let pixel: [UInt8] = [
            Self.byte(background.red), Self.byte(background.green), Self.byte(background.blue), 255,
        ]
        bytes = Array(repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: bytes.count, by: 4) {
            bytes[index] = pixel[0]
            bytes[index + 1] = pixel[1]
            bytes[index + 2] = pixel[2]
            bytes[index + 3] = pixel[3]
        }
    }

    /// Blends a colour over the pixel at (x, y), with `coverage` (0…1) scaling its opacity.
    mutating func blend(x: Int, y: Int, _ color: PixelColor, coverage: Double = 1) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let alpha = PixelColor.unit(color.alpha * coverage)
        guard alpha > 0 else { return }
        let index = (y * width + x) * 4
        bytes[index] = Self.mix(bytes[index], color.red, alpha)
        bytes[index + 1] = Self.mix(bytes[index + 1], color.green, alpha)
        bytes[index + 2] = Self.mix(bytes[index + 2], color.blue, alpha)
    }

    /// The colour of the pixel at (x, y), for tests and the terminal picture.
    func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * 4
        return (bytes[index], bytes[index + 1], bytes[index + 2])
    }

    /// The pixels, clamped to the canvas, whose centres may fall in a local rectangle mapped by `transform`.
    func clippedBounds(
        _ transform: RenderTransform, width localWidth: Double, height localHeight: Double
    ) -> (xs: Range<Int>, ys: Range<Int>)? {
        let box = transform.pixelBounds(of: localWidth, localHeight)
        let minX = max(0, box.minX - 1)
        let maxX = min(width, box.maxX + 1)
        let minY = max(0, box.minY - 1)
        let maxY = min(height, box.maxY + 1)
        guard minX < maxX, minY < maxY else { return nil }
        return (minX..<maxX, minY..<maxY)
    }

    /// Fills a shape drawn in the local frame `0…width × 0…height`, mapped to pixels by `transform`, with anti-aliased
    /// edges. `paint` gives the colour at a local point; `opacity` scales it.
    mutating func fill(
        _ shape: ShapeKind, width localWidth: Double, height localHeight: Double, transform: RenderTransform,
        opacity: Double = 1, paint: (Double, Double) -> PixelColor
    ) {
        guard localWidth > 0, localHeight > 0, opacity > 0, let inverse = transform.inverted(),
            let (xs, ys) = clippedBounds(transform, width: localWidth, height: localHeight)
        else { return }
        let pixelsPerUnit = transform.linearScale
        for y in ys {
            for x in xs {
                let local = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                let distance =
                    shape.signedDistance(x: local.x, y: local.y, width: localWidth, height: localHeight)
                    * pixelsPerUnit
                let coverage = min(1, max(0, 0.5 - distance))
                guard coverage > 0 else { continue }
                blend(x: x, y: y, paint(local.x, local.y), coverage: coverage * opacity)
            }
        }
    }

    /// Draws the inner band, `lineWidth` pixels wide, of a shape's edge: an outline that stays inside the shape.
    mutating func stroke(
        _ shape: ShapeKind, width localWidth: Double, height localHeight: Double, transform: RenderTransform,
        lineWidth: Double, color: PixelColor
    ) {
        guard localWidth > 0, localHeight > 0, let inverse = transform.inverted(),
            let (xs, ys) = clippedBounds(transform, width: localWidth, height: localHeight)
        else { return }
        let pixelsPerUnit = transform.linearScale
        for y in ys {
            for x in xs {
                let local = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                let distance =
                    shape.signedDistance(x: local.x, y: local.y, width: localWidth, height: localHeight)
                    * pixelsPerUnit
                let coverage = min(1, max(0, 0.5 - distance)) - min(1, max(0, 0.5 - distance - lineWidth))
                guard coverage > 0 else { continue }
                blend(x: x, y: y, color, coverage: coverage)
            }
        }
    }

    /// Fills a rectangle of whole pixels.
    mutating func fillRect(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, _ color: PixelColor) {
        for row in max(0, y)..<max(max(0, y), min(height, y + rectHeight)) {
            for column in max(0, x)..<max(max(0, x), min(width, x + rectWidth)) {
                blend(x: column, y: row, color)
            }
        }
    }

    /// Draws a filled disc or, with `thickness`, a ring, centred on a point of pixel space.
    mutating func disc(centerX: Double, centerY: Double, radius: Double, thickness: Double? = nil, _ color: PixelColor)
    {
        let extent = radius + 1
        let xs = clamped(centerX - extent, centerX + extent, to: width)
        let ys = clamped(centerY - extent, centerY + extent, to: height)
        for y in ys {
            for x in xs {
                let dx = Double(x) + 0.5 - centerX
                let dy = Double(y) + 0.5 - centerY
                let distance = (dx * dx + dy * dy).squareRoot() - radius
                var coverage = min(1, max(0, 0.5 - distance))
                if let thickness {
                    coverage -= min(1, max(0, 0.5 - distance - thickness))
                }
                if coverage > 0 { blend(x: x, y: y, color, coverage: coverage) }
            }
        }
    }

    /// Draws a straight line with round ends, `thickness` pixels wide, between two points of pixel space.
    mutating func line(
        from start: (x: Double, y: Double), to end: (x: Double, y: Double), thickness: Double, _ color: PixelColor
    ) {
        let half = thickness / 2
        let xs = clamped(min(start.x, end.x) - half - 1, max(start.x, end.x) + half + 1, to: width)
        let ys = clamped(min(start.y, end.y) - half - 1, max(start.y, end.y) + half + 1, to: height)
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = max(dx * dx + dy * dy, 1e-12)
        for y in ys {
            for x in xs {
                let px = Double(x) + 0.5 - start.x
                let py = Double(y) + 0.5 - start.y
                let t = min(1, max(0, (px * dx + py * dy) / lengthSquared))
                let ex = px - t * dx
                let ey = py - t * dy
                let coverage = min(1, max(0, 0.5 - ((ex * ex + ey * ey).squareRoot() - half)))
                if coverage > 0 { blend(x: x, y: y, color, coverage: coverage) }
            }
        }
    }

    /// The whole pixels from `low` to `high`, within `0..<limit`.
    private func clamped(_ low: Double, _ high: Double, to limit: Int) -> Range<Int> {
        guard low.isFinite, high.isFinite else { return 0..<0 }
        let start = Int(max(0, min(Double(limit), low.rounded(.down))))
        let end = Int(max(0, min(Double(limit), high.rounded(.up))))
        return start..<max(start, end)
    }

    /// The picture as an RGBA8 bitmap.
    func bitmap() throws(ImageError) -> Bitmap {
        try Bitmap(width: width, height: height, format: .rgba8, bytes: bytes)
    }

    static func byte(_ value: Double) -> UInt8 {
        UInt8(PixelColor.unit(value) * 255 + 0.5)
    }

    private static func mix(_ below: UInt8, _ above: Double, _ alpha: Double) -> UInt8 {
        UInt8(
            min(255, max(0, (Double(below) * (1 - alpha) + PixelColor.unit(above) * 255 * alpha + 0.5).rounded(.down))))
    }
}
