import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The process-wide registry.
//
// Concurrency: `TypeRegistry.current` is a snapshot behind a `Lock`; replacing it publishes a new snapshot
// atomically, and nothing is ever modified in place, so readers on any thread see either the old registry or the new
// one, whole. Each snapshot has a serial number; the serial of the current one is also kept in an atomic, so that a
// `UTType` can check in a single load that the registry it was resolved in is still current. A `UTType` made before a
// replacement resolves its identifier again in the new registry when next asked (and keeps its old answers if the new
// registry does not know it). Catalog types have the same slot in every registry and never need resolving again.
//
// Reading: every thread keeps its own reference to the snapshot it last read, in thread-local storage. A read loads
// the atomic serial and, when the thread's snapshot still has it, uses that snapshot without taking the lock; only
// the first read on a thread and the first read after a replacement take the lock. A thread's snapshot is released
// when the thread ends.
//
// Programs replace or extend the current registry at startup, before they create types from declarations
// (`dnd-sim` loads `Info/Info.plist` before running a command). Tests that need their own declarations build a
// separate `TypeRegistry` and ask it directly instead of changing the process-wide one.

private let currentRegistry = Lock(TypeRegistry(storage: .system))
@usableFromInline let currentRegistrySerial = Atomic<UInt64>(0)

/// One thread's copy of the current registry. Immutable: a thread whose copy is stale gets a new one.
private final class ThreadSnapshot {
    let registry: TypeRegistry

    init(_ registry: TypeRegistry) {
        self.registry = registry
    }
}

/// The thread-local slot of each thread's `ThreadSnapshot`, holding one reference to it: the key plus one, or 0 before
/// the first read creates it, or `UInt64.max` if the system had no thread-local key left (every read then takes the
/// lock). An atomic initialised to a constant, so that reading it runs no lazy initialisation.
private let snapshotKeyState = Atomic<UInt64>(0)
private let noSnapshotKey = UInt64.max

/// The thread-local key, once created.
@inline(__always)
private var snapshotKey: pthread_key_t? {
    let state = snapshotKeyState.load(ordering: .acquiring)
    return state == 0 || state == noSnapshotKey ? nil : pthread_key_t(truncatingIfNeeded: state - 1)
}

/// Creates the thread-local key if no read has yet; called under the registry's lock.
private func createSnapshotKey() {
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
    /// The process-wide registry that `UTType`'s initialisers and static members consult. At first, the system
    /// catalog alone.
    ///
    /// Setting it publishes a new snapshot to every thread at once; types created before resolve again lazily.
    /// Reading it takes no lock unless it was replaced since this thread last read it.
    public static var current: TypeRegistry {
        get {
            withCurrent { $0 }
        }
        set {
            currentRegistry.withLock { registry in
                registry = newValue
                currentRegistrySerial.store(newValue.storage.serial, ordering: .releasing)
            }
        }
    }

    /// Replaces the process-wide registry with what `update` makes of it, atomically: two threads extending it at
    /// the same time both see their additions kept.
    ///
    /// ```swift
    /// try TypeRegistry.updateCurrent { try $0.addingDeclarations(contentsOf: infoPlist) }
    /// ```
    ///
    /// - Parameter update: makes the new registry from the current one.
    /// - Throws: what `update` throws; the current registry is then unchanged.
    public static func updateCurrent(_ update: (TypeRegistry) throws -> TypeRegistry) throws {
        try currentRegistry.withLock { registry in
            let updated = try update(registry)
            registry = updated
            currentRegistrySerial.store(updated.storage.serial, ordering: .releasing)
        }
    }

    /// The serial number of the current registry's snapshot.
    @inlinable
    static var currentSerial: UInt64 {
        currentRegistrySerial.load(ordering: .relaxed)
    }

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
    /// read may replace this thread's snapshot and free the storage `body` is using. Tag look-ups use it for the
    /// declared-tag case and do everything else through `withCurrent`.
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
        let registry = currentRegistry.withLock { registry in
            createSnapshotKey()
            return registry
        }
        guard let key = snapshotKey else {
            return registry
        }
        let old = pthread_getspecific(key)
        let new = Unmanaged.passRetained(ThreadSnapshot(registry))
        if pthread_setspecific(key, new.toOpaque()) == 0 {
            if let old {
                Unmanaged<ThreadSnapshot>.fromOpaque(old).release()
            }
        } else {
            new.release()  // out of memory for the slot: this read goes without a snapshot
        }
        return registry
    }
}
