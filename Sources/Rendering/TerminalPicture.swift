import PNGCodec

/// A picture for a truecolor terminal: each character cell shows two pixels, one above the other, as the upper half
/// block `▀` with the upper pixel as its foreground colour and the lower pixel as its background colour.
///
/// ```swift
/// let picture = try SnapshotRenderer().render(scene)
/// print(try TerminalPicture.halfBlocks(picture, columns: 80), terminator: "")
/// ```
package enum TerminalPicture {
    /// The widest terminal picture, in characters.
    package static let maximumColumns = 4096

    /// The picture scaled to `columns` characters wide (its aspect kept: one character is one pixel wide and two
    /// tall), with 24-bit colour escapes (`ESC[38;2;R;G;Bm` foreground, `ESC[48;2;R;G;Bm` background). A colour is
    /// repeated only when it changes along a line; every line ends with a reset (`ESC[0m`) and a line break.
    /// Transparent pixels are drawn over `background`.
    /// - Parameters:
    ///   - bitmap: The picture, in any pixel format.
    ///   - columns: The width in characters, 1 to ``maximumColumns``.
    ///   - background: The colour under transparent pixels, as 8-bit red, green and blue; black by default.
    /// - Returns: The lines of the picture.
    /// - Throws: ``SnapshotError`` with `SnapshotError.Code.invalidColumns` when `columns` is out of range or the
    ///   picture would have more than ``SnapshotRenderer/maximumPixelCount`` pixels.
    package static func halfBlocks(
        _ bitmap: Bitmap, columns: Int, background: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0)
    ) throws(SnapshotError) -> String {
        guard columns >= 1, columns <= maximumColumns else {
            throw SnapshotError(
                .invalidColumns, "a terminal picture is 1 to \(maximumColumns) columns wide, not \(columns)")
        }
        let rows = max(1, Int((Double(bitmap.height) * Double(columns) / Double(bitmap.width) / 2).rounded()))
        guard rows <= SnapshotRenderer.maximumPixelCount / 2 / columns else {
            throw SnapshotError(
                .invalidColumns,
                "a \(bitmap.width)x\(bitmap.height) picture \(columns) columns wide would be \(rows) lines tall")
        }
        let pixels = ResampledImage(bitmap, width: columns, height: rows * 2)
        var output = ""
        output.reserveCapacity(columns * rows * 40)
        let back = (Double(background.red) / 255, Double(background.green) / 255, Double(background.blue) / 255)
        func color(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let sample = pixels.color(atX: Double(x) + 0.5, y: Double(y) + 0.5)
            return (
                Canvas.byte(sample.red * sample.alpha + back.0 * (1 - sample.alpha)),
                Canvas.byte(sample.green * sample.alpha + back.1 * (1 - sample.alpha)),
                Canvas.byte(sample.blue * sample.alpha + back.2 * (1 - sample.alpha))
            )
        }
        for row in 0..<rows {
            var lastUpper: (UInt8, UInt8, UInt8)?
            var lastLower: (UInt8, UInt8, UInt8)?
            for column in 0..<columns {
                let upper = color(column, row * 2)
                let lower = color(column, row * 2 + 1)
                if lastUpper.map({ $0 != upper }) ?? true {
                    output += "\u{1B}[38;2;\(upper.0);\(upper.1);\(upper.2)m"
                    lastUpper = upper
                }
                if lastLower.map({ $0 != lower }) ?? true {
                    output += "\u{1B}[48;2;\(lower.0);\(lower.1);\(lower.2)m"
                    lastLower = lower
                }
                output += "\u{2580}"
            }
            output += "\u{1B}[0m\n"
        }
        return output
    }
}
