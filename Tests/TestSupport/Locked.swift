import Foundation

/// State shared between tasks in tests, behind an `NSLock`, which Thread Sanitizer understands, so that
/// `.ci/sanitizers` checks the tests' own sharing without false reports.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates a box.
    /// - Parameter value: The first value.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, alone.
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Runs blocking work (waiting for another process, for an X server) on a thread of its own, so that it never holds
/// one of Swift's cooperative threads, which the whole test suite shares (two on a two-core machine).
/// - Parameter body: The blocking work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
