#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that threads share, behind a POSIX mutex: the lock every DnDKit module uses instead of
/// `Synchronization.Mutex`.
///
/// `Mutex` on Linux waits and hands over through futexes, which Thread Sanitizer does not see: it reports a race on
/// anything a `Mutex` protects as soon as two threads contend for it, which left the sanitizer blind in every file
/// that holds shared state. Thread Sanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so it sees
/// this lock's acquire and release and checks the state it protects like any other. The cost of an uncontended
/// `withLock` is the same as `Mutex`'s (one atomic exchange each way); `.ci/sanitizers` relies on it to run with no
/// suppressions for DnDKit's own files.
///
/// The shape is `Mutex`'s: a noncopyable value with `withLock`, whose closure gets the state `inout` and may move
/// non-`Sendable` values in and out (`sending`).
///
/// The corresponding C functions are `pthread_mutex_init`, `pthread_mutex_lock`, `pthread_mutex_unlock` and
/// `pthread_mutex_destroy`.
@usableFromInline
package struct Lock<State: ~Copyable>: ~Copyable {
    // Both live at fixed addresses for the lock's life: a pthread mutex must not move once initialised.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let state: UnsafeMutablePointer<State>

    /// A lock over `initialState`.
    ///
    /// - Parameter initialState: The value the lock protects.
    @usableFromInline
    package init(_ initialState: consuming sending State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // With default attributes, the only failure POSIX allows is running out of memory.
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with error \(status)")
        state = .allocate(capacity: 1)
        state.initialize(to: initialState)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    ///
    /// - Parameter body: Reads or changes the state; it must not take the same lock again.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}

// The state is reached only inside `withLock`, under the mutex; values move in and out of it as `sending`.
extension Lock: @unchecked Sendable where State: ~Copyable {}
