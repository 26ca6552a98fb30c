import ContentTypes
import Foundation
import PNGCodec
import Testing

@testable import Transfer

/// A value whose only representation counts its productions and waits at a gate before producing `payload`.
struct Held: Transferable {
    static let type = testType("held")

    let gate: Gate
    let productions: Counter
    var payload = Data("held".utf8)

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: type) { item in
            item.productions.increment()
            try await item.gate.wait()
            return item.payload
        }
    }
}

@Suite("Item providers: lazy, shared, cancellable productions")
struct ItemProviderTests {
    @Test("nothing is produced until a load asks, and then only the representation asked for")
    func lazyProduction() async throws {
        let exports = Counter()
        let provider = ItemProvider(Counted(name: "lazy", exports: exports)).restricted(to: .all)
        #expect(provider.registeredContentTypes == [testType("counted"), .utf8PlainText])
        #expect(provider.canLoadTransferable(type: Counted.self))
        #expect(exports.count == 0)
        // Loading the text (the proxy) does not produce the counted representation.
        #expect(try await provider.loadTransferable(type: String.self) == "lazy")
        #expect(exports.count == 0)
        #expect(try await provider.loadTransferable(type: Counted.self).name == "lazy")
        #expect(exports.count == 1)
    }

    @Test("a representation is produced at most once, however many loads ask")
    func atMostOnce() async throws {
        let gate = Gate()
        gate.open()
        let productions = Counter()
        let provider = ItemProvider(Held(gate: gate, productions: productions))
        for _ in 0..<3 {
            #expect(try await provider.loadDataRepresentation(for: Held.type) == Data("held".utf8))
            #expect(try await provider.loadTransferable(type: Data.self) == Data("held".utf8))
        }
        #expect(productions.count == 1)
    }

    @Test("concurrent loads of one representation share one production")
    func sharedProduction() async throws {
        let gate = Gate()
        let productions = Counter()
        let provider = ItemProvider(Held(gate: gate, productions: productions))
        let production = try #require(provider.visibleRegistrations.first).production
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 {
                group.addTask { try await provider.loadDataRepresentation(for: Held.type) }
            }
            try await eventually("all eight loads wait for one production") {
                production.waiterCount == 8 && gate.arrivals == 1
            }
            gate.open()
            for try await data in group {
                #expect(data == Data("held".utf8))
            }
        }
        #expect(productions.count == 1)
        #expect(production.startCount == 1)
    }

    @Test("a cancelled load stops at once while the others still get the shared result")
    func cancelOneOfTwo() async throws {
        let gate = Gate()
        let productions = Counter()
        let provider = ItemProvider(Held(gate: gate, productions: productions))
        let production = try #require(provider.visibleRegistrations.first).production
        let first = Task { try await provider.loadDataRepresentation(for: Held.type) }
        let second = Task { try await provider.loadDataRepresentation(for: Held.type) }
        try await eventually("both loads wait") { production.waiterCount == 2 }
        first.cancel()
        let error = await #expect(throws: TransferError.self) { try await first.value }
        #expect(error?.code == .cancelled)
        #expect(production.waiterCount == 1)
        gate.open()
        #expect(try await second.value == Data("held".utf8))
        #expect(productions.count == 1)
    }

    @Test("when every load is cancelled the production is cancelled, and a later load starts afresh")
    func cancelAll() async throws {
        let gate = Gate()
        let productions = Counter()
        let provider = ItemProvider(Held(gate: gate, productions: productions))
        let production = try #require(provider.visibleRegistrations.first).production
        let load = Task { try await provider.loadDataRepresentation(for: Held.type) }
        try await eventually("the load waits") { production.waiterCount == 1 }
        load.cancel()
        let error = await #expect(throws: TransferError.self) { try await load.value }
        #expect(error?.code == .cancelled)
        #expect(error?.message == "the load of \(Held.type.identifier) was cancelled")
        try await eventually("the production itself is cancelled") { gate.cancellations == 1 }
        gate.open()
        #expect(try await provider.loadDataRepresentation(for: Held.type) == Data("held".utf8))
        #expect(productions.count == 2)
        #expect(production.startCount == 2)
    }

    @Test("cancelling a load's Progress cancels the load")
    func cancelThroughProgress() async throws {
        let gate = Gate()
        let provider = ItemProvider(Held(gate: gate, productions: Counter()))
        let production = try #require(provider.visibleRegistrations.first).production
        let progress = Progress(totalUnitCount: 1)
        let load = Task { try await provider.loadTransferable(type: Data.self, progress: progress) }
        try await eventually("the load waits") { production.waiterCount == 1 }
        progress.cancel()
        let error = await #expect(throws: TransferError.self) { try await load.value }
        #expect(error?.code == .cancelled)
        #expect(gate.arrivals == 1)
    }

    @Test("a failed production is not kept: the next load tries again")
    func failureIsNotCached() async throws {
        struct Flaky: Transferable {
            let attempts: Counter
            static var transferRepresentation: some TransferRepresentation {
                DataRepresentation(exportedContentType: .plainText) { item in
                    item.attempts.increment()
                    if item.attempts.count == 1 {
                        throw CocoaError(.fileReadUnknown)
                    }
                    return Data("ok".utf8)
                }
            }
        }
        let attempts = Counter()
        let provider = ItemProvider(Flaky(attempts: attempts))
        let error = await #expect(throws: TransferError.self) {
            try await provider.loadDataRepresentation(for: .plainText)
        }
        #expect(error?.code == .exportFailed)
        #expect(error?.contentType == .plainText)
        #expect(error?.message.hasPrefix("could not export Flaky as public.plain-text: ") == true)
        #expect(try await provider.loadDataRepresentation(for: .plainText) == Data("ok".utf8))
        #expect(attempts.count == 2)
    }

    @Test("in-process, a receiver of the sender's own type gets the value itself: no encoding, no copy")
    func handOver() async throws {
        let bitmap = try Bitmap(width: 512, height: 512, format: .rgba8)
        let provider = ItemProvider(bitmap)
        #expect(provider.importPlan(for: Bitmap.self)?.isHandOver == true)
        let received = try await provider.loadTransferable(type: Bitmap.self)
        #expect(received.sharesStorage(with: bitmap))
        // The same type from another process goes through PNG: a new bitmap with the same pixels.
        let remote = try await provider.restricted(to: .team).loadTransferable(type: Bitmap.self)
        #expect(!remote.sharesStorage(with: bitmap))
        #expect(remote == bitmap)
    }

    @Test("hand-over calls no exporting closure; another process's load does")
    func handOverSkipsExport() async throws {
        let exports = Counter()
        let provider = ItemProvider(Counted(name: "own", exports: exports))
        #expect(try await provider.loadTransferable(type: Counted.self).exports === exports)
        #expect(exports.count == 0)
        #expect(provider.restricted(to: .team).importPlan(for: Counted.self)?.offeredType == testType("counted"))
        let remote = try await provider.restricted(to: .team).loadTransferable(type: Counted.self)
        #expect(remote.name == "own" && remote.exports !== exports)
        #expect(exports.count == 1)
    }

    @Test("errors list what was offered and what was wanted")
    func noMatchError() async throws {
        let provider = ItemProvider("some words")
        #expect(provider.importPlan(for: Bitmap.self) == nil)
        let error = await #expect(throws: TransferError.self) {
            try await provider.loadTransferable(type: Bitmap.self)
        }
        #expect(error?.code == .noMatchingRepresentation)
        #expect(error?.offeredTypes == [.utf8PlainText])
        #expect(error?.wantedTypes == [.png])
        #expect(
            error?.message
                == "no representation of Bitmap matches what was offered: offered public.utf8-plain-text; wanted public.png"
        )
        let data = await #expect(throws: TransferError.self) {
            try await provider.loadDataRepresentation(for: .png)
        }
        #expect(
            data?.message
                == "nothing offered conforms to public.png: offered public.utf8-plain-text; wanted public.png")
    }

    @Test("a payload the receiver cannot decode fails with its content type and the underlying error")
    func decodingError() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { finish in
            finish(Data("not a PNG".utf8), nil)
            return nil
        }
        let error = await #expect(throws: TransferError.self) {
            try await provider.loadTransferable(type: Bitmap.self)
        }
        #expect(error?.code == .decodingFailed)
        #expect(error?.contentType == .png)
        #expect(error?.underlyingError is ImageError)
        #expect(error?.message.hasPrefix("could not import public.png as Bitmap: ") == true)
    }

    @Test("payloads over the size limit fail before they are read")
    func sizeLimit() async throws {
        let provider = ItemProvider(Data(count: 5000))
        provider.maximumLoadSize = 4096
        let error = await #expect(throws: TransferError.self) {
            try await provider.loadDataRepresentation(for: .data)
        }
        #expect(error?.code == .tooLarge)
        #expect(error?.message == "the public.data payload of 5000 bytes exceeds the load limit of 4096 bytes")
        provider.maximumLoadSize = 5000
        #expect(try await provider.loadDataRepresentation(for: .data).count == 5000)
        #expect(ItemProvider().maximumLoadSize == ItemProvider.defaultMaximumLoadSize)
    }

    @Test("a file over the size limit fails without being copied")
    func fileSizeLimit() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).bin")
        try Data(count: 10_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = ItemProvider(contentsOf: url, contentType: .data)
        provider.maximumLoadSize = 9_999
        for load in [0, 1] {
            let error = await #expect(throws: TransferError.self) {
                if load == 0 {
                    _ = try await provider.loadDataRepresentation(for: .data)
                } else {
                    _ = try await provider.loadFileRepresentation(for: .data)
                }
            }
            #expect(error?.code == .tooLarge)
            #expect(error?.message.contains("10000 bytes") == true)
        }
    }

    @Test("large payloads report byte progress; small ones one unit; every load ends complete")
    func progress() async throws {
        let size = 3 << 20
        let provider = ItemProvider(Data(repeating: 1, count: size))
        let progress = RecordingProgress(totalUnitCount: 1)
        let file = try await provider.loadFileRepresentation(for: .data, progress: progress)
        #expect(try Data(contentsOf: file.file).count == size)
        #expect(progress.totalUnitCount == Int64(size))
        let steps = progress.completedValues.filter { $0 > 0 }
        #expect(steps.count >= size / LoadReporter.chunkSize)
        #expect(steps == steps.sorted())
        #expect(progress.completedUnitCount == Int64(size))

        let small = RecordingProgress(totalUnitCount: 1)
        _ = try await ItemProvider("tiny").loadDataRepresentation(for: .plainText, progress: small)
        #expect(small.totalUnitCount == 1)
        #expect(small.completedUnitCount == 1)
    }

    @Test("register(_:) evaluates exporting conditions; the first registration of a type wins")
    func registering() async throws {
        let provider = ItemProvider()
        provider.register("first")
        provider.register("second")
        provider.register(Data([1, 2]))
        #expect(provider.registeredContentTypes == [.utf8PlainText, .data])
        #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text", "public.data"])
        #expect(provider.registeredContentTypes(conformingTo: .text) == [.utf8PlainText])
        #expect(provider.hasItemConformingToTypeIdentifier("public.plain-text"))
        #expect(!provider.hasItemConformingToTypeIdentifier("public.image"))
        #expect(!provider.hasItemConformingToTypeIdentifier("not an identifier"))
        #expect(try await provider.restricted(to: .all).loadTransferable(type: String.self) == "first")
        // In-process, the first registered value of the receiver's type is handed over.
        #expect(try await provider.loadTransferable(type: String.self) == "first")
    }

    @Test("registered load handlers run lazily, once, and their Progress is cancelled with the loads")
    func loadHandlers() async throws {
        let calls = Counter()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .plainText) { finish in
            calls.increment()
            finish(Data("a".utf8), nil)
            finish(Data("ignored".utf8), nil)
            return nil
        }
        #expect(calls.count == 0)
        #expect(try await provider.loadDataRepresentation(for: .plainText) == Data("a".utf8))
        #expect(try await provider.loadTransferable(type: String.self) == "a")
        #expect(calls.count == 1)

        let handlerProgress = Progress(totalUnitCount: 1)
        let stalled = ItemProvider()
        stalled.registerDataRepresentation(for: .plainText) { _ in handlerProgress }
        let load = Task { try await stalled.loadDataRepresentation(for: .plainText) }
        let production = try #require(stalled.visibleRegistrations.first).production
        try await eventually("the load waits") { production.waiterCount == 1 }
        load.cancel()
        await #expect(throws: TransferError.self) { try await load.value }
        try await eventually("the handler's progress is cancelled") { handlerProgress.isCancelled }
    }

    @Test("a provider made from a file identifies its type, names it, and offers its URL as public.file-url")
    func fileProvider() async throws {
        let url = try Fixtures.url("basn6a08.png")
        let provider = ItemProvider(contentsOf: url, contentType: nil)
        #expect(provider.registeredContentTypes == [.png, .fileURL])
        let fileURL = try await provider.loadDataRepresentation(for: .fileURL)
        #expect(URL(dataRepresentation: fileURL, relativeTo: nil) == url)
        #expect(provider.suggestedName == "basn6a08.png")
        #expect(provider.registeredContentTypesForOpenInPlace.isEmpty)
        let bitmap = try await provider.loadTransferable(type: Bitmap.self)
        #expect(bitmap.width == 32 && bitmap.height == 32)
        let inPlace = ItemProvider(contentsOf: url, contentType: .png, openInPlace: true)
        #expect(inPlace.registeredContentTypesForOpenInPlace == [.png])
    }
}
