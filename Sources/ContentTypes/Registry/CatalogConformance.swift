/// The conformance of the system catalog's types among themselves, in a form a `UTType` value carries: every
/// catalog type that has a subtype in the catalog gets a bit (1 to 64), and each catalog type keeps the bits of the
/// supertypes it conforms to (itself included) as a mask. Then whether one catalog type conforms to another is read
/// from the two values alone (`UTType.conforms(to:)`), with no table and no registry.
///
/// A catalog type conforms to catalog types only, in every registry, so the answer is the same whichever registry
/// made the values. The catalog has 58 types with subtypes; should it ever have more than 64, the ones past the 64th
/// get `overflowBit` and are asked in the closure instead.
///
/// A class, so that reaching the arrays through a registry, each time a catalog type's value is made, counts no
/// reference per array.
final class CatalogConformance: Sendable {
    /// A type that nothing else in the catalog conforms to: only the type itself conforms to it.
    static let noBit: UInt8 = 0
    /// A supertype that got no bit (past the 64th): asked in the closure.
    static let overflowBit: UInt8 = 127

    /// By catalog slot: the type's bit, `noBit` or `overflowBit`.
    let bits: [UInt8]
    /// By catalog slot: the bits of the supertypes the type conforms to, itself included.
    let masks: [UInt64]

    /// Reads the catalog's part of a registry's closure.
    ///
    /// - Parameters:
    ///   - closure: a registry's conformance closure.
    ///   - systemCount: how many catalog types come first in it.
    init(closure: ConformanceClosure, systemCount: Int32) {
        let count = Int(systemCount)
        let catalogWords = (count + 63) / 64
        var isSupertype = [Bool](repeating: false, count: count)
        for slot in 0..<count {
            Self.forEachCatalogBit(closure, row: slot, words: catalogWords, count: count) { other in
                if other != slot {
                    isSupertype[other] = true
                }
            }
        }
        var bits = [UInt8](repeating: Self.noBit, count: count)
        var next: UInt8 = 1
        for slot in 0..<count where isSupertype[slot] {
            if next <= 64 {
                bits[slot] = next
                next += 1
            } else {
                bits[slot] = Self.overflowBit
            }
        }
        var masks = [UInt64](repeating: 0, count: count)
        for slot in 0..<count {
            var mask: UInt64 = 0
            Self.forEachCatalogBit(closure, row: slot, words: catalogWords, count: count) { other in
                let bit = bits[other]
                if bit != Self.noBit && bit <= 64 {
                    mask |= 1 &<< UInt64(bit - 1)
                }
            }
            masks[slot] = mask
        }
        self.bits = bits
        self.masks = masks
    }

    /// The bit and the mask of the catalog type in `slot`.
    @inline(__always)
    func facts(_ slot: Int32) -> (bit: UInt8, mask: UInt64) {
        (bits[Int(slot)], masks[Int(slot)])
    }

    /// Calls `body` with every catalog slot in `row`'s row of the closure.
    private static func forEachCatalogBit(
        _ closure: ConformanceClosure, row: Int, words: Int, count: Int, _ body: (Int) -> Void
    ) {
        for word in 0..<min(words, closure.wordsPerRow) {
            var bits = closure.word(word, ofRow: row)
            while bits != 0 {
                let other = word * 64 + bits.trailingZeroBitCount
                if other < count {
                    body(other)
                }
                bits &= bits - 1
            }
        }
    }

    /// Checks, in debug builds, that the bits and masks answer every pair of catalog types as the closure does: a
    /// supertype with a bit is in the mask of exactly the types that conform to it, and a type without one has no
    /// subtype.
    ///
    /// - Parameter closure: the closure they were read from.
    func _checkInvariants(closure: ConformanceClosure) {
        #if DEBUG
            precondition(bits.count == masks.count, "catalog conformance: one bit and one mask per catalog type")
            let supertypes = bits.indices.filter { bits[$0] != Self.noBit && bits[$0] <= 64 }
            let count = bits.count
            for slot in bits.indices {
                for other in supertypes {
                    let answer = masks[slot] & (1 &<< UInt64(bits[other] - 1)) != 0
                    precondition(
                        answer == closure.contains(Int32(slot), Int32(other)),
                        "catalog conformance: slot \(slot) to slot \(other) is \(answer)")
                }
                Self.forEachCatalogBit(closure, row: slot, words: (count + 63) / 64, count: count) { other in
                    precondition(
                        other == slot || bits[other] != Self.noBit,
                        "catalog conformance: slot \(other) has a subtype, \(slot), but no bit")
                }
            }
        #endif
    }
}
