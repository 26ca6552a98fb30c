import Foundation
import Gestures
import PNGCodec
import Rendering
import Testing

/// The renderer's output: sizes, PNG encoding, determinism, and the committed example picture.
@Suite("Snapshot renderer: output")
struct RenderOutputTests {
    @Test func theSameSceneAlwaysGivesTheSameBytes() throws {
        let first = try ExampleScene()
        let second = try ExampleScene()
        let png = try first.renderer.pngData(of: first.scene)
        #expect(try first.renderer.pngData(of: first.scene) == png)
        #expect(try second.renderer.pngData(of: second.scene) == png)
    }

    @Test func thePNGDecodesToTheRenderedPixels() throws {
        let example = try ExampleScene()
        let png = try example.renderer.pngData(of: example.scene, options: .smallest)
        let decoded = try PNGDecoder().decode(png)
        #expect(decoded.width == 320 && decoded.height == 200)
        // `.smallest` may store the opaque picture in a narrower layout (RGB, a palette): the same pixels.
        #expect(decoded.convertedToRGBA8() == (try example.renderer.render(example.scene)).convertedToRGBA8())
    }

    @Test func scaleMultipliesThePictureSize() throws {
        let scene = Scene(size: CGSize(width: 50, height: 30))
        scene.root.addChild(
            "box", frame: CGRect(x: 10, y: 10, width: 10, height: 10), content: .shape(.rectangle, fill: .red))
        let picture = try SnapshotRenderer(scale: 2).render(scene)
        #expect(picture.width == 100 && picture.height == 60)
        #expect(rgb(picture, 21, 21) == bytes(.red))
        #expect(rgb(picture, 39, 39) == bytes(.red))
        #expect(rgb(picture, 19, 21) == backdrop)
        #expect(rgb(picture, 40, 21) == backdrop)
    }

    @Test func anEnormousSceneIsRefusedAndAnEmptyOneIsOnePixel() throws {
        let huge = Scene(size: CGSize(width: 100_000, height: 100_000))
        #expect {
            try SnapshotRenderer().render(huge)
        } throws: { error in
            (error as? SnapshotError)?.code == .invalidSize
        }
        let empty = try SnapshotRenderer().render(Scene(size: .zero))
        #expect(empty.width == 1 && empty.height == 1)
    }

    /// The example picture, checked by eye when it was recorded (`Fixtures/Render/example.png`): set
    /// `DNDKIT_RECORD_SNAPSHOTS=1` to write it again after a deliberate change, and look at it before committing.
    @Test func theExamplePictureMatchesTheRecordedOne() throws {
        let example = try ExampleScene()
        let png = try example.renderer.pngData(of: example.scene, options: .smallest)
        if ProcessInfo.processInfo.environment["DNDKIT_RECORD_SNAPSHOTS"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Render/example.png")
            try png.write(to: source)
        }
        let url = try #require(Bundle.module.url(forResource: "Fixtures/Render/example", withExtension: "png"))
        let recorded = try PNGDecoder().decode(Data(contentsOf: url))
        #expect(recorded.convertedToRGBA8() == (try PNGDecoder().decode(png)).convertedToRGBA8())
    }
}
