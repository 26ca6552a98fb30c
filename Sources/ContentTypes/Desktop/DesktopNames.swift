/// The names of a desktop database's types and aliases by folded name: what reading the database looks names up in
/// (an alias's type, a parent, a catalog MIME type, a type a glob names). Look-ups by MIME type read an index made
/// from them when first needed (`DesktopDatabase.mimeTypeIndex`).
///
/// An open-addressing table of entries over the names' own bytes, which it does not copy: a line of `types` (its
/// number), or an alias (`DesktopDatabase.aliasFlag` and its index), each with the upper half of its folded name's
/// hash (the lower half, masked, is where its probe starts). Every entry is kept, in the order added: an alias spelled
/// as a type is a second entry of that name, after the type's. Adding a name costs a hash and a probe, where the
/// MIME index costs a key, its bytes and its slot appended to a `TagIndexBuilder` and the index built from it. The
/// table is at most two thirds full: the machine's 1,150 names take 2,048 buckets, 16 KiB (memory touched for the
/// first time is most of what a process's first use of the database costs). A bucket is one word, its entry and its
/// hash together: a probe reads one array, and adding writes one.
struct DesktopNames: Sendable {
    /// By bucket: the entry plus one in the lower half, 0 for an empty bucket; the upper half of the hash of its name
    /// in the upper half (the lower half of the hash, masked, is where its probe starts). A power of two long, at
    /// most two thirds full.
    private var buckets: [UInt64]
    private(set) var count = 0
    /// How many names the table was made for: it never holds more (and so is never more than two thirds full).
    let capacity: Int

    /// Marks an entry whose name is not folded already (capitals, spaces or more than ASCII): compared once folded.
    static let unfolded: Int32 = 1 << 29
    /// The bits of an entry that number it: a line of `types`, or an alias.
    static let numberMask: Int32 = (1 << 29) - 1

    /// A table with room for `capacity` names: the caller counts them first (the lines of `types` and the aliases).
    init(capacity: Int) {
        self.capacity = capacity
        var size = 16
        while 2 * size < 3 * capacity {
            size *= 2
        }
        buckets = [UInt64](repeating: 0, count: size)
    }

    /// Adds an entry whose folded name hashes to `hash` (`TagIndexBuilder.hash`), after those already added; at most
    /// `capacity` of them.
    mutating func add(_ entry: Int32, hash: UInt64) {
        add(entry, hash: hash, at: probe(hash: hash, matches: { _ in false }).bucket)
    }

    /// Adds an entry at the empty bucket that `probe(hash:matches:)` found for its hash, before anything else was
    /// added.
    mutating func add(_ entry: Int32, hash: UInt64, at bucket: Int) {
        precondition(count < capacity, "names: more than the \(capacity) counted")
        precondition(buckets[bucket] == 0, "names: a probe's empty bucket")
        buckets[bucket] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: entry + 1))
        count += 1
    }

    /// The first entry whose name hashes to `hash` and that `matches`, and the empty bucket that ends the probe:
    /// where an entry with that hash is added (`add(_:hash:at:)`). One probe finds a name's earlier entry and places
    /// it.
    @inline(__always)
    func probe(hash: UInt64, matches: (Int32) -> Bool) -> (first: Int32?, bucket: Int) {
        let mask = buckets.count - 1
        let upper = hash & 0xFFFF_FFFF_0000_0000
        var bucket = Int(truncatingIfNeeded: hash) & mask
        var first: Int32?
        while true {
            let value = buckets[bucket]
            if value == 0 {
                return (first, bucket)
            }
            if first == nil && value & 0xFFFF_FFFF_0000_0000 == upper && matches(Self.entry(value)) {
                first = Self.entry(value)
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Calls `body` with each entry whose name hashes to `hash` and that `matches` (its name is the folded name
    /// asked), in the order they were added, until `body` returns `false`.
    @inline(__always)
    func forEach(hash: UInt64, matches: (Int32) -> Bool, _ body: (Int32) -> Bool) {
        let mask = buckets.count - 1
        let upper = hash & 0xFFFF_FFFF_0000_0000
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = buckets[bucket]
            if value == 0 {
                return
            }
            if value & 0xFFFF_FFFF_0000_0000 == upper && matches(Self.entry(value)) && !body(Self.entry(value)) {
                return
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// The entry of an occupied bucket.
    @inline(__always)
    private static func entry(_ bucket: UInt64) -> Int32 {
        Int32(bitPattern: UInt32(truncatingIfNeeded: bucket)) - 1
    }

    /// Checks the table's invariants, in debug builds: buckets a power of two, at most two thirds full, as many
    /// entries as added, each found from its bucket's hash before any empty bucket.
    func _checkInvariants() {
        #if DEBUG
            precondition(buckets.count.nonzeroBitCount == 1, "names: a power of two of buckets")
            precondition(count <= capacity && 3 * capacity <= 2 * buckets.count, "names: at most two thirds full")
            precondition(buckets.count(where: { $0 != 0 }) == count, "names: one bucket an entry")
        #endif
    }
}
