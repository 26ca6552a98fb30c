import Foundation
import Gestures
import PNGCodec
import Rendering

/// The window's frames: draws the scene (by DnDKit's renderer, only what can have changed, or whole by a function)
/// and sends the parts that changed since the last frame to the X server, as the server's pixels; reads back what
/// the window shows.
final class FramePresenter {
    /// How frames are drawn.
    enum Painter {
        /// DnDKit's renderer: each frame draws only what can have changed, and says which boxes.
        case frames(FrameRenderer)
        /// A function of the caller's: each frame is drawn whole and compared with the one before.
        case bitmaps((Scene) throws -> Bitmap)
    }

    /// A drawing function gave a bitmap the window cannot show.
    struct UnsupportedBitmap: Error, CustomStringConvertible {
        /// The bitmap's format.
        var format: Bitmap.PixelFormat
        var description: String {
            "the drawing function gave a bitmap of \(format); the window shows 8-bit RGB or RGBA"
        }
    }

    private let x: X11Connection
    private let window: X11Window
    private let gc: UInt32
    private let painter: Painter
    /// The last frame a drawing function gave, to compare the next with.
    private var lastBitmap: Bitmap?
    /// Whether the server must be sent the whole frame (at first and after an exposure).
    var needsWholeFrame = true
    /// The parts of the window the last frame sent (in the window's space): none when nothing had changed, the
    /// whole window after an exposure.
    private(set) var lastDamage: [CGRect] = []

    init(x: X11Connection, window: X11Window, painter: Painter) {
        self.x = x
        self.window = window
        self.painter = painter
        gc = x.createGraphicsContext(for: window)
    }

    deinit {
        x.freeGraphicsContext(gc)
    }

    /// Draws the scene and sends the parts that changed since the last frame (all of it after an exposure).
    /// - Throws: What the renderer or the drawing function threw, or ``UnsupportedBitmap``; nothing was sent then.
    func present(_ scene: Scene) throws {
        switch painter {
        case .frames(let frames):
            let boxes = try frames.render(scene)
            let whole = PixelBox(minX: 0, minY: 0, maxX: frames.width, maxY: frames.height)
            frames.withUnsafeBytes {
                send(needsWholeFrame ? [whole] : boxes, from: $0, width: frames.width, channels: 4)
            }
        case .bitmaps(let draw):
            let bitmap = try draw(scene)
            guard bitmap.format.bitDepth == .eight, bitmap.format.channels.count >= 3 else {
                throw UnsupportedBitmap(format: bitmap.format)
            }
            let channels = bitmap.format.channels.count
            var damage = [PixelBox(minX: 0, minY: 0, maxX: bitmap.width, maxY: bitmap.height)]
            if !needsWholeFrame, let last = lastBitmap, last.width == bitmap.width, last.height == bitmap.height,
                last.format == bitmap.format
            {
                let changed = last.withUnsafeBytes { old in
                    bitmap.withUnsafeBytes { new in
                        Self.damage(from: old, to: new, width: bitmap.width, bytesPerPixel: channels)
                    }
                }
                damage = changed.map { [$0] } ?? []
            }
            lastBitmap = bitmap
            bitmap.withUnsafeBytes { send(damage, from: $0, width: bitmap.width, channels: channels) }
        }
        needsWholeFrame = false
    }

    /// Sends parts of a frame of 8-bit RGB or RGBA samples to the window, in strips that fit the server's largest
    /// request.
    private func send(_ boxes: [PixelBox], from samples: UnsafeRawBufferPointer, width: Int, channels: Int) {
        lastDamage = boxes.map { CGRect(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) }
        guard !boxes.isEmpty else { return }
        let largest = x.maximumRequestBytes - 64
        for box in boxes where !box.isEmpty {
            let columns = box.width
            let rowsPerStrip = max(1, largest / (columns * 4))
            var strip = [UInt8](repeating: 255, count: min(rowsPerStrip, box.height) * columns * 4)
            var row = box.minY
            while row < box.maxY {
                let rows = min(rowsPerStrip, box.maxY - row)
                strip.withUnsafeMutableBytes { target in
                    Self.swizzle(
                        samples, channels: channels, width: width, into: target, from: (box.minX, row),
                        columns: columns, rows: rows)
                    x.putImage(
                        UnsafeRawBufferPointer(target), into: window, gc: gc, x: box.minX, y: row, width: columns,
                        height: rows)
                }
                row += rows
            }
        }
        x.flush()
    }

    /// Copies a box of RGB or RGBA samples (a frame `width` pixels wide) into the server's pixels: a depth-24
    /// `ZPixmap` is 32 bits a pixel, blue first on a little-endian server.
    private static func swizzle(
        _ samples: UnsafeRawBufferPointer, channels: Int, width: Int, into target: UnsafeMutableRawBufferPointer,
        from corner: (x: Int, y: Int), columns: Int, rows: Int
    ) {
        for line in 0..<rows {
            var source = ((corner.y + line) * width + corner.x) * channels
            var out = line * columns * 4
            for _ in 0..<columns {
                target[out] = samples[source + 2]
                target[out + 1] = samples[source + 1]
                target[out + 2] = samples[source]
                source += channels
                out += 4
            }
        }
    }

    /// The box that holds every pixel that differs between two frames of the same size and layout; nil when none
    /// does.
    static func damage(
        from old: UnsafeRawBufferPointer, to new: UnsafeRawBufferPointer, width: Int, bytesPerPixel: Int
    ) -> PixelBox? {
        let rowBytes = width * bytesPerPixel
        guard rowBytes > 0, old.count == new.count, let first = old.baseAddress, let second = new.baseAddress else {
            return nil
        }
        let height = new.count / rowBytes
        func rowDiffers(_ row: Int) -> Bool {
            memcmp(first + row * rowBytes, second + row * rowBytes, rowBytes) != 0
        }
        guard let top = (0..<height).first(where: rowDiffers), let last = (top..<height).last(where: rowDiffers)
        else { return nil }
        var left = width
        var right = 0
        for row in top...last {
            let base = row * rowBytes
            var start = 0
            while start < left * bytesPerPixel && old[base + start] == new[base + start] { start += 1 }
            left = min(left, start / bytesPerPixel)
            var end = rowBytes
            while end > right * bytesPerPixel && old[base + end - 1] == new[base + end - 1] { end -= 1 }
            right = max(right, (end + bytesPerPixel - 1) / bytesPerPixel)
        }
        return PixelBox(minX: left, minY: top, maxX: max(right, left + 1), maxY: last + 1)
    }

    /// What the window shows now, read back from the X server (not from the renderer): 8-bit RGB.
    /// - Parameter size: The window's size.
    /// - Returns: The window's pixels.
    /// - Throws: `X11Error` when the server does not give them.
    func capture(size: CGSize) throws(X11Error) -> Bitmap {
        let width = Int(size.width)
        let height = Int(size.height)
        let data = try x.image(of: window, width: width, height: height)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for index in 0..<(width * height) {
            rgb[index * 3] = data[index * 4 + 2]
            rgb[index * 3 + 1] = data[index * 4 + 1]
            rgb[index * 3 + 2] = data[index * 4]
        }
        do {
            return try Bitmap(width: width, height: height, format: .rgb8, bytes: rgb)
        } catch {
            throw X11Error(.protocolViolation, "the window's image cannot be a bitmap: \(error)")
        }
    }
}
