/// The reflexive, transitive conformance relation of one registry, precomputed as one bit set per type: bit `j`
/// of row `i` says that type `i` conforms to type `j`. Asking is one load and one mask.
///
/// The bits live at a fixed address for the closure's life (`InternedTables` reads them through a pointer), in a
/// buffer owned by a private object that frees them with the last copy of the closure.
struct ConformanceClosure: Sendable {
    /// The bits, owned here; immutable once computed.
    private final class Bits: Sendable {
        nonisolated(unsafe) let words: UnsafeMutableBufferPointer<UInt64>

        init(count: Int) {
            words = .allocate(capacity: count)
            words.initialize(repeating: 0)
        }

        deinit {
            words.deallocate()
        }
    }

    let wordsPerRow: Int
    private let bits: Bits

    /// Computes the closure of `parents` (direct parents by slot), visiting slots in `order`, which lists every
    /// slot after all of its parents.
    init(parents: [[Int32]], order: [Int32]) {
        let count = parents.count
        let wordsPerRow = max(1, (count + 63) / 64)
        let bits = Bits(count: max(1, count) * wordsPerRow)
        let words = bits.words
        for slot in order {
            let row = Int(slot) * wordsPerRow
            words[row + Int(slot) / 64] |= 1 << UInt64(slot % 64)
            for parent in parents[Int(slot)] {
                let parentRow = Int(parent) * wordsPerRow
                for word in 0..<wordsPerRow {
                    words[row + word] |= words[parentRow + word]
                }
            }
        }
        self.wordsPerRow = wordsPerRow
        self.bits = bits
    }

    /// The first word of the bits, valid while this closure (or a copy) exists.
    var words: UnsafePointer<UInt64> {
        // The buffer is never empty (see init), so it has a base address.
        UnsafePointer(bits.words.baseAddress.unsafelyUnwrapped)
    }

    /// Whether the type in `slot` conforms to the type in `other`. Both must be slots of this registry.
    @inline(__always)
    func contains(_ slot: Int32, _ other: Int32) -> Bool {
        let word = bits.words[Int(slot) * wordsPerRow + Int(other >> 6)]
        return word & (1 << UInt64(other & 63)) != 0
    }

    /// Every slot that `slot` conforms to, itself included, in slot order.
    func row(_ slot: Int32) -> [Int32] {
        var result: [Int32] = []
        let row = Int(slot) * wordsPerRow
        for word in 0..<wordsPerRow {
            var bits = self.bits.words[row + word]
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                result.append(Int32(word * 64 + bit))
                bits &= bits - 1
            }
        }
        return result
    }
}
