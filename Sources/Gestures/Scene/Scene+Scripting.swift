import Foundation

// Short forms for scripted input: samples, tests and simulators read better with them.
extension Scene {
    /// Sends a pointer event.
    /// - Parameters:
    ///   - phase: Down, move, up or cancel.
    ///   - location: Where, in the scene's space.
    ///   - time: When.
    ///   - pointer: The pointer's identifier.
    ///   - kind: The device.
    /// - Throws: `GestureInputError` for an event the scene cannot accept.
    public func send(
        _ phase: PointerEvent.Phase, _ location: CGPoint, at time: Double, pointer: Int = 1,
        kind: PointerKind = .touch
    ) throws {
        try send(PointerEvent(pointerID: pointer, kind: kind, phase: phase, location: location, time: time))
    }

    /// A press and release at one point.
    /// - Parameters:
    ///   - location: Where.
    ///   - time: When the pointer goes down.
    ///   - duration: How long it stays down.
    ///   - pointer: The pointer's identifier.
    ///   - kind: The device.
    /// - Throws: `GestureInputError` for an event the scene cannot accept.
    public func tap(
        at location: CGPoint, time: Double, duration: Double = 0.1, pointer: Int = 1, kind: PointerKind = .touch
    ) throws {
        try send(.down, location, at: time, pointer: pointer, kind: kind)
        try send(.up, location, at: time + duration, pointer: pointer, kind: kind)
    }

    /// Moves a pointer that is down along a straight line at uniform speed, in equal steps.
    /// - Parameters:
    ///   - location: The end point.
    ///   - time: When the pointer arrives.
    ///   - steps: The number of move events, at least 1.
    ///   - pointer: The pointer's identifier.
    /// - Throws: `GestureInputError` for an event the scene cannot accept (the pointer is not down, say).
    public func move(to location: CGPoint, arrivingAt time: Double, steps: Int = 1, pointer: Int = 1) throws {
        guard let record = pointers[pointer] else {
            throw GestureInputError(
                .pointerNotDown, "move of pointer \(pointer) at time \(time): the pointer is not down")
        }
        let start = record.location
        let startTime = currentTime
        let count = max(1, steps)
        for step in 1...count {
            let fraction = CGFloat(step) / CGFloat(count)
            let point = CGPoint(
                x: start.x + (location.x - start.x) * fraction, y: start.y + (location.y - start.y) * fraction)
            try send(
                PointerEvent(
                    pointerID: pointer, kind: record.kind, phase: .move, location: point,
                    time: startTime + (time - startTime) * Double(fraction)))
        }
    }
}
