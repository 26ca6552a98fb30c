import Gestures
import PNGCodec

/// An opaque RGBA8 picture being drawn: every pixel starts as the backdrop and is blended over ("source over"), so
/// alpha stays 255. Drawing is clipped to ``clip`` (the whole canvas unless narrowed); the same calls always give the
/// same bytes.
///
/// Every drawing call also adds the pixels it would touch, before clipping, to ``reach``: a pass with an empty clip
/// draws nothing and learns where everything would go, which is how a live frame finds what changed.
struct Canvas {
    let width: Int
    let height: Int
    private(set) var bytes: [UInt8]
    /// The pixels drawing may change.
    var clip: PixelBox
    /// The pixels the calls since it was last reset would touch, clip or not.
    var reach = PixelBox.empty
    private let background: (UInt8, UInt8, UInt8)

    init(width: Int, height: Int, background: PixelColor) {
        self.width = width
        self.height = height
        self.background = (Self.byte(background.red), Self.byte(background.green), Self.byte(background.blue))
        clip = PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)
        bytes = Array(repeating: 0, count: width * height * 4)
        clear(clip)
    }

    /// The whole canvas.
    var bounds: PixelBox { PixelBox(minX: 0, minY: 0, maxX: width, maxY: height) }

    /// Paints the backdrop over a part of the canvas.
    mutating func clear(_ box: PixelBox) {
        let area = box.intersection(bounds)
        guard !area.isEmpty else { return }
        let (red, green, blue) = background
        bytes.withUnsafeMutableBufferPointer { pixels in
            for row in area.minY..<area.maxY {
                for index in stride(from: (row * width + area.minX) * 4, to: (row * width + area.maxX) * 4, by: 4) {
                    pixels[index] = red
                    pixels[index + 1] = green
                    pixels[index + 2] = blue
                    pixels[index + 3] = 255
                }
            }
        }
    }

    /// Notes that a call would touch `box` and gives the part of it that may be drawn, nil when none.
    private mutating func area(_ box: PixelBox) -> (xs: Range<Int>, ys: Range<Int>)? {
        guard !box.isEmpty else { return nil }
        reach = reach.union(box)
        let drawn = box.intersection(clip).intersection(bounds)
        guard !drawn.isEmpty else { return nil }
        return (drawn.minX..<drawn.maxX, drawn.minY..<drawn.maxY)
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

    /// The pixels, clipped, whose centres may fall in a local rectangle mapped by `transform`.
    mutating func clippedBounds(
        _ transform: AffineMap, width localWidth: Double, height localHeight: Double
    ) -> (xs: Range<Int>, ys: Range<Int>)? {
        let box = transform.pixelBounds(of: localWidth, localHeight)
        return area(PixelBox(minX: box.minX - 1, minY: box.minY - 1, maxX: box.maxX + 1, maxY: box.maxY + 1))
    }

    /// Fills a shape drawn in the local frame `0…width × 0…height`, mapped to pixels by `transform`, with anti-aliased
    /// edges. `paint` gives the colour at a local point; `opacity` scales it.
    mutating func fill(
        _ shape: ShapeKind, width localWidth: Double, height localHeight: Double, transform: AffineMap,
        opacity: Double = 1, paint: (Double, Double) -> PixelColor
    ) {
        guard localWidth > 0, localHeight > 0, opacity > 0, let inverse = transform.inverted(tolerance: 1e-12),
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
        _ shape: ShapeKind, width localWidth: Double, height localHeight: Double, transform: AffineMap,
        lineWidth: Double, color: PixelColor
    ) {
        guard localWidth > 0, localHeight > 0, let inverse = transform.inverted(tolerance: 1e-12),
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
        guard let (xs, ys) = area(PixelBox(minX: x, minY: y, maxX: x + rectWidth, maxY: y + rectHeight)) else {
            return
        }
        for row in ys {
            for column in xs {
                blend(x: column, y: row, color)
            }
        }
    }

    /// Draws a filled disc or, with `thickness`, a ring, centred on a point of pixel space.
    mutating func disc(centerX: Double, centerY: Double, radius: Double, thickness: Double? = nil, _ color: PixelColor)
    {
        let extent = radius + 1
        guard let (xs, ys) = area(centerX - extent, centerY - extent, centerX + extent, centerY + extent) else {
            return
        }
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
        guard
            let (xs, ys) = area(
                min(start.x, end.x) - half - 1, min(start.y, end.y) - half - 1, max(start.x, end.x) + half + 1,
                max(start.y, end.y) + half + 1)
        else { return }
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

    /// ``area(_:)`` of the whole pixels that a box of pixel space overlaps.
    private mutating func area(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> (
        xs: Range<Int>, ys: Range<Int>
    )? {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let limit = Double(Int32.max)
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int(max(-limit, min(limit, value.rounded(rule))))
        }
        return area(
            PixelBox(minX: whole(minX, .down), minY: whole(minY, .down), maxX: whole(maxX, .up), maxY: whole(maxY, .up))
        )
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
