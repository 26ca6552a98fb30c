import ContentTypes
import DragDrop
import Foundation
import TestSupport
import Testing
import Transfer

/// Imports tokens, failing for those whose name starts with `bad`, after sleeping the milliseconds that follow
/// the last `-` of the name (`slow-60`), so that loads finish in an order of the test's choosing. A name with a
/// group (`A*3/slow-60`) first waits for the other loads of its group (see `Rendezvous`).
struct CheckedToken: Transferable, Equatable {
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(importedContentType: .token) { data in
            let token = try JSONDecoder().decode(Token.self, from: data)
            if let slash = token.name.firstIndex(of: "/") { try await Rendezvous.meet(token.name[..<slash]) }
            if let delay = token.name.split(separator: "-").last.flatMap({ Int($0) }) {
                try await Task.sleep(for: .milliseconds(delay))
            }
            if token.name.hasPrefix("bad") { throw CheckError(name: token.name) }
            return CheckedToken(name: token.name)
        }
    }
}

/// Loads that wait for one another, proving that they run at the same time without timing them: a load of the
/// group `A*3` waits until 3 loads of group `A*3` have started. Loads run one at a time never meet: the first one
/// gives up after 10 seconds and fails.
enum Rendezvous {
    private static let arrivals = Locked<[String: Int]>([:])

    static func meet(_ group: Substring) async throws {
        let count = group.split(separator: "*").last.flatMap { Int($0) } ?? 1
        let key = String(group)
        arrivals.withLock { $0[key, default: 0] += 1 }
        let deadline = ContinuousClock.now + .seconds(10)
        while arrivals.withLock({ $0[key] ?? 0 }) < count {
            guard ContinuousClock.now < deadline else { throw CheckError(name: "\(group), alone,") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

struct CheckError: Error, CustomStringConvertible {
    var name: String
    var description: String { "\(name) is bad" }
}

/// An identifiable item of a drag container that exports as a token or as a card.
struct Thing: Identifiable, Transferable {
    enum Kind: Sendable {
        case token
        case card
    }

    var id: Int
    var kind: Kind

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation { (thing: Thing) in Token(name: "thing \(thing.id)") }
            .exportingCondition { $0.kind == .token }
        ProxyRepresentation { (thing: Thing) in Card(name: "thing \(thing.id)") }
            .exportingCondition { $0.kind == .card }
    }
}

/// Imports tokens after sleeping the milliseconds after the last `-` of the name, noting the names whose load was
/// cancelled.
struct SlowToken: Transferable {
    static let started = Locked<Set<String>>([])
    static let cancelled = Locked<Set<String>>([])

    var name: String

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(importedContentType: .token) { data in
            let token = try JSONDecoder().decode(Token.self, from: data)
            let delay = token.name.split(separator: "-").last.flatMap { Int($0) } ?? 0
            started.withLock { _ = $0.insert(token.name) }
            // The cancellation is recorded by the thread that cancels, at once: the sleep's own wake-up may wait for
            // a cooperative thread, which the suites running beside this one can hold for a minute on two cores.
            try await withTaskCancellationHandler {
                try await Task.sleep(for: .milliseconds(delay))
            } onCancel: {
                cancelled.withLock { _ = $0.insert(token.name) }
            }
            return SlowToken(name: token.name)
        }
    }
}
