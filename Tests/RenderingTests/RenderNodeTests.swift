import Foundation
import Gestures
import PNGCodec
import Rendering
import Testing

/// Nodes as the renderer draws them, checked at pixels whose colour follows from the node's properties.
@Suite("Snapshot renderer: nodes")
struct RenderNodeTests {
    let red = bytes(.red)

    private func render(_ size: CGSize = CGSize(width: 100, height: 100), _ build: (Scene) -> Void) throws -> Bitmap {
        let scene = Scene(size: size)
        build(scene)
        return try SnapshotRenderer().render(scene)
    }

    @Test func aShapeFillsItsFrameToTheEdgePixels() throws {
        let picture = try render { scene in
            scene.root.addChild(
                "box", frame: CGRect(x: 10, y: 10, width: 30, height: 20), content: .shape(.rectangle, fill: .red))
        }
        #expect(picture.width == 100 && picture.height == 100)
        for (x, y) in [(10, 10), (39, 29), (25, 20)] {
            #expect(rgb(picture, x, y) == red, "(\(x), \(y))")
        }
        for (x, y) in [(9, 10), (40, 10), (10, 9), (10, 30)] {
            #expect(rgb(picture, x, y) == backdrop, "(\(x), \(y))")
        }
    }

    @Test func opacityBlendsTheNodeOverWhatIsBelow() throws {
        let picture = try render { scene in
            scene.root.addChild(
                "box", frame: CGRect(x: 10, y: 10, width: 30, height: 20), content: .shape(.rectangle, fill: .red)
            )
            .opacity(0.5)
        }
        #expect(close(rgb(picture, 20, 20), blended(red, over: backdrop, alpha: 0.5)))
    }

    @Test func offsetMovesAndScaleShrinksAboutTheCentre() throws {
        let picture = try render { scene in
            scene.root.addChild(
                "moved", frame: CGRect(x: 0, y: 0, width: 20, height: 20), content: .shape(.rectangle, fill: .red)
            )
            .offset(x: 50, y: 0)
            scene.root.addChild(
                "shrunk", frame: CGRect(x: 20, y: 50, width: 40, height: 40), content: .shape(.rectangle, fill: .red)
            )
            .scaleEffect(0.5)
        }
        #expect(rgb(picture, 5, 5) == backdrop)
        #expect(rgb(picture, 55, 5) == red)
        #expect(rgb(picture, 22, 52) == backdrop)
        #expect(rgb(picture, 31, 61) == red)
        #expect(rgb(picture, 49, 79) == red)
        #expect(rgb(picture, 50, 80) == backdrop)
    }

    @Test func rotationTurnsAWideBarUpright() throws {
        let picture = try render { scene in
            scene.root.addChild(
                "bar", frame: CGRect(x: 20, y: 45, width: 60, height: 10), content: .shape(.rectangle, fill: .red)
            )
            .rotationEffect(.degrees(90))
        }
        #expect(rgb(picture, 50, 25) == red)
        #expect(rgb(picture, 50, 74) == red)
        #expect(rgb(picture, 25, 50) == backdrop)
        #expect(rgb(picture, 74, 50) == backdrop)
    }

    @Test func aCircleLeavesTheFrameCornersEmpty() throws {
        let picture = try render { scene in
            scene.root.addChild(
                "dot", frame: CGRect(x: 0, y: 0, width: 40, height: 40), content: .shape(.circle, fill: .red))
        }
        #expect(rgb(picture, 20, 20) == red)
        #expect(rgb(picture, 1, 1) == backdrop)
        #expect(rgb(picture, 38, 38) == backdrop)
    }

    @Test func childrenDrawOverTheirParentAndShareItsOpacity() throws {
        let picture = try render { scene in
            let parent = scene.root.addChild(
                "parent", frame: CGRect(x: 0, y: 0, width: 50, height: 50), content: .shape(.rectangle, fill: .blue))
            parent.addChild(
                "child", frame: CGRect(x: 10, y: 10, width: 10, height: 10), content: .shape(.rectangle, fill: .red))
            let hidden = scene.root.addChild(
                "hidden", frame: CGRect(x: 60, y: 60, width: 30, height: 30), content: .shape(.rectangle, fill: .blue))
            hidden.opacity(0)
            hidden.addChild(
                "child", frame: CGRect(x: 0, y: 0, width: 30, height: 30), content: .shape(.rectangle, fill: .red))
        }
        #expect(rgb(picture, 15, 15) == red)
        #expect(rgb(picture, 30, 30) == bytes(.blue))
        #expect(rgb(picture, 70, 70) == backdrop)
    }

    @Test func anOverlayColourCoversTheContent() throws {
        let picture = try render { scene in
            scene.root.addChild(
                "view", frame: CGRect(x: 0, y: 0, width: 50, height: 50), content: .shape(.rectangle, fill: .white)
            )
            .overlay(.green.opacity(0.2))
        }
        #expect(close(rgb(picture, 25, 25), blended(bytes(.green), over: [255, 255, 255], alpha: 0.2)))
    }

    @Test func textIsDrawnWithTheBuiltInFontCentredInItsFrame() throws {
        // "H" at font scale 2 (the largest allowed at 1 pixel per point) is 10×16 pixels, centred in 30×30 at (10, 7).
        let scene = Scene(size: CGSize(width: 100, height: 100))
        scene.root.addChild(
            "label", frame: CGRect(x: 0, y: 0, width: 30, height: 30), content: .text("H", color: .black))
        let picture = try SnapshotRenderer(typeface: .bitmap).render(scene)
        let black = [0, 0, 0]
        for (x, y) in [(10, 7), (11, 8), (18, 7), (19, 20), (14, 13), (16, 14), (10, 19)] {
            #expect(rgb(picture, x, y) == black, "stroke at (\(x), \(y))")
        }
        for (x, y) in [(14, 9), (14, 17), (9, 7), (20, 7), (12, 7)] {
            #expect(rgb(picture, x, y) == backdrop, "gap at (\(x), \(y))")
        }
    }

    @Test func containersArePanesLabelledWithTheirNames() throws {
        let picture = try render { scene in
            scene.root.addChild("inbox", frame: CGRect(x: 10, y: 40, width: 80, height: 50))
        }
        let labelColour = [51, 56, 66]
        // Anti-aliased: the strokes' pixels are the label's colour or a blend of it with the plate.
        let labelPixels = (18..<40).flatMap { y in (10..<60).map { x in rgb(picture, x, y) } }.filter {
            close($0, labelColour, tolerance: 60)
        }
        #expect(labelPixels.count > 20, "the name is written above the pane")
        #expect(close(rgb(picture, 50, 60), blended([255, 255, 255], over: backdrop, alpha: 0.92)))
        #expect(rgb(picture, 10, 60) != rgb(picture, 50, 60), "the pane has an outline")
    }

    @Test func imagesAreScaledToFitWithTheirAspectKept() throws {
        let picture = try makeBitmap(width: 40, height: 20) { x, _ in x < 20 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let scene = Scene(size: CGSize(width: 100, height: 100))
        scene.root.addChild(
            "photo", frame: CGRect(x: 0, y: 0, width: 100, height: 100), content: .image("photo", tint: nil))
        let drawn = try SnapshotRenderer(images: ["photo": picture]).render(scene)
        #expect(rgb(drawn, 20, 26) == [255, 0, 0])
        #expect(rgb(drawn, 80, 50) == [0, 0, 255])
        #expect(rgb(drawn, 20, 23) == backdrop, "letterboxed above")
        #expect(rgb(drawn, 80, 76) == backdrop, "letterboxed below")
        let captionRows = 62..<75
        #expect(
            captionRows.contains { y in (0..<100).contains { x in rgb(drawn, x, y).allSatisfy { $0 > 200 } } },
            "the node's name is written in white across the bottom of the picture")
    }

    @Test func shrunkImagesAverageTheirDetailInsteadOfPickingPixels() throws {
        let checkerboard = try makeBitmap(width: 64, height: 64) { x, y in
            (x + y) % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255)
        }
        let scene = Scene(size: CGSize(width: 8, height: 8))
        scene.root.addChild(
            "board", frame: CGRect(x: 0, y: 0, width: 8, height: 8), content: .image("board", tint: nil))
        let drawn = try SnapshotRenderer(images: ["board": checkerboard]).render(scene)
        for x in 1..<7 {
            #expect(close(rgb(drawn, x, 4), [128, 128, 128], tolerance: 6), "column \(x)")
        }
    }

    @Test func aTintMultipliesTheImage() throws {
        let white = try makeBitmap(width: 4, height: 4) { _, _ in (255, 255, 255, 255) }
        let scene = Scene(size: CGSize(width: 20, height: 20))
        scene.root.addChild(
            "icon", frame: CGRect(x: 0, y: 0, width: 20, height: 20), content: .image("icon", tint: .blue))
        let drawn = try SnapshotRenderer(images: ["icon": white]).render(scene)
        #expect(rgb(drawn, 10, 10) == bytes(.blue))
    }

    @Test func aMissingImageIsAPlaceholderWithItsName() throws {
        let picture = try render { scene in
            scene.root.addChild(
                "photo", frame: CGRect(x: 0, y: 0, width: 100, height: 40), content: .image("nopicture", tint: nil))
        }
        #expect(rgb(picture, 3, 3) == [214, 217, 222])
        let textColour = [89, 94, 105]
        let textPixels = (0..<40).flatMap { y in (0..<100).map { x in rgb(picture, x, y) } }.filter {
            close($0, textColour, tolerance: 40)
        }
        #expect(textPixels.count > 30, "the name is written in the placeholder")
    }
}
