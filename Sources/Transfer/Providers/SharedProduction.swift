import Locking

/// Runs an asynchronous production at most once and shares its value with every caller.
///
/// The first caller of ``value()`` starts the production in its own task; callers that arrive while it runs wait
/// for the same result; callers that arrive after it succeeded get the stored value at once. A caller that is
/// cancelled stops waiting immediately; when the last waiting caller is gone, the production itself is cancelled
/// and forgotten, so a later caller starts afresh. A failed production is forgotten too (its waiters get the error),
/// so nothing that failed is cached.
final class SharedProduction<Value: Sendable>: Sendable {
    private enum Phase {
        case idle
        case running(Task<Void, Never>)
        case finished(Value)
    }

    private struct State {
        var phase: Phase = .idle
        /// Bumped whenever a running production is abandoned, so that its late result is ignored.
        var generation = 0
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
        /// Waiters that have an identifier but no continuation yet.
        var pending: Set<Int> = []
        /// Pending waiters whose cancellation arrived before their continuation.
        var cancelledEarly: Set<Int> = []
        /// How many productions have been started, for tests.
        var starts = 0
    }

    private let state = Lock(State())
    private let produce: @Sendable () async throws -> Value

    init(_ produce: @escaping @Sendable () async throws -> Value) {
        self.produce = produce
    }

    /// The produced value, producing it if nobody has yet.
    ///
    /// - Throws: the production's error, or `CancellationError` when the calling task is cancelled while it waits.
    func value() async throws -> Value {
        if case .finished(let value) = state.withLock({ $0.phase }) {
            return value
        }
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            state.pending.insert(state.nextWaiter)
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let immediate: Result<Value, any Error>? = state.withLock { state in
                    state.pending.remove(id)
                    if state.cancelledEarly.remove(id) != nil {
                        return .failure(CancellationError())
                    }
                    if case .finished(let value) = state.phase {
                        return .success(value)
                    }
                    state.waiters[id] = continuation
                    if case .idle = state.phase {
                        state.starts += 1
                        state.phase = .running(start(generation: state.generation))
                    }
                    return nil
                }
                if let immediate {
                    continuation.resume(with: immediate)
                }
            }
        } onCancel: {
            cancelWaiter(id)
        }
    }

    /// How many times the production has been started.
    var startCount: Int { state.withLock { $0.starts } }

    /// How many callers are waiting for a running production.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Whether the value has been produced.
    var isFinished: Bool {
        state.withLock { state in
            if case .finished = state.phase {
                return true
            }
            return false
        }
    }

    private func start(generation: Int) -> Task<Void, Never> {
        Task { [produce] in
            let result: Result<Value, any Error>
            do {
                result = .success(try await produce())
            } catch {
                result = .failure(error)
            }
            finish(generation: generation, result: result)
        }
    }

    private func finish(generation: Int, result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            guard state.generation == generation else {
                return []  // abandoned: nobody waits for this result any more
            }
            switch result {
            case .success(let value): state.phase = .finished(value)
            case .failure:
                state.phase = .idle
                state.generation += 1
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            waiter.resume(with: result)
        }
    }

    private func cancelWaiter(_ id: Int) {
        let (waiter, abandoned) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                if state.pending.contains(id) {
                    state.cancelledEarly.insert(id)
                }
                return (nil, nil)  // not registered yet, or already resumed
            }
            guard state.waiters.isEmpty, case .running(let task) = state.phase else {
                return (waiter, nil)
            }
            state.phase = .idle
            state.generation += 1
            return (waiter, task)
        }
        abandoned?.cancel()
        waiter?.resume(throwing: CancellationError())
    }
}
