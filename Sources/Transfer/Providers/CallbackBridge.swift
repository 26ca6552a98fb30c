import Foundation
import Locking

/// Awaits the result of an API that reports through a completion handler and may return a `Progress`: the handler
/// counts once (later calls are ignored), and cancelling the awaiting task cancels the `Progress` and ends the wait.
enum CallbackBridge {
    /// Starts `start` and waits for the value it reports.
    ///
    /// - Throws: the reported error; `CancellationError` when cancelled; `TransferError` when the handler reports
    ///   neither a value nor an error.
    static func completion<Value: Sendable>(
        _ start: (@escaping @Sendable (Value?, (any Error)?) -> Void) -> Progress?
    ) async throws -> Value {
        let once = ResumeOnce<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                once.install(continuation)
                let progress = start { value, error in
                    if let value {
                        once.resume(.success(value))
                    } else {
                        once.resume(
                            .failure(
                                error
                                    ?? TransferError(
                                        .exportFailed, "a load handler reported neither a value nor an error")))
                    }
                }
                once.attach(progress)
            }
        } onCancel: {
            once.cancel()
        }
    }
}

/// A continuation that is resumed exactly once, by the first of: a result, or a cancellation.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var pending: Result<Value, any Error>?
        var progress: Progress?
        var done = false
        var cancelled = false
    }

    private let state = Lock(State())

    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        let ready = state.withLock { state -> Result<Value, any Error>? in
            if let pending = state.pending {
                return pending
            }
            state.continuation = continuation
            return nil
        }
        if let ready {
            continuation.resume(with: ready)
        }
    }

    func attach(_ progress: Progress?) {
        let cancelled = state.withLock { state in
            state.progress = progress
            return state.cancelled
        }
        if cancelled {
            progress?.cancel()
        }
    }

    func resume(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard !state.done else {
                return nil
            }
            state.done = true
            guard let continuation = state.continuation else {
                state.pending = result
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(with: result)
    }

    func cancel() {
        let progress = state.withLock { state in
            state.cancelled = true
            return state.progress
        }
        resume(.failure(CancellationError()))
        progress?.cancel()
    }
}
