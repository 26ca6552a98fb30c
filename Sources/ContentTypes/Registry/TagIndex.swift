/// The slots of the types that have each tag of one tag class, preferred first.
///
/// An open-addressing hash table over the tags' folded UTF-8 bytes: a look-up hashes the bytes a word at a time,
/// probes a table that is at most half full (an eighth, `sparse`) and compares bytes, so it allocates nothing and
/// costs the same whatever the number of tags. Keys are folded (`Folding.withFoldedTag`) by the caller. Plain arrays,
/// immutable once built; `_checkInvariants()` checks them. A class, so that reaching an index through its registry
/// counts no reference per array.
final class TagIndex: Sendable {
    private struct Key: Sendable {
        let hash: UInt64
        let bytesStart: Int32
        let bytesCount: Int32
        let slotsStart: Int32
        let slotsCount: Int32
        /// Where the key's bytes start in `words`.
        let wordsStart: Int32
    }

    /// The keys' bytes, back to back.
    private let bytes: [UInt8]
    /// The keys' bytes again, each key in little-endian words of its own, zero past its end (as `FoldedTag` holds a
    /// tag).
    private let words: [UInt64]
    private let keys: [Key]
    /// The slots of every key, key after key.
    private let slots: [Int32]
    /// Key numbers plus one by bucket; 0 is an empty bucket. A power of two long, at most 1 / 2^`loadShift` full.
    private let buckets: [Int32]
    /// How full the buckets may be: at most 1 / 2^`loadShift` (1, half full, or `sparse`, an eighth).
    private let loadShift: Int
    /// Whether `words` holds the keys, for look-ups by `FoldedTag`; an index asked only with spans has none.
    private let keepsWords: Bool

    /// The `loadShift` of the indexes that every look-up of a dynamic type misses in: a registry's own filename
    /// extensions and MIME types (`UTType(filenameExtension:)`, `UTType(mimeType:)`). At an eighth full, a tag no type
    /// has meets an empty bucket first seven times in eight, a branch the processor predicts; at half full, as the
    /// builder keeps its table, such a look-up walked 2.5 buckets on average and cost 1.5 times a known tag's
    /// (measured). Other indexes (the desktop database's, read on slower paths) keep the builder's half-full table:
    /// re-placing theirs cost a process's first use of the database 2-5% (measured).
    static let sparse = 3

    /// - Parameters:
    ///   - builder: the tags and their slots.
    ///   - loadShift: how full the buckets may be: 1 / 2^`loadShift`, at least 1 (half full, the builder's table).
    ///   - keepsWords: whether the index is asked with `FoldedTag`s, and so keeps each key in words (a registry's own
    ///     indexes); the desktop database's are asked with spans only, and building the words was a third of
    ///     building them (measured).
    init(_ builder: TagIndexBuilder, loadShift: Int = 1, keepsWords: Bool = true) {
        // Each key's slots, in the order they were added, without repeats: counted, placed, then compacted.
        var starts = [Int32](repeating: 0, count: builder.keys.count + 1)
        for (key, _) in builder.additions {
            starts[Int(key) + 1] += 1
        }
        for key in builder.keys.indices {
            starts[key + 1] += starts[key]
        }
        var placed = [Int32](repeating: 0, count: builder.additions.count)
        var next = starts
        for (key, slot) in builder.additions {
            placed[Int(next[Int(key)])] = slot
            next[Int(key)] += 1
        }
        var slots: [Int32] = []
        slots.reserveCapacity(placed.count)
        var keys: [Key] = []
        keys.reserveCapacity(builder.keys.count)
        var words: [UInt64] = []
        for (number, key) in builder.keys.enumerated() {
            let wordsStart = words.count
            for offset in stride(from: 0, to: keepsWords ? Int(key.bytesCount) : 0, by: 8) {
                var word: UInt64 = 0
                for index in offset..<min(offset + 8, Int(key.bytesCount)) {
                    word |= UInt64(builder.bytes[Int(key.bytesStart) + index]) &<< UInt64((index - offset) * 8)
                }
                words.append(word)
            }
            let start = slots.count
            if starts[number + 1] - starts[number] == 1 {
                slots.append(placed[Int(starts[number])])  // most keys have one slot: nothing to repeat
            } else {
                for slot in placed[Int(starts[number])..<Int(starts[number + 1])] where !slots[start...].contains(slot)
                {
                    slots.append(slot)
                }
            }
            keys.append(
                Key(
                    hash: key.hash, bytesStart: key.bytesStart, bytesCount: key.bytesCount,
                    slotsStart: Int32(start), slotsCount: Int32(slots.count - start), wordsStart: Int32(wordsStart)))
        }
        self.bytes = builder.bytes
        self.words = words
        self.keys = keys
        self.slots = slots
        self.buckets =
            loadShift <= 1 ? builder.buckets : TagIndexBuilder.place(builder.keys.map(\.hash), loadShift: loadShift)
        self.loadShift = max(1, loadShift)
        self.keepsWords = keepsWords
    }

    /// The first slot with the folded tag `key` that `accept` accepts, trying the preferred ones first.
    @inline(__always)
    func firstSlot(withFolded key: Span<UInt8>, where accept: (Int32) -> Bool) -> Int32? {
        for position in positions(ofFolded: key) where accept(slots[position]) {
            return slots[position]
        }
        return nil
    }

    /// The first slot with the folded tag `key` that `accept` accepts, trying the preferred ones first: the look-up
    /// of `FoldedTag`, a word at a time.
    @inline(__always)
    func firstSlot(withFolded key: FoldedTag, where accept: (Int32) -> Bool) -> Int32? {
        for position in positions(ofFolded: key) where accept(slots[position]) {
            return slots[position]
        }
        return nil
    }

    /// Where the slots of the folded tag `key` are in `slots`; empty when no type has the tag.
    private func positions(ofFolded key: FoldedTag) -> Range<Int> {
        assert(keepsWords, "an index without words is asked with spans only")
        return positions(hash: TagIndexBuilder.hash(key), count: key.count) { sameWords(from: Int($0.wordsStart), key) }
    }

    /// Where the slots of the tag with `hash` and `count` bytes are in `slots`, the key found being the one `isTag`
    /// says has the tag's bytes; empty when no type has the tag.
    @inline(__always)
    private func positions(hash: UInt64, count: Int, isTag: (Key) -> Bool) -> Range<Int> {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while buckets[bucket] != 0 {
            let candidate = keys[Int(buckets[bucket] - 1)]
            if candidate.hash == hash && Int(candidate.bytesCount) == count && isTag(candidate) {
                let start = Int(candidate.slotsStart)
                return start..<start + Int(candidate.slotsCount)
            }
            bucket = (bucket + 1) & mask
        }
        return 0..<0
    }

    /// Whether the words of a key of `key.count` bytes, from `start`, are `key`'s.
    @inline(__always)
    private func sameWords(from start: Int, _ key: FoldedTag) -> Bool {
        for index in 0..<(key.count + 7) / 8 where words[start + index] != key.word(index) {
            return false
        }
        return true
    }

    /// Every slot with the folded tag `key`, preferred first.
    func slots(withFolded key: Span<UInt8>) -> ArraySlice<Int32> {
        Array(slots[positions(ofFolded: key)])[...]
    }

    /// Where the slots of the folded tag `key` are in `slots`; empty when no type has the tag.
    private func positions(ofFolded key: Span<UInt8>) -> Range<Int> {
        positions(hash: TagIndexBuilder.hash(key), count: key.count) {
            TagIndexBuilder.equal(bytes, from: Int($0.bytesStart), key)
        }
    }

    /// Calls `body` with every slot with the folded tag `key`, preferred first.
    func forEachSlot(withFolded key: Span<UInt8>, _ body: (Int32) -> Void) {
        for position in positions(ofFolded: key) {
            body(slots[position])
        }
    }

    /// Calls `body` with every tag of the index, folded, its hash (`TagIndexBuilder.hash`) and its preferred slot, in
    /// the order the tags were first added.
    func forEachKey(_ body: (Span<UInt8>, UInt64, Int32) -> Void) {
        let stored = bytes
        for key in keys where key.slotsCount > 0 {
            let start = Int(key.bytesStart)
            body(stored.span.extracting(start..<start + Int(key.bytesCount)), key.hash, slots[Int(key.slotsStart)])
        }
    }

    /// How many tags the index has.
    var count: Int { keys.count }

    /// Checks the index's invariants, in debug builds: buckets a power of two, at most 1 / 2^`loadShift` full, each
    /// key in one bucket and found from its hash, keys' bytes and slots within their arrays, hashes those of the bytes.
    func _checkInvariants() {
        #if DEBUG
            precondition(buckets.count.nonzeroBitCount == 1, "buckets: a power of two")
            precondition(keys.count << loadShift <= buckets.count, "buckets: at most 1 / 2^\(loadShift) full")
            var seen = [Bool](repeating: false, count: keys.count)
            for entry in buckets where entry != 0 {
                precondition(entry > 0 && Int(entry) <= keys.count, "bucket entry \(entry) names no key")
                precondition(!seen[Int(entry - 1)], "key \(entry - 1) in two buckets")
                seen[Int(entry - 1)] = true
            }
            precondition(!seen.contains(false), "every key has a bucket")
            for (number, key) in keys.enumerated() {
                let start = Int(key.bytesStart)
                let end = start + Int(key.bytesCount)
                precondition(start >= 0 && end <= bytes.count, "key \(number): bytes out of range")
                let keyBytes = Array(bytes[start..<end])
                precondition(key.hash == TagIndexBuilder.hash(keyBytes.span), "key \(number): hash")
                let wordCount = keepsWords ? (keyBytes.count + 7) / 8 : 0
                precondition(
                    key.wordsStart >= 0 && Int(key.wordsStart) + wordCount <= words.count,
                    "key \(number): words out of range")
                for (index, byte) in keyBytes.enumerated() where keepsWords {
                    let word = words[Int(key.wordsStart) + index / 8]
                    precondition(
                        UInt8(truncatingIfNeeded: word >> UInt64(index % 8 * 8)) == byte, "key \(number): words")
                }
                if keepsWords && keyBytes.count % 8 != 0 {
                    precondition(
                        words[Int(key.wordsStart) + wordCount - 1] >> UInt64(keyBytes.count % 8 * 8) == 0,
                        "key \(number): zero past its end")
                }
                precondition(
                    key.slotsStart >= 0 && Int(key.slotsStart) + Int(key.slotsCount) <= slots.count,
                    "key \(number): slots out of range")
                precondition(
                    positions(ofFolded: keyBytes.span).lowerBound == Int(key.slotsStart) || key.slotsCount == 0,
                    "key \(number) is found")
            }
        #endif
    }
}

/// The tags of a registry being built, one `TagIndexBuilder` per tag class; filename extensions and MIME types have
/// their own, so that adding one of those tags looks nothing up.
struct TagIndexBuilders: Sendable {
    var filenameExtensions = TagIndexBuilder()
    var mimeTypes = TagIndexBuilder()
    /// The builders of other tag classes, by folded tag class.
    var others: [String: TagIndexBuilder] = [:]

    /// Makes room for more filename extensions and MIME types, so that adding them grows no table.
    ///
    /// - Parameters:
    ///   - extensions: how many filename extensions will be added, at most.
    ///   - mimeTypes: how many MIME types will be added, at most.
    mutating func reserveCapacity(extensions: Int, mimeTypes: Int) {
        filenameExtensions.reserveCapacity(extensions)
        self.mimeTypes.reserveCapacity(mimeTypes)
    }

    /// Adds `slot` to the types with `tag` of `tagClass`, after those already added.
    ///
    /// - Parameters:
    ///   - tag: the tag, in any case.
    ///   - tagClass: its tag class.
    ///   - slot: the slot of a type with that tag.
    mutating func add(_ tag: String, of tagClass: UTTagClass, slot: Int32) {
        let folded = Folding.foldTag(tag, of: tagClass)
        switch tagClass.kind {
        case .filenameExtension: filenameExtensions.add(folded: folded, slot: slot)
        case .mimeType: mimeTypes.add(folded: folded, slot: slot)
        case .other: others[tagClass.folded, default: TagIndexBuilder()].add(folded: folded, slot: slot)
        }
    }
}

/// Collects the tags of a `TagIndex` in order of preference: a slot added to a tag again keeps its first place.
///
/// The keys' bytes are kept back to back and each addition as a pair of numbers, so that adding a tag allocates
/// nothing of its own; `TagIndex.init` groups the additions by key.
struct TagIndexBuilder: Sendable {
    fileprivate struct Key: Sendable {
        let hash: UInt64
        let bytesStart: Int32
        let bytesCount: Int32
        /// The slot first added with the key.
        let firstSlot: Int32
    }

    fileprivate private(set) var keys: [Key] = []
    /// The keys' bytes, back to back.
    fileprivate private(set) var bytes: [UInt8] = []
    /// Every addition, in order: the key's number and the slot.
    fileprivate private(set) var additions: [(key: Int32, slot: Int32)] = []
    fileprivate private(set) var buckets = [Int32](repeating: 0, count: 16)

    /// Adds `slot` to the types with the tag `folded`, after those already added.
    ///
    /// - Parameters:
    ///   - folded: a tag folded as `Folding.foldTag(_:of:)` folds it.
    ///   - slot: the slot of a type with that tag.
    mutating func add(folded: String, slot: Int32) {
        add(folded: folded.utf8.span, slot: slot)
    }

    /// Adds `slot` to the types with the tag whose folded bytes are `folded`, after those already added.
    ///
    /// - Parameters:
    ///   - folded: the bytes of a folded tag, or of any key the index is asked with as it is.
    ///   - slot: the slot of a type with that tag.
    /// - Returns: the key's number: the same for every addition of the tag, counting from 0 in order of first
    ///   addition.
    @discardableResult
    mutating func add(folded: Span<UInt8>, slot: Int32) -> Int {
        let hash = Self.hash(folded)
        let (number, bucket) = find(folded, hash: hash)
        if let number {
            additions.append((Int32(number), slot))
            return number
        }
        keys.append(Key(hash: hash, bytesStart: Int32(bytes.count), bytesCount: Int32(folded.count), firstSlot: slot))
        // At once: appended byte by byte, a key cost about 700 instructions (measured).
        folded.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        additions.append((Int32(keys.count - 1), slot))
        buckets[bucket] = Int32(keys.count)
        if keys.count * 2 > buckets.count {
            rehash(capacity: buckets.count * 2)
        }
        return keys.count - 1
    }

    /// The slot first added with the tag `folded`, while the index is being built.
    ///
    /// - Parameter folded: the bytes of a folded tag.
    /// - Returns: the slot, or `nil` when nothing was added with the tag.
    func firstSlot(withFolded folded: Span<UInt8>) -> Int32? {
        find(folded, hash: Self.hash(folded)).number.map { keys[$0].firstSlot }
    }

    /// Whether some slot was added with the tag `folded`.
    ///
    /// - Parameter folded: a folded tag, as `add(folded:slot:)` takes it.
    /// - Returns: `true` when the tag is a key of the index.
    func contains(folded: String) -> Bool {
        firstSlot(withFolded: folded.utf8.span) != nil
    }

    /// The number of the key `folded`, whose hash is `hash`, and its bucket; else `nil` and the empty bucket where it
    /// would go.
    private func find(_ folded: Span<UInt8>, hash: UInt64) -> (number: Int?, bucket: Int) {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while buckets[bucket] != 0 {
            let number = Int(buckets[bucket] - 1)
            let key = keys[number]
            if key.hash == hash && Int(key.bytesCount) == folded.count
                && Self.equal(bytes, from: Int(key.bytesStart), folded)
            {
                return (number, bucket)
            }
            bucket = (bucket + 1) & mask
        }
        return (nil, bucket)
    }

    /// Whether `key` is the bytes stored from `start`, which hold at least as many.
    @inline(__always)
    static func equal(_ stored: [UInt8], from start: Int, _ key: Span<UInt8>) -> Bool {
        equal(stored.span.extracting(start..<start + key.count), key)
    }

    /// Whether two runs of bytes are the same, compared eight bytes at a time (the last eight, overlapping, for the
    /// rest of a run of eight bytes or more).
    @inline(__always)
    static func equal(_ left: Span<UInt8>, _ right: Span<UInt8>) -> Bool {
        let count = left.count
        guard count == right.count else {
            return false
        }
        let leftBytes = left.bytes
        let rightBytes = right.bytes
        var offset = 0
        while offset + 8 <= count {
            if ByteWord.load(leftBytes, at: offset) != ByteWord.load(rightBytes, at: offset) {
                return false
            }
            offset += 8
        }
        if offset < count && count >= 8 {
            return ByteWord.load(leftBytes, at: count - 8) == ByteWord.load(rightBytes, at: count - 8)
        }
        for index in offset..<count where left[index] != right[index] {
            return false
        }
        return true
    }

    /// Makes room for `count` more additions, of as many new keys at most.
    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(keys.count + count)
        additions.reserveCapacity(additions.count + count)
        bytes.reserveCapacity(bytes.count + count * 24)  // tags are short: MIME types are about 24 bytes
        var capacity = buckets.count
        while (keys.count + count) * 2 > capacity {
            capacity *= 2
        }
        if capacity > buckets.count {
            rehash(capacity: capacity)
        }
    }

    private mutating func rehash(capacity: Int) {
        buckets = Self.place(keys.map(\.hash), capacity: capacity)
    }

    /// Buckets for keys with `hashes` (key numbers plus one, by linear probing), a power of two of them, at least 16
    /// and at least 2^`loadShift` per key.
    static func place(_ hashes: [UInt64], loadShift: Int) -> [Int32] {
        var capacity = 16
        while hashes.count << loadShift > capacity {
            capacity *= 2
        }
        return place(hashes, capacity: capacity)
    }

    /// `capacity` buckets, a power of two, for keys with `hashes`.
    private static func place(_ hashes: [UInt64], capacity: Int) -> [Int32] {
        var buckets = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (number, hash) in hashes.enumerated() {
            var bucket = Int(truncatingIfNeeded: hash) & mask
            while buckets[bucket] != 0 {
                bucket = (bucket + 1) & mask
            }
            buckets[bucket] = Int32(number + 1)
        }
        return buckets
    }

    /// A hash of some bytes, eight at a time (a word loaded little-endian; the rest of the bytes as one more word,
    /// taken from the last eight when there are that many). Tags are short, so this is a handful of multiplications.
    @inline(__always)
    static func hash(_ bytes: Span<UInt8>) -> UInt64 {
        hash(bytes) { _ in true } ?? 0
    }

    /// `hash(_:)` of some bytes, checking them as it reads them: `nil` when `accept` refuses one of the words they
    /// are read as (each eight bytes, and the last eight, overlapping; fewer than eight bytes as one word, repeating
    /// the first of them in the bytes past them).
    @inline(__always)
    static func hash(_ bytes: Span<UInt8>, ifWords accept: (UInt64) -> Bool) -> UInt64? {
        let count = bytes.count
        let raw = bytes.bytes
        var hash = start(count)
        var offset = 0
        while offset + 8 <= count {
            let word = ByteWord.load(raw, at: offset)
            guard accept(word) else {
                return nil
            }
            hash = mix(hash, word)
            offset += 8
        }
        var tail: UInt64 = 0
        let rest = count - offset
        if rest > 0 && count >= 8 {
            let last = ByteWord.load(raw, at: count - 8)
            guard accept(last) else {
                return nil
            }
            tail = last &>> UInt64((8 - rest) * 8)
        } else if rest > 0 {
            for index in 0..<rest {
                tail |= UInt64(bytes[offset + index]) &<< UInt64(index * 8)
            }
            // Checked as a word: the bytes, then the first of them again in the bytes past them.
            let kept: UInt64 = (1 &<< UInt64(8 * rest)) &- 1
            guard accept(tail | (ByteWord.ones &* (tail & 0xFF)) & ~kept) else {
                return nil
            }
        }
        return finish(hash, tail)
    }

    /// The hash of a folded tag's bytes, from its words: the same as `hash(_:)` of the bytes.
    @inline(__always)
    static func hash(_ folded: FoldedTag) -> UInt64 {
        let whole = folded.count / 8
        var hash = start(folded.count)
        for index in 0..<whole {
            hash = mix(hash, folded.word(index))
        }
        return finish(hash, folded.count % 8 == 0 ? 0 : folded.word(whole))
    }

    @inline(__always)
    private static func start(_ count: Int) -> UInt64 {
        0x243F_6A88_85A3_08D3 ^ UInt64(count)
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }

    @inline(__always)
    private static func finish(_ hash: UInt64, _ tail: UInt64) -> UInt64 {
        var hash = (hash ^ tail) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        hash = hash &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }
}
