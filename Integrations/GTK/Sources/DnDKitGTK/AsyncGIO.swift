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
        let message = consumeMessage(gerror)
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
/// The bytes go straight into one growing buffer (doubled with `realloc`, which moves large blocks by remapping
/// their pages, not by copying), handed over as the `Data` without a copy. While a pollable stream (a pipe, on
/// Wayland) has bytes ready, they are taken synchronously, up to ``burst`` at a time; only when it has none does the
/// read wait, asynchronously, for the next ones. So a 64 MiB paste costs a few hundred reads of what the pipe holds,
/// not a round trip through GTK's loop for each.
/// - Parameters:
///   - stream: The stream (the caller keeps its reference).
///   - limit: The largest payload accepted.
///   - what: What is read, for messages (`image/png from the drop`).
///   - watch: The read's watchdog.
/// - Returns: The bytes.
/// - Throws: `GTKTransferError` `.readFailed` (with GIO's message), `.timedOut` or `.tooLarge`.
@MainActor
func readAll(_ stream: UnsafeMutablePointer<GInputStream>, limit: Int, what: String, watch: ReadWatch)
    async throws(GTKTransferError) -> Data
{
    var buffer = ReadBuffer()
    let pollable = PollableStream(stream)
    while true {
        // What is ready now, without waiting.
        var taken = 0
        while let pollable, taken < burst {
            try buffer.reserve(chunkSize, limit: limit, what: what)
            var error: UnsafeMutablePointer<GError>?
            let count = g_pollable_input_stream_read_nonblocking(
                pollable.stream, buffer.free, gsize(buffer.room), watch.cancellable, &error)
            if count > 0 {
                buffer.count += count
                taken += count
                watch.progressed()
            } else if count == 0 {
                return buffer.data()
            } else if PollableStream.wouldBlock(error) {
                g_error_free(error)
                break
            } else {
                throw watch.error(error, reading: what)
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
        buffer.count += count
    }
}

/// A stream that says when it has bytes ready (`GPollableInputStream`, and able to poll), or nil.
private struct PollableStream {
    let stream: OpaquePointer

    init?(_ stream: UnsafeMutablePointer<GInputStream>) {
        let instance = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, g_pollable_input_stream_get_type()) != 0 else { return nil }
        self.stream = OpaquePointer(stream)
        guard g_pollable_input_stream_can_poll(self.stream) != 0 else { return nil }
    }

    /// Whether a non-blocking read failed only because no bytes were ready.
    static func wouldBlock(_ error: UnsafeMutablePointer<GError>?) -> Bool {
        guard let error else { return false }
        return error.pointee.domain == g_io_error_quark()
            && error.pointee.code == Int32(G_IO_ERROR_WOULD_BLOCK.rawValue)
    }
}

/// The bytes of one read, in a buffer of `malloc`'s that grows by doubling and becomes the result's `Data`.
///
/// Invariant: `count <= capacity`; `storage` is nil only while `capacity` is 0.
private struct ReadBuffer: ~Copyable {
    private var storage: UnsafeMutableRawPointer?
    private var capacity = 0
    /// The bytes read so far.
    var count = 0

    /// Where the next bytes go.
    var free: UnsafeMutableRawPointer? { storage.map { $0 + count } }
    /// How many bytes fit there.
    var room: Int { capacity - count }

    /// Makes room for at least `least` more bytes (fewer when the limit is near), or fails when the bytes read
    /// already pass `limit`.
    mutating func reserve(_ least: Int, limit: Int, what: String) throws(GTKTransferError) {
        guard count <= limit else {
            throw GTKTransferError(.tooLarge, "\(what) is larger than the limit of \(limit) bytes")
        }
        guard room < least else { return }
        // One byte past the limit, so that a payload over it is seen.
        let wanted = min(max(capacity * 2, count + least), limit + 1)
        guard wanted > capacity, let grown = realloc(storage, wanted) else {
            if room > 0 { return }
            throw GTKTransferError(.tooLarge, "\(what) does not fit in memory (\(count) bytes read)")
        }
        storage = grown
        capacity = wanted
        assert(count <= capacity)
    }

    /// The bytes read, as `Data` that owns the buffer from now on.
    consuming func data() -> Data {
        let (storage, count) = (self.storage, self.count)
        discard self
        guard let storage, count > 0 else {
            Foundation.free(storage)
            return Data()
        }
        let kept = realloc(storage, count) ?? storage
        return Data(bytesNoCopy: kept, count: count, deallocator: .free)
    }

    deinit { Foundation.free(storage) }
}
