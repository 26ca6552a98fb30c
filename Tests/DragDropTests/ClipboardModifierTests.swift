import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// `copyable`, `cuttable` and `pasteDestination`, as a host drives them (`Scene.copyItems(at:cut:)`,
/// `Scene.paste(_:at:)`).
@Suite("Copy, cut and paste on nodes")
struct ClipboardModifierTests {
    @Test("a copy takes the frontmost copyable node's values; a cut runs its action; a paste loads and validates")
    func copyCutPaste() async throws {
        let scene = Scene(size: CGSize(width: 300, height: 100))
        var notes = ["milk", "eggs"]
        var pasted: [[String]] = []
        scene.root.addChild("list", frame: rect(0, 0, 100, 100)).contentShape(Rectangle())
            .copyable(notes)
            .cuttable(for: String.self) {
                defer { notes.removeAll() }
                return notes
            }
        let board = scene.root.addChild("board", frame: rect(100, 0, 200, 100)).contentShape(Rectangle())
        board.pasteDestination(for: String.self) {
            pasted.append($0)
        } validator: {
            $0.filter { !$0.isEmpty }
        }
        #expect(scene.copyItems(at: point(150, 50)) == nil, "the board copies nothing")
        let copied = try #require(scene.copyItems(at: point(50, 50)))
        #expect(copied.count == 2 && notes.count == 2)
        #expect(try await scene.paste(copied, at: point(150, 50)))
        #expect(pasted == [["milk", "eggs"]])
        let cut = try #require(scene.copyItems(at: point(50, 50), cut: true))
        #expect(notes.isEmpty && cut.count == 2)
        #expect(try await !scene.paste(cut, at: point(50, 50)), "the list is no paste destination")
        #expect(try await !scene.paste([ItemProvider("")], at: point(150, 50)), "the validator kept nothing")
        #expect(pasted.count == 1)
    }
}
