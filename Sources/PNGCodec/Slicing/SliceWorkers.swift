import Dispatch
import Foundation
import Locking

/// Runs the slices of one image on a few threads: Dispatch worker threads (`DispatchQueue.concurrentPerform`), not
/// Swift's cooperative pool, each taking the next slice until none is left or one has failed.
///
/// Cancellation: the calling thread takes part in the work, and before each slice it takes it reads
/// `Task.isCancelled` (which is the calling task's state there, and false on the other threads); once it is set, no
/// thread starts another slice.
enum SliceWorkers {
    /// How a run ended.
    enum Outcome: Equatable {
        /// Every slice ran and succeeded.
        case completed
        /// A slice failed; the slices after it may not have run.
        case failed(slice: Int)
        /// The calling task was cancelled; some slices did not run.
        case cancelled
    }

    /// The number of threads to use: the setting (or the active cores), at most `slices`, at least 1.
    static func threadCount(_ setting: Int?, slices: Int) -> Int {
        max(1, min(setting ?? ProcessInfo.processInfo.activeProcessorCount, slices))
    }

    /// Calls `body` once for each slice in `0..<slices` on up to `threads` threads; `body` returns whether the slice
    /// succeeded.
    static func run(slices: Int, threads: Int, _ body: @Sendable (Int) -> Bool) -> Outcome {
        let state = Lock(State())
        @Sendable func work(_: Int) {
            while true {
                let cancelled = Task.isCancelled
                let slice = state.withLock { (state) -> Int? in
                    if cancelled {
                        state.cancelled = true
                    }
                    guard !state.cancelled, state.failed == nil, state.next < slices else {
                        return nil
                    }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let slice else {
                    return
                }
                if !body(slice) {
                    state.withLock { $0.failed = min($0.failed ?? slice, slice) }
                }
            }
        }
        if threads <= 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: min(threads, slices), execute: work)
        }
        return state.withLock { state in
            if let failed = state.failed {
                return .failed(slice: failed)
            }
            return state.cancelled ? .cancelled : .completed
        }
    }

    private struct State {
        var next = 0
        var failed: Int?
        var cancelled = false
    }
}

/// A pointer that several slice threads use at once, each on rows no other thread touches (or only reading): the
/// slicing, not the type system, keeps them apart, which is why this is `@unchecked Sendable`.
struct SharedPointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}
