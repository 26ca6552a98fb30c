import DnDKit
import Foundation
import TestSupport
import Testing

// Apple-shaped code (the other files of this target, written as apps write it) run against DnDKit: each shape does
// what Apple documents. The same files compile in Swift 6 here and in Swift 5 in AppleShapedSwift5Tests.

@Suite("Code from real apps: Apple's shapes, Apple's behaviour")
struct AppleShapedTests {
    @MainActor
    @Test("a drop delegate over a @Binding array reorders rows dragged with onDrag, as a List does")
    func reorderingDelegate() async throws {
        let list = ReorderableList()
        list.layOut()
        // Milk (row 0) is pressed, lifted, and dragged over Bread (row 2), then released there.
        try list.scene.send(.down, CGPoint(x: 150, y: 20), at: 0)
        try list.scene.advance(to: 0.5)
        #expect(list.draggedItem == "Milk")
        try list.scene.send(.move, CGPoint(x: 150, y: 60), at: 0.6)
        try list.scene.send(.move, CGPoint(x: 150, y: 100), at: 0.7)
        try list.scene.send(.up, CGPoint(x: 150, y: 100), at: 0.8)
        await list.scene.finishDrops()
        #expect(list.items == ["Eggs", "Bread", "Milk", "Butter"])
        #expect(list.draggedItem == nil)
    }

    @Test("loadItem hands a file URL for public.file-url; loadObject(ofClass: URL.self) and String.self work")
    func itemsAndObjects() async throws {
        let folder = try temporaryFolder("apple-shaped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("shopping".utf8).write(to: file)
        let provider = try #require(NSItemProvider(contentsOf: file))
        #expect(NSItemProvider(contentsOf: folder.appendingPathComponent("missing.txt")) == nil)
        #expect(provider.hasItemConformingToTypeIdentifier(UTType.fileURL.identifier))

        let urls = await withCheckedContinuation { continuation in
            fileURLs(from: [provider]) { continuation.resume(returning: $0) }
        }
        #expect(urls == [file])
        #expect(try readPickedFile(urls[0]) == Data("shopping".utf8))

        #expect(provider.canLoadObject(ofClass: URL.self))
        let url = await withCheckedContinuation { continuation in
            _ = provider.loadObject(ofClass: URL.self) { url, _ in continuation.resume(returning: url) }
        }
        #expect(url == file)

        let text = NSItemProvider(object: "two eggs" as NSString)
        #expect(text.canLoadObject(ofClass: String.self))
        let string = await withCheckedContinuation { continuation in
            _ = text.loadObject(ofClass: String.self) { string, _ in continuation.resume(returning: string) }
        }
        #expect(string == "two eggs")
        let item = try await text.loadItem(forTypeIdentifier: UTType.plainText.identifier)
        #expect(item as? String == "two eggs")
    }

    @Test("a model class writes itself into a provider and reads itself back; others read its text")
    func objectRoundTrip() async throws {
        let provider = NSItemProvider(object: Recipe(title: "Pancakes", minutes: 20))
        #expect(provider.registeredTypeIdentifiers == [Recipe.typeIdentifier, UTType.utf8PlainText.identifier])
        #expect(provider.canLoadObject(ofClass: Recipe.self))
        let loaded = await withCheckedContinuation { continuation in
            _ = provider.loadObject(ofClass: Recipe.self) { object, _ in
                continuation.resume(returning: object as? Recipe)
            }
        }
        #expect(loaded?.title == "Pancakes" && loaded?.minutes == 20)
        let text = try await provider.loadItem(forTypeIdentifier: UTType.plainText.identifier)
        #expect(text as? String == "Pancakes (20 min)")
        // The item API of a provider made from an item.
        let data = NSItemProvider(item: Data([1, 2, 3]) as NSData, typeIdentifier: UTType.data.identifier)
        #expect(try await data.loadItem(forTypeIdentifier: UTType.data.identifier) as? Data == Data([1, 2, 3]))
        // A failing load reports its error in the completion handler.
        let failure = await withCheckedContinuation { continuation in
            data.loadItem(forTypeIdentifier: UTType.png.identifier, options: nil) { item, error in
                continuation.resume(returning: (item == nil, error != nil))
            }
        }
        #expect(failure == (true, true))
    }

    @Test("an image goes into a provider as NSItemProvider(object:) and comes back through loadObject(ofClass:)")
    func images() async throws {
        let bitmap = try Bitmap(width: 2, height: 1, format: .rgba8, bytes: [255, 0, 0, 255, 0, 0, 255, 128])
        let provider = NSItemProvider(object: Image(bitmap: bitmap))
        #expect(provider.canLoadObject(ofClass: Image.self))
        #expect(!provider.canLoadObject(ofClass: URL.self))
        let image = await withCheckedContinuation { continuation in
            _ = provider.loadObject(ofClass: Image.self) { image, _ in continuation.resume(returning: image) }
        }
        #expect(image?.bitmap == bitmap)
    }

    @Test(
        "a node offering a provider (itemProvider) dropped on onDrop(of: [String]); registerItem loads on demand",
        .timeLimit(.minutes(3)))
    func stringTypesAndRegisteredItems() async throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let source = scene.root.addChild(
            "link", frame: CGRect(x: 0, y: 0, width: 100, height: 100), content: .text("link", color: .black))
        let target = scene.root.addChild(
            "inbox", frame: CGRect(x: 200, y: 200, width: 200, height: 200), content: .shape(.rectangle, fill: .gray))
        let loads = Counter()
        source.itemProvider {
            let provider = NSItemProvider()
            provider.registerItem(forTypeIdentifier: UTType.url.identifier) { completion, _, _ in
                loads.increment()
                completion?(NSURL(string: "https://example.com/recipes"), nil)
            }
            return provider
        }
        var received: [URL] = []
        @State var isTargeted = false
        target.onDrop(of: [UTType.url.identifier], isTargeted: $isTargeted) { providers in
            for provider in providers {
                provider.loadItem(forTypeIdentifier: UTType.url.identifier, options: nil) { item, _ in
                    if let url = item as? URL { loads.record(url) }
                }
            }
            return !providers.isEmpty
        }
        try scene.send(.down, CGPoint(x: 50, y: 50), at: 0)
        try scene.advance(to: 0.5)
        #expect(loads.count == 0)  // nothing is produced until a receiver loads
        try scene.send(.move, CGPoint(x: 300, y: 300), at: 0.6)
        #expect(isTargeted)
        try scene.send(.up, CGPoint(x: 300, y: 300), at: 0.7)
        await scene.finishDrops()
        #expect(!isTargeted)
        // The completion handler runs on another thread, when the load is done; wait for it without polling (the
        // whole suite shares two cores here).
        received = [await loads.firstURL()]
        #expect(received == [URL(string: "https://example.com/recipes")])
        #expect(loads.count == 1)
    }

    @Test("@State changed by gesture closures of a struct, @GestureState reset after the gesture")
    func stateFromGestures() throws {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let node = scene.root.addChild(
            "card", frame: CGRect(x: 0, y: 0, width: 100, height: 100), content: .shape(.rectangle, fill: .blue))
        let card = DraggableCard(node: node)
        card.attach()
        try scene.send(.down, CGPoint(x: 50, y: 50), at: 0)
        try scene.send(.move, CGPoint(x: 80, y: 90), at: 0.1)
        #expect(card.isPressing)
        #expect(card.position == CGPoint(x: 80, y: 90))
        try scene.send(.up, CGPoint(x: 80, y: 90), at: 0.2)
        #expect(!card.isPressing)
        #expect(card.lastDrop == CGPoint(x: 80, y: 90))
    }

    @Test("a non-final class and its subclass are Transferable as Apple allows; [String] forms of DropInfo")
    func classesAndStrings() async throws {
        let provider = NSItemProvider(ChecklistNote(text: "buy bread"))
        let note = try await provider.loadTransferable(type: Note.self)
        #expect(note.text == "buy bread")
        let info = DropInfo(location: .zero, itemProviders: [provider], isDropping: true)
        #expect(info.hasItemsConforming(to: [UTType.plainText.identifier]))
        #expect(!info.hasItemsConforming(to: [UTType.png.identifier]))
        #expect(info.itemProviders(for: ["public.text"]).count == 1)
        #expect(makeSession().configuration.timeoutIntervalForRequest > 0)
    }
}
