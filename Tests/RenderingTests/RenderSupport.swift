import DragDrop
import Foundation
import Gestures
import PNGCodec
import Rendering
import Testing

/// A bitmap filled by a function of the pixel's position, RGBA 8-bit.
func makeBitmap(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> Bitmap {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let pixel = color(x, y)
            bytes += [pixel.0, pixel.1, pixel.2, pixel.3]
        }
    }
    return try Bitmap(width: width, height: height, format: .rgba8, bytes: bytes)
}

/// The red, green and blue bytes of a pixel.
func rgb(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
    (0..<3).map { Int(bitmap[x: x, y: y, channel: $0]) }
}

/// A colour's components as bytes, the way any 8-bit renderer rounds them.
func bytes(_ color: Gestures.Color) -> [Int] {
    [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
}

/// `above` at opacity `alpha` over `below`, per component, rounded.
func blended(_ above: [Int], over below: [Int], alpha: Double) -> [Int] {
    zip(above, below).map { Int((Double($0) * alpha + Double($1) * (1 - alpha)).rounded()) }
}

/// Whether two colours differ by at most `tolerance` in every component.
func close(_ left: [Int], _ right: [Int], tolerance: Int = 1) -> Bool {
    left.count == right.count && zip(left, right).allSatisfy { abs($0 - $1) <= tolerance }
}

/// The renderer's backdrop, as documented in the picture's description: a light grey.
let backdrop = [236, 237, 240]

/// The scene of the example snapshot: a library pane with two pictures, an album pane that accepts images, a notes
/// pane that accepts only text, and a mouse dragging the first picture over the album.
struct ExampleScene {
    let scene = Scene(size: CGSize(width: 320, height: 200))
    let library: Node
    let album: Node
    let notes: Node
    let sunset: Node
    let images: [String: Bitmap]

    init(dragTo target: CGPoint? = CGPoint(x: 230, y: 80)) throws {
        let sunsetPicture = try makeBitmap(width: 48, height: 32) { x, y in
            y < 20 ? (UInt8(200 + x), UInt8(90 + 3 * y), 40, 255) : (20, 40, UInt8(120 + 2 * x), 255)
        }
        images = [
            "sunset": sunsetPicture,
            "forest": try makeBitmap(width: 32, height: 32) { x, y in
                (x + y) % 8 < 4 ? (30, 130, 60, 255) : (90, 180, 90, 255)
            },
        ]
        library = scene.root.addChild("library", frame: CGRect(x: 10, y: 20, width: 120, height: 170))
        sunset = library.addChild(
            "sunset", frame: CGRect(x: 10, y: 10, width: 100, height: 60), content: .image("sunset", tint: nil))
        sunset.draggable(sunsetPicture)
        library.addChild(
            "forest", frame: CGRect(x: 10, y: 80, width: 100, height: 60), content: .image("forest", tint: nil))
        library.addChild(
            "caption", frame: CGRect(x: 10, y: 145, width: 100, height: 20),
            content: .text("2 pictures", color: .gray))
        album = scene.root.addChild("album", frame: CGRect(x: 150, y: 20, width: 160, height: 110))
        album.contentShape(Rectangle()).dropDestination(for: Bitmap.self) { _, _ in true }
        notes = scene.root.addChild("notes", frame: CGRect(x: 150, y: 150, width: 160, height: 40))
        notes.contentShape(Rectangle()).dropDestination(for: String.self) { _, _ in true }
        if let target {
            let start = CGPoint(x: 60, y: 60)
            try scene.send(.down, start, at: 0, kind: .mouse(.primary))
            try scene.move(to: CGPoint(x: 80, y: 60), arrivingAt: 0.1)
            try scene.move(to: target, arrivingAt: 0.3, steps: 3)
        }
    }

    var renderer: SnapshotRenderer {
        SnapshotRenderer(marks: [notes.id: .refused("text only")], images: images)
    }
}
