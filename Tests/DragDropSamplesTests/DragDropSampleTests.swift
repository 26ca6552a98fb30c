import ContentTypes
import DragDrop
import DragDropSamples
import Foundation
import Gestures
import PNGCodec
import Testing
import Transfer

@Suite("Samples D1–D6")
struct DragDropSampleTests {
    @Test("D1: the image is made when the photo lifts, and the tray receives it")
    func d1() async throws {
        let sample = try D01DraggableImage()
        let scene = sample.scene
        try scene.send(.down, CGPoint(x: 195, y: 260), at: 0)
        try scene.advance(to: 0.49)
        #expect(sample.payloadsMade == 0)
        try scene.advance(to: 0.5)
        #expect(sample.payloadsMade == 1)
        #expect(scene.dragSessions.first?.itemContentTypes == [[.png]])
        try scene.send(.move, CGPoint(x: 195, y: 700), at: 0.8)
        try scene.send(.up, CGPoint(x: 195, y: 700), at: 0.9)
        await scene.finishDrops()
        #expect(sample.received == [sample.picture])
        #expect(sample.endings == [.copy])
        #expect(sample.payloadsMade == 1)
    }

    @Test("D2: the preview is the scope symbol, centred on the pointer at every move, gone after the drop")
    func d2() async throws {
        let sample = try D02CustomPreview()
        let scene = sample.scene
        try scene.send(.down, CGPoint(x: 100, y: 100), at: 0)
        try scene.advance(to: 0.5)
        let preview = try #require(sample.previewNode)
        #expect(preview.content == .image("scope", tint: nil))
        #expect(preview.frame == CGRect(x: 75, y: 75, width: 50, height: 50))
        for (step, location) in [CGPoint(x: 120, y: 300), CGPoint(x: 200, y: 500), CGPoint(x: 250, y: 650)].enumerated()
        {
            try scene.send(.move, location, at: 0.6 + 0.1 * Double(step))
            #expect(preview.frame == CGRect(x: location.x - 25, y: location.y - 25, width: 50, height: 50))
        }
        try scene.send(.up, CGPoint(x: 250, y: 650), at: 1)
        #expect(!preview.isInScene)
        await scene.finishDrops()
        #expect(sample.received.count == 1)
    }

    @Test("D3: the dropped image replaces the placeholder and the action returns true")
    func d3() async throws {
        let sample = try D03ReplacePicture()
        let board = sample.board
        #expect(board.view.content == .image("nopicture", tint: nil))
        try sample.scene.send(.down, CGPoint(x: 60, y: 90), at: 0)
        try sample.scene.advance(to: 0.5)
        try sample.scene.send(.move, CGPoint(x: 195, y: 400), at: 0.7)
        try sample.scene.send(.up, CGPoint(x: 195, y: 400), at: 0.8)
        #expect(board.actionResults.isEmpty)
        await sample.scene.finishDrops()
        #expect(board.actionResults == [true])
        #expect(board.picture == board.spot)
        #expect(board.view.content == .image("spot3", tint: nil))
    }

    @Test("D4: the green overlay is on while hovering, off after leaving and after the drop")
    func d4() async throws {
        let sample = try D04TargetedOverlay()
        let view = sample.board.view
        let scene = sample.scene
        let green = Color.green.opacity(0.2)
        var feedback: [Bool] = []
        scene.onDragEvent { event in
            if event.nodeID == view.id, case .targetedChanged(let isTargeted) = event.kind {
                feedback.append(isTargeted)
            }
        }
        try scene.send(.down, CGPoint(x: 60, y: 90), at: 0)
        try scene.advance(to: 0.5)
        #expect(view.overlayColor == nil)
        try scene.send(.move, CGPoint(x: 195, y: 400), at: 0.6)
        #expect(view.overlayColor == green)
        try scene.send(.move, CGPoint(x: 195, y: 700), at: 0.7)
        #expect(view.overlayColor == nil)
        try scene.send(.move, CGPoint(x: 100, y: 300), at: 0.8)
        #expect(view.overlayColor == green)
        try scene.send(.up, CGPoint(x: 100, y: 300), at: 0.9)
        #expect(view.overlayColor == nil)
        await scene.finishDrops()
        #expect(view.overlayColor == nil)
        #expect(sample.board.actionResults == [true])
        // The view heard isTargeted four times, each one changing the overlay checked above.
        #expect(feedback == [true, false, true, false])
    }

    @Test("D5: the picture arrives as PNG bytes and decodes to the same pixels")
    func d5() async throws {
        let sample = try D05PNGData()
        try sample.scene.send(.down, CGPoint(x: 195, y: 115), at: 0)
        try sample.scene.advance(to: 0.5)
        #expect(sample.scene.dragSessions.first?.itemContentTypes == [[.png]])
        try sample.scene.send(.move, CGPoint(x: 195, y: 500), at: 0.7)
        try sample.scene.send(.up, CGPoint(x: 195, y: 500), at: 0.8)
        await sample.scene.finishDrops()
        #expect(sample.receivedByteCounts == [try sample.original.pngData().count])
        #expect(sample.receiver.picture == sample.original)
        #expect(sample.view.content == .image("decoded", tint: nil))
    }

    @Test("D6: after three drags the list is empty and the large view shows the last picture")
    func d6() async throws {
        let sample = try D06PictureGallery()
        #expect(UTType.product.isDeclared)
        #expect(UTType.product.localizedDescription == "Pictures")
        #expect(UTType.product.conforms(to: .data))
        let pictures = sample.gallery.listPictures
        #expect(pictures.count == 3)
        #expect(sample.thumbnails.map(\.name) == ["spot1", "spot2", "spot3"])
        for drag in 0..<3 {
            let thumbnail = try #require(sample.thumbnails.first)
            let time = Double(drag) * 2
            try sample.scene.send(.down, thumbnail.convertToGlobal(CGPoint(x: 40, y: 50)), at: time)
            try sample.scene.advance(to: time + 0.5)
            try sample.scene.send(.move, CGPoint(x: 195, y: 400), at: time + 0.6)
            try sample.scene.send(.up, CGPoint(x: 195, y: 400), at: time + 0.7)
            await sample.scene.finishDrops()
            #expect(sample.gallery.listPictures.map(\.id) == pictures.dropFirst(drag + 1).map(\.id))
            #expect(sample.gallery.currentPicture == (try Bitmap(pngData: pictures[drag].image)))
            #expect(sample.view.content == .image("spot\(drag + 1)", tint: nil))
        }
        #expect(sample.gallery.listPictures.isEmpty)
        #expect(sample.thumbnails.isEmpty)
        #expect(sample.row.children.isEmpty)
        #expect(sample.gallery.currentPicture == (try Bitmap(pngData: pictures[2].image)))
    }

    @Test(
        "every sample's own script runs and ends as the example says", arguments: ["D1", "D2", "D3", "D4", "D5", "D6"])
    func playsItsScript(id: String) async throws {
        let type = try #require(DragDropSampleCatalog.all.first { $0.id == id })
        let sample = try type.init()
        let transcript = try await sample.play()
        let last = try #require(transcript.last)
        let endings = [
            "D1": "the tray holds the photo's picture: true",
            "D2": "released: preview gone, tray received 1",
            "D3": "the picture is the thumbnail's: true",
            "D4": "dropped: the view shows image spot3; action returned [true]",
            "D5": "same pixels as the photo: true",
            "D6": "drop 3: row []; large view: image spot3",
        ]
        #expect(last.hasSuffix(try #require(endings[id])))
        #expect(sample.scene.dragSessions.isEmpty)
    }
}
