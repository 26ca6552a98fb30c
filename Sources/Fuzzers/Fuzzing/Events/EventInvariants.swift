import DragDrop
import Foundation
import Gestures

/// What must hold once an input is over, checked against the application data `EventWorld` kept.
enum EventInvariants {
    /// Ends the input: every pointer still down goes up where it is, then the drops finish.
    static func settle(_ world: EventWorld, after time: Double, kinds: [Int: PointerKind]) async throws(FuzzFailure) {
        var time = time
        for pointer in world.scene.pointersDown {
            time += 0.016
            let location = world.scene.location(ofPointer: pointer) ?? .zero
            do {
                try world.scene.send(.up, location, at: time, pointer: pointer, kind: kinds[pointer] ?? .touch)
            } catch {
                throw FuzzFailure("pointer \(pointer), down at \(location), cannot go up: \(error)")
            }
        }
        await world.scene.finishDrops()
    }

    /// Checks everything; the failure lists every violation.
    static func check(_ world: EventWorld) throws(FuzzFailure) {
        var violations = items(world) + feedback(world) + sessions(world)
        let scene = world.scene
        if !scene.dragSessions.isEmpty { violations.append("sessions left: \(scene.dragSessions.map(\.id))") }
        if scene.hasPendingDrops { violations.append("drops left pending") }
        for target in world.targets where target.isDropTargeted { violations.append("\(target) is still targeted") }
        if scene.root.subtree.contains(where: { $0.name.hasSuffix(" preview") }) {
            violations.append("a drag preview is left")
        }
        for (index, state) in world.gestureStates.enumerated() where state.wrappedValue != 0 {
            violations.append("gesture state \(index) is \(state.wrappedValue) with every pointer up")
        }
        let staged = StagedToken.received.withLock { files in
            defer { files.removeAll() }
            return files
        }
        for file in staged where FileManager.default.fileExists(atPath: file.path) {
            violations.append("staged file left: \(file.path)")
        }
        if !violations.isEmpty {
            throw FuzzFailure(violations.joined(separator: "; "))
        }
    }

    /// Each item exists exactly once: with its source, or moved into one target; copies are of real items.
    private static func items(_ world: EventWorld) -> [String] {
        var violations: [String] = []
        var count: [String: Int] = [:]
        for item in world.held.values.joined() { count[item.id, default: 0] += 1 }
        for name in world.moved.values.joined() { count[name, default: 0] += 1 }
        let names = Set(world.items.map(\.id))
        for name in names where count[name] != 1 { violations.append("\(name) exists \(count[name] ?? 0) times") }
        for name in Set(count.keys).union(world.copied.values.joined()) where !names.contains(name) {
            violations.append("unknown item \(name)")
        }
        for (target, received) in world.moved.merging(world.copied, uniquingKeysWith: +) where target == "t-flaky" {
            for name in received where name.contains("bad") { violations.append("\(target) received \(name)") }
        }
        return violations
    }

    /// `isTargeted` alternates true, false, … and ends with false; the delegate hears an exit or a perform for
    /// every entry.
    private static func feedback(_ world: EventWorld) -> [String] {
        var violations: [String] = []
        for (target, values) in world.feedback
        where values != values.indices.map({ $0 % 2 == 0 }) || values.count % 2 != 0 {
            violations.append("\(target) isTargeted \(values)")
        }
        let delegate = world.delegate
        if delegate.entered != delegate.exited + delegate.performed {
            violations.append(
                "delegate entered \(delegate.entered), exited \(delegate.exited), performed \(delegate.performed)")
        }
        return violations
    }

    /// Every session that lifted began with `.initial` and ended exactly once; a completed transfer follows a copy
    /// or a move.
    private static func sessions(_ world: EventWorld) -> [String] {
        var violations: [String] = []
        for (id, phases) in world.phases {
            let endings = phases.filter { if case .ended = $0 { true } else { false } }
            if phases.first != .initial || endings.count != 1 { violations.append("\(id) heard \(phases)") }
            if phases.contains(.dataTransferCompleted) && endings != [.ended(.copy)] && endings != [.ended(.move)] {
                violations.append("\(id) completed a transfer after \(endings)")
            }
        }
        return violations
    }
}
