import DragDrop
import Foundation
import Gestures
import PNGCodec
import Rendering
import Testing

/// Drag sessions as the renderer shows them: D4's highlight, the preview at the pointer, refusals.
@Suite("Snapshot renderer: drag sessions")
struct RenderDragTests {
    /// The album pane's colour without highlight: white at 0.92 over the backdrop.
    let pane = blended([255, 255, 255], over: backdrop, alpha: 0.92)

    @Test func theTargetedPaneGetsD4sGreenOverlayAndAnOutlineUntilTheDrop() async throws {
        let example = try ExampleScene()
        #expect(example.scene.dragSessions.first?.targetNodeID == example.album.id)
        let during = try example.renderer.render(example.scene)
        #expect(close(rgb(during, 160, 120), blended(bytes(.green), over: pane, alpha: 0.2), tolerance: 2))
        #expect(rgb(during, 151, 60) == bytes(.green), "outline")
        try example.scene.send(.up, CGPoint(x: 230, y: 80), at: 0.4, kind: .mouse(.primary))
        await example.scene.finishDrops()
        let after = try example.renderer.render(example.scene)
        #expect(close(rgb(after, 160, 120), pane))
        #expect(rgb(after, 151, 60) != bytes(.green))
    }

    @Test func thePreviewFollowsThePointerSemiTransparentOverAShadow() throws {
        let example = try ExampleScene()
        let picture = try example.renderer.render(example.scene)
        // The preview (100×60, the source's size) is centred on the pointer at (230, 80): its picture point (20, 15)
        // is at (200, 65); the source's is at (40, 45).
        let source = rgb(picture, 40, 45)
        let highlighted = blended(bytes(.green), over: pane, alpha: 0.2)
        let shadowed = blended([0, 0, 0], over: highlighted, alpha: 0.18)
        #expect(close(rgb(picture, 200, 65), blended(source, over: shadowed, alpha: 0.75), tolerance: 2))
        #expect(rgb(picture, 230, 80) == [26, 26, 31], "the pointer")
    }

    @Test func aPaneWithoutSessionsShowsNoPreview() throws {
        let example = try ExampleScene(dragTo: nil)
        let picture = try example.renderer.render(example.scene)
        #expect(close(rgb(picture, 200, 65), pane))
    }

    @Test func aForbiddingTargetIsMarkedInRed() throws {
        let scene = Scene(size: CGSize(width: 200, height: 100))
        let source = scene.root.addChild(
            "source", frame: CGRect(x: 0, y: 0, width: 40, height: 40), content: .shape(.rectangle, fill: .blue))
        source.draggable("hello")
        let target = scene.root.addChild("target", frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        target.contentShape(Rectangle()).dropDestination(for: String.self) { _, _ in true }
            .dropConfiguration { _ in DropConfiguration(operation: .forbidden) }
        try scene.send(.down, CGPoint(x: 20, y: 20), at: 0, kind: .mouse(.primary))
        try scene.move(to: CGPoint(x: 150, y: 30), arrivingAt: 0.2, steps: 4)
        #expect(scene.dragSessions.first?.proposal?.operation == .forbidden)
        let picture = try SnapshotRenderer().render(scene)
        #expect(rgb(picture, 101, 90) == bytes(.red), "outline")
        #expect(rgb(picture, 139, 60) == bytes(.red), "the sign's slash, below the preview's shadow")
        let redPixels = (0..<100).flatMap { y in (100..<200).map { x in rgb(picture, x, y) } }.filter {
            $0 == bytes(.red)
        }
        #expect(redPixels.count > 600)
    }

    @Test func marksShowRefusalsTheCallerKnowsOf() throws {
        let example = try ExampleScene(dragTo: nil)
        let unmarked = try SnapshotRenderer(images: example.images).render(example.scene)
        let marked = try example.renderer.render(example.scene)
        #expect(rgb(unmarked, 151, 170) != bytes(.red))
        #expect(rgb(marked, 151, 170) == bytes(.red))
        #expect(rgb(marked, 229, 170) == bytes(.red), "the sign's slash through the centre")
    }
}
