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

/// The size of each read from another program's stream.
private let chunkSize = 1 << 20

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
    var data = Data()
    while true {
        let result = await awaitGIO { callback, pending in
            g_input_stream_read_bytes_async(
                stream, gsize(chunkSize), G_PRIORITY_DEFAULT, watch.cancellable, callback, pending)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = g_input_stream_read_bytes_finish(stream, result.opaque, &error) else {
            throw watch.error(error, reading: what)
        }
        watch.progressed()
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let start = g_bytes_get_data(bytes, &size), size > 0 else { break }
        guard data.count + Int(size) <= limit else {
            throw GTKTransferError(.tooLarge, "\(what) is larger than the limit of \(limit) bytes")
        }
        data.append(start.assumingMemoryBound(to: UInt8.self), count: Int(size))
    }
    return data
}
