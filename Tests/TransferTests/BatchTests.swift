import ContentTypes
import Foundation
import Testing

@testable import Transfer

@Suite("Loading every item of a drop")
struct BatchTests {
    @Test("all items load concurrently, in order, with one unit of progress each")
    func loadAll() async throws {
        let providers = [ItemProvider](exporting: ["one", "two", "three"]).map { $0.restricted(to: .all) }
        let progress = Progress(totalUnitCount: 0)
        let values = try await providers.loadTransferables(type: String.self, progress: progress)
        #expect(values == ["one", "two", "three"])
        #expect(progress.totalUnitCount == 3)
        #expect(progress.fractionCompleted == 1)
    }

    @Test("the loads run at the same time")
    func concurrency() async throws {
        let gate = Gate()
        let items = (0..<3).map { _ in Held(gate: gate, productions: Counter()) }
        let providers = [ItemProvider](exporting: items)
        let load = Task { try await providers.loadTransferables(type: Data.self) }
        try await eventually("all three productions run at once") { gate.arrivals == 3 }
        gate.open()
        #expect(try await load.value.count == 3)
    }

    @Test("one failure fails the batch and says which item, what it offered and what was wanted")
    func failure() async throws {
        let providers = [ItemProvider](exporting: ["text", Data([1]), "more"] as [any Transferable])
        let error = await #expect(throws: TransferError.self) {
            try await providers.loadTransferables(type: String.self)
        }
        #expect(error?.code == .noMatchingRepresentation)
        #expect(
            error?.message
                == "item 2 of 3: no representation of String matches what was offered: offered public.data; wanted "
                + "public.utf8-plain-text, public.utf16-plain-text, public.utf16-external-plain-text, public.plain-text"
        )
        #expect(providers.indicesOfItems(loadableAs: String.self) == [0, 2])
    }

    @Test("cancelling the batch's Progress cancels every load")
    func cancel() async throws {
        let gate = Gate()
        let providers = [ItemProvider](exporting: (0..<4).map { _ in Held(gate: gate, productions: Counter()) })
        let progress = Progress(totalUnitCount: 0)
        let load = Task { try await providers.loadTransferables(type: Data.self, progress: progress) }
        try await eventually("all four productions run") { gate.arrivals == 4 }
        progress.cancel()
        let error = await #expect(throws: TransferError.self) { try await load.value }
        #expect(error?.code == .cancelled)
    }
}
