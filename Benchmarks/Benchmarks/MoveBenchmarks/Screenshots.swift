import Foundation
import PNGCodec

/// The 200 screenshots `dnd-sim move` is timed on: 1920×1080 RGB pictures of a desktop (a backdrop, a window with a
/// title bar, a sidebar list, paragraphs of text-like glyphs, a picture and buttons, a dock), different for each
/// index, made deterministically with PNGCodec (`.balanced`) into `Benchmarks/Screenshots.generated` once, then
/// reused. The folder is git-ignored.
enum Screenshots {
    static let count = 200
    static let width = 1920
    static let height = 1080

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Screenshots.generated")

    /// The screenshots' paths, making the missing ones first.
    static func paths() throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try (0..<count).map { index in
            let url = folder.appendingPathComponent(String(format: "screenshot-%03d.png", index))
            if !FileManager.default.fileExists(atPath: url.path) {
                try PNGEncoder(options: .balanced).encode(screenshot(index)).write(to: url, options: .atomic)
            }
            return url.path
        }
    }

    /// One screenshot.
    static func screenshot(_ index: Int) throws -> Bitmap {
        var canvas = Pixels(width: width, height: height)
        var random = SeededRandom(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        // Backdrop: a photographic wallpaper, a gradient in a hue of the index with fine grain.
        let hue = (r: 40 + index % 5 * 30, g: 70 + index % 7 * 20, b: 120 + index % 3 * 40)
        canvas.wallpaper(hue, &random)
        // The window.
        let left = 60 + random.next(below: 200)
        let top = 40 + random.next(below: 60)
        let right = width - 60 - random.next(below: 200)
        let bottom = height - 120
        canvas.fill(x: left + 6, y: top + 8, width: right - left, height: bottom - top, (30, 30, 40))
        canvas.fill(x: left, y: top, width: right - left, height: bottom - top, (255, 255, 255))
        canvas.fill(x: left, y: top, width: right - left, height: 36, (232, 232, 236))
        for (offset, colour) in [(18, (255, 95, 87)), (42, (255, 189, 46)), (66, (40, 200, 64))] {
            canvas.fill(x: left + offset - 6, y: top + 12, width: 12, height: 12, colour)
        }
        canvas.text(x: (left + right) / 2 - 80, y: top + 13, characters: 18, &random, colour: (60, 60, 60))
        // Sidebar list.
        let sidebar = left + 260
        canvas.fill(x: left, y: top + 36, width: 260, height: bottom - top - 36, (245, 245, 247))
        let selected = random.next(below: 20)
        for row in 0..<20 {
            let y = top + 56 + row * 34
            if row == selected { canvas.fill(x: left + 8, y: y - 8, width: 244, height: 28, (10, 132, 255)) }
            canvas.fill(x: left + 20, y: y, width: 14, height: 12, (120, 120, 130))
            canvas.text(
                x: left + 44, y: y, characters: 8 + random.next(below: 18), &random,
                colour: row == selected ? (255, 255, 255) : (40, 40, 45))
        }
        // Toolbar buttons.
        for button in 0..<6 {
            let x = sidebar + 24 + button * 110
            canvas.fill(x: x, y: top + 50, width: 96, height: 26, (236, 236, 240))
            canvas.text(x: x + 12, y: top + 58, characters: 9, &random, colour: (30, 30, 30))
        }
        // Paragraphs and a picture.
        var y = top + 100
        let pictureAt = 2 + random.next(below: 4)
        for paragraph in 0..<9 where y < bottom - 40 {
            if paragraph == pictureAt {
                canvas.photo(x: sidebar + 30, y: y, width: min(640, right - sidebar - 60), height: 360, &random)
                y += 380
                continue
            }
            for _ in 0..<(2 + random.next(below: 5)) where y < bottom - 30 {
                let length = 40 + random.next(below: (right - sidebar - 80) / 9 - 40)
                canvas.text(x: sidebar + 30, y: y, characters: length, &random, colour: (25, 25, 28))
                y += 20
            }
            y += 16
        }
        // Dock.
        canvas.fill(x: width / 2 - 420, y: height - 90, width: 840, height: 76, (50, 50, 58))
        for icon in 0..<12 {
            let colour = (60 + icon * 15, 200 - icon * 12, 90 + icon * 13)
            canvas.fill(x: width / 2 - 400 + icon * 68, y: height - 80, width: 56, height: 56, colour)
        }
        return try Bitmap(width: width, height: height, format: .rgb8, bytes: canvas.bytes)
    }
}

/// A simple RGB picture being drawn.
struct Pixels {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 3)
    }

    mutating func fill(x: Int, y: Int, width fillWidth: Int, height fillHeight: Int, _ colour: (Int, Int, Int)) {
        let red = UInt8(clamping: colour.0)
        let green = UInt8(clamping: colour.1)
        let blue = UInt8(clamping: colour.2)
        for row in max(0, y)..<max(max(0, y), min(height, y + fillHeight)) {
            var index = (row * width + max(0, x)) * 3
            for _ in max(0, x)..<max(max(0, x), min(width, x + fillWidth)) {
                bytes[index] = red
                bytes[index + 1] = green
                bytes[index + 2] = blue
                index += 3
            }
        }
    }

    /// A gradient with grain: every pixel varies a little, as in a photograph.
    mutating func wallpaper(_ hue: (r: Int, g: Int, b: Int), _ random: inout SeededRandom) {
        for y in 0..<height {
            let shade = y * 60 / height
            var index = y * width * 3
            for x in 0..<width {
                let grain = random.next(below: 9) - 4 + x / 64
                bytes[index] = UInt8(clamping: hue.r + shade + grain)
                bytes[index + 1] = UInt8(clamping: hue.g + shade + grain)
                bytes[index + 2] = UInt8(clamping: hue.b + shade + grain)
                index += 3
            }
        }
    }

    /// A photograph: smooth colour fields with texture.
    mutating func photo(x: Int, y: Int, width photoWidth: Int, height photoHeight: Int, _ random: inout SeededRandom) {
        for row in max(0, y)..<min(height, y + photoHeight) {
            for column in max(0, x)..<min(width, x + photoWidth) {
                let u = column - x
                let v = row - y
                let texture = random.next(below: 25)
                let index = (row * width + column) * 3
                bytes[index] = UInt8(clamping: 90 + v / 3 + (u * v) % 40 + texture)
                bytes[index + 1] = UInt8(clamping: 140 - v / 4 + u / 8 + texture)
                bytes[index + 2] = UInt8(clamping: 60 + (u / 5 + v / 7) % 90 + texture)
            }
        }
    }

    /// A line of text-like glyphs: 5×9 cells of random strokes, with spaces between words.
    mutating func text(x: Int, y: Int, characters: Int, _ random: inout SeededRandom, colour: (Int, Int, Int)) {
        var penX = x
        for _ in 0..<characters {
            if random.next(below: 6) == 0 {
                penX += 5
                continue
            }
            let strokes = random.next(below: 1 << 12)
            for stroke in 0..<12 where strokes & (1 << stroke) != 0 {
                fill(x: penX + stroke % 3 * 2, y: y + stroke / 3 * 2, width: 2, height: 3, colour)
            }
            penX += 7
        }
    }
}

/// A deterministic pseudo-random sequence (SplitMix64).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
