import Locking

// The tables that make a `UTType` a plain value: a type holds the number of its registry snapshot and, for a type
// the registry does not hold, the number of its `DetachedType`, never a reference. Copying a type, storing it in an
// array or a dictionary and asking `conforms(to:)` then count no references and run no lazy initialisation.
//
// Numbers are given out once and never reused: a registry snapshot gets a number when the first value of one of its
// own (non-catalog) types is made, and from then on lives until the process ends, like the types that name it. Number
// 0 is the system catalog's snapshot, which every registry shares. A detached type gets a number when it is made;
// equal detached types (the same identifier, parents, tags and registry, as dynamic types made again for the same
// tag are) share one, so making the same dynamic type again costs a look-up, not a new entry.
//
// Concurrency: numbers are given out under a lock, and each record is written before its number is published. A
// thread can only hold a number that a `UTType` brought it, and the value was made after the record was written and
// reached the thread through whatever passed the value on (a lock, a task, a queue), so reading a record needs no
// lock. Records are never moved: the tables are chunks of fixed size reached through a directory of fixed size,
// both allocated once, and nothing is ever freed.

/// What `conforms(to:)` reads of a registry snapshot: plain values, no references.
@usableFromInline
struct RegistryRecord {
    /// The conformance closure's bits (`ConformanceClosure`), owned by `storage`.
    @usableFromInline let words: UnsafePointer<UInt64>
    @usableFromInline let wordsPerRow: Int
    @usableFromInline let serial: UInt64
    /// The snapshot, retained for the life of the process.
    let storage: Unmanaged<RegistryStorage>

    /// Whether the type in `slot` conforms to the type in `other`, both slots of this snapshot.
    @inlinable @inline(__always)
    func contains(_ slot: Int32, _ other: Int32) -> Bool {
        words[Int(slot) &* wordsPerRow &+ Int(other &>> 6)] & (1 &<< UInt64(other & 63)) != 0
    }
}

/// What `conforms(to:)` and equality read of a detached type: plain values, no references.
struct DetachedRecord {
    /// The type's direct parents, owned by `type`.
    let parents: UnsafeBufferPointer<UTType>
    /// A hash of the folded identifier, which decides most comparisons of identifiers.
    let identifierHash: Int
    /// The type, retained for the life of the process.
    let type: Unmanaged<DetachedType>
    /// When every parent is a catalog type (as for dynamic types): the catalog types it conforms to, one bit per
    /// catalog slot, as a row of the catalog's closure. Catalog types are the same in every registry, so the row
    /// holds for the type's life. Nil otherwise.
    let catalogRow: UnsafePointer<UInt64>?
}

/// The process's tables of registry snapshots and detached types by number.
@usableFromInline
enum InternedTables {
    /// Entries per chunk, and chunks in a directory: up to 2^20 snapshots and 2^20 detached types in a process.
    @usableFromInline static let chunkBits = 10
    @usableFromInline static let chunkSize = 1 << chunkBits

    // The directories, allocated by the first registration under `lock` (which is always before any number reaches
    // a reader). Initialised to nil, which the optimiser emits as static data, so reading them runs no `swift_once`;
    // written once, under the lock, before any reader can exist, so reading them needs no exclusivity check either.
    @exclusivity(unchecked)
    @usableFromInline nonisolated(unsafe) static var registryChunks: Directory<RegistryRecord> = nil
    @exclusivity(unchecked)
    nonisolated(unsafe) private static var detachedChunks: Directory<DetachedRecord> = nil

    @usableFromInline typealias Directory<Record> = UnsafeMutablePointer<UnsafeMutablePointer<Record>?>?

    /// What the lock protects: how many numbers have been given out, and the numbers of detached types by contents.
    private struct State: ~Copyable {
        var registries: UInt32 = 0
        var detached: UInt32 = 0
        var detachedByKey: [DetachedType.Key: UInt32] = [:]
    }

    private static let lock = Lock(State())

    /// The record of a registry snapshot by number.
    @inlinable @inline(__always)
    static func registry(_ number: UInt32) -> UnsafePointer<RegistryRecord> {
        // Unwrapping without a check is safe: a number exists only after its chunk was allocated (see above).
        let chunk = registryChunks.unsafelyUnwrapped[Int(number) &>> chunkBits].unsafelyUnwrapped
        return UnsafePointer(chunk + Int(number) & (chunkSize &- 1))
    }

    /// The record of a detached type by number.
    @inline(__always)
    static func detached(_ number: UInt32) -> UnsafePointer<DetachedRecord> {
        let chunk = detachedChunks.unsafelyUnwrapped[Int(number) &>> chunkBits].unsafelyUnwrapped
        return UnsafePointer(chunk + Int(number) & (chunkSize &- 1))
    }

    /// The number of a registry snapshot, given out now when it has none.
    static func number(of storage: RegistryStorage) -> UInt32 {
        let known = storage.internedNumber.load(ordering: .acquiring)
        if known != 0 || storage.serial == 0 {
            return known
        }
        _ = RegistryStorage.system  // registered as number 0 when it is made
        return lock.withLock { state in
            let known = storage.internedNumber.load(ordering: .relaxed)
            if known != 0 {
                return known
            }
            let number = state.registries
            append(storage, number: number)
            state.registries += 1
            storage.internedNumber.store(number, ordering: .releasing)
            return number
        }
    }

    /// Registers the system catalog's snapshot as number 0; called once, as it is made, before any type exists.
    static func registerSystem(_ system: RegistryStorage) {
        lock.withLock { state in
            precondition(state.registries == 0, "the system catalog is registered first, and once")
            // The directories are written here only, before any number exists: afterwards they are only read (a
            // write, even of the same value, would race with readers on other threads).
            registryChunks = Self.makeDirectory()
            detachedChunks = Self.makeDirectory()
            append(system, number: 0)
            state.registries = 1
        }
    }

    /// Writes the record of a snapshot; called under the lock.
    private static func append(_ storage: RegistryStorage, number: UInt32) {
        let chunk = chunk(of: registryChunks.unsafelyUnwrapped, for: number)
        let closure = storage.closure
        (chunk + Int(number) & (chunkSize - 1)).initialize(
            to: RegistryRecord(
                words: closure.words, wordsPerRow: closure.wordsPerRow, serial: storage.serial,
                storage: .passRetained(storage)))
    }

    /// The number of a detached type with these contents: an existing one's, or a new one.
    static func number(of type: DetachedType) -> UInt32 {
        _ = RegistryStorage.system  // its registration allocates the directories
        return lock.withLock { state in
            if let number = state.detachedByKey[type.key] {
                return number
            }
            let number = state.detached
            precondition(number < UInt32(chunkSize * chunkSize), "more than 2^20 distinct detached types")
            let chunk = chunk(of: detachedChunks.unsafelyUnwrapped, for: number)
            (chunk + Int(number) & (chunkSize - 1)).initialize(
                to: DetachedRecord(
                    parents: type.parentBuffer, identifierHash: type.folded.hashValue, type: .passRetained(type),
                    catalogRow: catalogRow(of: type.parents)))
            state.detachedByKey[type.key] = number
            state.detached += 1
            return number
        }
    }

    /// The catalog types that a type with these parents conforms to through them, when all are catalog types: the
    /// union of their rows of the catalog's closure, allocated for the life of the process like the record.
    private static func catalogRow(of parents: [UTType]) -> UnsafePointer<UInt64>? {
        guard parents.allSatisfy({ $0.registry == 0 && $0.slot >= 0 }) else { return nil }
        let catalog = registry(0).pointee
        let row = UnsafeMutablePointer<UInt64>.allocate(capacity: catalog.wordsPerRow)
        row.initialize(repeating: 0, count: catalog.wordsPerRow)
        for parent in parents {
            for word in 0..<catalog.wordsPerRow {
                row[word] |= catalog.words[Int(parent.slot) * catalog.wordsPerRow + word]
            }
        }
        return UnsafePointer(row)
    }

    /// A directory of `chunkSize` chunks, none allocated yet.
    private static func makeDirectory<Record>() -> UnsafeMutablePointer<UnsafeMutablePointer<Record>?> {
        let chunks = UnsafeMutablePointer<UnsafeMutablePointer<Record>?>.allocate(capacity: chunkSize)
        chunks.initialize(repeating: nil, count: chunkSize)
        return chunks
    }

    /// The chunk that holds `number` in a table, allocating the chunk as needed; under the lock. A new chunk's
    /// place in the directory is one no reader reads yet: its numbers are not given out.
    private static func chunk<Record>(
        of chunks: UnsafeMutablePointer<UnsafeMutablePointer<Record>?>, for number: UInt32
    ) -> UnsafeMutablePointer<Record> {
        precondition(Int(number) < chunkSize * chunkSize, "more than 2^20 registry snapshots or detached types")
        let index = Int(number) >> chunkBits
        if let chunk = chunks[index] {
            return chunk
        }
        let chunk = UnsafeMutablePointer<Record>.allocate(capacity: chunkSize)
        chunks[index] = chunk
        return chunk
    }
}
