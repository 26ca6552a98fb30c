import Foundation

/// The thread that the loads a selection owner serves other programs from run on
/// (`X11ClipboardOwner.Offer.blocking`): a task executor of its own, so that a load never waits for one of Swift's
/// cooperative threads.
///
/// The owner's thread waits for each load. On Swift's pool, a load waited for a free cooperative thread: in a program
/// whose few cooperative threads were all busy (a full test run held this machine's two for minutes), the owner gave
/// up after its timeout and refused the requestor, and `xclip` fell back to another target. Here a load's own code
/// runs on this thread, whatever the pool is doing; loads are served one at a time, as each owner already serves its
/// requests.
final class LoadExecutor: TaskExecutor, @unchecked Sendable {
    // Sendable: `jobs` is read and written only with `condition` locked.
    static let shared = LoadExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "dndkit-selection-loads"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs the jobs as they come, for the life of the process.
    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty {
                condition.wait()
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
