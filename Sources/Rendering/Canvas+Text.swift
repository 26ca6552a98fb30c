// Text in pixel space, with the built-in font: labels of panes, marks and the pointer.
extension Canvas {
    /// Draws one line of text with its top-left corner at pixel (x, y), each font pixel `scale`×`scale` pixels.
    mutating func drawText(_ text: String, x: Int, y: Int, scale: Int, color: PixelColor) {
        let box = PixelBox(
            minX: x, minY: y, maxX: x + BitmapFont.width(of: text) * scale, maxY: y + BitmapFont.glyphHeight * scale)
        guard !box.isEmpty else { return }
        reach = reach.union(box)
        guard !box.intersection(clip).isEmpty else { return }
        var penX = x
        for character in text {
            let rows = BitmapFont.rows(of: character)
            for row in 0..<BitmapFont.glyphHeight {
                for column in 0..<BitmapFont.glyphWidth where BitmapFont.isLit(rows, x: column, y: row) {
                    fillRect(x: penX + column * scale, y: y + row * scale, width: scale, height: scale, color)
                }
            }
            penX += BitmapFont.advance * scale
        }
    }

    /// Draws a line of text on a plate (one font pixel of margin around it), the plate's top-left corner at (x, y),
    /// moved left or up as needed to stay on the canvas.
    mutating func drawLabel(_ text: String, x: Int, y: Int, scale: Int, color: PixelColor, plate: PixelColor) {
        let margin = 2 * scale
        let plateWidth = BitmapFont.width(of: text) * scale + 2 * margin
        let plateHeight = BitmapFont.lineHeight * scale + margin
        let left = max(0, min(x, width - plateWidth))
        let top = max(0, min(y, height - plateHeight))
        fillRect(x: left, y: top, width: plateWidth, height: plateHeight, plate)
        drawText(text, x: left + margin, y: top + margin, scale: scale, color: color)
    }
}

/// How a line of text fits a box: the largest whole font scale up to a limit, and the text shortened with `..` when
/// even scale 1 is too wide.
struct TextFit: Equatable {
    var text: String
    var scale: Int

    init(_ text: String, width: Double, height: Double, maximumScale: Int) {
        let line = String(text.split(whereSeparator: \.isNewline).first ?? "")
        let characters = max(1, line.count)
        let byWidth = Int(((width + 1) / Double(characters * BitmapFont.advance)).rounded(.down))
        let byHeight = Int((height / Double(BitmapFont.glyphHeight)).rounded(.down))
        scale = max(1, min(maximumScale, byWidth, byHeight))
        let room = Int(((width + 1) / Double(BitmapFont.advance)).rounded(.down))
        if line.count <= room {
            self.text = line
        } else if room >= 3 {
            self.text = String(line.prefix(room - 2)) + ".."
        } else {
            self.text = String(line.prefix(max(0, room)))
        }
    }

    /// The size of the fitted text, in pixels.
    var pixelWidth: Int { BitmapFont.width(of: text) * scale }
    var pixelHeight: Int { BitmapFont.glyphHeight * scale }
}
