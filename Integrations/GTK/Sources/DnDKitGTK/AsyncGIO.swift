import CDnDKitGTK
import CGtk
import Foundation

/// One continuation waiting for a GIO callback.
private final class PendingResult: @unchecked Sendable {
    let continuation: CheckedContinuation<GObjectReference, Never>
    init(_ continuation: CheckedContinuation<GObjectReference, Never>) { self.continuation = continuation }
}

/// Starts a GIO `_async` call and waits for its `GAsyncResult` without blocking GTK's loop: `start` passes the given
/// callback and data to the `_async` function; the result comes back with a reference of its own, for the matching
/// `_finish` function (called on GTK's thread, as GIO asks).
@MainActor
func awaitGIO(_ start: (GAsyncReadyCallback, gpointer) -> Void) async -> GObjectReference {
    await withCheckedContinuation { continuation in
        let data = Unmanaged.passRetained(PendingResult(continuation)).toOpaque()
        start(
            { _, result, data in
                guard let data, let result else { return }
                let pending = Unmanaged<PendingResult>.fromOpaque(data).takeRetainedValue()
                pending.continuation.resume(returning: GObjectReference(UnsafeMutableRawPointer(result)))
            }, data)
    }
}

/// A GError's message, freeing the error.
func consumeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
}

/// A NULL-terminated C array of one string, as `gdk_drop_read_async` and `gdk_clipboard_read_async` take: GTK may
/// keep the pointer until the read completes, so it lives until ``free()``.
struct CStringList {
    let pointer: UnsafeMutablePointer<UnsafePointer<CChar>?>

    init(_ strings: [String]) {
        pointer = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointer[index] = UnsafePointer(strdup(string)) }
        pointer[strings.count] = nil
    }

    func free() {
        var index = 0
        while let string = pointer[index] {
            Foundation.free(UnsafeMutablePointer(mutating: string))
            index += 1
        }
        pointer.deallocate()
    }
}

/// The least room asked of each read from another program's stream.
private let chunkSize = 1 << 20

/// The most a read takes synchronously, while the stream has bytes ready, before it lets GTK's loop turn.
private let burst = 8 << 20

/// A watchdog over one read from another program: when nothing arrives for `timeout` seconds, it cancels the read
/// through its `GCancellable`, so that a program that never answers costs bounded time.
@MainActor
final class ReadWatch {
    /// The cancellable every call of the read takes.
    let cancellable: UnsafeMutablePointer<GCancellable>?
    /// The longest wait for the next bytes, in seconds.
    let timeout: Double
    private var last = ContinuousClock.now
    private var finished = false
    /// Whether the watchdog cancelled the read.
    private(set) var timedOut = false

    init(timeout: Double) {
        cancellable = g_cancellable_new()
        self.timeout = timeout
        Task { @MainActor [weak self] in
            while let self, !self.finished {
                if ContinuousClock.now - self.last > .seconds(self.timeout) {
                    self.timedOut = true
                    g_cancellable_cancel(self.cancellable)
                    return
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Bytes arrived: the wait starts again.
    func progressed() { last = .now }

    /// The read is over.
    func finish() { finished = true }

    /// The error of a failed call: `.timedOut` when the watchdog cancelled it, else `.readFailed` with GIO's message.
    func error(_ gerror: UnsafeMutablePointer<GError>?, reading what: String) -> GTKTransferError {
        error(consumeMessage(gerror), reading: what)
    }

    /// The error of a failed call with `message`: `.timedOut` when the watchdog cancelled it, else `.readFailed`.
    func error(_ message: String, reading what: String) -> GTKTransferError {
        if timedOut {
            return GTKTransferError(.timedOut, "the other program sent nothing of \(what) for \(timeout) s")
        }
        return GTKTransferError(.readFailed, "reading \(what) failed: \(message)")
    }

    isolated deinit {
        finished = true
        if let cancellable { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
    }
}

/// Reads a stream to its end, on GTK's thread, without blocking the loop.
///
/// The bytes go straight into one ``ReadBuffer``, handed over as the `Data` without a copy. While the stream has
/// bytes ready, they are taken synchronously, up to ``burst`` at a time; only when it has none does the read wait,
/// asynchronously, for the next ones. A pipe (Wayland's offers) is read directly, after asking the kernel for a larger
/// one (``pipeSize``), so that the writer runs ahead and the pipe is dry less often; another pollable stream through
/// GIO's non-blocking read; any other (X11's) through GIO's asynchronous read alone.
/// - Parameters:
///   - stream: The stream (the caller keeps its reference).
///   - limit: The largest payload accepted.
///   - what: What is read, for messages (`image/png from the drop`).
///   - watch: The read's watchdog.
/// - Returns: The bytes.
/// - Throws: `GTKTransferError` `.readFailed` (with the system's or GIO's message), `.timedOut` or `.tooLarge`.
@MainActor
func readAll(_ stream: UnsafeMutablePointer<GInputStream>, limit: Int, what: String, watch: ReadWatch)
    async throws(GTKTransferError) -> Data
{
    var buffer = ReadBuffer()
    let ready = ReadyBytes(stream)
    while true {
        // What is ready now, without waiting.
        var taken = 0
        reading: while let ready, taken < burst {
            try buffer.reserve(chunkSize, limit: limit, what: what)
            switch ready.read(into: buffer.free, count: buffer.room, watch: watch) {
            case .bytes(let count):
                buffer.advance(by: count)
                taken += count
                watch.progressed()
            case .end:
                return buffer.data()
            case .dry:
                break reading
            case .failed(let message):
                throw watch.error(message, reading: what)
            }
        }
        // Wait for the next bytes.
        try buffer.reserve(chunkSize, limit: limit, what: what)
        let (free, room) = (buffer.free, buffer.room)
        let result = await awaitGIO { callback, pending in
            g_input_stream_read_async(
                stream, free, gsize(room), G_PRIORITY_DEFAULT, watch.cancellable, callback, pending)
        }
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(stream, result.opaque, &error)
        guard count >= 0 else { throw watch.error(error, reading: what) }
        watch.progressed()
        if count == 0 { return buffer.data() }
        buffer.advance(by: count)
    }
}

/// The size of pipe asked for a read from another program (the kernel's default is 64 KiB; an unprivileged process
/// may ask up to /proc/sys/fs/pipe-max-size, 1 MiB by default).
private let pipeSize = 1 << 20

/// The bytes a stream has ready now, taken without waiting: a pipe's through `read`, another pollable stream's
/// through GIO's non-blocking read.
private enum ReadyBytes {
    /// The pipe under a `GUnixInputStream`, made non-blocking and larger.
    case pipe(Int32)
    /// A stream that says when it has bytes ready (`GPollableInputStream`, and able to poll).
    case pollable(OpaquePointer)

    /// What one read gave.
    enum Outcome {
        case bytes(Int)
        case end
        /// Nothing ready now.
        case dry
        case failed(String)
    }

    /// How `stream` is read without waiting, or nil when it cannot be.
    /// The corresponding C functions are `fcntl` (`F_SETFL`, `F_SETPIPE_SZ`) and `g_pollable_input_stream_can_poll`.
    init?(_ stream: UnsafeMutablePointer<GInputStream>) {
        let pipe = dndkit_stream_pipe_fd(stream)
        if pipe >= 0, dndkit_pipe_prepare(pipe, Int32(pipeSize)) > 0 {
            self = .pipe(pipe)
            return
        }
        let instance = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, g_pollable_input_stream_get_type()) != 0,
            g_pollable_input_stream_can_poll(OpaquePointer(stream)) != 0
        else { return nil }
        self = .pollable(OpaquePointer(stream))
    }

    /// Reads what is ready, at most `count` bytes, into `free`.
    /// The corresponding C functions are `read` and `g_pollable_input_stream_read_nonblocking`.
    @MainActor
    func read(into free: UnsafeMutableRawPointer?, count: Int, watch: ReadWatch) -> Outcome {
        switch self {
        case .pipe(let fd):
            let got = dndkit_pipe_read(fd, free, gsize(count))
            if got > 0 { return .bytes(got) }
            if got == 0 { return .end }
            let code = errno
            if code == EAGAIN { return .dry }
            return .failed(String(cString: strerror(code)))
        case .pollable(let stream):
            var error: UnsafeMutablePointer<GError>?
            let got = g_pollable_input_stream_read_nonblocking(
                stream, free, gsize(count), watch.cancellable, &error)
            if got > 0 { return .bytes(got) }
            if got == 0 { return .end }
            if let error, error.pointee.domain == g_io_error_quark(),
                error.pointee.code == Int32(G_IO_ERROR_WOULD_BLOCK.rawValue)
            {
                g_error_free(error)
                return .dry
            }
            return .failed(consumeMessage(error))
        }
    }
}
