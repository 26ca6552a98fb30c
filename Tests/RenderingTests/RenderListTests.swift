import DragDrop
import Foundation
import Gestures
import PNGCodec
import Rendering
import Testing

/// A list's insertion marker as the renderer draws it.
@Suite("Rendering a list's insertion marker")
struct RenderListTests {
    /// A white list of five 40-point rows at the top of a 200×260 scene, and a text source below it, dragged by the
    /// mouse to `location`.
    private func hovering(at location: CGPoint) throws -> (Scene, Node) {
        let scene = Scene(size: CGSize(width: 200, height: 260))
        let list = scene.root.addChild(
            "list", frame: CGRect(x: 0, y: 0, width: 200, height: 200), content: .shape(.rectangle, fill: .white))
        for index in 0..<5 {
            list.addChild("row\(index)", frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 200, height: 40))
        }
        list.dropDestination(for: String.self) { _, _ in }
        scene.root.addChild(
            "source", frame: CGRect(x: 0, y: 210, width: 40, height: 40), content: .shape(.rectangle, fill: .gray)
        )
        .draggable("jam")
        try scene.send(.down, CGPoint(x: 20, y: 230), at: 0, kind: .mouse(.primary))
        try scene.move(to: location, arrivingAt: 0.2, steps: 4)
        return (scene, list)
    }

    @Test func theMarkerIsDrawnBetweenTheRowsWhereTheDropWouldLand() throws {
        let (scene, list) = try hovering(at: CGPoint(x: 150, y: 118))
        #expect(list.listInsertionMarker?.index == 3)
        let picture = try SnapshotRenderer().render(scene)
        #expect(rgb(picture, 60, 120) == bytes(.blue), "between rows 2 and 3")
        #expect(rgb(picture, 60, 160) != bytes(.blue), "not between rows 3 and 4")
        try scene.move(to: CGPoint(x: 150, y: 15), arrivingAt: 0.3, steps: 2)
        #expect(list.listInsertionMarker?.index == 0)
        let moved = try SnapshotRenderer().render(scene)
        #expect(rgb(moved, 60, 120) != bytes(.blue))
        #expect(rgb(moved, 60, 0) == bytes(.blue), "above the first row")
    }

    @Test func noMarkerWithoutADragOverTheList() throws {
        let (scene, list) = try hovering(at: CGPoint(x: 150, y: 230))
        #expect(list.listInsertionMarker == nil)
        let picture = try SnapshotRenderer().render(scene)
        let blue = (0..<200).flatMap { y in (0..<200).map { x in rgb(picture, x, y) } }.filter { $0 == bytes(.blue) }
        #expect(blue.isEmpty)
    }
}
