import Foundation
import TestSupport
import Testing

@testable import DesktopX11

extension ClipboardTests {
    @Test("the selection-transfer worker: every load on one thread and one connection, in order, from xclip")
    func oneWorkerOneConnection() async throws {
        let owner = try XclipOwner(Data("hello".utf8), type: "text/plain")
        defer { withExtendedLifetime(owner) {} }
        let worker = try SelectionTransferWorker(display: nil)
        var windows: Set<X11Window> = []
        var threads: Set<UInt> = []
        for _ in 0..<3 {
            let (bytes, window, thread) = try await worker.run { x throws(X11Error) in
                let bytes = try X11Clipboard.convert(.clipboard, to: "text/plain", on: x, timeout: 5, limit: 1 << 20)
                return (bytes.bytes, x.window, UInt(pthread_self()))
            }
            #expect(bytes == Data("hello".utf8))
            windows.insert(window)
            threads.insert(thread)
        }
        #expect(windows.count == 1, "the loads used \(windows.count) connections")
        #expect(threads.count == 1, "the loads ran on \(threads.count) threads")
        // Loads asked for at once run one after the other, in the order asked, each with its answer.
        let order = Locked<[Int]>([])
        let answers = try await withThrowingTaskGroup(of: Data.self) { group in
            for index in 0..<4 {
                let loaded = Locked<Result<Data, X11Error>?>(nil)
                worker.load("CLIPBOARD", as: "text/plain", at: { nil }, timeout: 5, limit: 1 << 20) { answer in
                    order.withLock { $0.append(index) }
                    loaded.withLock { $0 = answer }
                }
                group.addTask {
                    while loaded.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(5)) }
                    return try #require(loaded.withLock { $0 }).get()
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: Data("hello".utf8), count: 4))
        #expect(order.withLock { $0 } == [0, 1, 2, 3])
    }

    @Test("the worker reports a load's error (a selection nobody owns) and goes on with the next load")
    func workerReportsErrors() async throws {
        let owner = try XclipOwner(Data("hello".utf8), type: "text/plain")
        defer { withExtendedLifetime(owner) {} }
        let worker = try SelectionTransferWorker(display: nil)
        let error = await #expect(throws: X11Error.self) {
            try await worker.run { x throws(X11Error) in
                try X11Clipboard.convert(
                    "DNDKIT_NOBODY_OWNS_THIS", to: "text/plain", on: x, at: nil, timeout: 5, limit: 1 << 20
                ).bytes
            }
        }
        #expect(error?.code == .noOwner)
        let bytes = try await worker.run { x throws(X11Error) in
            try X11Clipboard.convert(.clipboard, to: "text/plain", on: x, timeout: 5, limit: 1 << 20).bytes
        }
        #expect(bytes == Data("hello".utf8))
        let nowhere = try SelectionTransferWorker(display: ":9999")
        let unreachable = await #expect(throws: X11Error.self) {
            try await nowhere.run { x throws(X11Error) in x.window }
        }
        #expect(unreachable?.code == .connectionFailed)
    }

    @Test("one worker connection: an answer in increments after another conversion on the same connection")
    func incrementsAfterAnotherConversion() async throws {
        // Large enough that xclip answers in increments (INCR).
        let payload = Data((0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 13) })
        let owner = try XclipOwner(payload, type: "text/plain")
        defer { withExtendedLifetime(owner) {} }
        let worker = try SelectionTransferWorker(display: nil)
        let (types, bytes) = try await worker.run { x throws(X11Error) in
            // A conversion leaves the notices of its property behind on the connection; the next one must not take
            // them for the pieces of its own answer.
            let types = try X11Clipboard.convert(.clipboard, to: "TARGETS", on: x, timeout: 10, limit: 1 << 20)
            let answer = try X11Clipboard.convert(.clipboard, to: "text/plain", on: x, timeout: 10, limit: 64 << 20)
            return (types.bytes.count, answer.bytes)
        }
        #expect(types > 0)
        #expect(bytes.count == payload.count)
        #expect(bytes == payload)
    }
}

extension ClipboardTests {
    @Test("an owner's wait for a load it serves ends with a timeout, and the load is cancelled")
    func handOverTimesOut() async throws {
        let cancelled = Locked(false)
        let error = #expect(throws: X11Error.self) {
            try X11ClipboardOwner.Offer.blocking(timeout: 0.2) {
                await withTaskCancellationHandler {
                    try? await Task.sleep(for: .seconds(600))
                } onCancel: {
                    cancelled.withLock { $0 = true }
                }
                return Data()
            }
        }
        #expect(error?.code == .timedOut, "\(error as Any)")
        // The cancel reaches the load's task on its own thread.
        for _ in 0..<500 where !cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(cancelled.withLock { $0 }, "the load was left running")
        let loaded = try X11ClipboardOwner.Offer.blocking(timeout: 60) { Data("done".utf8) }
        #expect(loaded == Data("done".utf8))
    }
}
