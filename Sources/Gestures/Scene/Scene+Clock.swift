import Foundation

/// A deadline scheduled with `Scene.schedule(at:_:)`, to cancel it.
public struct ScheduledDeadline: Hashable, Sendable {
    let id: Int
    /// The time it runs at.
    public let time: Double
}

extension Scene {
    /// Moves the clock forward to `time`, running every pending deadline up to and including it, in time order
    /// (equal times in the order they were scheduled).
    /// - Parameter time: The new time.
    /// - Throws: `GestureInputError` when `time` is earlier than the clock or not finite.
    public func advance(to time: Double) throws {
        guard time.isFinite else {
            throw GestureInputError(.notFinite, "advance to \(time): the time is not a finite number")
        }
        guard time >= currentTime else {
            throw GestureInputError(
                .timeWentBackwards,
                "advance to \(Formatting.time(time)): the scene's clock is already at \(Formatting.time(currentTime))")
        }
        while let entry = deadlines.first, entry.time <= time {
            _ = deadlines.popFirst()
            currentTime = max(currentTime, entry.time)
            switch entry.target {
            case .session(let session, let generation):
                guard !session.isFinished, generation == session.generation else { continue }
                session.scheduledDeadline = .infinity
                session.step(nil)
                afterStep(session)
            case .external(let id):
                guard let action = externalDeadlines.removeValue(forKey: id) else { continue }
                record(.deadline, value: "#\(id)")
                action()
            }
            updateIfNeeded()
        }
        currentTime = time
    }

    /// When the next pending deadline is due, on the scene's clock: a gesture's (a long press's minimum duration,
    /// a drag's spring loading) or an action's from ``schedule(at:_:)``; nil when none is pending. A host that drives
    /// the clock from the wall clock sleeps until then, or until input comes, rather than waking at intervals. A
    /// deadline cancelled or made moot since is still counted until its time passes.
    public var nextDeadline: Double? { deadlines.first?.time }

    /// Moves the clock forward by a duration.
    /// - Parameter duration: Seconds, not negative.
    /// - Throws: `GestureInputError` when the duration is negative or not finite.
    public func advance(by duration: Double) throws {
        try advance(to: currentTime + duration)
    }

    /// Schedules an action on the virtual clock; `advance(to:)` runs it when the clock reaches `time`, among the
    /// gesture deadlines in time order. A time in the past runs at the next advance.
    /// - Parameters:
    ///   - time: When, on the scene's clock.
    ///   - action: The action.
    /// - Returns: A handle to cancel it.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> ScheduledDeadline {
        let id = makeToken()
        let when = time.isFinite ? max(time, currentTime) : currentTime
        externalDeadlines[id] = action
        deadlines.push(when, .external(id: id))
        return ScheduledDeadline(id: id, time: when)
    }

    /// Cancels a scheduled action that has not run yet.
    /// - Parameter deadline: The handle `schedule(at:_:)` returned.
    public func cancel(_ deadline: ScheduledDeadline) {
        externalDeadlines.removeValue(forKey: deadline.id)
    }
}
