import DnDKit
import Foundation

// Written the way iOS apps reorder a list by drag and drop before `Transferable`: each row offers an
// `NSItemProvider` from `onDrag`, and a drop delegate over a `@Binding` array moves the dragged row as it enters
// another one.

struct ReorderDropDelegate: DropDelegate {
    let item: String
    @Binding var items: [String]
    @Binding var draggedItem: String?

    func dropEntered(info: DropInfo) {
        guard let draggedItem, draggedItem != item,
            let from = items.firstIndex(of: draggedItem),
            let to = items.firstIndex(of: item)
        else { return }
        items.move(fromOffsets: IndexSet(integer: from), toOffset: to > from ? to + 1 : to)
    }

    func dropUpdated(info: DropInfo) -> DropProposal? {
        DropProposal(operation: .move)
    }

    func performDrop(info: DropInfo) -> Bool {
        draggedItem = nil
        return true
    }
}

/// A list of rows, 40 points tall, in a scene: the view and its state, on the main actor as SwiftUI's views are.
@MainActor
struct ReorderableList {
    let scene = Scene(size: CGSize(width: 300, height: 400))
    @State var items = ["Milk", "Eggs", "Bread", "Butter"]
    @State var draggedItem: String?
    @State var drops = 0

    func layOut() {
        for (index, item) in items.enumerated() {
            let row = scene.root.addChild(
                item, frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 300, height: 40),
                content: .text(item, color: .black))
            row.onDrag {
                draggedItem = item
                return NSItemProvider(object: item as NSString)
            }
            row.onDrop(of: [.text], delegate: ReorderDropDelegate(item: item, items: $items, draggedItem: $draggedItem))
        }
    }
}
