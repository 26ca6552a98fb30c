/// The reflexive, transitive conformance relation of one registry, precomputed as one bit set per type: bit `j`
/// of row `i` says that type `i` conforms to type `j`. Asking is one load and one mask.
///
/// Rows have bits for the first `columns` slots only, and only those slots have rows. A type past them is a subtype
/// of nothing else: only itself conforms to it, and it conforms to what its direct parents conform to, which have
/// rows (`rowlessParentStarts`, `rowlessParentSlots`). A registry of the catalog and a desktop database places the
/// database's types with subtypes first (`DesktopTypes`), so that its 700-odd leaves cost neither a column nor a row,
/// and reads the catalog's rows from the catalog's closure (`baseWords`; a catalog type conforms to catalog types
/// alone):
/// its own closure holds the rows of the database's 46 types with subtypes, 2 KiB, where every row of every type
/// took 39 KiB.
///
/// A class, so that asking through a registry reads the bits without counting a reference to the array.
@usableFromInline
final class ConformanceClosure: Sendable {
    /// The bits, row after row, one row for each slot from `rowBase` to `columns`; immutable once computed.
    @usableFromInline let words: [UInt64]
    @usableFromInline let wordsPerRow: Int
    /// How many slots have a column and a row; no type conforms to a later one but itself.
    @usableFromInline let columns: Int
    /// How many types.
    let count: Int
    /// The slots below it have their rows in `baseWords`, the catalog's closure's words, `baseWordsPerRow` a row (0,
    /// and no words, when every row is here).
    @usableFromInline let rowBase: Int
    @usableFromInline let baseWords: [UInt64]
    @usableFromInline let baseWordsPerRow: Int
    /// The direct parents of the slots from `columns` on: `rowlessParentSlots[rowlessParentStarts[i]..<
    /// rowlessParentStarts[i + 1]]` for slot `rowlessBase + i` (the desktop database's flat table, shared). Empty when
    /// every slot has a row.
    @usableFromInline let rowlessParentStarts: [Int32]
    @usableFromInline let rowlessParentSlots: [Int32]
    @usableFromInline let rowlessBase: Int

    /// Computes the closure of `parents` (direct parents by slot), visiting slots in `order`, which lists every
    /// slot after all of its parents. Every slot has a column and a row here.
    init(parents: ParentLists, order: [Int32]) {
        let count = parents.count
        let wordsPerRow = max(1, (count + 63) / 64)
        var words = [UInt64](repeating: 0, count: max(1, count) * wordsPerRow)
        for slot in order {
            let row = Int(slot) * wordsPerRow
            words[row + Int(slot) / 64] |= 1 << UInt64(slot % 64)
            for parent in parents[slot] {
                let parentRow = Int(parent) * wordsPerRow
                for word in 0..<wordsPerRow {
                    words[row + word] |= words[parentRow + word]
                }
            }
        }
        self.words = words
        self.wordsPerRow = wordsPerRow
        self.columns = count
        self.count = count
        rowBase = 0
        baseWords = []
        baseWordsPerRow = 0
        rowlessParentStarts = []
        rowlessParentSlots = []
        rowlessBase = count
    }

    /// Extends the catalog's closure with a desktop database's own types, when a registry declares nothing more: the
    /// rows of the database's types with subtypes are worked out (in `desktop.order`), the catalog's read from its
    /// closure. Columns and rows stop after them: the others answer from their parents' rows.
    init(catalog: ConformanceClosure, desktop: DesktopTypes) {
        precondition(catalog.rowBase == 0 && catalog.columns == catalog.count, "the catalog's closure has every row")
        let count = catalog.count + desktop.count
        let columns = catalog.count + desktop.supertypeCount
        let rowBase = catalog.count
        let wordsPerRow = max(1, (columns + 63) / 64)
        var words = [UInt64](repeating: 0, count: max(1, columns - rowBase) * wordsPerRow)
        for slot in desktop.order {
            let row = (Int(slot) - rowBase) * wordsPerRow
            words[row + Int(slot) / 64] |= 1 << UInt64(slot % 64)
            for parent in desktop.parents(slot) {
                if Int(parent) < rowBase {
                    let parentRow = Int(parent) * catalog.wordsPerRow
                    for word in 0..<catalog.wordsPerRow {
                        words[row + word] |= catalog.words[parentRow + word]
                    }
                } else {
                    let parentRow = (Int(parent) - rowBase) * wordsPerRow
                    for word in 0..<wordsPerRow {
                        words[row + word] |= words[parentRow + word]
                    }
                }
            }
        }
        self.words = words
        self.wordsPerRow = wordsPerRow
        self.columns = columns
        self.count = count
        self.rowBase = rowBase
        baseWords = catalog.words
        baseWordsPerRow = catalog.wordsPerRow
        rowlessParentStarts = desktop.parentStarts
        rowlessParentSlots = desktop.parentSlots
        rowlessBase = Int(desktop.firstSlot)
    }

    /// Whether the type in `slot` conforms to the type in `other`. Both must be slots of this registry (the arrays'
    /// bounds checks stop any other).
    @inlinable @inline(__always)
    func contains(_ slot: Int32, _ other: Int32) -> Bool {
        guard Int(other) < columns else {
            return slot == other  // a type with no subtype
        }
        let row = Int(slot) &- rowBase
        guard UInt(bitPattern: row) < UInt(bitPattern: columns &- rowBase) else {
            return containsOutsideRows(slot, other)
        }
        return words[row &* wordsPerRow &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0
    }

    /// `contains(_:_:)` when `slot` has no row here and `other` has a column: a type past the columns conforms to
    /// what its direct parents conform to; a catalog type's row is the catalog's.
    @usableFromInline
    func containsOutsideRows(_ slot: Int32, _ other: Int32) -> Bool {
        if Int(slot) < columns {
            return rowContains(Int(slot), other)
        }
        let index = Int(slot) - rowlessBase
        var parent = Int(rowlessParentStarts[index])
        let end = Int(rowlessParentStarts[index + 1])
        while parent < end {
            // A parent has subtypes, so it has a row.
            if rowContains(Int(rowlessParentSlots[parent]), other) {
                return true
            }
            parent += 1
        }
        return false
    }

    /// Whether the row of `slot`, which has one, has the bit of `other`, which has a column.
    @inline(__always)
    private func rowContains(_ slot: Int, _ other: Int32) -> Bool {
        if slot < rowBase {
            // A catalog type conforms to catalog types alone.
            return Int(other) < rowBase
                && baseWords[slot &* baseWordsPerRow &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0
        }
        return words[(slot &- rowBase) &* wordsPerRow &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0
    }

    /// Word `index` (below `wordsPerRow`) of the row of `slot`, which has one.
    func word(_ index: Int, ofRow slot: Int) -> UInt64 {
        if slot < rowBase {
            return index < baseWordsPerRow ? baseWords[slot * baseWordsPerRow + index] : 0
        }
        return words[(slot - rowBase) * wordsPerRow + index]
    }

    /// The words of `slot`'s row over the columns: its own, or for a type past them the union of its parents'.
    private func rowWords(_ slot: Int32) -> [UInt64] {
        if Int(slot) < columns {
            return (0..<wordsPerRow).map { word($0, ofRow: Int(slot)) }
        }
        var union = [UInt64](repeating: 0, count: wordsPerRow)
        let index = Int(slot) - rowlessBase
        for parent in rowlessParentSlots[Int(rowlessParentStarts[index])..<Int(rowlessParentStarts[index + 1])] {
            for index in 0..<wordsPerRow {
                union[index] |= word(index, ofRow: Int(parent))
            }
        }
        return union
    }

    /// Checks the closure's invariants, in debug builds: one row of `wordsPerRow` words for each slot from `rowBase`
    /// to `columns`, those below in `baseWords` (the catalog's, conforming to catalog types alone), and no bit past the
    /// last column; reflexive; transitive (a type conforms to everything its supertypes conform to); every direct
    /// parent in `parents` (by slot) is in its child's row, and so has a column; a type past the columns has direct
    /// parents of its own in the shared table, each with a row.
    ///
    /// - Parameter parents: the direct parents of each slot, when known.
    func _checkInvariants(parents: (Int32) -> [Int32]) {
        #if DEBUG
            precondition(columns <= count, "closure: no more columns than types")
            precondition(wordsPerRow == max(1, (columns + 63) / 64), "closure: row length")
            precondition(
                rowBase <= columns && baseWords.count == rowBase * baseWordsPerRow
                    && baseWordsPerRow <= wordsPerRow && (rowBase == 0 || baseWordsPerRow == (rowBase + 63) / 64),
                "closure: the catalog's rows")
            precondition(words.count == max(1, columns - rowBase) * wordsPerRow, "closure: one row per column")
            precondition(
                columns == count || rowlessParentStarts.count == count - rowlessBase + 1 && rowlessBase <= columns,
                "closure: the parents of every type past the columns")
            for slot in 0..<Int32(count) {
                precondition(contains(slot, slot), "closure: type \(slot) conforms to itself")
                let row = row(slot)
                precondition(
                    row.allSatisfy { Int($0) < columns || $0 == slot },
                    "closure: type \(slot) has bits past the last column")
                precondition(
                    Int(slot) >= rowBase || row.allSatisfy { Int($0) < rowBase },
                    "closure: catalog type \(slot) conforms to a type past the catalog")
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
