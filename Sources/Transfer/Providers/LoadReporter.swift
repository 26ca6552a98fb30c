import ContentTypes
import Foundation

/// Reports the progress of one load into an optional `Progress`, and tells when the load has been cancelled (through
/// its task or its `Progress`).
///
/// The progress counts 1 unit until the payload's size is known; payloads of at least
/// `ItemProvider.detailedProgressThreshold` bytes then count their bytes, advancing as they are read, copied or
/// written in chunks. Every successful load ends with `completedUnitCount == totalUnitCount`.
@usableFromInline
struct LoadReporter: Sendable {
    /// Bytes moved between two checks for cancellation and two progress updates.
    static let chunkSize = 256 << 10

    let progress: Progress?

    @usableFromInline
    init(progress: Progress?) {
        self.progress = progress
    }

    /// Throws `TransferError` with code `cancelled` when the task or the progress was cancelled.
    func checkCancellation(_ contentType: UTType?) throws {
        if Task.isCancelled || progress?.isCancelled == true {
            throw TransferError.cancelled(contentType)
        }
    }

    /// The payload has `bytes` bytes.
    func expect(bytes: Int) {
        guard let progress, bytes >= ItemProvider.detailedProgressThreshold else {
            return
        }
        progress.totalUnitCount = Int64(bytes)
        progress.completedUnitCount = 0
    }

    /// `bytes` more bytes have been moved.
    func advance(by bytes: Int) {
        guard let progress, progress.totalUnitCount >= ItemProvider.detailedProgressThreshold else {
            return
        }
        progress.completedUnitCount = min(progress.totalUnitCount, progress.completedUnitCount + Int64(bytes))
    }

    /// The load succeeded.
    func finish() {
        guard let progress else {
            return
        }
        progress.completedUnitCount = progress.totalUnitCount
    }
}
