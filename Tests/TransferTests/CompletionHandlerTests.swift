import ContentTypes
import Foundation
import PNGCodec
import Testing

@testable import Transfer

@Suite("Foundation's completion-handler loads")
struct CompletionHandlerTests {
    @Test("loadDataRepresentation(for:completionHandler:) returns its Progress and reports once")
    func data() async throws {
        let provider = ItemProvider("text")
        let (data, progress) = await withCheckedContinuation { continuation in
            let box = ProgressBox()
            box.progress = provider.loadDataRepresentation(for: .plainText) { data, error in
                #expect(error == nil)
                continuation.resume(returning: (data, box))
            }
        }
        #expect(data == Data("text".utf8))
        #expect(progress.progress?.completedUnitCount == progress.progress?.totalUnitCount)

        let error = await withCheckedContinuation { continuation in
            provider.loadDataRepresentation(forTypeIdentifier: "not a type!") { _, error in
                continuation.resume(returning: error as? TransferError)
            }
        }
        #expect(error?.message == "\"not a type!\" is not a uniform type identifier")
    }

    @Test("loadFileRepresentation(for:openInPlace:completionHandler:) removes the staged copy after the handler")
    func file() async throws {
        let path = await withCheckedContinuation { continuation in
            ItemProvider("text").loadFileRepresentation(for: .plainText) { url, isOriginal, _ in
                #expect(!isOriginal)
                #expect(url.map { FileManager.default.fileExists(atPath: $0.path) } == true)
                continuation.resume(returning: url?.path ?? "")
            }
        }
        try await eventually("the staged file is removed") { !FileManager.default.fileExists(atPath: path) }
        let legacy = await withCheckedContinuation { continuation in
            ItemProvider("text").loadFileRepresentation(forTypeIdentifier: "public.plain-text") { url, _ in
                continuation.resume(returning: url != nil)
            }
        }
        #expect(legacy)
    }

    @Test("loadTransferable(type:completionHandler:) delivers a Result")
    func transferable() async throws {
        let (bitmap, _) = try samplePNG()
        let result = await withCheckedContinuation { continuation in
            ItemProvider(bitmap).restricted(to: .all).loadTransferable(type: Image.self) { result in
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get().bitmap == bitmap)
        let failure = await withCheckedContinuation { continuation in
            ItemProvider(bitmap).loadTransferable(type: URL.self) { continuation.resume(returning: $0) }
        }
        #expect(throws: TransferError.self) { try failure.get() }
    }

    @Test("cancelling the returned Progress cancels the load")
    func cancel() async throws {
        let gate = Gate()
        let provider = ItemProvider(Held(gate: gate, productions: Counter()))
        let error = await withCheckedContinuation { continuation in
            let progress = provider.loadDataRepresentation(for: Held.type) { _, error in
                continuation.resume(returning: error as? TransferError)
            }
            Task {
                try await eventually("the production runs") { gate.arrivals == 1 }
                progress.cancel()
            }
        }
        #expect(error?.code == .cancelled)
    }
}

/// Lets a completion handler see the `Progress` its load returned.
private final class ProgressBox: @unchecked Sendable {
    var progress: Progress?
}
