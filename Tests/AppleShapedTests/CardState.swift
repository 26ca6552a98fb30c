import DnDKit
import Foundation

// A card that follows the finger, with `@State` changed from its gesture closures and `@GestureState` for the
// press, and a non-final class model that is Transferable as Apple allows one to be.

struct DraggableCard {
    let node: Node
    @State var position = CGPoint(x: 50, y: 50)
    @State var lastDrop: CGPoint?
    @GestureState var isPressing = false

    func attach() {
        node.gesture(
            DragGesture()
                .updating($isPressing) { _, state, _ in state = true }
                .onChanged { value in
                    position = CGPoint(x: 50 + value.translation.width, y: 50 + value.translation.height)
                }
                .onEnded { value in lastDrop = value.location })
    }
}

class Note: Transferable, @unchecked Sendable {
    var text: String

    init(text: String) {
        self.text = text
    }

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .utf8PlainText) { note in
            Data(note.text.utf8)
        } importing: { data in
            Note(text: String(decoding: data, as: UTF8.self))
        }
    }
}

final class ChecklistNote: Note, @unchecked Sendable {}
