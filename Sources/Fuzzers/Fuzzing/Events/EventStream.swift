import DragDrop
import Foundation
import Gestures

/// The `fuzz-events` check: bytes decoded into pointer, touch and key events, clock advances, removals and
/// failures, driving a fresh `EventWorld`; afterwards every pointer goes up, the drops finish, and
/// `EventInvariants` must hold.
///
/// Each event takes four bytes: an opcode and three operands. Times only move forward (by 16 ms per event, more
/// on an advance); events the scene rejects (a move for a pointer that is not down) must leave it unchanged and
/// are skipped.
package enum EventStream {
    /// The most events one input drives.
    static let maximumEvents = 512

    /// Checks one input.
    ///
    /// - Parameter data: any bytes.
    /// - Throws: `FuzzFailure` when an invariant does not hold, or the scene throws anything but a
    ///   `GestureInputError`.
    package static func check(_ data: Data) async throws(FuzzFailure) {
        _ = try await run(data)
    }

    /// What one input did, for tests that show the seeds reach deep into drag and drop.
    package struct Outcome: Sendable {
        /// How many sessions ended with each phase (`ended(move)`, `ended(cancel)`, …).
        package var endings: [String: Int]
        /// How many items moved into a target, and how many were copied.
        package var moved: Int
        package var copied: Int
    }

    /// Checks one input and says what it did.
    ///
    /// - Parameter data: any bytes.
    /// - Returns: the sessions' endings and the items transferred.
    /// - Throws: `FuzzFailure`, as `check(_:)`.
    package static func run(_ data: Data) async throws(FuzzFailure) -> Outcome {
        weak var freedScene: Scene?
        let outcome: Outcome
        do {
            let world = EventWorld()
            freedScene = world.scene
            outcome = try await play(data, in: world)
        }
        // A scene kept alive by a reference cycle would leak on every drag; libFuzzer's own leak check after each
        // input is too slow here (see .ci/fuzz), so the check is made directly.
        guard freedScene == nil else {
            throw FuzzFailure("the scene outlives the input: something holds it in a reference cycle")
        }
        return outcome
    }

    private static func play(_ data: Data, in world: EventWorld) async throws(FuzzFailure) -> Outcome {
        let scene = world.scene
        var time = 0.0
        let bytes = [UInt8](data.prefix(maximumEvents * 4))
        var index = 0
        var kinds: [Int: PointerKind] = [:]
        while index + 4 <= bytes.count {
            let (code, a, b, c) = (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
            index += 4
            time += 0.016
            let location = CGPoint(x: Double(b) * 400 / 255, y: Double(c) * 400 / 255)
            let pointer = Int(a % 4) + 1
            let kind = kinds[pointer] ?? .touch
            do {
                switch code % 13 {
                case 0:
                    let kind = devices[Int(a >> 2) % devices.count]
                    try scene.send(.down, location, at: time, pointer: pointer, kind: kind)
                    kinds[pointer] = kind
                case 1, 2, 3: try scene.send(.move, location, at: time, pointer: pointer, kind: kind)
                case 4: try scene.send(.up, location, at: time, pointer: pointer, kind: kind)
                case 5: try scene.send(.cancel, location, at: time, pointer: pointer, kind: kind)
                case 6, 7:
                    time += Double(a) * 0.01
                    try scene.advance(to: time)
                case 8:
                    let keys: [KeyEvent.Key] = [.escape, .return, .space, .character("x")]
                    try scene.send(
                        KeyEvent(key: keys[Int(a) % keys.count], phase: b % 2 == 0 ? .down : .up, time: time))
                case 9: await scene.finishDrops()
                case 10:
                    let nodes = world.removable
                    nodes[Int(a) % nodes.count].removeFromParent()
                case 11:
                    world.failureMode = EventWorld.FailureMode.allCases[Int(a) % EventWorld.FailureMode.allCases.count]
                default:
                    switch a % 3 {
                    case 0: scene.cancelDragSessions()
                    case 1: scene.cancelAllGestures()
                    default: scene.cancelGestures(ofPointer: pointer)
                    }
                }
            } catch {
                guard error is GestureInputError else {
                    throw FuzzFailure("the scene threw \(error) (\(type(of: error))) at event \(index / 4 - 1)")
                }
            }
        }
        try await EventInvariants.settle(world, after: time, kinds: kinds)
        try EventInvariants.check(world)
        var endings: [String: Int] = [:]
        for phase in world.phases.values.joined() {
            if case .ended = phase { endings["\(phase)", default: 0] += 1 }
        }
        return Outcome(
            endings: endings, moved: world.moved.values.joined().count, copied: world.copied.values.joined().count)
    }

    /// The devices a down may use; later events of the pointer use the same.
    static let devices: [PointerKind] = [.touch, .mouse(.primary), .mouse(.secondary), .pen]
}
