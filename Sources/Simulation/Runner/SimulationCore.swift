import ContentTypes
import DragDrop
import Foundation
import Gestures
import PNGCodec
import Rendering
import Transfer

/// A scene file made live: a `Scene` with one node per pane and per item, drag sources and drop targets wired
/// through DragDrop, ready to play a script with ``run(_:observer:)``.
///
/// Each pane is a node named after the pane, filled with its colour; its items are image (or text) nodes named
/// after the items, in a container node; nested panes are children of the pane's node, above its items. Items are
/// draggable (a touch lifts after half a second, a mouse after 10 points); a pane that accepts types is a drop
/// target that loads the dropped items' bytes, shows its highlight while targeted, proposes its operation (or
/// `.forbidden` over its forbidden regions) and refuses items of the types it declines. A moved item leaves its
/// pane only once the target has it.
///
/// ``snapshotRenderer(marks:)`` draws ``scene`` with the simulation's images (node content `.image(name, tint:)`
/// names a bitmap that ``bitmap(forImageNamed:)`` returns); ``paneName(of:)`` tells which pane a node belongs to.
package final class Simulation {
    /// The scene description this simulation was made from.
    package let file: SceneFile
    /// The live scene.
    package let scene: Scene
    var panes: [LivePane] = []
    var bitmaps: [String: Bitmap] = [:]
    /// The pane and item of every node made for a pane or an item, kept after the node leaves the scene.
    var owners: [NodeID: (pane: String, item: String?)] = [:]
    /// The item each drag session lifted.
    var sessionItems: [DragSession.ID: String] = [:]
    /// What happened since the run last collected.
    var pendingEvents: [SimulationEvent] = []
    /// The device of each pointer that is down.
    var pointerKinds: [Int: PointerKind] = [:]
    /// Per original item name, the drops that copied it (for the summary's checks).
    var copies: [String: Int] = [:]

    /// Builds the scene: panes, items (reading folders and generating images) and their drag and drop.
    /// - Parameter file: The scene description.
    /// - Throws: `SimulationError` for contents that cannot be read or made, or item names used twice.
    package init(_ file: SceneFile) throws {
        self.file = file
        scene = Scene(size: file.size)
        // Before any drag modifier: a key is heard before Escape cancels the drags.
        scene.onKeyEvent { [unowned self] event in
            heard(.key(event.key, event.phase), pane: nil, item: nil, session: nil)
        }
        scene.onDragEvent { [unowned self] event in heard(event) }
        for spec in Self.ordered(file.panes) { try build(spec, in: scene.root) }
        var seen: [String: String] = [:]
        for pane in panes {
            for item in pane.items.map(\.item) {
                if let other = seen[item.name] {
                    throw SimulationError(
                        .unknownName,
                        "the item name \"\(item.name)\" is used in panes \"\(other)\" and \"\(pane.spec.name)\"; "
                            + "scripts need unique names", file: file.fileName)
                }
                seen[item.name] = pane.spec.name
            }
        }
        pendingEvents.removeAll()
    }

    /// Siblings back to front: by z-order, then in the file's order.
    static func ordered(_ panes: [PaneSpec]) -> [PaneSpec] {
        panes.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
    }

    // MARK: Looking things up

    /// The bitmap of an image that item nodes show (`NodeContent.image(name, tint:)`), or nil for a name that no
    /// item uses.
    /// - Parameter name: The image name.
    /// - Returns: The bitmap.
    package func bitmap(forImageNamed name: String) -> Bitmap? {
        bitmaps[name]
    }

    /// A renderer that draws this simulation's scene with its images.
    /// - Parameter marks: Marks to draw on nodes, by identifier.
    /// - Returns: The renderer; call `render(scene)` or `pngData(of: scene)` with ``scene``.
    package func snapshotRenderer(marks: [NodeID: SnapshotMark] = [:]) -> SnapshotRenderer {
        SnapshotRenderer(marks: marks, images: bitmaps)
    }

    /// The panes' names, parents before children, back to front among siblings.
    package var paneNames: [String] { panes.map(\.spec.name) }

    /// The description of a pane.
    /// - Parameter name: The pane's name.
    /// - Returns: Its description, or nil for no such pane.
    package func paneSpec(named name: String) -> PaneSpec? {
        pane(named: name)?.spec
    }

    /// The node of a pane.
    /// - Parameter name: The pane's name.
    /// - Returns: The node, or nil for no such pane.
    package func paneNode(named name: String) -> Node? {
        pane(named: name)?.node
    }

    /// The items a pane holds now, in order.
    /// - Parameter name: The pane's name.
    /// - Returns: The items; empty for no such pane.
    package func items(inPane name: String) -> [PaneItem] {
        pane(named: name)?.items.map(\.item) ?? []
    }

    /// The node showing an item.
    /// - Parameters:
    ///   - item: The item's name.
    ///   - pane: The pane's name.
    /// - Returns: The node, or nil when the pane does not hold such an item.
    package func itemNode(named item: String, inPane pane: String) -> Node? {
        self.pane(named: pane)?.item(named: item)?.node
    }

    /// The pane a node belongs to: the pane itself, or the pane holding the item it shows (a drag preview belongs to
    /// no pane).
    /// - Parameter node: A node of ``scene``.
    /// - Returns: The pane's name, or nil.
    package func paneName(of node: Node) -> String? {
        for ancestor in node.ancestorsAndSelf {
            if let owner = owners[ancestor.id] { return owner.pane }
        }
        return nil
    }

    func pane(named name: String) -> LivePane? {
        panes.first { $0.spec.name == name }
    }

    // MARK: Building

    private func build(_ spec: PaneSpec, in parent: Node) throws {
        let node = parent.addChild(
            spec.name, frame: spec.frame, content: .shape(.roundedRectangle(cornerRadius: 6), fill: spec.color))
        let container = node.addChild(
            spec.name, frame: CGRect(origin: .zero, size: spec.frame.size), content: .none)
        let pane = LivePane(spec: spec, node: node, container: container)
        panes.append(pane)
        // Items drag from the pane's container by name: one, or every item a script selected. The pane owns the
        // container node, so the node's closures hold the pane weakly (the selection's autoclosure included).
        let selection = { [weak pane] in pane?.dragSelection ?? [] }
        container.dragContainer(for: PaneItem.self) { [weak pane] names in
            names.compactMap { pane?.item(named: $0)?.item }
        }
        .dragContainerSelection(selection())
        .onDragSessionUpdated { [weak self, weak pane] session in
            // A reorder of a list pane ends with a move onto the pane's own container: its items stay.
            guard let self, let pane, session.phase == .ended(.move), session.targetNodeID != pane.container.id
            else { return }
            for name in session.draggedItemIDs(for: String.self) { self.remove(name, from: pane, session: session) }
        }
        owners[node.id] = (spec.name, nil)
        owners[container.id] = (spec.name, nil)
        // Other programs get the pane's actions too: a copy, and a move when the pane moves what is dropped on it
        // and lets its items be moved (asked for first; a program that takes only copies still gets a copy).
        let movesOut = spec.allowsMove && spec.operation == .move
        node.dragConfiguration(
            DragConfiguration(
                operationsWithinApp: .init(allowMove: spec.allowsMove),
                operationsOutsideApp: .init(allowCopy: true, allowMove: movesOut)))
        for loaded in try spec.contents.makeItems(pane: spec.name) {
            if let name = loaded.item.imageName, let bitmap = loaded.bitmap { bitmaps[name] = bitmap }
            add(loaded.item, to: pane, origin: loaded.item.name)
        }
        if !spec.accepts.isEmpty { makeDropTarget(pane) }
        if spec.isList { makeList(pane) }
        for child in Self.ordered(spec.panes) { try build(child, in: node) }
    }

    /// Adds an item node to a pane, at the end or at `index`, and makes it draggable.
    func add(_ item: PaneItem, to pane: LivePane, origin: String, at index: Int? = nil) {
        let content: NodeContent =
            item.imageName.map { .image($0, tint: nil) } ?? .text(item.text ?? "", color: .black)
        let node = pane.container.addChild(item.name, frame: .zero, content: content)
        owners[node.id] = (pane.spec.name, item.name)
        let position = min(index ?? pane.items.count, pane.items.count)
        pane.items.insert(PaneEntry(item: item, node: node, origin: origin), at: position)
        if position < pane.items.count - 1 { pane.container.insertChild(node, at: position) }
        pane.layOut()
        node.draggable(containerItemID: item.name)
        attachGestures(pane.spec.gestures, to: node)
    }

    /// A move ended: the item leaves its pane.
    private func remove(_ name: String, from pane: LivePane, session: DragSession) {
        guard let index = pane.items.firstIndex(where: { $0.item.name == name }) else { return }
        let (item, node) = (pane.items[index].item, pane.items[index].node)
        pane.items.remove(at: index)
        heard(
            .removed(name: item.name, pane: pane.spec.name), pane: pane.spec.name, item: item.name, session: session.id)
        node.removeFromParent()
        pane.layOut()
    }

    private func makeDropTarget(_ pane: LivePane) {
        let spec = pane.spec
        let node = pane.node
        // A program that can save what it drags itself (X11's Direct Save) is asked to save it in a private folder
        // inside a folder-backed pane's folder, under the name the pane would give it; the pane's action gives it
        // its place.
        var savingAt: DirectSaveDestination?
        if let folder = spec.contents.folder {
            savingAt = { suggested, type in (folder, FolderDrop.name(suggested: suggested, type: type)) }
        }
        node.dropDestination(
            of: spec.accepts, savingAt: savingAt,
            action: { [weak self, weak pane] dropped, location in
                guard let self, let pane else { return false }
                return try self.receive(dropped, in: pane, at: location)
            },
            isTargeted: { [weak node] isTargeted in
                node?.overlay(isTargeted ? spec.highlight : nil)
            }
        )
        .dropConfiguration { session in
            let isForbidden = spec.forbiddenRegions.contains { $0.contains(session.location) }
            return DropConfiguration(operation: isForbidden ? .forbidden : spec.operation)
        }
        if spec.springLoading {
            // DragDrop records the spring loading in the timeline; the pane has nothing more to do.
            node.onSpringLoad {}
        }
    }

    /// A list pane: its items reorder by dragging, the script's selection travelling together.
    private func makeList(_ pane: LivePane) {
        let selection = { [weak pane] () -> IndexSet in
            guard let pane else { return [] }
            return IndexSet(pane.dragSelection.compactMap { name in pane.items.firstIndex { $0.item.name == name } })
        }
        // The whole pane is the list, gaps between items included, so that a reorder released anywhere in it lands.
        pane.container.contentShape(Rectangle())
        pane.container.onMove { [weak pane] offsets, destination in
            guard let pane else { return }
            pane.items.move(fromOffsets: offsets, toOffset: destination)
            // The container's children follow the items' order: it is the order a drop's index counts in.
            for (position, entry) in pane.items.enumerated() where pane.container.children[position] !== entry.node {
                pane.container.insertChild(entry.node, at: position)
            }
            pane.layOut()
        }
        .listSelection(selection())
    }

    /// A pane's drop action: refuses declined types, otherwise adds the dropped items under their names (in a list
    /// pane, where the pointer is among its items).
    private func receive(_ dropped: [DroppedData], in pane: LivePane, at location: CGPoint) throws -> Bool {
        let session = scene.currentDragSession
        let carried = session.flatMap { sessionItems[$0.id] }
        if let declined = dropped.first(where: { item in
            pane.spec.declines.contains { item.contentType.conforms(to: $0) }
        }) {
            heard(
                .declined(pane: pane.spec.name, type: declined.contentType), pane: pane.spec.name, item: carried,
                session: session?.id)
            return false
        }
        // Each dropped item's source entry, by its identifier in the source pane (found through the lifted node's
        // owner: `Scene.node(_:)` would walk the whole tree).
        let sourcePane = session.flatMap { owners[$0.sourceNodeID] }.flatMap { self.pane(named: $0.pane) }
        let insertion = pane.spec.isList ? pane.container.listInsertionIndex(at: location) : nil
        for (position, data) in dropped.enumerated() {
            let sourceEntry =
                session?.isExternal == true ? nil : data.itemID(as: String.self).flatMap { sourcePane?.item(named: $0) }
            let source = sourceEntry?.item
            // An item from another program is named as the sender suggests, or `item`, with its type's extension.
            let droppedName = FolderDrop.name(suggested: data.suggestedName, type: data.contentType)
            var name = pane.uniqueName(source?.name ?? droppedName)
            // A folder-backed pane keeps what other programs drop in its folder, as a file manager would, under the
            // file's name (numbered before the extension when taken); the item is named after the file. A file a
            // program saved itself (Direct Save) is moved there from its private folder, under the same rule.
            if let folder = pane.spec.contents.folder, session?.isExternal == true {
                let path =
                    try data.directlySaved.map { try FolderDrop.place($0, as: droppedName, in: folder) }
                    ?? FolderDrop.save(data.data, as: droppedName, in: folder)
                name = pane.uniqueName((path as NSString).lastPathComponent)
                heard(
                    .saved(name: name, pane: pane.spec.name, path: path), pane: pane.spec.name, item: name,
                    session: session?.id)
            }
            let item = PaneItem(
                name: name, data: data.data, offeredTypes: source?.offeredTypes ?? [data.contentType],
                imageName: source?.imageName)
            let origin = sourceEntry?.origin ?? name
            add(item, to: pane, origin: origin, at: insertion.map { $0 + position })
            if (session?.proposal?.operation ?? .copy) == .copy { copies[origin, default: 0] += 1 }
            heard(
                .added(
                    name: name, pane: pane.spec.name, byteCount: data.data.count, type: data.contentType,
                    bytesIdentical: source.map { $0.data == data.data }),
                pane: pane.spec.name, item: source?.name ?? carried, session: session?.id)
        }
        return true
    }

    // MARK: Gestures

    private func attachGestures(_ gestures: [PaneGesture], to node: Node) {
        for gesture in gestures {
            switch gesture {
            case .pinch:
                let zoom = GestureMemory(1)
                node.simultaneousGesture(
                    MagnifyGesture()
                        .onChanged { [weak self, weak node] value in
                            guard let node else { return }
                            let before = node.scale
                            node.scaleEffect(min(4, max(0.5, zoom.value * value.magnification)))
                            if node.scale != before { self?.heard(.zoomed(node.scale), of: node) }
                        }
                        .onEnded { [weak node] _ in zoom.value = node?.scale.width ?? 1 })
            case .rotate:
                let angle = GestureMemory(0)
                node.simultaneousGesture(
                    RotateGesture()
                        .onChanged { [weak self, weak node] value in
                            guard let node else { return }
                            let before = node.rotation
                            node.rotationEffect(.degrees(angle.value + value.rotation.degrees))
                            if node.rotation != before { self?.heard(.rotated(node.rotation), of: node) }
                        }
                        .onEnded { [weak node] _ in angle.value = node?.rotation.degrees ?? 0 })
            case .tap:
                node.gesture(
                    TapGesture().onEnded { [weak self, weak node] in
                        guard let node else { return }
                        let selects = node.overlayColor == nil
                        node.overlay(selects ? Color.blue.opacity(0.3) : nil)
                        self?.heard(.selected(selects), of: node)
                    })
            }
        }
    }
}

extension Simulation {
    /// A gesture changed an item's node.
    fileprivate func heard(_ fact: SimulationEvent.Fact, of node: Node) {
        let owner = owners[node.id]
        heard(fact, pane: owner?.pane, item: owner?.item, session: nil)
    }
}

/// A value a gesture keeps between its runs (the zoom or angle reached when the last pinch ended).
final class GestureMemory {
    var value: CGFloat

    init(_ value: CGFloat) {
        self.value = value
    }
}
