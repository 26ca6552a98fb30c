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
    private let gc: UInt32
    private let painter: Painter
    /// The last frame a drawing function gave, to compare the next with.
    private var lastBitmap: Bitmap?
    private let escapeKeycodes: Set<X11Keycode>
    /// The keycodes of C, X and V, which copy, cut and paste with Control.
    private let copyKeycodes, cutKeycodes, pasteKeycodes: Set<X11Keycode>
    /// Where the pointer was last seen over the window: where a copy or a paste applies.
    private var pointer = CGPoint.zero
    /// The owner of the clipboard after the last copy or cut, serving other programs.
    private var clipboardOwner: X11ClipboardOwner?
    /// A paste asked for by Ctrl+V (the clipboard) or the middle button (the primary selection), done after the
    /// step's events.
    private var pendingPaste: (location: CGPoint, selection: X11Clipboard.Selection)?
    private let displayName: String?
    private let peerTimeout: Double
    private let deleteWindow: X11Atom
    private let protocols: X11Atom
    private let start = ContinuousClock.now
    private var xdnd: XdndTarget?
    /// Reads what other programs offer (a drop's items, a paste's) on a thread and a connection of its own.
    private let worker: SelectionTransferWorker
    /// Whether the server must be sent the whole frame (at first and after an exposure).
    private var needsWholeFrame = true
    /// The parts of the window the last frame sent (in the window's space): none when nothing had changed, the
    /// whole window after an exposure. Drawing sends only what changed since the frame before.
    package private(set) var lastDamage: [CGRect] = []
    private var xdndSource: XdndSource?
    /// A release outside the window, held until the program under the pointer has answered.
    private var deferredRelease: X11Event.Pointer?
    private var buttonDown = false
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
        scene: Scene, title: String, display: String?, origin: CGPoint, peerTimeout: Double, painter: Painter
    ) throws(X11Error) {
        self.scene = scene
        self.painter = painter
        x = try X11Connection(display: display)
        window = x.createWindow(
            at: (Int(origin.x), Int(origin.y)), width: Int(scene.size.width), height: Int(scene.size.height),
            events: [.exposure, .buttonPress, .buttonRelease, .pointerMotion, .keyPress, .structure])
        gc = x.createGraphicsContext(for: window)
        let utf8 = try x.atom("UTF8_STRING")
        x.setProperty(try x.atom("_NET_WM_NAME"), of: window, type: utf8, bytes: title.utf8)
        x.setProperty(
            X11Connection.Predefined.windowName, of: window, type: X11Connection.Predefined.string, bytes: title.utf8)
        protocols = try x.atom("WM_PROTOCOLS")
        deleteWindow = try x.atom("WM_DELETE_WINDOW")
        x.setProperty(protocols, of: window, type: X11Connection.Predefined.atom, words: [deleteWindow])
        escapeKeycodes = try x.keycodes(of: 0xFF1B)  // XK_Escape
        copyKeycodes = try x.keycodes(of: 0x63)  // XK_c
        cutKeycodes = try x.keycodes(of: 0x78)  // XK_x
        pasteKeycodes = try x.keycodes(of: 0x76)  // XK_v
        self.displayName = display
        self.peerTimeout = peerTimeout
        wakeUp = try WakeUpPipe()
        loop = LoopControl(wakeUp)
        // The files an earlier process handed out and left behind when it was killed are removed now.
        HandedOutFiles.removeAbandonedStagingFolders()
        worker = try SelectionTransferWorker(display: display)
        xdnd = try XdndTarget(
            x: x, window: window, scene: scene,
            settings: XdndTarget.Settings(worker: worker, timeout: peerTimeout, limit: 1 << 30))
        xdndSource = try XdndSource(x: x, window: window, scene: scene, display: display, timeout: peerTimeout)
        x.map(window)
    }

    deinit {
        clipboardOwner?.stop()
        x.freeGraphicsContext(gc)
        x.destroy(window)
    }

    /// Draws the scene now and sends what changed to the server, as `NSView.display()`: for a program that drives
    /// the window's steps itself, or measures a frame.
    package func display() {
        needsDraw = false
        present()
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
            if let (location, selection) = pendingPaste {
                pendingPaste = nil
                await paste(at: location, from: selection)
            }
            // A drop's items load on their own tasks; the window goes on answering until they have.
            if scene.hasLoadedDrop {
                await scene.finishDrops()
                xdnd?.dropsFinished()
            }
            try? scene.advance(to: max(seconds, scene.currentTime))
            finishRelease()
            xdndSource?.checkDeadline()
            xdndSource?.sessionEnded()
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
        if deferredRelease != nil { due.append(now + 0.015) }
        if let deadline = xdndSource?.nextDeadline { due.append(now + max(0, deadline.timeIntervalSinceNow)) }
        if pendingPaste != nil { due.append(now) }
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

    private func handle(_ event: X11Event) {
        let time = max(seconds, scene.currentTime)
        switch event {
        case .expose:
            // The server lost what the window showed: the next frame is sent whole.
            needsWholeFrame = true
            needsDraw = true
        case .buttonPress(let press):
            if press.button == 2 && !buttonDown {
                // The middle button pastes the primary selection where it was pressed, as X programs do.
                pointer = CGPoint(x: Double(press.x), y: Double(press.y))
                pendingPaste = (pointer, .primary)
                return
            }
            guard press.button == 1, deferredRelease == nil else { return }
            buttonDown = true
            pointer = CGPoint(x: Double(press.x), y: Double(press.y))
            try? scene.send(.down, CGPoint(x: Double(press.x), y: Double(press.y)), at: time, kind: .mouse(.primary))
            needsDraw = true
        case .motion(let motion):
            pointer = CGPoint(x: Double(motion.x), y: Double(motion.y))
            guard buttonDown else { return }
            try? scene.send(.move, CGPoint(x: Double(motion.x), y: Double(motion.y)), at: time, kind: .mouse(.primary))
            needsDraw = true
            // Beyond the window, the mouse's drag is offered to the program under the pointer.
            if contains(motion.x, motion.y) {
                xdndSource?.pointerInside()
            } else if let session = mouseSession {
                xdndSource?.pointerOutside(at: (motion.rootX, motion.rootY), time: motion.time, session: session)
            }
        case .buttonRelease(let release):
            guard release.button == 1, buttonDown else { return }
            buttonDown = false
            deferredRelease = release
            finishRelease()
        case .keyPress(let key):
            if escapeKeycodes.contains(key.keycode) {
                try? scene.send(KeyEvent(key: .escape, time: time))
                needsDraw = true
            } else if key.control && (copyKeycodes.contains(key.keycode) || cutKeycodes.contains(key.keycode)) {
                copy(at: pointer, cut: cutKeycodes.contains(key.keycode))
            } else if key.control && pasteKeycodes.contains(key.keycode) {
                pendingPaste = (pointer, .clipboard)
            }
        case .clientMessage(let message):
            if message.type == protocols && message.words[0] == deleteWindow {
                isClosed = true
            } else if xdndSource?.handle(message) == true || xdnd?.handle(message) == true {
                needsDraw = true
            }
        case .destroyNotify(let destroyed):
            if destroyed == window {
                isClosed = true
            } else {
                xdnd?.windowDestroyed(destroyed)
                xdndSource?.windowDestroyed(destroyed)
                needsDraw = true
            }
        default:
            break
        }
    }

    /// Sends the button's release to the scene, once another program under the pointer (outside the window) has
    /// said whether it takes the drop: taken, the session waits for that program and the scene ignores the release.
    private func finishRelease() {
        guard let release = deferredRelease else { return }
        if !contains(release.x, release.y), xdndSource?.release(time: release.time) == .waiting { return }
        deferredRelease = nil
        try? scene.send(
            .up, CGPoint(x: Double(release.x), y: Double(release.y)),
            at: max(seconds, scene.currentTime), kind: .mouse(.primary))
        needsDraw = true
    }

    /// Ctrl+C or Ctrl+X: the copyable node under the pointer's items go on the clipboard, offered as their MIME types
    /// to every program that pastes, until another program copies.
    private func copy(at location: CGPoint, cut: Bool) {
        guard let items = scene.copyItems(at: location, cut: cut), let first = items.first else { return }
        needsDraw = true
        clipboardOwner?.stop()
        clipboardOwner = nil
        // A program that pastes files (a file manager) gets the item's first type that is not text as a file, which
        // outlives the clipboard's ownership as a drag's does.
        let offers = X11ClipboardOwner.Offer.offers(for: first, stagingFile: true)
        guard !offers.isEmpty, let owner = try? X11ClipboardOwner(offers: offers, display: displayName) else { return }
        owner.start()
        clipboardOwner = owner
    }

    /// Ctrl+V or the middle button: the selection's items, read from its owner, go to the paste destination under
    /// the pointer.
    nonisolated(nonsending) private func paste(at location: CGPoint, from selection: X11Clipboard.Selection) async {
        let display = displayName
        let timeout = peerTimeout
        guard let targets = try? X11Clipboard.availableTypes(selection, display: display, timeout: timeout) else {
            return
        }
        let readList = {
            try? X11Clipboard.paste(
                as: DesktopTypeNames.uriList, from: selection, display: display, timeout: timeout, limit: 16 << 20)
        }
        let providers = SelectionItems.providers(
            offering: targets, from: selection.rawValue, worker: worker, timeout: timeout, limit: 1 << 30,
            time: { nil }, readList: readList)
        _ = try? await scene.paste(providers, at: location)
        needsDraw = true
    }

    /// Whether a point of the window's space is inside it.
    private func contains(_ x: Int16, _ y: Int16) -> Bool {
        x >= 0 && y >= 0 && Double(x) < scene.size.width && Double(y) < scene.size.height
    }

    /// The drag the mouse is dragging, if any.
    private var mouseSession: DragSession.ID? {
        scene.dragSessions.first { $0.pointerID == 1 && !$0.isDropping }?.id
    }

    /// How frames are drawn: by DnDKit's renderer, only what can have changed, or whole by a function.
    private enum Painter {
        case frames(FrameRenderer)
        case bitmaps((Scene) throws -> Bitmap)
    }

    /// Draws the scene and sends the parts that changed since the last frame (all of it after an exposure) to the
    /// window.
    private func present() {
        switch painter {
        case .frames(let frames):
            guard let boxes = try? frames.render(scene) else { return }
            let whole = PixelBox(minX: 0, minY: 0, maxX: frames.width, maxY: frames.height)
            frames.withUnsafeBytes {
                send(needsWholeFrame ? [whole] : boxes, from: $0, width: frames.width, channels: 4)
            }
        case .bitmaps(let draw):
            guard let bitmap = try? draw(scene), bitmap.format.bitDepth == .eight, bitmap.format.channels.count >= 3
            else { return }
            let channels = bitmap.format.channels.count
            var damage = [PixelBox(minX: 0, minY: 0, maxX: bitmap.width, maxY: bitmap.height)]
            if !needsWholeFrame, let last = lastBitmap, last.width == bitmap.width, last.height == bitmap.height,
                last.format == bitmap.format
            {
                let changed = last.withUnsafeBytes { old in
                    bitmap.withUnsafeBytes { new in
                        Self.damage(from: old, to: new, width: bitmap.width, bytesPerPixel: channels)
                    }
                }
                damage = changed.map { [$0] } ?? []
            }
            lastBitmap = bitmap
            bitmap.withUnsafeBytes { send(damage, from: $0, width: bitmap.width, channels: channels) }
        }
        needsWholeFrame = false
    }

    /// Sends parts of a frame of 8-bit RGB or RGBA samples to the window, in strips that fit the server's largest
    /// request.
    private func send(_ boxes: [PixelBox], from samples: UnsafeRawBufferPointer, width: Int, channels: Int) {
        lastDamage = boxes.map { CGRect(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) }
        guard !boxes.isEmpty else { return }
        let largest = x.maximumRequestBytes - 64
        for box in boxes where !box.isEmpty {
            let columns = box.width
            let rowsPerStrip = max(1, largest / (columns * 4))
            var strip = [UInt8](repeating: 255, count: min(rowsPerStrip, box.height) * columns * 4)
            var row = box.minY
            while row < box.maxY {
                let rows = min(rowsPerStrip, box.maxY - row)
                strip.withUnsafeMutableBytes { target in
                    // ZPixmap at depth 24 is 32 bits a pixel, blue first on a little-endian server.
                    for line in 0..<rows {
                        var source = ((row + line) * width + box.minX) * channels
                        var out = line * columns * 4
                        for _ in 0..<columns {
                            target[out] = samples[source + 2]
                            target[out + 1] = samples[source + 1]
                            target[out + 2] = samples[source]
                            source += channels
                            out += 4
                        }
                    }
                    x.putImage(
                        UnsafeRawBufferPointer(target), into: window, gc: gc, x: box.minX, y: row, width: columns,
                        height: rows)
                }
                row += rows
            }
        }
        x.flush()
    }

    /// The box that holds every pixel that differs between two frames of the same size and layout; nil when none
    /// does.
    static func damage(
        from old: UnsafeRawBufferPointer, to new: UnsafeRawBufferPointer, width: Int, bytesPerPixel: Int
    ) -> PixelBox? {
        let rowBytes = width * bytesPerPixel
        guard rowBytes > 0, old.count == new.count, let first = old.baseAddress, let second = new.baseAddress else {
            return nil
        }
        let height = new.count / rowBytes
        func rowDiffers(_ row: Int) -> Bool {
            memcmp(first + row * rowBytes, second + row * rowBytes, rowBytes) != 0
        }
        guard let top = (0..<height).first(where: rowDiffers), let last = (top..<height).last(where: rowDiffers)
        else { return nil }
        var left = width
        var right = 0
        for row in top...last {
            let base = row * rowBytes
            var start = 0
            while start < left * bytesPerPixel && old[base + start] == new[base + start] { start += 1 }
            left = min(left, start / bytesPerPixel)
            var end = rowBytes
            while end > right * bytesPerPixel && old[base + end - 1] == new[base + end - 1] { end -= 1 }
            right = max(right, (end + bytesPerPixel - 1) / bytesPerPixel)
        }
        return PixelBox(minX: left, minY: top, maxX: max(right, left + 1), maxY: last + 1)
    }

    /// What the window shows now, read back from the X server (not from the renderer): 8-bit RGB.
    /// - Returns: The window's pixels.
    /// - Throws: `X11Error` when the server does not give them.
    package func capture() throws(X11Error) -> Bitmap {
        let width = Int(scene.size.width)
        let height = Int(scene.size.height)
        let data = try x.image(of: window, width: width, height: height)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for index in 0..<(width * height) {
            rgb[index * 3] = data[index * 4 + 2]
            rgb[index * 3 + 1] = data[index * 4 + 1]
            rgb[index * 3 + 2] = data[index * 4]
        }
        do {
            return try Bitmap(width: width, height: height, format: .rgb8, bytes: rgb)
        } catch {
            throw X11Error(.protocolViolation, "the window's image cannot be a bitmap: \(error)")
        }
    }
}
