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
