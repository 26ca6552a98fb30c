import Dispatch

/// Where the loads a selection owner serves other programs from run (`X11ClipboardOwner.Offer.blocking`): a task
/// executor on a serial dispatch queue of its own, so that a load never waits for one of Swift's cooperative threads.
///
/// The owner's thread waits for each load. On Swift's pool, a load waited for a free cooperative thread: in a program
/// whose few cooperative threads were all busy (a full test run held this machine's two for minutes), the owner gave
/// up after its timeout and refused the requestor, and `xclip` fell back to another target. A queue of its own gets a
/// thread whatever the pool is doing; loads are served one at a time, as each owner already serves its requests.
final class LoadExecutor: TaskExecutor, Sendable {
    static let shared = LoadExecutor()

    private let queue = DispatchQueue(label: "dndkit-selection-loads")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
