import DesktopX11
import DragDrop
import Foundation
import Gestures
import PNGCodec
import TestSupport
import Testing
import Transfer

/// A window holding a list of four 40-point text rows at the screen's origin: rows reorder with the real mouse, and
/// text from other programs lands between them.
@MainActor
final class ListWindow {
    let scene = Scene(size: CGSize(width: 300, height: 200))
    let window: SceneWindow
    let list: Node
    var items = ["Milk", "Eggs", "Bread", "Butter"]
    var moves: [String] = []
    var events: [DragEvent] = []

    init(title: String) throws {
        list = scene.root.addChild("list", frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            .contentShape(Rectangle())
        for (index, item) in items.enumerated() {
            list.addChild(item, frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 300, height: 40))
        }
        window = try SceneWindow(scene: scene, title: title, peerTimeout: 2) { scene in
            try Bitmap(
                width: Int(scene.size.width), height: Int(scene.size.height), format: .rgb8,
                bytes: [UInt8](repeating: 220, count: Int(scene.size.width * scene.size.height) * 3))
        }
        list.onMove { [unowned self] offsets, destination in
            moves.append("\(Array(offsets)) to \(destination)")
            items.move(fromOffsets: offsets, toOffset: destination)
        }
        .dropDestination(for: String.self) { [unowned self] strings, index in
            items.insert(contentsOf: strings, at: index)
        }
        scene.onDragEvent { [unowned self] event in events.append(event) }
    }
}

@Suite(
    "Lists in a desktop window: the real mouse reorders, other programs' drops land between rows", .serialized,
    .enabled(if: hasDesktopPeers, "needs an X server, xdotool and GTK 4's Python bindings"))
@MainActor
struct XdndListTests {
    @Test("a row dragged with the real mouse to the gap before row 3 moves there, as onMove([0], 3)")
    func mouseReorder() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let target = try ListWindow(title: "list-reorder")
            try await runWindow(target.window, showing: target.scene) {
                try xdotool(dragArguments(from: (150, 20), to: (150, 119)))
            }
            #expect(target.moves == ["[0] to 3"], "\(target.events)")
            #expect(target.items == ["Eggs", "Bread", "Milk", "Butter"])
        }
    }

    @Test("text dragged from GTK lands at the gap under the pointer")
    func textFromGTKAtAnIndex() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let peer = try GTKPeer(["source", "--at", "\(peerOrigin.x),\(peerOrigin.y)", "--text", "Jam"])
            defer { peer.stop() }
            let target = try ListWindow(title: "list-insert")
            // Just above Bread's midpoint (row 2, y 80…120): the text lands at 2.
            try await runWindow(target.window, showing: target.scene) {
                try xdotool(dragArguments(from: peerMiddle, to: (150, 98)))
            }
            #expect(target.items == ["Milk", "Eggs", "Jam", "Bread", "Butter"], "\(target.events)")
            let insertions = target.events.compactMap { event -> Int? in
                if case .insertion(let index, _) = event.kind { index } else { nil }
            }
            #expect(insertions == [2])
        }
    }
}
