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
private let currentRegistrySerial = Atomic<UInt64>(0)

/// One thread's copy of the current registry. Immutable: a thread whose copy is stale gets a new one.
private final class ThreadSnapshot {
    let registry: TypeRegistry

    init(_ registry: TypeRegistry) {
        self.registry = registry
    }
}

/// The thread-local slot of each thread's `ThreadSnapshot`, holding one reference to it; `nil` if the system has no
/// thread-local key left, and every read takes the lock.
private let snapshotKey: pthread_key_t? = {
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
    return status == 0 ? key : nil
}()

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

    /// Reads the current registry under the lock and makes it this thread's snapshot.
    private static func refreshSnapshot() -> TypeRegistry {
        let registry = currentRegistry.withLock { $0 }
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
