import Locking
import Synchronization

// The process-wide registry.
//
// Concurrency: `TypeRegistry.current` is a snapshot behind a `Lock`; replacing it publishes a new snapshot
// atomically, and nothing is ever modified in place, so readers on any thread see either the old registry or the new
// one, whole. Each snapshot has a serial number; the serial of the current one is also kept in an atomic, so that a
// `UTType` can check in a single load that the registry it was resolved in is still current. A `UTType` made before a
// replacement resolves its identifier again in the new registry when next asked (and keeps its old answers if the new
// registry does not know it). Catalog types have the same slot in every registry and never need resolving again.
//
// Reading: every thread keeps its own reference to the snapshot it last read, in thread-local storage
// (`UnsafeFastPaths.swift`). A read loads the atomic serial and, when the thread's snapshot still has it, uses that
// snapshot without taking the lock; only the first read on a thread and the first read after a replacement take the
// lock. A thread's snapshot is released when the thread ends.
//
// Programs replace or extend the current registry at startup, before they create types from declarations
// (`dnd-sim` loads `Info/Info.plist` before running a command). Tests that need their own declarations build a
// separate `TypeRegistry` and ask it directly instead of changing the process-wide one.

private let currentRegistry = Lock(TypeRegistry(storage: .system))
@usableFromInline let currentRegistrySerial = Atomic<UInt64>(0)

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

    /// The current registry, read under the lock, which also creates the thread-local key of each thread's copy
    /// (`UnsafeFastPaths.swift`) before the first copy is made.
    static func lockedCurrentCreatingKey() -> TypeRegistry {
        currentRegistry.withLock { registry in
            createSnapshotKey()
            return registry
        }
    }
}
