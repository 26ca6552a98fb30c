import DragDrop
import Foundation
import Gestures

/// A pane in a running simulation: its node, the container of its item nodes, and its items in order.
final class LivePane {
    let spec: PaneSpec
    let node: Node
    let container: Node
    var items: [PaneEntry] = []
    /// The items a script's `drag A, B` selected, dragged together when the first lifts; emptied by a lift.
    var dragSelection: [String] = []

    init(spec: PaneSpec, node: Node, container: Node) {
        self.spec = spec
        self.node = node
        self.container = container
    }

    /// A name not yet used in the pane: `name`, else `name 2`, `name 3`, ….
    func uniqueName(_ name: String) -> String {
        guard items.contains(where: { $0.item.name == name }) else { return name }
        var number = 2
        while items.contains(where: { $0.item.name == "\(name) \(number)" }) { number += 1 }
        return "\(name) \(number)"
    }

    func item(named name: String) -> PaneEntry? {
        items.first { $0.item.name == name }
    }

    /// Puts the item nodes in rows of thumbnails under the pane's title.
    func layOut() {
        let size = spec.thumbnailSize
        let gap: CGFloat = 8
        let columns = max(1, Int((spec.frame.width - gap) / (size.width + gap)))
        for (index, entry) in items.enumerated() {
            let frame = CGRect(
                x: gap + CGFloat(index % columns) * (size.width + gap),
                y: LivePane.titleHeight + CGFloat(index / columns) * (size.height + gap), width: size.width,
                height: size.height)
            if entry.node.frame != frame { entry.node.frame = frame }
        }
    }

    /// Room left at the top of a pane for its name.
    static let titleHeight: CGFloat = 20
}

/// An item in a pane, its node, and the name of the item it was first (copies keep it).
struct PaneEntry {
    var item: PaneItem
    let node: Node
    let origin: String
}
