import Foundation
import Locking

/// The one thread, on one X connection of its own, that reads what other programs offer in selections for a window:
/// a dropped item's bytes, the clipboard's types and content for a paste. A conversion blocks while the other program
/// answers; on this thread it holds up neither the window's loop nor Swift's cooperative threads, and every load
/// shares the connection instead of opening one (and a thread) each.
///
/// Work runs in the order it was asked for, one at a time. The thread and its connection start with the first work
/// and end when the worker is released (after the work queued by then); a connection that broke is made again for
/// the next work.
final class SelectionTransferWorker: Sendable {
    /// What the worker's thread and its owners share.
    private final class Queue: Sendable {
        let state = Lock(State())
        /// Wakes the thread when work comes or the worker is released.
        let wakeUp: WakeUpPipe

        struct State {
            var work: [@Sendable (Result<X11Connection, X11Error>) -> Void] = []
            var isRunning = false
            var isReleased = false
        }

        init() throws(X11Error) {
            wakeUp = try WakeUpPipe()
        }

        /// The next work; nil when there is none and the worker is released (the thread ends then). Sleeps while
        /// there is none.
        func next() -> (@Sendable (Result<X11Connection, X11Error>) -> Void)? {
            while true {
                let (work, released) = state.withLock { state in
                    (state.work.isEmpty ? nil : state.work.removeFirst(), state.isReleased)
                }
                if let work { return work }
                if released {
                    state.withLock { $0.isRunning = false }
                    return nil
                }
                X11Connection.sleep(untilReadable: [wakeUp.readEnd], timeout: nil)
                wakeUp.drain()
            }
        }
    }

    private let queue: Queue
    private let display: String?

    /// A worker for `display` (nil for `DISPLAY`); its connection is made when the first work comes.
    /// - Throws: `X11Error` when the process has no descriptors left for the pipe that wakes the thread.
    init(display: String?) throws(X11Error) {
        self.display = display
        queue = try Queue()
    }

    deinit {
        queue.state.withLock { $0.isReleased = true }
        queue.wakeUp.wake()
    }

    /// Runs `work` on the worker's thread with its connection (or the error that kept it from connecting).
    func perform(_ work: @escaping @Sendable (Result<X11Connection, X11Error>) -> Void) {
        let start = queue.state.withLock { state in
            state.work.append(work)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard start else { return queue.wakeUp.wake() }
        let queue = queue
        let display = display
        let thread = Thread {
            var connection: X11Connection?
            while let work = queue.next() {
                if connection?.isBroken ?? true {
                    // A broken connection is made again; a failure to connect is this work's error.
                    connection = nil
                    do throws(X11Error) {
                        connection = try X11Connection(display: display)
                    } catch {
                        work(.failure(error))
                        continue
                    }
                }
                if let connection { work(.success(connection)) }
            }
        }
        thread.name = "DnDKit X11 selection transfers"
        thread.start()
    }

    /// Runs `body` on the worker's thread with its connection and answers what it returns.
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (X11Connection) throws(X11Error) -> Value
    ) async throws(X11Error) -> Value {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Value, X11Error>, Never>) in
            perform { connection in
                done.resume(returning: connection.flatMap { x in Result { () throws(X11Error) in try body(x) } })
            }
        }
        return try result.get()
    }

    /// Converts the selection named `selection` to `target` as of `time` (nil for the server's time then) on the
    /// worker's thread, and hands the bytes (or the error) to `finish` there.
    func load(
        _ selection: String, as target: String, at time: @escaping @Sendable () -> X11Timestamp?, timeout: Double,
        limit: Int, finish: @escaping @Sendable (Result<Data, X11Error>) -> Void
    ) {
        perform { connection in
            finish(
                connection.flatMap { x in
                    Result { () throws(X11Error) in
                        try X11Clipboard.convert(
                            selection, to: target, on: x, at: time(), timeout: timeout, limit: limit
                        )
                        .bytes
                    }
                })
        }
    }
}
