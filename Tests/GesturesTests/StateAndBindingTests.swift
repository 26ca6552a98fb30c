import Foundation
import Gestures
import TestSupport
import Testing

/// A struct in the style of a SwiftUI view: its gesture closures assign its `@State` without `mutating`.
private struct DraggableCard {
    let node: Node
    @State var offset = CGSize.zero
    @State var isDragging = false
    @State var title: String?

    func attach() {
        node.gesture(
            DragGesture()
                .onChanged { value in
                    isDragging = true
                    offset = value.translation
                }
                .onEnded { _ in isDragging = false })
    }
}

private struct Model {
    var name = "a"
    var count = 0
}

@Suite("State, Binding and list offsets, as SwiftUI has them")
struct StateAndBindingTests {
    @Test("@State in a struct: closures assign it, every copy sees one storage for the struct's life")
    func stateInAStruct() throws {
        let (scene, box) = makeBoxScene()
        let card = DraggableCard(node: box)
        let copy = card
        card.attach()
        try scene.send(.down, center, at: 0)
        try scene.send(.move, point(230, 260), at: 0.1)
        #expect(card.isDragging)
        #expect(copy.offset == CGSize(width: 30, height: 60))
        try scene.send(.up, point(230, 260), at: 0.2)
        #expect(!copy.isDragging)
        #expect(card.title == nil)
        card.title = "moved"
        #expect(copy.title == "moved")
    }

    @Test("$state is a binding to the same storage; @Binding reads and writes through it")
    func projectedBindings() {
        @State var count = 1
        let binding = $count
        binding.wrappedValue = 5
        #expect(count == 5)
        count = 7
        #expect(binding.wrappedValue == 7)

        struct Counter {
            @Binding var value: Int
            func increment() { value += 1 }
        }
        let counter = Counter(value: $count)
        counter.increment()
        #expect(count == 8)
        let again = Binding(projectedValue: counter.$value)
        again.wrappedValue = 10
        #expect(count == 10)
    }

    @Test("bindings to members, constants, optionals and getter-setter pairs")
    func bindingShapes() {
        @State var model = Model()
        let name = $model.name
        name.wrappedValue = "b"
        $model.count.wrappedValue += 2
        #expect(model.name == "b" && model.count == 2)

        let constant = Binding.constant(3)
        constant.wrappedValue = 4
        #expect(constant.wrappedValue == 3)

        var stored = 0
        let pair = Binding(get: { stored }, set: { stored = $0 * 2 })
        pair.wrappedValue = 21
        #expect(stored == 42)

        let optional = Binding<Int?>($model.count)
        #expect(optional.wrappedValue == 2)
        optional.wrappedValue = 9
        optional.wrappedValue = nil
        #expect(model.count == 9)

        @State var missing: String? = nil
        #expect(Binding($missing) == nil)
        missing = "here"
        let unwrapped = Binding($missing)
        unwrapped?.wrappedValue = "changed"
        #expect(missing == "changed")
    }

    @Test(
        "move(fromOffsets:toOffset:) as SwiftUI's lists reorder",
        arguments: [
            ([0], 3, "bcad"), ([3], 0, "dabc"), ([1, 2], 4, "adbc"), ([0, 2], 2, "bacd"), ([2], 2, "abcd"),
            ([0, 1, 2, 3], 0, "abcd"), ([1, 3], 1, "abdc"),
        ])
    func moveExamples(source: [Int], destination: Int, expected: String) {
        var letters = Array("abcd")
        letters.move(fromOffsets: IndexSet(source), toOffset: destination)
        #expect(String(letters) == expected)
    }

    @Test("move(fromOffsets:toOffset:) matches a stable partition on random lists; remove(atOffsets:) removes those")
    func moveAgainstAnOracle() {
        var random = SeededRandom(seed: 15)
        for _ in 0..<500 {
            let list = Array(0..<(1 + random.int(below: 12)))
            let source = IndexSet(list.filter { _ in random.chance(30) })
            let destination = random.int(below: list.count + 1)
            // The moved elements, in order, go between the unmoved elements before the destination and those after.
            let unmoved = list.indices.filter { !source.contains($0) }
            let expected =
                unmoved.filter { $0 < destination }.map { list[$0] } + source.map { list[$0] }
                + unmoved.filter { $0 >= destination }.map { list[$0] }
            var moved = list
            moved.move(fromOffsets: source, toOffset: destination)
            #expect(moved == expected, "\(list) moving \(Array(source)) to \(destination)")
            var removed = list
            removed.remove(atOffsets: source)
            #expect(removed == unmoved.map { list[$0] })
        }
    }
}
