import PNGCodec
import Rendering
import Testing

/// `TerminalPicture.halfBlocks`: truecolor escapes around `▀`, upper pixel in front, lower pixel behind.
@Suite("Terminal pictures")
struct RenderTerminalTests {
    let escape = "\u{1B}["

    @Test func eachCellShowsTheUpperPixelInFrontAndTheLowerBehind() throws {
        let colours: [[(UInt8, UInt8, UInt8, UInt8)]] = [
            [(255, 0, 0, 255), (0, 255, 0, 255)],
            [(0, 0, 255, 255), (255, 255, 255, 255)],
        ]
        let bitmap = try makeBitmap(width: 2, height: 2) { x, y in colours[y][x] }
        let text = try TerminalPicture.halfBlocks(bitmap, columns: 2)
        #expect(
            text == "\(escape)38;2;255;0;0m\(escape)48;2;0;0;255m▀\(escape)38;2;0;255;0m\(escape)48;2;255;255;255m▀"
                + "\(escape)0m\n")
    }

    @Test func aColourIsWrittenOnlyWhenItChanges() throws {
        let bitmap = try makeBitmap(width: 3, height: 4) { _, y in y % 2 == 0 ? (10, 20, 30, 255) : (40, 50, 60, 255) }
        let text = try TerminalPicture.halfBlocks(bitmap, columns: 3)
        let line = "\(escape)38;2;10;20;30m\(escape)48;2;40;50;60m▀▀▀\(escape)0m\n"
        #expect(text == line + line)
    }

    @Test func thePictureIsScaledToTheColumnsWithItsAspectKept() throws {
        // 2×2 blocks of one colour each: halving the size gives each block's colour.
        let bitmap = try makeBitmap(width: 4, height: 4) { x, y in
            switch (x / 2, y / 2) {
            case (0, 0): (200, 0, 0, 255)
            case (1, 0): (0, 200, 0, 255)
            case (0, 1): (0, 0, 200, 255)
            default: (100, 100, 100, 255)
            }
        }
        let text = try TerminalPicture.halfBlocks(bitmap, columns: 2)
        #expect(
            text == "\(escape)38;2;200;0;0m\(escape)48;2;0;0;200m▀\(escape)38;2;0;200;0m\(escape)48;2;100;100;100m▀"
                + "\(escape)0m\n")
        let wide = try makeBitmap(width: 40, height: 10) { _, _ in (1, 2, 3, 255) }
        let lines = try TerminalPicture.halfBlocks(wide, columns: 20).split(separator: "\n")
        #expect(lines.count == 3, "40×10 at 20 columns is 20×5 pixels: 3 lines of two pixels (rounded)")
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 20 })
    }

    @Test func transparentPixelsShowTheBackground() throws {
        let bitmap = try makeBitmap(width: 1, height: 2) { _, y in y == 0 ? (255, 0, 0, 0) : (255, 0, 0, 255) }
        let text = try TerminalPicture.halfBlocks(bitmap, columns: 1, background: (red: 0, green: 0, blue: 90))
        #expect(text == "\(escape)38;2;0;0;90m\(escape)48;2;255;0;0m▀\(escape)0m\n")
    }

    @Test(arguments: [0, -3, TerminalPicture.maximumColumns + 1])
    func badWidthsAreRefused(columns: Int) throws {
        let bitmap = try makeBitmap(width: 2, height: 2) { _, _ in (0, 0, 0, 255) }
        #expect {
            try TerminalPicture.halfBlocks(bitmap, columns: columns)
        } throws: { error in
            (error as? SnapshotError)?.code == .invalidColumns
        }
    }
}
