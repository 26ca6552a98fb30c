import DragDrop
import Foundation
import Gestures
import Transfer

/// D4: D3 with `isTargeted`: a green overlay at opacity 0.2 while a drag hovers over the view.
public final class D04TargetedOverlay: DragDropSample {
    public static let id = "D4"
    public static let title = "isTargeted turning a green overlay on and off"

    public let scene = Scene(size: sampleScreen)
    /// The view, its overlay and its thumbnail.
    public let board: PictureBoard

    public init() throws {
        scene.isRecording = true
        board = try PictureBoard(in: scene, overlayWhileTargeted: true)
    }

    public func play() async throws -> [String] {
        let log = Transcript(scene)
        let thumbnail = board.thumbnail.frame.center
        try scene.send(.down, thumbnail, at: 0)
        try scene.advance(to: 0.5)
        try scene.move(to: board.view.frame.center, arrivingAt: 1, steps: 5)
        log.note("hovering: overlay \(overlay)")
        try scene.move(to: CGPoint(x: 195, y: 700), arrivingAt: 1.5, steps: 2)
        log.note("left the view: overlay \(overlay)")
        try scene.move(to: board.view.frame.center, arrivingAt: 2, steps: 2)
        log.note("back over the view: overlay \(overlay)")
        try scene.send(.up, board.view.frame.center, at: 2.1)
        log.note("released: overlay \(overlay)")
        await scene.finishDrops()
        log.note("dropped: the view shows \(board.view.content); action returned \(board.actionResults)")
        return log.lines
    }

    private var overlay: String {
        board.view.overlayColor.map { "\($0)" } ?? "none"
    }
}
