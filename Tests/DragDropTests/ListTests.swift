import ContentTypes
import DragDrop
import Foundation
import Gestures
import TestSupport
import Testing
import Transfer

/// What SwiftUI documents for `onMove`'s destination, written out without DnDKit's `move(fromOffsets:toOffset:)`:
/// the elements at `offsets`, in order, go before the element that was at `destination`, or at the end.
func documentedMove<Element>(_ array: [Element], _ offsets: IndexSet, _ destination: Int) -> [Element] {
    let moving = offsets.map { array[$0] }
    let before = array.indices.filter { $0 < destination && !offsets.contains($0) }.map { array[$0] }
    let after = array.indices.filter { $0 >= destination && !offsets.contains($0) }.map { array[$0] }
    return before + moving + after
}

/// A book on a shelf: dragged three at a time from a drag container.
struct Book: Codable, Hashable, Identifiable, Transferable {
    var id: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .book)
    }
}

extension UTType {
    static let book = UTType(exportedAs: "org.dndkit.test.book")
}

/// A 400×400 scene with a list of five rows, 40 points tall, at (110, 60) in the scene: the list's frame is
/// (100, 50, 200, 220), 10 points of padding around the rows. The gap before row `d` is at y = 60 + 40·d.
final class ListStage {
    let scene = Scene(size: CGSize(width: 400, height: 400))
    let list: Node
    var items = ["a", "b", "c", "d", "e"]
    var selection = IndexSet()
    /// Every `onMove` call, `[offsets] to destination`.
    private(set) var moves: [String] = []
    private(set) var events: [DragEvent] = []

    init() {
        scene.isRecording = true
        list = scene.root.addChild("list", frame: rect(100, 50, 200, 220), content: .shape(.rectangle, fill: .white))
        for (index, item) in items.enumerated() {
            list.addChild(
                "row-\(item)", frame: rect(10, 10 + CGFloat(index) * 40, 180, 40), content: .text(item, color: .black))
        }
        list.onMove { [unowned self] offsets, destination in
            moves.append("\(Array(offsets)) to \(destination)")
            items.move(fromOffsets: offsets, toOffset: destination)
        }
        .listSelection(self.selection)
        scene.onDragEvent { [unowned self] in events.append($0) }
    }

    /// The centre of row `index`, in the scene.
    func row(_ index: Int) -> CGPoint {
        point(200, 80 + CGFloat(index) * 40)
    }

    /// The gap before row `index` (after the last row for 5), in the scene.
    func gap(_ index: Int) -> CGPoint {
        point(200, 60 + CGFloat(index) * 40)
    }

    /// Presses `start` by touch until the row lifts, then moves to `end` and, unless told otherwise, releases.
    func drag(from start: CGPoint, to end: CGPoint, at time: Double = 0, release: Bool = true) throws {
        try scene.send(.down, start, at: time)
        try scene.advance(to: time + 0.5)
        try scene.send(.move, end, at: time + 0.6)
        if release { try scene.send(.up, end, at: time + 0.7) }
    }

    /// The list's drag events as the timeline words them.
    var listLog: [String] {
        events.filter { if case .moved = $0.kind { true } else if case .insertion = $0.kind { true } else { false } }
            .flatMap { $0.timelineEntries.map { "\($0.kind) \($0.value)" } }
    }
}

@Suite("Lists: reordering rows and inserting between them")
struct ListTests {
    @Test(
        "reordering a row to each position of a five-row list gives SwiftUI's documented move",
        arguments: 0..<5, 0...5)
    func reorderEverywhere(source: Int, destination: Int) throws {
        let stage = ListStage()
        let original = stage.items
        try stage.drag(from: stage.row(source), to: stage.gap(destination))
        #expect(stage.moves == ["[\(source)] to \(destination)"])
        #expect(stage.items == documentedMove(original, IndexSet(integer: source), destination))
        #expect(stage.listLog == ["list.moved drag#1 [\(source)] to \(destination)"])
        let ended = stage.events.compactMap { event -> DropOperation? in
            if case .ended(let operation, _) = event.kind { operation } else { nil }
        }
        #expect(ended == [.move])
    }

    @Test("while a row hovers, the list shows where it would land; the marker goes when the drag ends")
    func insertionMarker() throws {
        let stage = ListStage()
        #expect(stage.list.listInsertionIndex == nil)
        try stage.drag(from: stage.row(0), to: stage.gap(3), release: false)
        #expect(stage.list.listInsertionIndex == 3)
        try stage.scene.send(.move, point(200, 79), at: 0.65)  // just above row 0's midpoint
        #expect(stage.list.listInsertionIndex == 0)
        try stage.scene.send(.up, point(200, 81), at: 0.7)  // just below it: after row 0
        #expect(stage.list.listInsertionIndex == nil)
        #expect(stage.moves == ["[0] to 1"])
        #expect(stage.items == ["a", "b", "c", "d", "e"])
    }

    @Test("a cancelled reorder, or one released outside the list, leaves the order unchanged")
    func cancelledReorder() throws {
        let stage = ListStage()
        try stage.drag(from: stage.row(1), to: stage.gap(4), release: false)
        try stage.scene.send(KeyEvent(key: .escape, time: 0.65))
        try stage.scene.send(.up, stage.gap(4), at: 0.7)
        try stage.drag(from: stage.row(2), to: point(20, 20), at: 1)
        #expect(stage.moves.isEmpty)
        #expect(stage.items == ["a", "b", "c", "d", "e"])
        #expect(stage.listLog.isEmpty)
        let codes = stage.events.compactMap { event -> DragDropError.Code? in
            if case .ended(.cancel, let error?) = event.kind { error.code } else { nil }
        }
        #expect(codes == [.cancelled, .noTarget])
    }

    @Test("lifting a selected row drags every selected row; an unselected one drags alone")
    func multiItemReorder() throws {
        let stage = ListStage()
        stage.selection = [1, 3]
        try stage.drag(from: stage.row(3), to: stage.gap(0))
        #expect(stage.moves == ["[1, 3] to 0"])
        #expect(stage.items == ["b", "d", "a", "c", "e"])
        try stage.drag(from: stage.row(4), to: stage.gap(1), at: 1)
        #expect(stage.moves.last == "[4] to 1")
        #expect(stage.items == ["b", "e", "d", "a", "c"])
    }

    @Test("the Delete key deletes the selected rows through onDelete")
    func deleteSelected() throws {
        let stage = ListStage()
        var deleted: [IndexSet] = []
        stage.list.onDelete { offsets in
            deleted.append(offsets)
            stage.items.remove(atOffsets: offsets)
        }
        try stage.scene.send(KeyEvent(key: .character("\u{7F}"), time: 0))
        #expect(deleted.isEmpty)  // nothing selected
        stage.selection = [0, 2]
        try stage.scene.send(KeyEvent(key: .character("\u{7F}"), time: 0.1))
        #expect(deleted == [[0, 2]])
        #expect(stage.items == ["b", "d", "e"])
    }
}

/// A list that takes books dropped from a shelf of three, which drags all three at once.
final class ShelfStage {
    let stage = ListStage()
    let shelf: Node
    var inserted: [(index: Int, books: [String])] = []

    init() {
        shelf = stage.scene.root.addChild("shelf", frame: rect(0, 300, 300, 100))
        shelf.dragContainer(for: Book.self) { ids in ids.map { Book(id: $0) } }
            .dragContainerSelection(["x", "y", "z"])
        for (index, name) in ["x", "y", "z"].enumerated() {
            shelf.addChild(name, frame: rect(CGFloat(index) * 100, 0, 100, 100), content: .text(name, color: .black))
                .draggable(containerItemID: name)
        }
    }

    /// Drags the shelf's three books from its first one to `end` and waits for the drop.
    func dropBooks(at end: CGPoint, time: Double = 0) async throws {
        try stage.drag(from: point(50, 350), to: end, at: time)
        await stage.scene.finishDrops()
    }
}

@Suite("Lists: drops from outside at an insertion index")
struct ListInsertionTests {
    @Test("three items dropped at index 2 arrive in order through dropDestination(for:action:)")
    func threeAtTwo() async throws {
        let shelf = ShelfStage()
        shelf.stage.list.dropDestination(for: Book.self) { books, index in
            shelf.inserted.append((index, books.map(\.id)))
            shelf.stage.items.insert(contentsOf: books.map(\.id), at: index)
        }
        try await shelf.dropBooks(at: shelf.stage.gap(2))
        #expect(shelf.inserted.map(\.index) == [2])
        #expect(shelf.inserted.map(\.books) == [["x", "y", "z"]])
        #expect(shelf.stage.items == ["a", "b", "x", "y", "z", "c", "d", "e"])
        #expect(shelf.stage.listLog == ["list.insertion drag#1 3 items at 2"])
        #expect(shelf.stage.moves.isEmpty)
    }

    // The limit only stops a load that never ends: under Thread Sanitizer, with CPU-bound suites holding Swift's
    // cooperative threads, this test has waited more than a minute for one.
    @Test("onInsert hands the three providers and the index", .timeLimit(.minutes(10)))
    func providersAtTwo() async throws {
        let shelf = ShelfStage()
        var received: [(Int, [NSItemProvider])] = []
        shelf.stage.list.onInsert(of: [.book]) { index, providers in received.append((index, providers)) }
        try await shelf.dropBooks(at: shelf.stage.gap(2))
        #expect(received.map(\.0) == [2])
        let books = try await withThrowingTaskGroup(of: String.self) { group in
            for provider in received.first?.1 ?? [] {
                group.addTask { try await provider.loadTransferable(type: Book.self).id }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(books.sorted() == ["x", "y", "z"])
    }

    @Test("a drop at each gap lands at that gap; just either side of a row's midpoint lands before or after it")
    func eachGap() async throws {
        for gap in 0...5 {
            let shelf = ShelfStage()
            shelf.stage.list.dropDestination(for: Book.self) { books, index in
                shelf.inserted.append((index, books.map(\.id)))
            }
            try await shelf.dropBooks(at: shelf.stage.gap(gap))
            #expect(shelf.inserted.map(\.index) == [gap], "gap \(gap)")
        }
        for row in 0..<5 {
            for (dy, expected) in [(-1, row), (1, row + 1)] {
                let shelf = ShelfStage()
                shelf.stage.list.dropDestination(for: Book.self) { _, index in shelf.inserted.append((index, [])) }
                let centre = shelf.stage.row(row)
                try await shelf.dropBooks(at: point(centre.x, centre.y + CGFloat(dy)))
                #expect(shelf.inserted.map(\.index) == [expected], "row \(row), \(dy) from its midpoint")
            }
        }
    }

    @Test(
        "a drop over the list's padding lands by the rows' midpoints",
        arguments: [
            (point(150, 55), 0),  // top padding
            (point(150, 265), 5),  // bottom padding
            (point(105, 155), 2),  // left padding, above row 2's midpoint
            (point(295, 245), 5),  // right padding, below row 4's midpoint
        ])
    func padding(location: CGPoint, expected: Int) async throws {
        let shelf = ShelfStage()
        shelf.stage.list.dropDestination(for: Book.self) { books, index in
            shelf.inserted.append((index, books.map(\.id)))
        }
        try await shelf.dropBooks(at: location)
        #expect(shelf.inserted.map(\.index) == [expected])
    }

    @Test("a list that takes nothing of the drag is skipped: the target beneath gets it")
    func routesByType() async throws {
        let shelf = ShelfStage()
        var beneath: [String] = []
        let under = shelf.stage.scene.root.addChild("under", frame: rect(0, 0, 400, 300))
        shelf.stage.scene.root.insertChild(under, at: 0)
        under.contentShape(Rectangle()).dropDestination(for: Book.self) { books, _ in
            beneath += books.map(\.id)
            return true
        }
        shelf.stage.list.onInsert(of: [.png]) { _, _ in Issue.record("the list took books it does not accept") }
        try await shelf.dropBooks(at: shelf.stage.gap(2))
        #expect(beneath == ["x", "y", "z"])
    }
}

@Suite("Lists: where an item lands among rows laid out in a line or a grid")
struct ListLayoutTests {
    /// A horizontal list of four 50-point cells, or a grid of three columns of 50×50 cells.
    private func landing(at location: CGPoint, columns: Int, count: Int) async throws -> Int? {
        let scene = Scene(size: CGSize(width: 400, height: 400))
        let list = scene.root.addChild("list", frame: rect(0, 0, 200, 200), content: .shape(.rectangle, fill: .white))
        for index in 0..<count {
            let (row, column) = index.quotientAndRemainder(dividingBy: columns)
            list.addChild("cell\(index)", frame: rect(CGFloat(column) * 50, CGFloat(row) * 60, 50, 50))
        }
        var landed: Int?
        list.dropDestination(for: Book.self) { _, index in landed = index }
        scene.root.addChild("book", frame: rect(300, 300, 50, 50), content: .text("b", color: .black))
            .draggable(Book(id: "b"))
        try scene.send(.down, point(325, 325), at: 0)
        try scene.advance(to: 0.5)
        try scene.send(.move, location, at: 0.6)
        try scene.send(.up, location, at: 0.7)
        await scene.finishDrops()
        return landed
    }

    @Test(
        "a horizontal list goes by the cells' horizontal midpoints",
        arguments: [(point(10, 25), 0), (point(30, 25), 1), (point(120, 10), 2), (point(190, 40), 4)])
    func horizontal(location: CGPoint, expected: Int) async throws {
        #expect(try await landing(at: location, columns: 4, count: 4) == expected)
    }

    @Test(
        "a grid goes in reading order: by line, then by the cells' midpoints; between lines, before the next line",
        arguments: [
            (point(10, 10), 0), (point(30, 10), 1), (point(140, 10), 3), (point(30, 55), 3), (point(80, 70), 5),
            (point(145, 100), 6), (point(10, 130), 6), (point(100, 190), 7),
        ])
    func grid(location: CGPoint, expected: Int) async throws {
        #expect(try await landing(at: location, columns: 3, count: 7) == expected)
    }
}
