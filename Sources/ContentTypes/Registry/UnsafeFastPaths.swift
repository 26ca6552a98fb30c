import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The only unsafe code on `UTType`'s value path (creating a type, asking it, looking up a tag). Everything else
// there reads Swift arrays and `Span`s, bounds-checked: the conformance closure (`ConformanceClosure`) and the tag
// indexes (`TagIndex`) are plain arrays, whose own invariants `_checkInvariants()` checks after every registry build
// in debug builds (`RegistryStorage.init`; the tests call it again).
//
// Six things here need pointers, for speed a caller can notice (a tag look-up is a few tens of nanoseconds):
//
// 1. Folding a tag on the stack (`Folding.withFoldedASCII`). Invariants:
//    - the temporary buffer holds `source.count` bytes, at least one, and the fold writes at most one byte per byte
//      read (a MIME type's spaces are dropped, nothing is added), so every write is below `source.count`;
//    - eight-byte words are read at `offset` only while `offset + 8 <= source.count`, and written at `count`, which
//      never passes `offset`;
//    - the `Span` given to `body` covers the `count` bytes written, and lives only while `body` runs (the buffer is
//      freed when `withUnsafeTemporaryAllocation` returns; a `Span` cannot escape `body`).
//    Debug builds check the writes' bounds (`assert`).
//
// 2. A `UTType`'s one reference (`owner`), seen as what it is without a checked cast. Invariant: a value whose `slot`
//    is -1 holds a `DetachedType`; a value whose `slot` is below -1 (an inline dynamic type) holds nothing; any other value
//    holds nothing (a catalog type) or a `RegistryStorage`. The two
//    initialisers of `UTType` are the only places that set `owner`, each with its kind of slot. `unsafeDowncast`
//    checks the class in debug builds.
//
// 3. A dynamic type's folded tag read into the three words of its `InlineTag` (`InlineTag.words`). Invariants: the
//    tag has at most 24 bytes (`InlineTag.capacity` is 15), checked by the caller (`InlineTag.init?`) and again here by a
//    precondition; whole eight-byte words are loaded at `offset` only while `offset + 8 <= count`, through the
//    `RawSpan` of the tag (a bounds-checked load); the remaining bytes are read one by one from the `Span`.
//
// 4. Eight bytes of a tag loaded as one word (`ByteWord.load`), to fold a tag into words (`FoldedTag`), hash tags and
//    compare them with a tag index's keys a word at a time (`TagIndexBuilder.hash`, `TagIndexBuilder.equal`). Invariant: a word is loaded at `offset` only
//    when `0 <= offset` and `offset + 8 <= raw.byteCount`; the caller's loops keep to that (checked by an assertion
//    here), and the `RawSpan` load checks the bounds again. Any eight bytes are a valid `UInt64`.
//
// 5. Each thread's copy of the current registry (`TypeRegistry.withCurrent`, `withCurrentStorage`), in
//    thread-local storage. Invariants:
//    - the slot holds nothing, or one retained `ThreadSnapshot` (`passRetained`), released when the slot is given a
//      new one and by the key's destructor when the thread ends;
//    - the slot is written only by its own thread (`refreshSnapshot`), so a snapshot read from it stays alive until
//      that thread reads `current` again: `withCurrentStorage` lends the snapshot's storage without a reference
//      count only to bodies that never read `current`;
//    - the key is created once, under the registry's lock, and published with a release store before any thread
//      can read it (`snapshotKeyState`).
//    Debug builds check that a slot holds a `ThreadSnapshot` whose registry has a storage.
//
// 6. A tag's UTF-8 bytes read in place for `FoldedTag` (`FoldedTag.init?(_:of:)` with a `String`), through
//    `String.UTF8View.withContiguousStorageIfAvailable`, which the compiler inlines (the `span` property is a call
//    into the standard library, and the string is retained and released around it: 3-4 ns of the public look-up's
//    36-42 ns, measured). Invariants: the buffer is the string's own storage or, for a small string, a copy on the
//    stack, `count` bytes long; it is read only as a `Span` of exactly that buffer (bounds-checked reads,
//    `ByteWord.load`'s checks above), which lives only while the closure runs; nothing keeps the buffer or the `Span`
//    after it.
//
// 7. A table built once and then read without a lock (`PublishedTable`: a desktop database's extension table, its
//    types' identifiers), through one atomic word holding an `Unmanaged` reference, seen as its class without a
//    checked cast (`unsafeDowncast`, which checks it in debug builds). Invariants:
//    - the word is `nil` until the table is built, then holds one reference retained for it (`passRetained`), which
//      `deinit` releases; it is written once, under `building`'s lock, and never again;
//    - a reader that loads a reference (acquiring, paired with the releasing store) uses it only while it holds the
//      `PublishedTable`, whose `deinit` alone releases the table: `takeUnretainedValue` returns a strong reference
//      before that can happen;
//    - the table is an immutable `Sendable` class, so what readers see after the load is what the builder wrote;
//    - each `PublishedTable` holds tables of one class, and every use names that class (one property, one type).
//    Debug builds check that the word, once set, still holds the table first stored (`assert` in `value`).

extension Folding {
    /// Calls `body` with an ASCII tag folded as `foldTag(_:of:)` folds it, or with `nil` when the folded tag is not
    /// valid (`isValidTag(_:of:)`): on the stack, without allocating. Returns `nil` without calling `body` when the
    /// tag is not all ASCII (it needs Unicode case mapping: `withFoldedTag`).
    ///
    /// - Parameters:
    ///   - source: the tag's UTF-8 bytes.
    ///   - kind: the kind of its tag class.
    ///   - body: what to do with the folded bytes.
    /// - Returns: what `body` returns, or `nil` for a tag that is not ASCII.
    @inline(__always)
    static func withFoldedASCII<Result>(
        _ source: Span<UInt8>, of kind: UTTagClass.Kind, _ body: (Span<UInt8>?) -> Result
    ) -> Result? {
        let sourceCount = source.count
        return source.withUnsafeBufferPointer { source in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, sourceCount)) { buffer -> Result? in
                var count = 0
                var offset = 0
                var valid = true
                // A valid tag has no control character, space or DEL, and an extension no slash; a MIME type's spaces
                // are dropped, so words with one go byte by byte.
                let forbidden: UInt8 = kind == .filenameExtension ? 0x2F : 0x7F
                // Words of ASCII with no space, control character, DEL or slash are folded eight bytes at a time.
                while offset + 8 <= source.count {
                    let word = UnsafeRawBufferPointer(source).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    if ByteWord.hasByteRefusedInTag(word, forbidden: forbidden) {
                        break
                    }
                    assert(count + 8 <= buffer.count)
                    UnsafeMutableRawBufferPointer(buffer).storeBytes(
                        of: ByteWord.lowercased(word), toByteOffset: count, as: UInt64.self)
                    offset += 8
                    count += 8
                }
                while offset < source.count {
                    let byte = source[offset]
                    offset += 1
                    if byte >= 0x80 {
                        return nil
                    }
                    if kind == .mimeType && byte == 0x20 {
                        continue
                    }
                    if byte < 0x21 || byte == 0x7F || byte == forbidden {
                        valid = false
                    }
                    assert(count < buffer.count)
                    buffer[count] = lowercase(byte)
                    count += 1
                }
                // Empty, or an extension with a leading period, is no tag either.
                valid = valid && count > 0 && (kind != .filenameExtension || buffer[0] != 0x2E)
                guard valid else {
                    return body(nil)
                }
                let folded = Span(_unsafeElements: UnsafeBufferPointer(rebasing: buffer[..<count]))
                return body(folded)
            }
        }
    }
}

extension UTType {
    /// The registry snapshot that declares the type, when it is not a catalog type; `nil` for the catalog's types and
    /// for detached types.
    @inlinable @inline(__always)
    var snapshot: RegistryStorage? {
        guard slot >= 0, let owner else {
            return nil
        }
        return unsafeDowncast(owner, to: RegistryStorage.self)
    }

    /// The facts of a type its registry does not hold (dynamic or undeclared); `nil` for a declared type. An inline
    /// dynamic type's are made here, each time (slow paths only: its identifier, tags, parent).
    var detached: DetachedType? {
        if isInline {
            return inline.detached(followsCurrent: followsCurrent)
        }
        guard slot < 0, let owner else {
            return nil
        }
        return unsafeDowncast(owner, to: DetachedType.self)
    }
}

extension ByteWord {
    /// The eight bytes of `raw` from `offset`, little-endian.
    ///
    /// - Parameters:
    ///   - raw: the bytes.
    ///   - offset: where the word starts; at least eight bytes must follow.
    /// - Returns: the word.
    @inline(__always)
    static func load(_ raw: RawSpan, at offset: Int) -> UInt64 {
        assert(offset >= 0 && offset + 8 <= raw.byteCount, "a word at \(offset) of \(raw.byteCount) bytes")
        return UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension FoldedTag {
    /// Folds a tag's UTF-8 bytes (`init?(_:of:)`), read in place: a native string's from its storage, a small
    /// string's copied to the stack, through inlinable code (`String.UTF8View.span` is a call into the standard
    /// library, with the string retained around it).
    ///
    /// - Parameters:
    ///   - tag: the tag.
    ///   - kind: the kind of its tag class.
    @inline(__always)
    init?(_ tag: String, of kind: UTTagClass.Kind) {
        let folded = tag.utf8.withContiguousStorageIfAvailable { FoldedTag($0.span, of: kind) }
        switch folded {
        case .some(.some(let folded)): self = folded
        case .some(.none): return nil
        case .none:
            guard let folded = FoldedTag(tag.utf8.span, of: kind) else {
                return nil
            }
            self = folded
        }
    }
}

extension InlineTag {
    /// The bytes of a folded tag of at most `capacity` bytes, in three little-endian words, zero past its end.
    @inline(__always)
    static func words(_ folded: Span<UInt8>) -> (UInt64, UInt64, UInt64) {
        let count = folded.count
        precondition(count <= 24, "three words hold at most 24 bytes")
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var offset = 0
        let raw = folded.bytes
        while offset + 8 <= count {
            let word = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
            switch offset {
            case 0: words.0 = word
            case 8: words.1 = word
            default: words.2 = word
            }
            offset += 8
        }
        if offset < count {
            var last: UInt64 = 0
            for index in offset..<count {
                last |= UInt64(folded[index]) << UInt64((index - offset) * 8)
            }
            switch offset {
            case 0: words.0 = last
            case 8: words.1 = last
            default: words.2 = last
            }
        }
        return words
    }
}

// MARK: Each thread's copy of the current registry

/// One thread's copy of the current registry. Immutable: a thread whose copy is stale gets a new one.
final class ThreadSnapshot {
    let registry: TypeRegistry

    init(_ registry: TypeRegistry) {
        self.registry = registry
    }
}

/// The thread-local key of each thread's `ThreadSnapshot`: the key plus one, or 0 before the first read creates it,
/// or `UInt64.max` if the system had no thread-local key left (every read then takes the lock). An atomic initialised
/// to a constant, so that reading it runs no lazy initialisation.
private let snapshotKeyState = Atomic<UInt64>(0)
private let noSnapshotKey = UInt64.max

/// The thread-local key, once created.
@inline(__always)
private var snapshotKey: pthread_key_t? {
    let state = snapshotKeyState.load(ordering: .acquiring)
    return state == 0 || state == noSnapshotKey ? nil : pthread_key_t(truncatingIfNeeded: state - 1)
}

/// Creates the thread-local key if no read has yet; called under the registry's lock.
func createSnapshotKey() {
    guard snapshotKeyState.load(ordering: .acquiring) == 0 else {
        return
    }
    var key = pthread_key_t()
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { Unmanaged<ThreadSnapshot>.fromOpaque($0).release() }
    #else
        let status = pthread_key_create(&key) { pointer in
            if let pointer {
                Unmanaged<ThreadSnapshot>.fromOpaque(pointer).release()
            }
        }
    #endif
    snapshotKeyState.store(status == 0 ? UInt64(key) + 1 : noSnapshotKey, ordering: .releasing)
}

extension TypeRegistry {
    /// Calls `body` with the current registry: this thread's snapshot when it is still current, otherwise the
    /// registry read under the lock, which becomes this thread's snapshot.
    ///
    /// `body` gets its own reference to the registry, not one borrowed from the snapshot: `body` may read
    /// `current` again (resolving a type made before a replacement does), and that read may replace this thread's
    /// snapshot.
    ///
    /// - Parameter body: what to do with the registry.
    /// - Returns: what `body` returns.
    @inline(__always)
    static func withCurrent<Result>(_ body: (TypeRegistry) -> Result) -> Result {
        let serial = currentRegistrySerial.load(ordering: .acquiring)
        if let key = snapshotKey, let pointer = pthread_getspecific(key) {
            let registry = Unmanaged<ThreadSnapshot>.fromOpaque(pointer).takeUnretainedValue().registry
            if registry.storage.serial == serial {
                return body(registry)
            }
        }
        return body(refreshSnapshot())
    }

    /// Calls `body` with the current registry's snapshot storage, borrowed from this thread's snapshot without
    /// counting a reference when that snapshot is current.
    ///
    /// Only for bodies that never read `current` (directly or by resolving a type made before a replacement): such a
    /// read may replace this thread's snapshot and free the storage `body` is using. Tag look-ups use it and do
    /// everything that may read `current` through `withCurrent`.
    ///
    /// - Parameter body: what to do with the storage.
    /// - Returns: what `body` returns.
    @inline(__always)
    static func withCurrentStorage<Result>(_ body: (RegistryStorage) -> Result) -> Result {
        let serial = currentRegistrySerial.load(ordering: .acquiring)
        if let key = snapshotKey, let pointer = pthread_getspecific(key) {
            let snapshot = Unmanaged<ThreadSnapshot>.fromOpaque(pointer)
            if snapshot._withUnsafeGuaranteedRef({ $0.registry.storage.serial == serial }) {
                return snapshot._withUnsafeGuaranteedRef { body($0.registry.storage) }
            }
        }
        return body(refreshSnapshot().storage)
    }

    /// Reads the current registry under the lock and makes it this thread's snapshot.
    private static func refreshSnapshot() -> TypeRegistry {
        let registry = lockedCurrentCreatingKey()
        guard let key = snapshotKey else {
            return registry
        }
        let old = pthread_getspecific(key)
        let new = Unmanaged.passRetained(ThreadSnapshot(registry))
        if pthread_setspecific(key, new.toOpaque()) == 0 {
            if let old {
                assert(
                    Unmanaged<AnyObject>.fromOpaque(old).takeUnretainedValue() is ThreadSnapshot,
                    "a thread's slot holds its ThreadSnapshot")
                Unmanaged<ThreadSnapshot>.fromOpaque(old).release()
            }
        } else {
            new.release()  // out of memory for the slot: this read goes without a snapshot
        }
        return registry
    }
}

// MARK: Tables built once and read without a lock

/// A table built the first time it is needed and read without a lock from then on: one atomic word, written once.
/// A class, so that copies of what holds it share the one table. Not generic: a generic class's metadata is made at
/// run time, the first time each is used, which a process's first use of the desktop database would pay (tens of
/// microseconds, measured); the table's type is given at each use instead, and checked in debug builds.
final class PublishedTable: @unchecked Sendable {
    // Sendable: the word is atomic, and holds only `Sendable` tables (every method takes `Table: Sendable`).
    private let word = Atomic<Unmanaged<AnyObject>?>(nil)
    /// Held while the table is built, so that threads needing it meanwhile wait for one build.
    private let building = Mutex(())

    init() {}

    /// The table, if it is built; `Table` must be the type it is built as.
    @inline(__always)
    func published<Table: AnyObject & Sendable>(as _: Table.Type) -> Table? {
        guard let table = word.load(ordering: .acquiring)?.takeUnretainedValue() else {
            return nil
        }
        return unsafeDowncast(table, to: Table.self)
    }

    /// What `body` makes of the table, if it is built, lent without counting a reference: the look-up paths' way in
    /// (a retain and a release of the table cost a look-up 5-20 ns, measured). `Table` must be the type it is built
    /// as; the table lives as long as this `PublishedTable`, which the caller holds.
    @inline(__always)
    func withPublished<Table: AnyObject & Sendable, Result>(as _: Table.Type, _ body: (Table) -> Result) -> Result? {
        guard let word = word.load(ordering: .acquiring) else {
            return nil
        }
        return word._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: Table.self)) }
    }

    /// The table, built by `build` the first time (once, whatever the threads).
    func value<Table: AnyObject & Sendable>(as type: Table.Type, orBuild build: () -> Table) -> Table {
        if let table = published(as: type) {
            return table
        }
        return building.withLock { _ in
            if let table = published(as: type) {
                return table  // another thread built it meanwhile
            }
            let table = build()
            word.store(Unmanaged.passRetained(table), ordering: .releasing)
            assert(published(as: type) === table, "a published table is written once")
            return table
        }
    }

    /// Publishes a table built already; it must not have one yet.
    func publish<Table: AnyObject & Sendable>(_ table: Table) {
        let published = value(as: Table.self) { table }
        assert(published === table, "a table is published once")
    }

    deinit {
        word.load(ordering: .acquiring)?.release()
    }
}
