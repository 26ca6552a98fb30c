import DragDrop
import Foundation
import Gestures
import PNGCodec
import Rendering
import Synchronization
import Testing

/// Live frames: each redraws only what can have changed, and is still exactly the snapshot of the scene.
@Suite("Frame renderer")
struct FrameRendererTests {
    /// Draws the next frame and checks it against a whole snapshot of the scene, pixel for pixel.
    @discardableResult
    func frameMatchesSnapshot(
        _ frames: FrameRenderer, _ scene: Scene, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [PixelBox] {
        let damage = try frames.render(scene)
        let frame = try frames.bitmap()
        let whole = try frames.renderer.render(scene)
        let same = frame.withUnsafeBytes { left in whole.withUnsafeBytes { right in left.elementsEqual(right) } }
        #expect(same, "after \(step), the frame differs from the snapshot", sourceLocation: sourceLocation)
        return damage
    }

    @Test("through a drag and changes to the tree, every frame is the snapshot of the scene")
    func everyFrameIsTheSnapshot() async throws {
        let example = try ExampleScene(dragTo: nil)
        let scene = example.scene
        let frames = FrameRenderer(example.renderer)
        let first = try frameMatchesSnapshot(frames, scene, "the first frame")
        #expect(first == [PixelBox(minX: 0, minY: 0, maxX: 320, maxY: 200)], "the first frame draws everything")
        let steps: [(String, () throws -> Void)] = [
            ("the press", { try scene.send(.down, CGPoint(x: 60, y: 60), at: 0, kind: .mouse(.primary)) }),
            ("the lift", { try scene.move(to: CGPoint(x: 80, y: 60), arrivingAt: 0.1) }),
            ("a move over the album", { try scene.move(to: CGPoint(x: 230, y: 80), arrivingAt: 0.2, steps: 3) }),
            ("a move over the notes", { try scene.move(to: CGPoint(x: 200, y: 170), arrivingAt: 0.3, steps: 2) }),
            ("a move back", { try scene.move(to: CGPoint(x: 240, y: 60), arrivingAt: 0.4, steps: 2) }),
            ("an offset", { example.notes.offset = CGSize(width: -7, height: 3) }),
            ("a rotation", { example.library.rotation = .degrees(4) }),
            ("an overlay", { example.album.overlayColor = .orange }),
            ("new text", { example.library.children[2].content = .text("three pictures", color: .red) }),
            ("a new child", { _ = example.album.addChild("badge", frame: CGRect(x: 5, y: 5, width: 20, height: 20)) }),
            ("a removed child", { example.library.children[1].removeFromParent() }),
            ("a faded pane", { example.notes.opacity = 0.3 }),
        ]
        for (name, step) in steps {
            try step()
            try frameMatchesSnapshot(frames, scene, name)
        }
        // The drop loads on another task: between the frame and the snapshot its progress ("dropping 0/1", "1/1")
        // could change, so the pictures are compared once it is done.
        try scene.send(.up, CGPoint(x: 240, y: 60), at: 0.5, kind: .mouse(.primary))
        await scene.finishDrops()
        try frameMatchesSnapshot(frames, scene, "the drop")
    }

    @Test("an unchanged scene draws nothing; a drag that moves draws around the pointer and the panes it crosses")
    func damageIsWhatChanged() throws {
        let example = try ExampleScene(dragTo: nil)
        let scene = example.scene
        let frames = FrameRenderer(example.renderer)
        try frameMatchesSnapshot(frames, scene, "the first frame")
        #expect(try frameMatchesSnapshot(frames, scene, "nothing").isEmpty, "an unchanged scene drew something")
        try scene.send(.down, CGPoint(x: 60, y: 60), at: 0, kind: .mouse(.primary))
        try scene.move(to: CGPoint(x: 80, y: 60), arrivingAt: 0.1)
        try scene.move(to: CGPoint(x: 90, y: 100), arrivingAt: 0.2)
        try frameMatchesSnapshot(frames, scene, "the lift")
        try scene.move(to: CGPoint(x: 93, y: 102), arrivingAt: 0.3)
        let moved = try frameMatchesSnapshot(frames, scene, "a small move")
        let area = moved.reduce(0) { $0 + $1.width * $1.height }
        // The preview (100×60 with its shadow) where it was and where it is, and the pointer's label.
        #expect(area > 100 * 60 && area < 320 * 200 / 3, "a move of 3 points drew \(area) pixels: \(moved)")
        #expect(moved.allSatisfy { $0.maxX <= 320 && $0.maxY <= 200 && $0.minX >= 0 && $0.minY >= 0 })
    }

    @Test("changes far apart are drawn as separate boxes, changes that touch as one")
    func separateChangesStayApart() throws {
        let example = try ExampleScene(dragTo: nil)
        let frames = FrameRenderer(example.renderer)
        try frameMatchesSnapshot(frames, example.scene, "the first frame")
        example.library.children[2].content = .text("changed", color: .red)
        example.notes.overlayColor = .orange
        let apart = try frameMatchesSnapshot(frames, example.scene, "two changes far apart")
        #expect(apart.count == 2, "\(apart)")
        #expect(apart.allSatisfy { $0.intersection(apart[0]).isEmpty || $0 == apart[0] })
        example.library.overlayColor = .blue
        example.library.children[0].opacity = 0.5
        let near = try frameMatchesSnapshot(frames, example.scene, "a pane and a picture in it")
        #expect(near.count == 1, "\(near)")
    }

    @Test("a new picture under the same name is drawn again")
    func aReplacedPictureIsDrawn() throws {
        let red = try makeBitmap(width: 8, height: 8) { _, _ in (255, 0, 0, 255) }
        let blue = try makeBitmap(width: 8, height: 8) { _, _ in (0, 0, 255, 255) }
        let pictures = Mutex(["photo": red])
        let scene = Scene(size: CGSize(width: 100, height: 60))
        scene.root.addChild(
            "photo", frame: CGRect(x: 10, y: 10, width: 40, height: 40), content: .image("photo", tint: nil))
        let frames = FrameRenderer(SnapshotRenderer { name in pictures.withLock { $0[name] } })
        try frameMatchesSnapshot(frames, scene, "the red picture")
        #expect(rgb(try frames.bitmap(), 30, 30) == [255, 0, 0])
        pictures.withLock { $0["photo"] = blue }
        let damage = try frameMatchesSnapshot(frames, scene, "the blue picture")
        #expect(rgb(try frames.bitmap(), 30, 30) == [0, 0, 255])
        #expect(damage.contains { $0.intersection(PixelBox(minX: 10, minY: 10, maxX: 50, maxY: 50)) != .empty })
    }

    @Test("a resized scene is drawn whole")
    func aResizedSceneIsDrawnWhole() throws {
        let example = try ExampleScene(dragTo: nil)
        let frames = FrameRenderer(example.renderer)
        try frameMatchesSnapshot(frames, example.scene, "the first frame")
        example.scene.root.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        let damage = try frameMatchesSnapshot(frames, example.scene, "the smaller scene")
        #expect(damage == [PixelBox(minX: 0, minY: 0, maxX: 200, maxY: 150)])
        #expect(frames.width == 200 && frames.height == 150)
    }
}
