import ContentTypes
import DragDrop
import Foundation
import Synchronization
import Transfer

extension UTType {
    static let fuzzToken = UTType(exportedAs: "org.dndkit.fuzz.token")
    static let fuzzCard = UTType(exportedAs: "org.dndkit.fuzz.card")
}

/// A token: a name, as JSON of its own type.
struct FuzzToken: Codable, Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .fuzzToken)
    }
}

/// A card: another type, so that targets route by type.
struct FuzzCard: Codable, Transferable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .fuzzCard)
    }
}

/// An application item, exported as a token or a card. Its name says how it behaves: `c…` items belong to a
/// source that only copies, `…bad…` items fail to load as `FlakyToken`, `…slow…` items let other tasks run while
/// they load.
struct FuzzItem: Identifiable, Hashable, Transferable {
    enum Kind: Hashable, Sendable {
        case token
        case card
    }

    var id: String
    var kind: Kind

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation { (item: FuzzItem) in FuzzToken(name: item.id) }
            .exportingCondition { $0.kind == .token }
        ProxyRepresentation { (item: FuzzItem) in FuzzCard(name: item.id) }
            .exportingCondition { $0.kind == .card }
    }
}

/// Receives tokens as files in the staging folder, which must be gone once the drop is over.
struct StagedToken: Transferable {
    /// The files received since the last check.
    static let received = Mutex<[URL]>([])

    var name: String

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .fuzzToken) { received in
            StagedToken.received.withLock { $0.append(received.file) }
            let token = try JSONDecoder().decode(FuzzToken.self, from: Data(contentsOf: received.file))
            return StagedToken(name: token.name)
        }
    }
}

/// Receives tokens, failing for bad ones and yielding for slow ones, so that loads fail and interleave.
struct FlakyToken: Transferable {
    struct Failure: Error {}

    var name: String

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(importedContentType: .fuzzToken) { data in
            let token = try JSONDecoder().decode(FuzzToken.self, from: data)
            if token.name.contains("slow") {
                for _ in 0..<3 { await Task.yield() }
            }
            if token.name.contains("bad") {
                throw Failure()
            }
            return FlakyToken(name: token.name)
        }
    }
}

/// A copying delegate that counts its calls, forbids its right half, and validates and performs as the world's
/// failure mode says. Nonisolated, as a delegate may be (its methods satisfy the main-actor protocol's): the fuzzer
/// reads its counts from its own thread, and DragDrop calls it on the main actor.
nonisolated final class FuzzDelegate: DropDelegate {
    let world: () -> EventWorld.FailureMode
    var entered = 0
    var exited = 0
    var performed = 0

    init(failureMode: @escaping () -> EventWorld.FailureMode) {
        world = failureMode
    }

    func validateDrop(info: DropInfo) -> Bool {
        world() != .declineAll
    }

    func dropEntered(info: DropInfo) {
        entered += 1
    }

    func dropUpdated(info: DropInfo) -> DropProposal? {
        info.location.x > 70 ? DropProposal(operation: .forbidden) : DropProposal(operation: .copy)
    }

    func dropExited(info: DropInfo) {
        exited += 1
    }

    func performDrop(info: DropInfo) -> Bool {
        performed += 1
        return world() == .none && !info.itemProviders(for: [.fuzzToken, .fuzzCard]).isEmpty
    }
}
