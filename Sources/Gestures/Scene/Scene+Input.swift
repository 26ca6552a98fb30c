import Foundation

extension Scene {
    /// Delivers a pointer event: the clock first advances to its time (running deadlines up to and including
    /// it), then the event goes to the gestures of the nodes under the pointer.
    ///
    /// A down is hit-tested and starts a gesture session for the frontmost node hit and its ancestors, or joins
    /// the session already running through the same gesture-bearing node; the down's location is then delivered
    /// once more in the same step, so a motionless finger can satisfy a long press of zero duration. Moves, ups
    /// and cancels go to the pointer's session. A cancel cancels every gesture of that session.
    /// - Parameter event: The event.
    /// - Throws: `GestureInputError` when the event is earlier than the clock, not finite, a down for a
    ///   pointer already down, or anything else for a pointer that is not down. The scene is unchanged then.
    public func send(_ event: PointerEvent) throws {
        try validate(event)
        try advance(to: event.time)
        switch event.phase {
        case .down: pointerDown(event)
        case .move: pointerMoved(event)
        case .up: pointerUp(event)
        case .cancel: pointerCancelled(event)
        }
        for observer in observers.pointer { observer.handler(event) }
        updateIfNeeded()
    }

    /// Delivers a key event to the key observers (gestures do not see keys).
    /// - Parameter event: The event.
    /// - Throws: `GestureInputError` when the event is earlier than the clock or its time is not finite.
    public func send(_ event: KeyEvent) throws {
        guard event.time.isFinite else {
            throw GestureInputError(.notFinite, "key event at time \(event.time): the time is not a finite number")
        }
        try advance(to: event.time)
        record(.key, value: "\(event.key) \(event.phase)")
        for observer in observers.key { observer.handler(event) }
        updateIfNeeded()
    }

    /// Cancels every running gesture (a session reset): no `onEnded`, every `@GestureState` reset. Pointers stay
    /// down but drive no gesture until they go up.
    public func cancelAllGestures() {
        for session in sessions { finish(session, cancelling: true) }
        updateIfNeeded()
    }

    /// Cancels the gestures a pointer drives.
    /// - Parameter pointerID: The pointer.
    public func cancelGestures(ofPointer pointerID: Int) {
        guard let session = pointers[pointerID]?.session else { return }
        finish(session, cancelling: true)
        updateIfNeeded()
    }

    /// The identifiers of the pointers that are down, ascending.
    public var pointersDown: [Int] { pointers.ids.sorted() }

    /// Where a pointer that is down is, in the scene's space.
    /// - Parameter pointerID: The pointer.
    /// - Returns: Its location, or nil when it is not down.
    public func location(ofPointer pointerID: Int) -> CGPoint? {
        pointers[pointerID]?.location
    }

    // MARK: Dispatch

    private func validate(_ event: PointerEvent) throws {
        // The messages are built only when there is an error: this runs on every event.
        func what() -> String { "pointer \(event.pointerID) \(event.phase) at time \(event.time)" }
        guard event.time.isFinite, event.location.x.isFinite, event.location.y.isFinite else {
            throw GestureInputError(.notFinite, "\(what()): the time or location is not a finite number")
        }
        guard event.time >= currentTime else {
            throw GestureInputError(
                .timeWentBackwards, "\(what()): the scene's clock is already at \(Formatting.time(currentTime))")
        }
        let isDown = pointers[event.pointerID] != nil
        if event.phase == .down && isDown {
            throw GestureInputError(.pointerAlreadyDown, "\(what()): the pointer is already down")
        }
        if event.phase != .down && !isDown {
            throw GestureInputError(.pointerNotDown, "\(what()): the pointer is not down")
        }
    }

    private func pointerDown(_ event: PointerEvent) {
        let hit = hitTest(event.location)
        let path = hit?.ancestorsAndSelf ?? []
        if isRecording {
            record(
                .pointer, node: hit,
                value: "\(event.kind) \(event.pointerID) down \(Formatting.point(event.location))")
        }
        let session = joinableSession(for: path) ?? startSession(path: path, event: event)
        pointers[event.pointerID] = PointerRecord(
            id: event.pointerID, kind: event.kind, location: event.location, session: session)
        guard let session else { return }
        session.add(pointer: event.pointerID, path: path)
        session.step(sample(event, .down, isRepeat: false))
        if !session.isFinished && !session.root.kind.isTerminal {
            session.step(sample(event, .move, isRepeat: true))
        }
        afterStep(session)
    }

    private func pointerMoved(_ event: PointerEvent) {
        var session: GestureSession?
        pointers.update(event.pointerID) { record in
            record.location = event.location
            session = record.session
        }
        if isRecording {
            record(.pointer, value: "\(event.kind) \(event.pointerID) move \(Formatting.point(event.location))")
        }
        guard let session else { return }
        session.step(sample(event, .move, isRepeat: false))
        afterStep(session)
    }

    private func pointerUp(_ event: PointerEvent) {
        let session = pointers.removeValue(forKey: event.pointerID)?.session
        if isRecording {
            record(.pointer, value: "\(event.kind) \(event.pointerID) up \(Formatting.point(event.location))")
        }
        guard let session else { return }
        session.remove(pointer: event.pointerID)
        session.step(sample(event, .up, isRepeat: false))
        afterStep(session)
    }

    private func pointerCancelled(_ event: PointerEvent) {
        let session = pointers.removeValue(forKey: event.pointerID)?.session
        if isRecording {
            record(.pointer, value: "\(event.kind) \(event.pointerID) cancel \(Formatting.point(event.location))")
        }
        if let session { finish(session, cancelling: true) }
        for observer in observers.pointerCancelled { observer.handler(event) }
    }

    private func sample(_ event: PointerEvent, _ phase: PointerEvent.Phase, isRepeat: Bool) -> PointerSample {
        PointerSample(
            pointerID: event.pointerID, kind: event.kind, phase: phase, location: event.location, isRepeat: isRepeat)
    }

    // MARK: Sessions

    /// The running session whose path holds the deepest gesture-bearing node of a new pointer's path.
    private func joinableSession(for path: [Node]) -> GestureSession? {
        guard let owner = path.first(where: { !$0.gestureAttachments.isEmpty }) else { return nil }
        return sessions.last { session in !session.isFinished && session.path.contains { $0 === owner } }
    }

    private func startSession(path: [Node], event: PointerEvent) -> GestureSession? {
        guard let root = GestureSession.makeRoot(path: path, scene: self, first: event) else { return nil }
        let session = GestureSession(scene: self, path: path, root: root)
        sessions.append(session)
        return session
    }

    /// After an update: ends a session that is done, or schedules its next deadline.
    func afterStep(_ session: GestureSession) {
        guard !session.isFinished else { return }
        guard session.canContinue else {
            finish(session, cancelling: !session.root.kind.isTerminal)
            return
        }
        let next = session.root.nextDeadline()
        guard next != session.scheduledDeadline else { return }
        session.generation += 1
        session.scheduledDeadline = next
        if next.isFinite { deadlines.push(max(next, currentTime), .session(session, generation: session.generation)) }
    }

    /// Ends a session: a live one is cancelled (no `onEnded`, states reset); its pointers drive nothing more.
    func finish(_ session: GestureSession, cancelling: Bool) {
        guard !session.isFinished else { return }
        session.isFinished = true
        session.cancel()
        sessions.removeAll { $0 === session }
        for id in session.pointerIDs { pointers.update(id) { $0.session = nil } }
        session.generation += 1
        if cancelling { needsUpdate = true }
    }

    /// The edge whose system gesture a pointer down may start, if any.
    func systemEdge(at event: PointerEvent) -> Edge? {
        guard !systemGestureEdges.isEmpty, event.kind == .touch || event.kind == .pen else { return nil }
        let width = SystemEdgeRecognizer.edgeWidth
        let p = event.location
        let candidates: [(Edge, Bool)] = [
            (.top, p.y < width), (.bottom, p.y > size.height - width),
            (.leading, p.x < width), (.trailing, p.x > size.width - width),
        ]
        return candidates.first { systemGestureEdges.contains(Edge.Set($0.0)) && $0.1 }?.0
    }

    func systemGestureRecognized(_ edge: Edge) {
        record(.systemGesture, node: root, value: "\(edge)")
        for observer in observers.systemGesture { observer.handler(edge) }
    }
}
