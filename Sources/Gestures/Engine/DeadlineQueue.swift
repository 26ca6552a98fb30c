/// The scene's pending deadlines, a binary min-heap ordered by time and then by the order they were
/// scheduled, so that equal times run in a deterministic order.
struct DeadlineQueue {
    enum Target {
        /// A gesture session's next deadline; stale when the session's generation moved on.
        case session(GestureSession, generation: Int)
        /// A deadline scheduled from outside the engine.
        case external(id: Int)
    }

    struct Entry {
        let time: Double
        let sequence: Int
        let target: Target

        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var nextSequence = 0

    var first: Entry? { heap.first }

    mutating func push(_ time: Double, _ target: Target) {
        heap.append(Entry(time: time, sequence: nextSequence, target: target))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return entry
    }
}
