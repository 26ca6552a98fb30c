import DnDKit
import Foundation
import TestSupport
import Testing

// Apps' second round: lists that reorder and take drops (ForEach's onMove, onDelete, onInsert and
// dropDestination with an index), a drop delegate that changes main-actor state directly, bridged loading, and the
// spellings apps use beside drags. Written as apps write them; compiled in Swift 6 here and in Swift 5 in
// AppleShapedSwift5Tests.

/// An app's model, on the main actor as an `@Observable` model of a SwiftUI app is.
@MainActor
final class Basket {
    var fruits: [String] = []
    var isHovering = false
    var highlight = Color(hue: 0.33, saturation: 0.6, brightness: 0.9, opacity: 0.3)
}

/// A delegate that changes the main-actor model directly, as `DropDelegate` (`@MainActor`) allows.
struct BasketDropDelegate: DropDelegate {
    let basket: Basket

    func validateDrop(info: DropInfo) -> Bool {
        info.hasItemsConforming(to: [.plainText])
    }

    func dropEntered(info: DropInfo) {
        basket.isHovering = true
    }

    func dropExited(info: DropInfo) {
        basket.isHovering = false
    }

    func performDrop(info: DropInfo) -> Bool {
        basket.isHovering = false
        basket.fruits.append("\(info.itemProviders(for: [.plainText]).count) dropped")
        return true
    }
}

/// A grocery list, as a view holding a `ForEach` with `onMove`, `onDelete` and a drop destination.
@MainActor
struct GroceryList {
    let scene = Scene(size: CGSize(width: 300, height: 400))
    @State var items = ["Milk", "Eggs", "Bread", "Butter"]
    @State var deleted: [String] = []

    /// Lays out the rows (40 points tall) in a list node and attaches the list's behaviour.
    @discardableResult
    func layOut() -> Node {
        let list = scene.root.addChild(
            "list", frame: CGRect(x: 0, y: 0, width: 300, height: 200), content: .shape(.rectangle, fill: .white))
        for (index, item) in items.enumerated() {
            list.addChild(
                item, frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 300, height: 40),
                content: .text(item, color: .black))
        }
        list.onMove(perform: move)
            .onDelete(perform: delete)
            .dropDestination(for: String.self) { strings, index in
                withAnimation(.smooth(duration: 0.3)) {
                    items.insert(contentsOf: strings, at: index)
                }
            }
        return list
    }

    func move(from source: IndexSet, to destination: Int) {
        withAnimation(.spring(response: 0.4, dampingFraction: 0.8)) {
            items.move(fromOffsets: source, toOffset: destination)
        }
    }

    func delete(at offsets: IndexSet) {
        deleted += offsets.map { items[$0] }
        items.remove(atOffsets: offsets)
    }
}

/// A list that takes items as providers and loads them as the old API does.
func attachInsert(to list: Node, received: @escaping @Sendable (Int, String) -> Void) {
    list.onInsert(of: [.plainText]) { index, providers in
        for provider in providers where provider.canLoadObject(ofClass: String.self) {
            _ = provider.loadObject(ofClass: String.self) { string, _ in
                if let string { received(index, string) }
            }
        }
    }
}

/// A text source for the lists and the basket.
@discardableResult
func addTextSource(_ text: String, to scene: Scene, frame: CGRect) -> Node {
    scene.root.addChild("source \(text)", frame: frame, content: .text(text, color: .black)).draggable(text)
}

/// Presses `start` by touch until it lifts, moves to `end`, releases, and waits for the drop.
func touchDrag(
    _ scene: Scene, from start: CGPoint, to end: CGPoint, at time: Double = 0,
    isolation: isolated (any Actor)? = #isolation
) async throws {
    try scene.send(.down, start, at: time)
    try scene.advance(to: time + 0.5)
    try scene.send(.move, end, at: time + 0.6)
    try scene.send(.up, end, at: time + 0.7)
    await scene.finishDrops()
}

@Suite("Code from real apps, second round: lists, main-actor delegates, bridged loading, spellings")
struct SecondRoundTests {
    @MainActor
    @Test("ForEach's onMove(perform: move) and onDelete reorder and delete; dropDestination inserts at the index")
    func groceryList() async throws {
        let list = GroceryList()
        let node = list.layOut()
        // Drag Milk (row 0) to the gap before Butter (row 3): SwiftUI's move(fromOffsets: [0], toOffset: 3).
        try await touchDrag(list.scene, from: CGPoint(x: 150, y: 20), to: CGPoint(x: 150, y: 120))
        #expect(list.items == ["Eggs", "Bread", "Milk", "Butter"])
        // Text from outside, dropped just below Eggs' midpoint, lands at 1.
        addTextSource("Jam", to: list.scene, frame: CGRect(x: 0, y: 300, width: 100, height: 100))
        try await touchDrag(list.scene, from: CGPoint(x: 50, y: 350), to: CGPoint(x: 150, y: 25), at: 1)
        #expect(list.items == ["Eggs", "Jam", "Bread", "Milk", "Butter"])
        // Delete with a selection.
        node.listSelection([1])
        try list.scene.send(KeyEvent(key: .character("\u{7F}"), time: 2))
        #expect(list.deleted == ["Jam"])
        #expect(list.items == ["Eggs", "Bread", "Milk", "Butter"])
    }

    @Test("onInsert(of:perform:) hands providers that load as String, at the index under the pointer")
    func insertProviders() async throws {
        let scene = Scene(size: CGSize(width: 300, height: 400))
        let list = scene.root.addChild(
            "list", frame: CGRect(x: 0, y: 0, width: 300, height: 160), content: .shape(.rectangle, fill: .white))
        for index in 0..<4 {
            list.addChild("row\(index)", frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 300, height: 40))
        }
        let inserted = Counter()
        attachInsert(to: list) { index, text in inserted.record(URL(string: "insert:\(index):\(text)")!) }
        addTextSource("Tea", to: scene, frame: CGRect(x: 0, y: 300, width: 100, height: 100))
        try await touchDrag(scene, from: CGPoint(x: 50, y: 350), to: CGPoint(x: 150, y: 79))
        #expect(await inserted.firstURL() == URL(string: "insert:2:Tea"))
    }

    @MainActor
    @Test("a drop delegate changes main-actor state directly, in a scene driven from the main actor")
    func mainActorDelegate() async throws {
        let basket = Basket()
        let scene = Scene(size: CGSize(width: 400, height: 400))
        addTextSource("apple", to: scene, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addChild("basket", frame: CGRect(x: 200, y: 200, width: 200, height: 200))
            .contentShape(Rectangle())
            .onDrop(of: [.plainText], delegate: BasketDropDelegate(basket: basket))
        try scene.send(.down, CGPoint(x: 50, y: 50), at: 0)
        try scene.advance(to: 0.5)
        try scene.send(.move, CGPoint(x: 300, y: 300), at: 0.6)
        #expect(basket.isHovering)
        try scene.send(.up, CGPoint(x: 300, y: 300), at: 0.7)
        #expect(!basket.isHovering)
        #expect(basket.fruits == ["1 dropped"])
        #expect(basket.highlight.green > basket.highlight.red)
    }

    @Test("the same delegate in a scene driven from another task: its calls run on the main actor")
    func delegateFromAnotherTask() async throws {
        let basket = await MainActor.run { Basket() }
        let scene = Scene(size: CGSize(width: 400, height: 400))
        addTextSource("pear", to: scene, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.root.addChild("basket", frame: CGRect(x: 200, y: 200, width: 200, height: 200))
            .contentShape(Rectangle())
            .onDrop(of: [.plainText], delegate: BasketDropDelegate(basket: basket))
        try scene.send(.down, CGPoint(x: 50, y: 50), at: 0)
        try scene.advance(to: 0.5)
        try scene.send(.move, CGPoint(x: 300, y: 300), at: 0.6)
        #expect(await basket.isHovering)
        try scene.send(.up, CGPoint(x: 300, y: 300), at: 0.7)
        #expect(await basket.fruits == ["1 dropped"])
    }

    @Test("loadInPlaceFileRepresentation opens a provider's file in place")
    func inPlaceFile() async throws {
        let folder = try temporaryFolder("apple-shaped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("list.txt")
        try Data("flour".utf8).write(to: file)
        let provider = try #require(NSItemProvider(contentsOf: file))
        let (url, isInPlace, text) = await withCheckedContinuation { continuation in
            _ = provider.loadInPlaceFileRepresentation(forTypeIdentifier: UTType.plainText.identifier) {
                url, isInPlace, _ in
                continuation.resume(
                    returning: (url, isInPlace, url.flatMap { try? String(contentsOf: $0, encoding: .utf8) }))
            }
        }
        #expect(text == "flour")
        #expect(isInPlace == (url?.standardizedFileURL == file.standardizedFileURL))
        let failure = await withCheckedContinuation { continuation in
            _ = provider.loadInPlaceFileRepresentation(forTypeIdentifier: UTType.png.identifier) { url, _, error in
                continuation.resume(returning: url == nil && error != nil)
            }
        }
        #expect(failure)
    }

    @Test("URL, String and NSURL load through their Foundation classes, as Apple's bridged overload does")
    func bridgedLoading() async throws {
        let link = NSItemProvider(object: URL(string: "https://example.com/recipes")! as NSURL)
        #expect(link.canLoadObject(ofClass: URL.self))
        #expect(link.canLoadObject(ofClass: NSURL.self))
        let url = await withCheckedContinuation { continuation in
            _ = link.loadObject(ofClass: URL.self) { url, _ in continuation.resume(returning: url) }
        }
        #expect(url == URL(string: "https://example.com/recipes"))
        let object = await withCheckedContinuation { continuation in
            _ = link.loadObject(ofClass: NSURL.self) { object, _ in
                continuation.resume(returning: (object as? NSURL)?.absoluteString)
            }
        }
        #expect(object == "https://example.com/recipes")
        let note = NSItemProvider(object: "not a link" as NSString)
        let failure = await withCheckedContinuation { continuation in
            _ = note.loadObject(ofClass: URL.self) { url, error in continuation.resume(returning: (url, error != nil)) }
        }
        #expect(failure.0 == nil && failure.1)
    }

    @Test("Animation's parameterised springs and Color(hue:saturation:brightness:opacity:) mean what SwiftUI's do")
    func spellings() {
        #expect(Animation.smooth(duration: 0.3) == .spring(response: 0.3, dampingFraction: 1))
        #expect(Animation.snappy(duration: 0.4) == .spring(response: 0.4, dampingFraction: 0.85))
        #expect(Animation.bouncy(duration: 0.5, extraBounce: 0.1) == .spring(response: 0.5, dampingFraction: 0.6))
        #expect(Animation.spring(duration: 0.6, bounce: -0.5) == .spring(response: 0.6, dampingFraction: 2))
        #expect(Animation.spring() == .spring(response: 0.55, dampingFraction: 0.825))
        let red = Color(hue: 0, saturation: 1, brightness: 1)
        let green = Color(hue: 1.0 / 3, saturation: 1, brightness: 1, opacity: 0.5)
        let teal = Color(hue: 0.5, saturation: 0.5, brightness: 0.8)
        #expect([red.red, red.green, red.blue] == [1, 0, 0])
        #expect([green.red, green.green, green.blue, green.alpha] == [0, 1, 0, 0.5])
        #expect(abs(teal.red - 0.4) < 1e-9 && abs(teal.green - 0.8) < 1e-9 && abs(teal.blue - 0.8) < 1e-9)
        #expect(Color(hue: 1.25, saturation: 0, brightness: 0.5) == Color(red: 0.5, green: 0.5, blue: 0.5))
    }

    @Test("UTTypeReference's Objective-C initialisers and secure coding; instance content types; one Never.body")
    func peerSurface() throws {
        #expect(UTTypeReference(identifier: "public.jpeg")?.utType == .jpeg)
        #expect(UTTypeReference(MIMEType: "image/png")?.utType == .png)
        #expect(UTTypeReference(MIMEType: "text/plain", conformingToType: .text)?.utType == .plainText)
        #expect(UTTypeReference(filenameExtension: "txt", conformingToType: .text)?.utType == .plainText)
        #expect(UTTypeReference(MIMEType: "image/png", conformingToType: .text)?.isDynamic == true)
        #expect(UTTypeReference.supportsSecureCoding)
        let archived = try NSKeyedArchiver.archivedData(
            withRootObject: UTTypeReference(.pdf), requiringSecureCoding: true)
        let unarchived = try NSKeyedUnarchiver.unarchivedObject(ofClass: UTTypeReference.self, from: archived)
        #expect(unarchived?.utType == .pdf)

        let note = Note(text: "eggs")
        #expect(note.exportedContentTypes() == Note.exportedContentTypes())
        #expect(note.importedContentTypes() == Note.importedContentTypes())
        #expect("eggs".exportedContentTypes(.ownProcess) == String.exportedContentTypes(visibility: .ownProcess))
        let body: KeyPath<Never, Never> = \Never.body
        #expect("\(type(of: body))" == "KeyPath<Never, Never>")
    }
}
