import Foundation

/// Runs the jobs of an asynchronous fuzz check one at a time, in the order they were enqueued, on the thread that
/// waits for the check: the fuzzer's.
///
/// A drag's item loads, shared productions and completion handlers run as tasks, on Swift's global concurrent
/// executor by default. Which of two loads finishes first then depends on the operating system's scheduling, so
/// the same input reached different code, libFuzzer saw different coverage and kept different inputs, and two runs
/// with the same seed diverged. While a check runs, every job meant for the global executor comes here instead
/// (through the runtime's `swift_task_enqueueGlobal_hook`, the hook that test libraries use for the same purpose),
/// and so do the jobs of tasks that prefer this executor. One thread running them first in, first out makes the
/// run a function of the input alone.
///
/// Work handed to Dispatch or to threads of its own is not covered; a job that arrives from such a thread is run
/// when it arrives.
final class SerialJobs: TaskExecutor, @unchecked Sendable {
    /// The queue of the process, installed as the global executor's hook when first used.
    static let shared: SerialJobs = {
        let jobs = SerialJobs()
        jobs.installGlobalHook()
        return jobs
    }()

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [UnownedJob] = []
    private var head = 0

    func enqueue(_ job: consuming ExecutorJob) {
        push(UnownedJob(job))
    }

    private func push(_ job: UnownedJob) {
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs on the calling thread until `finished` says so and no job is left.
    ///
    /// - Parameter finished: Whether the work being waited for is done; asked between jobs.
    func run(until finished: () -> Bool) {
        while let job = next(finished) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func next(_ finished: () -> Bool) -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count {
            if finished() {
                return nil
            }
            // A job from another thread signals; `finished` may turn true without one, so look again soon.
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.001))
        }
        let job = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }

    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private func installGlobalHook() {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
            // No hook in this runtime: the jobs of unstructured tasks run on the global executor, as without it.
            return
        }
        symbol.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in SerialJobs.shared.push(job) }
    }
}
