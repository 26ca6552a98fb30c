import DesktopTransfer
import DragDrop
import Foundation
import Gestures
import Locking
import PNGCodec
import Rendering

/// A `Scene` shown in a real X11 window: drawn by DnDKit's renderer or one of your choice, redrawn when something
/// happened (with the renderer, only what changed is drawn and sent), with
/// the mouse's button 1 and motion sent to the scene as a mouse pointer, Escape as a key, and the scene's clock
/// driven by the wall clock so that long presses, spring loading and deadlines fire in real time. Drops are
/// completed (`finishDrops`) right after the event that released them.
///
/// ```swift
/// let window = try SceneWindow(scene: scene, title: "Photos", renderer: SnapshotRenderer(images: pictures))
/// try await window.run()          // until the window is closed
/// ```
///
/// A window is not `Sendable`: run it on the task that owns the scene.
package final class SceneWindow {
    /// The scene shown.
    package let scene: Scene
    private let x: X11Connection
    private let window: X11Window
    private let deleteWindow: X11Atom
    private let protocols: X11Atom
    private let start = ContinuousClock.now
    /// The window's parts: its frames, its input, its clipboard, and XDND's two sides.
    private let presenter: FramePresenter
    private let input: WindowInput
    private let clipboard: ClipboardController
    private let xdnd: XdndTarget
    private let xdndSource: XdndSource
    /// What the window's jobs could not do, until its program takes them (``takeProblems()``).
    private let problems = WindowProblems()
    private var needsDraw = true
    /// Whether the window was closed (by its user, or destroyed): ``run(for:while:)`` returns at once then.
    package private(set) var isClosed = false
    /// Wakes the loop's sleep for ``loop``.
    private let wakeUp: WakeUpPipe
    /// Ends the running loop, or has it take a step, from any thread (a signal handler, a test's driver).
    package let loop: LoopControl
    /// How many times the loop woke from its sleep since the window opened: for an event, a deadline it had set
    /// (the scene's next deadline, the next frame while something moves, the end of `run(for:)`), or ``loop``.
    /// An idle window sleeps without waking.
    package private(set) var wakeUps = 0

    /// The parts of the window the last frame sent (in the window's space): none when nothing had changed, the
    /// whole window after an exposure. Drawing sends only what changed since the frame before.
    package var lastDamage: [CGRect] { presenter.lastDamage }

    /// Opens a window the scene's size.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - title: The window's title.
    ///   - display: The display, or nil for `DISPLAY`.
    ///   - origin: Where the window asks to be on the screen (a window manager may place it elsewhere).
    ///   - peerTimeout: The longest wait for each answer of another program dragging over the window, in seconds:
    ///     a drop whose data does not come in time fails.
    ///   - renderer: Draws the scene, at scale 1: each frame draws and sends only what can have changed (a
    ///     `FrameRenderer`).
    /// - Throws: `X11Error` when there is no display or the server refuses.
    package convenience init(
        scene: Scene, title: String, display: String? = nil, origin: CGPoint = .zero, peerTimeout: Double = 5,
        renderer: SnapshotRenderer
    ) throws(X11Error) {
        var renderer = renderer
        renderer.scale = 1
        try self.init(
            scene: scene, title: title, display: display, origin: origin, peerTimeout: peerTimeout,
            painter: .frames(FrameRenderer(renderer)))
    }

    /// Opens a window the scene's size, drawn by a function of your own: each frame is drawn whole and compared
    /// with the one before, and only the rectangle that changed is sent.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - title: The window's title.
    ///   - display: The display, or nil for `DISPLAY`.
    ///   - origin: Where the window asks to be on the screen (a window manager may place it elsewhere).
    ///   - peerTimeout: The longest wait for each answer of another program dragging over the window, in seconds:
    ///     a drop whose data does not come in time fails.
    ///   - draw: Draws the scene into a bitmap of the scene's size (8-bit RGB or RGBA).
    /// - Throws: `X11Error` when there is no display or the server refuses.
    package convenience init(
        scene: Scene, title: String, display: String? = nil, origin: CGPoint = .zero, peerTimeout: Double = 5,
        draw: @escaping (Scene) throws -> Bitmap
    ) throws(X11Error) {
        try self.init(
            scene: scene, title: title, display: display, origin: origin, peerTimeout: peerTimeout,
            painter: .bitmaps(draw))
    }

    private init(
        scene: Scene, title: String, display: String?, origin: CGPoint, peerTimeout: Double,
        painter: FramePresenter.Painter
    ) throws(X11Error) {
        self.scene = scene
        x = try X11Connection(display: display)
        window = x.createWindow(
            at: (Int(origin.x), Int(origin.y)), width: Int(scene.size.width), height: Int(scene.size.height),
            events: [.exposure, .buttonPress, .buttonRelease, .pointerMotion, .keyPress, .structure])
        presenter = FramePresenter(x: x, window: window, painter: painter)
        x.setProperty(try x.atom("_NET_WM_NAME"), of: window, type: try x.atom("UTF8_STRING"), bytes: title.utf8)
        x.setProperty(
            X11Connection.Predefined.windowName, of: window, type: X11Connection.Predefined.string, bytes: title.utf8)
        protocols = try x.atom("WM_PROTOCOLS")
        deleteWindow = try x.atom("WM_DELETE_WINDOW")
        x.setProperty(protocols, of: window, type: X11Connection.Predefined.atom, words: [deleteWindow])
        wakeUp = try WakeUpPipe()
        loop = LoopControl(wakeUp)
        // The files an earlier process handed out and left behind when it was killed are removed now.
        HandedOutFiles.removeAbandonedStagingFolders()
        let worker = try SelectionTransferWorker(display: display)
        xdnd = try XdndTarget(
            x: x, window: window, scene: scene,
            settings: XdndTarget.Settings(worker: worker, timeout: peerTimeout, limit: 1 << 30))
        xdndSource = try XdndSource(
            x: x, window: window, scene: scene, display: display, timeout: peerTimeout, problems: problems)
        input = try WindowInput(x: x, scene: scene, xdndSource: xdndSource, problems: problems)
        clipboard = ClipboardController(
            scene: scene, display: display, timeout: peerTimeout, worker: worker, problems: problems)
        x.map(window)
    }

    deinit {
        clipboard.stop()
        x.destroy(window)
    }

    /// What the window's jobs could not do since the last call (input the scene refused, a frame that could not be
    /// drawn, a copy or a paste that failed), oldest first, at most 100: for its program to report.
    package func takeProblems() -> [WindowProblem] {
        problems.take()
    }

    /// Draws the scene now and sends what changed to the server, as `NSView.display()`: for a program that drives
    /// the window's steps itself, or measures a frame.
    package func display() {
        needsDraw = false
        present()
    }

    /// Draws a frame; a failure is recorded, and the next frame is drawn whole.
    private func present() {
        do {
            try presenter.present(scene)
        } catch {
            problems.record(.drawing, error)
        }
    }

    /// Asks for the scene to be drawn again at the next step, as `NSView.setNeedsDisplay` does: for changes the
    /// window does not see (a value the renderer reads). Input, drags and exposures redraw without it.
    package func setNeedsDisplay() {
        needsDraw = true
    }

    /// The X window's identifier, for tools such as `xdotool`.
    package var windowID: UInt32 { window }

    /// Runs the window: events in, drops completed, the clock advanced, the scene redrawn when it may have changed.
    /// Returns when the window is closed, `duration` seconds have passed, ``LoopControl/stop()`` was called, or
    /// `afterEachStep` returns false.
    ///
    /// Between steps the loop sleeps until the X server sends something or the next thing it has to do is due: the
    /// scene's next deadline (a long press, a timeout), the next frame while something changes or moves, the end of
    /// `duration`; it never wakes at intervals when nothing happens. The sleep is on a thread of the window's own, so
    /// the caller's actor is free meanwhile.
    /// - Parameters:
    ///   - duration: The longest time to run, or nil for no limit.
    ///   - afterEachStep: Called after each step with the scene settled (to print new events, for instance);
    ///     returns whether to go on. It runs when the loop wakes: state changed elsewhere is seen after
    ///     ``LoopControl/wake()``.
    /// - Throws: `X11Error` when the connection breaks; the scene's input errors are ignored (X gave them).
    nonisolated(nonsending) package func run(for duration: Double? = nil, while afterEachStep: () -> Bool = { true })
        async throws
    {
        var frames = FramePacing()
        let started = seconds
        while !isClosed && !loop.isStopped {
            if let duration, seconds - started >= duration { return }
            // Every event that is there, before anything is drawn: input is never held up by drawing.
            var next = try x.queuedEvent()
            if next == nil {
                let timeout = sleepTime(started: started, duration: duration, frames: frames)
                if timeout != 0 {
                    try await sleep(timeout)
                    wakeUps += 1
                    next = try x.queuedEvent()
                }
            }
            if next != nil { frames.lastInput = seconds }
            while let event = next {
                handle(event)
                next = try x.queuedEvent()
            }
            if await clipboard.pasteIfAsked() { needsDraw = true }
            // A drop's items load on their own tasks; the window goes on answering until they have.
            if scene.hasLoadedDrop {
                await scene.finishDrops()
                xdnd.dropsFinished()
            }
            do {
                try scene.advance(to: max(seconds, scene.currentTime))
            } catch {
                problems.record(.clock, error)
            }
            if input.finishRelease(at: max(seconds, scene.currentTime)) { needsDraw = true }
            xdndSource.checkDeadline()
            xdndSource.sessionEnded()
            if !afterEachStep() { return }
            // Other work on the caller's actor gets its turn between steps.
            await Task.yield()
            if frames.isDue(at: seconds, wanted: needsDraw || isMoving) {
                needsDraw = false
                let start = seconds
                present()
                frames.drew(from: start, to: seconds)
            }
        }
    }

    /// Whether something on screen moves by itself: a drag session (its preview follows its pointer, its target's
    /// highlight changes).
    private var isMoving: Bool { !scene.dragSessions.isEmpty }

    /// How long the loop may sleep: until the first of the end of `duration`, the scene's next deadline, the next
    /// frame that is wanted, and the deadlines of a drag to or from another program; nil when nothing is due.
    private func sleepTime(started: Double, duration: Double?, frames: FramePacing) -> Double? {
        let now = seconds
        var due: [Double] = []
        if let duration { due.append(started + duration) }
        if let deadline = scene.nextDeadline { due.append(deadline) }
        if needsDraw || isMoving { due.append(frames.nextFrame) }
        // A drop's items load on tasks that do not wake the loop: looked for every millisecond while they load.
        if scene.hasPendingDrops { due.append(now + 0.001) }
        // A release outside the window waits for the other program's answer, or the end of its patience.
        if input.deferredRelease != nil { due.append(now + 0.015) }
        if let deadline = xdndSource.nextDeadline { due.append(now + max(0, deadline.timeIntervalSinceNow)) }
        if clipboard.pendingPaste != nil { due.append(now) }
        return due.min().map { max(0, $0 - now) }
    }

    /// Sleeps on the window's own thread until the X server sends something, a stop is requested, or `timeout`
    /// seconds have passed (nil: no limit).
    nonisolated(nonsending) private func sleep(_ timeout: Double?) async throws(X11Error) {
        x.flush()
        let descriptors = [x.fileDescriptor, wakeUp.readEnd]
        let wakeUp = wakeUp
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            sleeper.async {
                X11Connection.sleep(untilReadable: descriptors, timeout: timeout)
                wakeUp.drain()
                done.resume()
            }
        }
        try x.check()
    }

    /// The thread the loop sleeps on.
    private let sleeper = DispatchQueue(label: "DnDKit X11 window sleep")

    /// Reaches a window's loop from any thread: ``stop()`` ends a running ``SceneWindow/run(for:while:)`` (for a
    /// signal handler that wants the window's normal clean-up rather than the process killed in the middle),
    /// ``wake()`` has it take one more step (for an `afterEachStep` that looks at state changed elsewhere). Both wake
    /// the loop's sleep at once, through a pipe.
    ///
    /// ```swift
    /// let loop = window.loop
    /// let signals = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
    /// signals.setEventHandler { loop.stop() }
    /// ```
    package final class LoopControl: Sendable {
        private let wakeUp: WakeUpPipe
        private let stopped = Lock(false)

        init(_ wakeUp: WakeUpPipe) {
            self.wakeUp = wakeUp
        }

        /// Ends the loop after the step it is in; every later run returns at once too. The window then closes as
        /// usual (its clipboard given up; the files it handed out removed when the process exits).
        package func stop() {
            stopped.withLock { $0 = true }
            wakeUp.wake()
        }

        /// Has the loop take one more step now (and call its `afterEachStep`).
        package func wake() {
            wakeUp.wake()
        }

        /// Whether ``stop()`` was called.
        package var isStopped: Bool { stopped.withLock { $0 } }
    }

    /// Seconds since the window opened: the scene's clock.
    private var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Takes one event: exposures to the frames, input to ``WindowInput`` (and what it asks of the clipboard to the
    /// clipboard), XDND's messages and destructions to its two sides, the window manager's close.
    private func handle(_ event: X11Event) {
        switch event {
        case .expose:
            // The server lost what the window showed: the next frame is sent whole.
            presenter.needsWholeFrame = true
            needsDraw = true
        case .buttonPress, .buttonRelease, .motion, .keyPress:
            let (changed, request) = input.handle(event, at: max(seconds, scene.currentTime))
            if changed { needsDraw = true }
            switch request {
            case .copy(let location, let cut):
                if clipboard.copy(at: location, cut: cut) { needsDraw = true }
            case .paste(let location, let selection):
                clipboard.askToPaste(at: location, from: selection)
            case nil:
                break
            }
        case .clientMessage(let message):
            if message.type == protocols && message.words[0] == deleteWindow {
                isClosed = true
            } else if xdndSource.handle(message) || xdnd.handle(message) {
                needsDraw = true
            }
        case .destroyNotify(let destroyed):
            if destroyed == window {
                isClosed = true
            } else {
                xdnd.windowDestroyed(destroyed)
                xdndSource.windowDestroyed(destroyed)
                needsDraw = true
            }
        default:
            // Errors of requests with no reply (the window's own are not made; another program's window gone
            // between a look and a request is expected) and events the host does not read.
            break
        }
    }

    /// What the window shows now, read back from the X server (not from the renderer): 8-bit RGB.
    /// - Returns: The window's pixels.
    /// - Throws: `X11Error` when the server does not give them.
    package func capture() throws(X11Error) -> Bitmap {
        try presenter.capture(size: scene.size)
    }
}
