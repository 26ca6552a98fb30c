// Text in pixel space: labels of panes, marks and the pointer, and the lines of text nodes and captions.
extension Canvas {
    /// Blends a colour through a coverage mask whose top-left corner is at pixel (x, y).
    mutating func draw(_ mask: TextMask, x: Int, y: Int, color: PixelColor) {
        let box = PixelBox(minX: x, minY: y, maxX: x + mask.width, maxY: y + mask.height)
        guard !box.isEmpty else { return }
        reach = reach.union(box)
        let drawn = box.intersection(clip).intersection(bounds)
        guard !drawn.isEmpty else { return }
        for row in drawn.minY..<drawn.maxY {
            for column in drawn.minX..<drawn.maxX {
                let value = mask[column - x, row - y]
                if value > 0 { blend(x: column, y: row, color, coverage: Double(value) / 255) }
            }
        }
    }

    /// Draws one line of text with the top of its line box at pixel y and its pen starting at pixel x; its glyphs are
    /// drawn only when some of the line is inside the clip (a pass that only measures draws none).
    mutating func drawText(_ text: String, x: Int, y: Int, typeface: Typeface, size: Int, color: PixelColor) {
        let metrics = typeface.metrics(size: size)
        let box = PixelBox(
            minX: x, minY: y, maxX: x + typeface.width(of: text, size: size), maxY: y + metrics.ascent + metrics.descent
        )
        guard !box.isEmpty else { return }
        reach = reach.union(box)
        guard !box.intersection(clip).intersection(bounds).isEmpty else { return }
        draw(typeface.mask(of: text, size: size), x: x, y: y, color: color)
    }

    /// Draws a line of text on a plate (a margin of a fifth of the size around it), the plate's top-left corner at
    /// (x, y), moved left or up as needed to stay on the canvas.
    mutating func drawLabel(
        _ text: String, x: Int, y: Int, typeface: Typeface, size: Int, color: PixelColor, plate: PixelColor
    ) {
        let (plateWidth, plateHeight) = Self.labelSize(of: text, typeface: typeface, size: size)
        let margin = Self.labelMargin(size)
        let left = max(0, min(x, width - plateWidth))
        let top = max(0, min(y, height - plateHeight))
        fillRect(x: left, y: top, width: plateWidth, height: plateHeight, plate)
        drawText(text, x: left + margin, y: top + margin / 2, typeface: typeface, size: size, color: color)
    }

    /// The size of the plate ``drawLabel(_:x:y:typeface:size:color:plate:)`` draws, in pixels.
    static func labelSize(of text: String, typeface: Typeface, size: Int) -> (width: Int, height: Int) {
        let metrics = typeface.metrics(size: size)
        let margin = labelMargin(size)
        return (typeface.width(of: text, size: size) + 2 * margin, metrics.ascent + metrics.descent + margin)
    }

    private static func labelMargin(_ size: Int) -> Int { max(2, size / 5) }
}

/// Text laid out in a box: the largest size in a range at which it fits, wrapped at spaces (and inside words wider
/// than the box), and, when even the smallest size does not fit, as many lines as fit with the last one elided.
struct TextLayout: Equatable {
    /// The lines, top to bottom.
    var lines: [String]
    /// The size, in pixels per em.
    var size: Int
    /// The width of each line and the height of the whole, in pixels.
    var widths: [Int]
    var height: Int

    /// - Parameters:
    ///   - text: The text; its line breaks are kept.
    ///   - width: The box's width in pixels.
    ///   - height: The box's height in pixels.
    ///   - sizes: The sizes to try, in pixels per em; the largest that fits is taken.
    ///   - wraps: Whether the text may take several lines; a single line is elided to fit.
    ///   - typeface: What draws it.
    init(_ text: String, width: Int, height: Int, sizes: ClosedRange<Int>, wraps: Bool, typeface: Typeface) {
        // Bounded work for any text: no box shows more than this many characters legibly.
        let text = text.count > Self.maximumCharacters ? String(text.prefix(Self.maximumCharacters)) : text
        var chosen: (lines: [String], size: Int)?
        for size in sizes.reversed() {
            let metrics = typeface.metrics(size: size)
            let lines = wraps ? Self.wrap(text, width: width, size: size, typeface) : [Self.firstLine(of: text)]
            if Self.height(of: lines.count, metrics) <= height,
                lines.allSatisfy({ typeface.width(of: $0, size: size) <= width })
            {
                chosen = (lines, size)
                break
            }
        }
        if chosen == nil {
            let size = sizes.lowerBound
            let metrics = typeface.metrics(size: size)
            var lines = wraps ? Self.wrap(text, width: width, size: size, typeface) : [Self.firstLine(of: text)]
            var room = 1
            while room < lines.count, Self.height(of: room + 1, metrics) <= height { room += 1 }
            let cut = lines.count > room
            lines = Array(lines.prefix(room))
            if let last = lines.popLast() {
                lines.append(Self.elide(last, always: cut, width: width, size: size, typeface))
            }
            chosen = (lines, size)
        }
        let (lines, size) = chosen ?? ([], sizes.lowerBound)
        self.lines = lines.last == "" && lines.count == 1 ? [] : lines
        self.size = size
        widths = self.lines.map { typeface.width(of: $0, size: size) }
        self.height = self.lines.isEmpty ? 0 : Self.height(of: self.lines.count, typeface.metrics(size: size))
    }

    /// The most characters laid out; the rest of a longer text is not drawn.
    static let maximumCharacters = 2000

    /// The height of `count` lines: whole line heights between baselines, the last line's ascent and descent.
    private static func height(of count: Int, _ metrics: LineMetrics) -> Int {
        count == 0 ? 0 : (count - 1) * metrics.lineHeight + metrics.ascent + metrics.descent
    }

    private static func firstLine(of text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).first ?? "")
    }

    /// The line shortened at its end, with an ellipsis, to fit `width`; unchanged when it fits and `always` is false.
    static func elide(_ line: String, always: Bool = false, width: Int, size: Int, _ typeface: Typeface) -> String {
        if !always, typeface.width(of: line, size: size) <= width { return line }
        var kept = Substring(line)
        while !kept.isEmpty {
            let candidate = kept.trimmingSuffixSpaces + typeface.ellipsis
            if typeface.width(of: candidate, size: size) <= width { return candidate }
            kept = kept.dropLast()
        }
        return typeface.width(of: typeface.ellipsis, size: size) <= width ? typeface.ellipsis : ""
    }

    /// The text's lines at a size: its own line breaks, then breaks at spaces, then inside words too wide for a line.
    private static func wrap(_ text: String, width: Int, size: Int, _ typeface: Typeface) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let joined = line.isEmpty ? String(word) : line + " " + word
                if typeface.width(of: joined, size: size) <= width {
                    line = joined
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                // A word wider than the line: as many characters as fit on each line.
                for character in word {
                    if !line.isEmpty, typeface.width(of: line + String(character), size: size) > width {
                        lines.append(line)
                        line = ""
                    }
                    line.append(character)
                }
            }
            lines.append(line)
        }
        return lines
    }
}

extension Substring {
    fileprivate var trimmingSuffixSpaces: String {
        var result = self
        while result.last == " " { result = result.dropLast() }
        return String(result)
    }
}
