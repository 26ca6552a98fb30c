import DragDrop
import Foundation
import Gestures

extension Simulation {
    /// How high-level actions move: the timing of their events.
    enum Pace {
        /// Moves of a drag.
        static let dragSteps = 8
        /// Moves of a pinch or a rotation.
        static let twoFingerSteps = 6
        /// A touch is held this long before it moves, just past the lift's half second.
        static let touchHold = 0.55
        /// The time between two moves.
        static let stepInterval = 0.05
        /// The pause over the target before releasing.
        static let hover = 0.1
        /// A tap's press.
        static let tapPress = 0.1
        /// The time left after a high-level action before the next step.
        static let gap = 0.25
        /// Half the distance between the fingers of a pinch or a rotation when they go down.
        static let fingerSpread: CGFloat = 20
    }

    /// The events a script step expands into when it starts at `time`, against the scene as it is now (an item's
    /// place is where its node is now). The same scene state and step always give the same events.
    /// - Parameters:
    ///   - step: The step.
    ///   - time: When it starts.
    /// - Returns: The events, in time order, and the time the next step starts at.
    /// - Throws: `SimulationError` naming the step's line for a pane or item the scene does not have, or a pointer
    ///   in the wrong state.
    package func expand(_ step: ScriptStep, at time: Double) throws -> (events: [ScriptEvent], next: Double) {
        func fail(_ message: String) -> SimulationError {
            SimulationError(.badInput, message, file: step.file, line: step.line)
        }
        switch step.action {
        case .down(let pointer, let point, let kind):
            return (
                [.pointer(PointerEvent(pointerID: pointer, kind: kind, phase: .down, location: point, time: time))],
                time
            )
        case .move(let pointer, let point, let duration, let steps):
            guard let start = scene.location(ofPointer: pointer), let kind = pointerKinds[pointer] else {
                throw fail("pointer \(pointer) is not down, so it cannot move")
            }
            let events = Self.line(
                from: start, to: point, pointer: pointer, kind: kind, start: time, duration: duration, steps: steps)
            return (events, time + duration)
        case .up(let pointer, let point):
            guard let location = point ?? scene.location(ofPointer: pointer), let kind = pointerKinds[pointer] else {
                throw fail("pointer \(pointer) is not down, so it cannot go up")
            }
            return (
                [.pointer(PointerEvent(pointerID: pointer, kind: kind, phase: .up, location: location, time: time))],
                time
            )
        case .cancel(let pointer):
            guard let location = scene.location(ofPointer: pointer), let kind = pointerKinds[pointer] else {
                throw fail("pointer \(pointer) is not down, so it cannot be cancelled")
            }
            return (
                [
                    .pointer(
                        PointerEvent(pointerID: pointer, kind: kind, phase: .cancel, location: location, time: time))
                ], time
            )
        case .advance(let duration):
            return ([.advance(to: time + duration)], time + duration)
        case .key(let key):
            return ([.key(KeyEvent(key: key, time: time))], time)
        case .drag(let items, let from, let to, let point, let kind, let pointer, let escape):
            for item in items { _ = try itemCenter(item, inPane: from, fail) }
            if let twice = items.first(where: { name in items.filter { $0 == name }.count > 1 }) {
                throw fail("the item \"\(twice)\" is named twice; each item travels once")
            }
            let source = try itemCenter(items[0], inPane: from, fail)
            guard let target = pane(named: to) else { throw fail(unknownPane(to)) }
            try checkFree([pointer], fail)
            // Several items are selected in their pane; the first one's lift takes them all.
            pane(named: from)?.dragSelection = items.count > 1 ? items : []
            let end = target.node.convertToGlobal(
                point ?? CGPoint(x: target.spec.frame.width / 2, y: target.spec.frame.height / 2))
            return Self.drag(from: source, to: end, pointer: pointer, kind: kind, escape: escape, at: time)
        case .dragToIndex(let items, let from, let to, let index, let kind, let pointer, let escape):
            guard let sourcePane = from ?? panes.first(where: { $0.item(named: items[0]) != nil })?.spec.name else {
                throw fail("no pane holds an item \"\(items[0])\" now")
            }
            guard let target = pane(named: to) else { throw fail(unknownPane(to)) }
            guard target.spec.isList else {
                throw fail("pane \"\(to)\" is not a list (\"list: true\"), so an item has no index to land at")
            }
            guard index <= target.items.count else {
                throw fail(
                    "pane \"\(to)\" holds \(target.items.count) items, so an item can land at 0 to "
                        + "\(target.items.count), not at \(index)")
            }
            var drag = step
            drag.action = .drag(
                items: items, from: sourcePane, to: to, at: try insertionPoint(index, in: target, fail), kind: kind,
                pointer: pointer, escape: escape)
            return try expand(drag, at: time)
        case .tap(let name, let point, let kind):
            let node = try node(named: name, fail)
            try checkFree([1], fail)
            let location = node.convertToGlobal(point ?? CGPoint(x: node.frame.width / 2, y: node.frame.height / 2))
            let up = time + Pace.tapPress
            return (
                [
                    .pointer(PointerEvent(pointerID: 1, kind: kind, phase: .down, location: location, time: time)),
                    .pointer(PointerEvent(pointerID: 1, kind: kind, phase: .up, location: location, time: up)),
                ], up + Pace.gap
            )
        case .longPress(let name, let duration):
            let node = try node(named: name, fail)
            try checkFree([1], fail)
            let location = node.convertToGlobal(CGPoint(x: node.frame.width / 2, y: node.frame.height / 2))
            let up = time + duration
            return (
                [
                    .pointer(PointerEvent(pointerID: 1, kind: .touch, phase: .down, location: location, time: time)),
                    .advance(to: up),
                    .pointer(PointerEvent(pointerID: 1, kind: .touch, phase: .up, location: location, time: up)),
                ], up + Pace.gap
            )
        case .pinch(let item, let scale):
            let center = try itemCenter(item, inPane: nil, fail)
            try checkFree([1, 2], fail)
            return Self.twoFingers(around: center, at: time) { fraction in
                (Pace.fingerSpread * (1 + (CGFloat(scale) - 1) * fraction), 0)
            }
        case .rotate(let item, let degrees):
            let center = try itemCenter(item, inPane: nil, fail)
            try checkFree([1, 2], fail)
            return Self.twoFingers(around: center, at: time) { fraction in
                (Pace.fingerSpread, CGFloat(degrees) * fraction * .pi / 180)
            }
        }
    }

    // MARK: Shapes of motion

    /// A press on `start`, held past the lift for a touch, moved to `end` in even steps, a pause (ended by Escape
    /// when asked), a release.
    static func drag(
        from start: CGPoint, to end: CGPoint, pointer: Int, kind: PointerKind, escape: Bool, at time: Double
    )
        -> (events: [ScriptEvent], next: Double)
    {
        var events: [ScriptEvent] = [
            .pointer(PointerEvent(pointerID: pointer, kind: kind, phase: .down, location: start, time: time))
        ]
        let hold = kind == .touch || kind == .pen ? Pace.touchHold : 0
        if hold > 0 { events.append(.advance(to: time + hold)) }
        let moveStart = time + hold
        let moveTime = Pace.stepInterval * Double(Pace.dragSteps)
        events += line(
            from: start, to: end, pointer: pointer, kind: kind, start: moveStart, duration: moveTime,
            steps: Pace.dragSteps)
        let release = moveStart + moveTime + Pace.hover
        events.append(escape ? .key(KeyEvent(key: .escape, time: release)) : .advance(to: release))
        events.append(.pointer(PointerEvent(pointerID: pointer, kind: kind, phase: .up, location: end, time: release)))
        return (events, release + Pace.gap)
    }

    /// Moves in `steps` equal steps along a straight line, the last arriving at `start + duration`.
    static func line(
        from start: CGPoint, to end: CGPoint, pointer: Int, kind: PointerKind, start time: Double, duration: Double,
        steps: Int
    ) -> [ScriptEvent] {
        (1...max(1, steps)).map { step in
            let fraction = CGFloat(step) / CGFloat(max(1, steps))
            let point = CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            return .pointer(
                PointerEvent(
                    pointerID: pointer, kind: kind, phase: .move, location: point,
                    time: time + duration * Double(fraction)))
        }
    }

    /// Two touches on either side of `center`, moved together: `geometry` gives, for the part of the motion done,
    /// half the distance between them and the angle of the line joining them.
    static func twoFingers(
        around center: CGPoint, at time: Double, geometry: (CGFloat) -> (CGFloat, CGFloat)
    ) -> (events: [ScriptEvent], next: Double) {
        func points(_ fraction: CGFloat) -> (CGPoint, CGPoint) {
            let (radius, angle) = geometry(fraction)
            let dx = radius * cos(angle)
            let dy = radius * sin(angle)
            return (CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy))
        }
        let (first, second) = points(0)
        var events: [ScriptEvent] = [
            .pointer(PointerEvent(pointerID: 1, kind: .touch, phase: .down, location: first, time: time)),
            .pointer(PointerEvent(pointerID: 2, kind: .touch, phase: .down, location: second, time: time)),
        ]
        var last = time
        for step in 1...Pace.twoFingerSteps {
            let fraction = CGFloat(step) / CGFloat(Pace.twoFingerSteps)
            let (a, b) = points(fraction)
            last = time + Pace.stepInterval * Double(step)
            events.append(.pointer(PointerEvent(pointerID: 1, kind: .touch, phase: .move, location: a, time: last)))
            events.append(.pointer(PointerEvent(pointerID: 2, kind: .touch, phase: .move, location: b, time: last)))
        }
        let (a, b) = points(1)
        events.append(.pointer(PointerEvent(pointerID: 1, kind: .touch, phase: .up, location: a, time: last)))
        events.append(.pointer(PointerEvent(pointerID: 2, kind: .touch, phase: .up, location: b, time: last)))
        return (events, last + Pace.gap)
    }

    // MARK: Names

    private func itemCenter(
        _ name: String, inPane paneName: String?, _ fail: (String) -> SimulationError
    ) throws -> CGPoint {
        let entry: PaneEntry
        if let paneName {
            guard let pane = pane(named: paneName) else { throw fail(unknownPane(paneName)) }
            guard let found = pane.item(named: name) else {
                let held = pane.items.map(\.item.name)
                throw fail(
                    "pane \"\(paneName)\" holds no item \"\(name)\" now"
                        + (held.isEmpty ? " (it is empty)" : " (it holds: \(held.joined(separator: ", ")))"))
            }
            entry = found
        } else {
            guard let found = panes.lazy.compactMap({ $0.item(named: name) }).first else {
                throw fail("no pane holds an item \"\(name)\" now")
            }
            entry = found
        }
        return entry.node.convertToGlobal(CGPoint(x: entry.node.frame.width / 2, y: entry.node.frame.height / 2))
    }

    private func node(named name: String, _ fail: (String) -> SimulationError) throws -> Node {
        if let entry = panes.lazy.compactMap({ $0.item(named: name) }).first { return entry.node }
        if let pane = pane(named: name) { return pane.node }
        throw fail("no item or pane is named \"\(name)\"")
    }

    /// A point of a list pane (in its space) where an item released lands at `index`: just before the item now at
    /// `index` in reading order, or just after the last one; DragDrop's own rule checks it.
    private func insertionPoint(
        _ index: Int, in pane: LivePane, _ fail: (String) -> SimulationError
    ) throws -> CGPoint {
        let frames = pane.items.map(\.node.frame)
        let candidates: [CGPoint]
        if frames.isEmpty {
            candidates = [CGPoint(x: pane.spec.frame.width / 2, y: pane.spec.frame.height / 2)]
        } else if index < frames.count {
            let next = frames[index]
            candidates = [CGPoint(x: next.minX - 1, y: next.midY), CGPoint(x: next.midX, y: next.minY - 1)]
        } else {
            let last = frames[frames.count - 1]
            candidates = [CGPoint(x: last.maxX + 1, y: last.midY), CGPoint(x: last.midX, y: last.maxY + 1)]
        }
        let bounds = CGRect(origin: .zero, size: pane.spec.frame.size)
        guard
            let point = candidates.first(where: {
                bounds.contains($0) && pane.container.listInsertionIndex(at: $0) == index
            })
        else {
            throw fail("no point of pane \"\(pane.spec.name)\" lands an item at \(index) (its items fill it)")
        }
        return point
    }

    private func unknownPane(_ name: String) -> String {
        let hint = Suggestion.closest(to: name, among: paneNames).map { "; did you mean \"\($0)\"?" } ?? ""
        return "no pane is named \"\(name)\"\(hint) (the panes: \(paneNames.joined(separator: ", ")))"
    }

    private func checkFree(_ pointers: [Int], _ fail: (String) -> SimulationError) throws {
        for pointer in pointers where scene.location(ofPointer: pointer) != nil {
            throw fail("pointer \(pointer) is already down; the action needs it")
        }
    }
}
