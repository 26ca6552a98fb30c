/// The reflexive, transitive conformance relation of one registry, precomputed as one bit set per type: bit `j`
/// of row `i` says that type `i` conforms to type `j`. Asking is one load and one mask.
///
/// Rows have bits for the first `columns` slots only, and only those slots have rows. A type past them is a subtype
/// of nothing else: only itself conforms to it, and it conforms to what its direct parents conform to, which have
/// rows (`rowlessParentStarts`, `rowlessParentSlots`). A registry of the catalog and a desktop database places the
/// database's types with subtypes first (`DesktopTypes`), so that its 700-odd leaves cost neither a column nor a row:
/// the closure is 11 KiB instead of 39 KiB with this machine's database.
///
/// A class, so that asking through a registry reads the bits without counting a reference to the array.
@usableFromInline
final class ConformanceClosure: Sendable {
    /// The bits, row after row, one row for each slot below `columns`; immutable once computed.
    @usableFromInline let words: [UInt64]
    @usableFromInline let wordsPerRow: Int
    /// How many slots have a column and a row; no type conforms to a later one but itself.
    @usableFromInline let columns: Int
    /// How many types.
    let count: Int
    /// The direct parents of the slots from `columns` on: `rowlessParentSlots[rowlessParentStarts[i]..<
    /// rowlessParentStarts[i + 1]]` for slot `rowlessBase + i` (the desktop database's flat table, shared). Empty when
    /// every slot has a row.
    @usableFromInline let rowlessParentStarts: [Int32]
    @usableFromInline let rowlessParentSlots: [Int32]
    @usableFromInline let rowlessBase: Int

    /// Computes the closure of `parents` (direct parents by slot), visiting slots in `order`, which lists every
    /// slot after all of its parents. Every slot has a column and a row.
    init(parents: ParentLists, order: [Int32]) {
        let count = parents.count
        let wordsPerRow = max(1, (count + 63) / 64)
        var words = [UInt64](repeating: 0, count: max(1, count) * wordsPerRow)
        for slot in order {
            Self.addRow(of: slot, parents: parents[slot], to: &words, wordsPerRow: wordsPerRow, columns: count)
        }
        self.words = words
        self.wordsPerRow = wordsPerRow
        self.columns = count
        self.count = count
        rowlessParentStarts = []
        rowlessParentSlots = []
        rowlessBase = count
    }

    /// Extends the catalog's closure with a desktop database's own types, when a registry declares nothing more: the
    /// catalog's rows are copied, and those of the database's types with subtypes worked out (in `desktop.order`).
    /// Columns and rows stop after them: the others answer from their parents' rows.
    init(catalog: ConformanceClosure, desktop: DesktopTypes) {
        let count = catalog.count + desktop.count
        let columns = catalog.count + desktop.supertypeCount
        let wordsPerRow = max(1, (columns + 63) / 64)
        var words = [UInt64](repeating: 0, count: max(1, columns) * wordsPerRow)
        for slot in 0..<catalog.count {
            for word in 0..<catalog.wordsPerRow {
                words[slot * wordsPerRow + word] = catalog.words[slot * catalog.wordsPerRow + word]
            }
        }
        for slot in desktop.order {
            Self.addRow(
                of: slot, parents: desktop.parents(slot), to: &words, wordsPerRow: wordsPerRow, columns: columns)
        }
        self.words = words
        self.wordsPerRow = wordsPerRow
        self.columns = columns
        self.count = count
        rowlessParentStarts = desktop.parentStarts
        rowlessParentSlots = desktop.parentSlots
        rowlessBase = Int(desktop.firstSlot)
    }

    /// Fills the row of `slot`: itself, and every type its parents conform to (their rows are filled already).
    @inline(__always)
    private static func addRow(
        of slot: Int32, parents: ArraySlice<Int32>, to words: inout [UInt64], wordsPerRow: Int, columns: Int
    ) {
        let row = Int(slot) * wordsPerRow
        if Int(slot) < columns {
            words[row + Int(slot) / 64] |= 1 << UInt64(slot % 64)
        }
        for parent in parents {
            let parentRow = Int(parent) * wordsPerRow
            for word in 0..<wordsPerRow {
                words[row + word] |= words[parentRow + word]
            }
        }
    }

    /// Whether the type in `slot` conforms to the type in `other`. Both must be slots of this registry (the arrays'
    /// bounds checks stop any other).
    @inlinable @inline(__always)
    func contains(_ slot: Int32, _ other: Int32) -> Bool {
        guard Int(slot) < columns, Int(other) < columns else {
            return containsPastColumns(slot, other)
        }
        return words[Int(slot) &* wordsPerRow &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0
    }

    /// `contains(_:_:)` when `slot` or `other` has no column: a type past the columns has no subtype (only itself
    /// conforms to it), and conforms to what its direct parents conform to.
    @usableFromInline
    func containsPastColumns(_ slot: Int32, _ other: Int32) -> Bool {
        guard Int(other) < columns else {
            return slot == other
        }
        let index = Int(slot) - rowlessBase
        var parent = Int(rowlessParentStarts[index])
        let end = Int(rowlessParentStarts[index + 1])
        while parent < end {
            // A parent has subtypes, so it has a row.
            let row = Int(rowlessParentSlots[parent]) &* wordsPerRow
            if words[row &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0 {
                return true
            }
            parent += 1
        }
        return false
    }

    /// The words of `slot`'s row over the columns: its own, or for a type past them the union of its parents'.
    private func rowWords(_ slot: Int32) -> [UInt64] {
        if Int(slot) < columns {
            let row = Int(slot) * wordsPerRow
            return Array(words[row..<row + wordsPerRow])
        }
        var union = [UInt64](repeating: 0, count: wordsPerRow)
        let index = Int(slot) - rowlessBase
        for parent in rowlessParentSlots[Int(rowlessParentStarts[index])..<Int(rowlessParentStarts[index + 1])] {
            let row = Int(parent) * wordsPerRow
            for word in 0..<wordsPerRow {
                union[word] |= words[row + word]
            }
        }
        return union
    }

    /// Checks the closure's invariants, in debug builds: one row of `wordsPerRow` words for each slot below
    /// `columns`, and no bit past the last column; reflexive; transitive (a type conforms to everything its
    /// supertypes conform to); every direct parent in `parents` (by slot) is in its child's row, and so has a column;
    /// a type past the columns has direct parents of its own in the shared table, each with a row.
    ///
    /// - Parameter parents: the direct parents of each slot, when known.
    func _checkInvariants(parents: (Int32) -> [Int32]) {
        #if DEBUG
            precondition(columns <= count, "closure: no more columns than types")
            precondition(wordsPerRow == max(1, (columns + 63) / 64), "closure: row length")
            precondition(words.count == max(1, columns) * wordsPerRow, "closure: one row per column")
            precondition(
                columns == count || rowlessParentStarts.count == count - rowlessBase + 1 && rowlessBase <= columns,
                "closure: the parents of every type past the columns")
            for slot in 0..<Int32(count) {
                precondition(contains(slot, slot), "closure: type \(slot) conforms to itself")
                let row = row(slot)
                precondition(
                    row.allSatisfy { Int($0) < columns || $0 == slot },
                    "closure: type \(slot) has bits past the last column")
                for parent in parents(slot) {
                    precondition(contains(slot, parent), "closure: type \(slot) conforms to its parent \(parent)")
                    precondition(
                        Int(slot) < columns || Int(parent) < columns,
                        "closure: type \(slot), past the columns, has a parent \(parent) without a row")
                }
                let words = rowWords(slot)
                for other in row where Int(other) < columns {
                    let otherWords = rowWords(other)
                    for word in 0..<wordsPerRow {
                        precondition(
                            otherWords[word] & ~words[word] == 0,
                            "closure: type \(slot) conforms to \(other) but not to all it conforms to")
                    }
                }
            }
        #endif
    }

    /// Every slot that `slot` conforms to, itself included, in slot order.
    func row(_ slot: Int32) -> [Int32] {
        var result: [Int32] = []
        let words = rowWords(slot)
        for word in 0..<wordsPerRow {
            var bits = words[word]
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                result.append(Int32(word * 64 + bit))
                bits &= bits - 1
            }
        }
        if Int(slot) >= columns {
            result.append(slot)  // past every column: itself, last
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
