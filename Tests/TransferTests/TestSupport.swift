import ContentTypes
import Foundation
import PNGCodec
import Synchronization
import TestSupport
import Testing

@testable import Transfer

/// Files in `Fixtures/`: PNGs from Willem van Schaik's PngSuite (see `PngSuite.LICENSE`).
enum Fixtures {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}

/// Counts calls from any task.
final class Counter: Sendable {
    private let value = Locked(0)

    func increment() {
        value.withLock { $0 += 1 }
    }

    var count: Int { value.withLock { $0 } }
}

/// Holds back whoever waits until the test opens it; waiting is cancellable.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var arrivals = 0
        var cancellations = 0
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var next = 0
    }

    private let state = Locked(State())

    /// How many times `wait()` has been called.
    var arrivals: Int { state.withLock { $0.arrivals } }

    /// How many waits ended because their task was cancelled.
    var cancellations: Int { state.withLock { $0.cancellations } }

    func wait() async throws {
        let id = state.withLock { state in
            state.arrivals += 1
            state.next += 1
            return state.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let open = state.withLock { state in
                    if !state.isOpen {
                        state.waiters[id] = continuation
                    }
                    return state.isOpen
                }
                if open {
                    continuation.resume()
                }
            }
        } onCancel: {
            state.withLock { state in
                state.cancellations += 1
                return state.waiters.removeValue(forKey: id)
            }?.resume(throwing: CancellationError())
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            waiter.resume()
        }
    }
}

/// A `Progress` that records every value its `completedUnitCount` takes.
final class RecordingProgress: Progress, @unchecked Sendable {
    private let seen = Locked<[Int64]>([])

    var completedValues: [Int64] { seen.withLock { $0 } }

    override var completedUnitCount: Int64 {
        didSet {
            let value = completedUnitCount
            seen.withLock { $0.append(value) }
        }
    }
}

/// Waits until `condition` holds, yielding in between; fails the test after about two seconds.
func eventually(_ what: Comment, _ condition: () -> Bool) async throws {
    for _ in 0..<2000 where !condition() {
        try await Task.sleep(for: .milliseconds(1))
    }
    #expect(condition(), what)
}

/// A custom content type for tests, undeclared, conforming to `public.data`.
func testType(_ name: String) -> UTType {
    UTType(exportedAs: "org.dndkit.tests.\(name)")
}

/// A value whose representations count their productions: `org.dndkit.tests.counted` (its name in UTF-8), then
/// plain text through a proxy to its name.
struct Counted: Transferable {
    let name: String
    let exports: Counter

    init(name: String, exports: Counter = Counter()) {
        self.name = name
        self.exports = exports
    }

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: testType("counted")) { item in
            item.exports.increment()
            return Data(item.name.utf8)
        } importing: { data in
            Counted(name: String(decoding: data, as: UTF8.self))
        }
        ProxyRepresentation(exporting: \.name)
    }
}

/// The PNG bytes of a bitmap with distinct pixels, for tests that need a picture.
func samplePNG(width: Int = 16, height: Int = 8) throws -> (Bitmap, Data) {
    let bytes = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let bitmap = try Bitmap(width: width, height: height, format: .rgba8, bytes: bytes)
    let data = try bitmap.pngData()
    return (try Bitmap(pngData: data), data)
}
