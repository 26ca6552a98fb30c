/// The reflexive, transitive conformance relation of one registry, precomputed as one bit set per type: bit `j`
/// of row `i` says that type `i` conforms to type `j`. Asking is one load and one mask.
///
/// A class, so that asking through a registry reads the bits without counting a reference to the array.
@usableFromInline
final class ConformanceClosure: Sendable {
    /// The bits, row after row; immutable once computed.
    @usableFromInline let words: [UInt64]
    @usableFromInline let wordsPerRow: Int
    /// How many types (rows, and bits in use per row).
    let count: Int

    /// Computes the closure of `parents` (direct parents by slot), visiting slots in `order`, which lists every
    /// slot after all of its parents.
    init(parents: ParentLists, order: [Int32]) {
        let count = parents.count
        let wordsPerRow = max(1, (count + 63) / 64)
        var words = [UInt64](repeating: 0, count: max(1, count) * wordsPerRow)
        for slot in order {
            Self.addRow(of: slot, parents: parents[slot], to: &words, wordsPerRow: wordsPerRow)
        }
        self.words = words
        self.wordsPerRow = wordsPerRow
        self.count = count
    }

    /// Extends the catalog's closure with a desktop database's own types, when a registry declares nothing more: the
    /// catalog's rows are copied, and only the database's worked out, in `desktop.order`.
    init(catalog: ConformanceClosure, desktop: DesktopTypes) {
        let count = catalog.count + desktop.count
        let wordsPerRow = max(1, (count + 63) / 64)
        var words = [UInt64](repeating: 0, count: max(1, count) * wordsPerRow)
        for slot in 0..<catalog.count {
            for word in 0..<catalog.wordsPerRow {
                words[slot * wordsPerRow + word] = catalog.words[slot * catalog.wordsPerRow + word]
            }
        }
        let parentStarts = desktop.parentStarts
        let parentSlots = desktop.parentSlots
        for slot in desktop.order {
            let index = Int(slot - desktop.firstSlot)
            Self.addRow(
                of: slot, parents: parentSlots[Int(parentStarts[index])..<Int(parentStarts[index + 1])], to: &words,
                wordsPerRow: wordsPerRow)
        }
        self.words = words
        self.wordsPerRow = wordsPerRow
        self.count = count
    }

    /// Fills the row of `slot`: itself, and every type its parents conform to (their rows are filled already).
    @inline(__always)
    private static func addRow(of slot: Int32, parents: ArraySlice<Int32>, to words: inout [UInt64], wordsPerRow: Int) {
        let row = Int(slot) * wordsPerRow
        words[row + Int(slot) / 64] |= 1 << UInt64(slot % 64)
        for parent in parents {
            let parentRow = Int(parent) * wordsPerRow
            for word in 0..<wordsPerRow {
                words[row + word] |= words[parentRow + word]
            }
        }
    }

    /// Whether the type in `slot` conforms to the type in `other`. Both must be slots of this registry (the array's
    /// bounds check stops any other).
    @inlinable @inline(__always)
    func contains(_ slot: Int32, _ other: Int32) -> Bool {
        words[Int(slot) &* wordsPerRow &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0
    }

    /// Checks the closure's invariants, in debug builds: one row of `wordsPerRow` words per type and no bit past the
    /// last type; reflexive; transitive (a type conforms to everything its supertypes conform to); every direct
    /// parent in `parents` (by slot) is in its child's row.
    ///
    /// - Parameter parents: the direct parents of each slot, when known.
    func _checkInvariants(parents: (Int32) -> [Int32]) {
        #if DEBUG
            precondition(wordsPerRow == max(1, (count + 63) / 64), "closure: row length")
            precondition(words.count == max(1, count) * wordsPerRow, "closure: one row per type")
            for slot in 0..<Int32(count) {
                precondition(contains(slot, slot), "closure: type \(slot) conforms to itself")
                let row = row(slot)
                precondition(row.allSatisfy { Int($0) < count }, "closure: type \(slot) has bits past the last type")
                for parent in parents(slot) {
                    precondition(contains(slot, parent), "closure: type \(slot) conforms to its parent \(parent)")
                }
                for other in row {
                    let base = Int(slot) * wordsPerRow
                    let otherBase = Int(other) * wordsPerRow
                    for word in 0..<wordsPerRow {
                        precondition(
                            words[otherBase + word] & ~words[base + word] == 0,
                            "closure: type \(slot) conforms to \(other) but not to all it conforms to")
                    }
                }
            }
        #endif
    }

    /// Every slot that `slot` conforms to, itself included, in slot order.
    func row(_ slot: Int32) -> [Int32] {
        var result: [Int32] = []
        let row = Int(slot) * wordsPerRow
        for word in 0..<wordsPerRow {
            var bits = words[row + word]
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                result.append(Int32(word * 64 + bit))
                bits &= bits - 1
            }
        }
        return result
    }
}

/// The direct parents of every slot of a registry: the catalog's and the declarations' lists, then those of the
/// desktop database's own types, which `DesktopTypes` keeps in one flat table.
struct ParentLists {
    let entries: [[Int32]]
    let desktop: DesktopTypes?

    init(_ entries: [[Int32]], desktop: DesktopTypes? = nil) {
        self.entries = entries
        self.desktop = desktop
    }

    /// How many slots.
    var count: Int { entries.count + (desktop?.count ?? 0) }

    /// The direct parents of `slot`.
    subscript(slot: Int32) -> ArraySlice<Int32> {
        Int(slot) < entries.count ? entries[Int(slot)][...] : desktop?.parents(slot) ?? []
    }
}
