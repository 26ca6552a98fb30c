import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A pipe that wakes a loop sleeping in `poll()`: any thread writes a byte (``wake()``), the loop's `poll` sees the
/// read end readable and returns, and the loop empties it (``drain()``). Both ends are non-blocking and closed on
/// `exec`; a write to a full pipe is dropped, since one unread byte already wakes the loop.
///
/// The corresponding C functions are `pipe`, `fcntl`, `write`, `read` and `close`.
final class WakeUpPipe: Sendable {
    /// The end the loop polls.
    let readEnd: Int32
    private let writeEnd: Int32

    /// Makes the pipe.
    /// - Throws: `X11Error` (`.connectionFailed`) when the process has no descriptors left, with the reason.
    init() throws(X11Error) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let reason = String(cString: strerror(errno))
            throw X11Error(.connectionFailed, "cannot make a pipe to wake the event loop: \(reason)")
        }
        // Glibc's module has no `pipe2`: the flags are set one by one, before any other thread knows the pipe.
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the loop (from any thread).
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, after the loop woke.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
