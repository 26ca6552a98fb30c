import DragDrop
import Foundation
import Gestures

extension Simulation {
    /// Hears the key moments of a run, each while the scene still shows it: draw ``Simulation/scene`` then.
    package typealias MomentObserver = (KeyMoment, Simulation) -> Void

    /// Plays a script: expands each step against the scene as it is when the step starts, sends its events in
    /// order, and completes every drop (loads, action, source update) right after the event that released it.
    /// - Parameters:
    ///   - script: The script; ``SceneFile/script`` for the scene's own.
    ///   - observer: Hears each key moment, right after the event that made it (and again after a drop
    ///     completes, for the moments the completion made).
    /// - Returns: The timeline and the final contents of every pane.
    /// - Throws: `SimulationError` naming the script line of a step the scene cannot play, with what happened
    ///   before it in ``SimulationError/resultSoFar``.
    nonisolated(nonsending) package func run(_ script: Script, observer: MomentObserver? = nil) async throws
        -> SimulationResult
    {
        var recorder = Recorder(observer: observer)
        do {
            try await play(script, into: &recorder)
        } catch var error as SimulationError {
            error.resultSoFar = SimulationResult(
                sceneName: file.name, events: recorder.events, panes: summary(), endTime: scene.currentTime)
            throw error
        }
        return SimulationResult(
            sceneName: file.name, events: recorder.events, panes: summary(), endTime: scene.currentTime)
    }

    /// Sends every step's events, recording the timeline as it goes.
    nonisolated(nonsending) private func play(_ script: Script, into recorder: inout Recorder) async throws {
        var cursor = scene.currentTime
        for step in script.steps {
            if let time = step.time {
                guard time >= scene.currentTime else {
                    throw SimulationError(
                        .badInput,
                        "@\(Formatting.number(time)) is earlier than the clock, which is at \(Formatting.time(scene.currentTime))",
                        file: step.file, line: step.line)
                }
                cursor = time
            }
            let (events, next) = try expand(step, at: max(cursor, scene.currentTime))
            for event in events {
                do {
                    try send(event)
                } catch let error as GestureInputError {
                    throw SimulationError(.badInput, "\(error)", file: step.file, line: step.line)
                }
                collect(into: &recorder)
                if scene.hasPendingDrops {
                    await scene.finishDrops()
                    collect(into: &recorder)
                }
            }
            cursor = next
        }
    }

    /// Plays the scene's own script (none: an empty run).
    /// - Parameter observer: Hears each key moment.
    /// - Returns: The timeline and the final contents of every pane.
    /// - Throws: `SimulationError` naming the script line of a step the scene cannot play.
    nonisolated(nonsending) package func run(observer: MomentObserver? = nil) async throws -> SimulationResult {
        try await run(file.script ?? Script(steps: []), observer: observer)
    }

    private func send(_ event: ScriptEvent) throws {
        switch event {
        case .pointer(let pointer):
            try scene.send(pointer)
            switch pointer.phase {
            case .down: pointerKinds[pointer.pointerID] = pointer.kind
            case .up, .cancel: pointerKinds[pointer.pointerID] = nil
            case .move: break
            }
        case .key(let key):
            try scene.send(key)
        case .advance(let time):
            try scene.advance(to: time)
        }
    }

    /// Takes what happened since the last collection and tells the observer of the key moments.
    private func collect(into recorder: inout Recorder) {
        guard !pendingEvents.isEmpty else { return }
        let events = pendingEvents
        pendingEvents.removeAll(keepingCapacity: true)
        for event in events {
            recorder.events.append(event)
            guard let kind = KeyMoment.kind(of: event), let observer = recorder.observer else { continue }
            recorder.moments += 1
            observer(KeyMoment(kind: kind, event: event, number: recorder.moments), self)
        }
    }

    /// What happened in the scene since the last call (or since the run last collected): for programs that drive
    /// the scene themselves, such as a desktop window, and print its timeline as it happens.
    /// - Returns: The events, in order.
    package func takeEvents() -> [SimulationEvent] {
        defer { pendingEvents.removeAll(keepingCapacity: true) }
        return pendingEvents
    }

    /// What the panes hold now.
    package func summary() -> [PaneSummary] {
        panes.map { pane in
            PaneSummary(
                name: pane.spec.name,
                items: pane.items.map { entry in
                    PaneSummary.Item(
                        name: entry.item.name, origin: entry.origin, byteCount: entry.item.data.count,
                        types: entry.item.offeredTypes.map(\.identifier), imageName: entry.item.imageName)
                })
        }
    }

    private struct Recorder {
        let observer: MomentObserver?
        var events: [SimulationEvent] = []
        var moments = 0
    }
}
