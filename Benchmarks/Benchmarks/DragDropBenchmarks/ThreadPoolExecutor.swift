import Foundation

/// A task executor running jobs on threads of its own.
///
/// The drop benchmark gives its loads one, because the benchmark runner blocks a thread of Swift's cooperative
/// pool for as long as an async benchmark runs (it waits on a semaphore from its own task), which on 2 cores
/// leaves the pool a single thread: measured there, concurrent loads cannot beat one at a time. Both ways of
/// loading run on this executor, so they get the same two threads.
final class ThreadPoolExecutor: TaskExecutor, @unchecked Sendable {
    /// Guards `jobs`; signalled when one is added.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in work() }
            thread.name = "loads \(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs as they come, for the life of the process.
    private func work() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
