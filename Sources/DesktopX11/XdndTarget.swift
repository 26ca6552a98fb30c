import ContentTypes
import DesktopTransfer
import DragDrop
import Foundation
import Gestures
import Locking
import Transfer

/// The drop-target side of XDND (version 5) for one window: other programs' drags become the scene's
/// ``ExternalDrag``s, targeted and dropped by the scene's own code, and the other program hears what the scene
/// answered (`XdndStatus`) and what it did (`XdndFinished`).
///
/// Data moves through the `XdndSelection` selection. A list of files (`text/uri-list`) is read when the drag
/// enters, so that each file becomes an item of the type its content has; every other type is read when a
/// destination loads it after the drop, on a connection of its own, so the window's connection is never held up.
final class XdndTarget {
    /// What the host tells the scene, and how long it waits for the other program.
    struct Settings {
        /// Converts the selection when a dropped item is loaded.
        var worker: SelectionTransferWorker
        /// The longest wait for each answer of the other program, in seconds.
        var timeout: Double
        /// The largest payload taken, in bytes.
        var limit: Int
    }

    /// One drag from another program, from its enter to its finish.
    private struct Visit {
        let source: X11Window
        let version: UInt32
        /// The types offered, by name, in the source's order.
        let targets: [String]
        /// The window's corner on the root window, read at enter.
        let origin: (x: Int, y: Int)
        var drag: ExternalDrag?
        /// The items, made at the first position (a list of files is read then).
        var providers: [ItemProvider]?
        /// Set once dropped: the session is finishing and the source waits for `XdndFinished`.
        var dropped = false
        /// The actions the source offers when it asks (`XdndActionAsk`): its `XdndActionList`, read at enter.
        let offeredActions: [X11Atom]
        /// The file name the source suggests for its item (XDND's Direct Save, `XdndDirectSave0` on its window),
        /// read at enter.
        let suggestedName: String?
    }

    /// The highest protocol version spoken.
    static let version: UInt32 = 5

    private let x: X11Connection
    private let window: X11Window
    private let scene: Scene
    private let atoms: XdndAtoms
    private let settings: Settings
    private var visit: Visit?
    /// The time stamp the source last sent (its `XdndPosition`'s during the drag, its `XdndDrop`'s after the drop),
    /// which every conversion of `XdndSelection` uses (shared with the loads' threads).
    private let sourceTime = SourceTime()

    init(x: X11Connection, window: X11Window, scene: Scene, settings: Settings) throws(X11Error) {
        self.x = x
        self.window = window
        self.scene = scene
        self.settings = settings
        atoms = try XdndAtoms(x)
        x.setProperty(atoms.aware, of: window, type: X11Connection.Predefined.atom, words: [Self.version])
        x.flush()
    }

    /// Whether a drag from another program is over the window or finishing its drop.
    var isActive: Bool { visit != nil }

    /// Takes a client message; answers whether it was one of XDND's.
    func handle(_ message: X11Event.ClientMessage) -> Bool {
        guard message.format == 32 else { return false }
        let words = message.words
        switch message.type {
        case atoms.enter: enter(words)
        case atoms.position: position(words)
        case atoms.leave: leave(words)
        case atoms.drop: drop(words)
        default: return false
        }
        return true
    }

    /// A window was destroyed: when it is the source's, its drag ends (the other program went away).
    func windowDestroyed(_ destroyed: X11Window) {
        guard let visit, visit.source == destroyed else { return }
        self.visit = nil
        visit.drag?.cancel("the program dragging over the window went away")
    }

    /// After the scene's drops finished: tells the source how its drop ended.
    func dropsFinished() {
        guard let visit, visit.dropped, let drag = visit.drag, let outcome = drag.outcome else { return }
        finish(visit, outcome)
    }

    // MARK: Messages

    private func enter(_ words: [UInt32]) {
        let version = words[1] >> 24
        guard version >= 3 else { return }
        if let old = visit {
            // A new drag before the last one left or finished: the last one is over, and its source is told so.
            visit = nil
            old.drag?.cancel("another drag entered the window")
            if old.dropped { sendFinished(to: old.source, version: old.version, accepted: false, action: 0) }
        }
        let source = words[0]
        var offered = words[1] & 1 == 1 ? x.words(of: source, atoms.typeList) : []
        if offered.isEmpty { offered = Array(words[2...4]) }
        let targets = offered.filter { $0 != 0 }.compactMap { x.name(of: $0) }
        // Hear about the source's window going away, so that a drag whose program died ends.
        x.selectEvents(.structure, on: source)
        // Of the window's own corner, only a broken connection keeps the answer, and the window's loop reports that
        // at its next step; a suggested name is missing when the source's window is gone, which ends the drag anyway.
        visit = Visit(
            source: source, version: min(version, Self.version), targets: targets,
            origin: (try? x.originOnRoot(of: window)) ?? (0, 0), offeredActions: x.words(of: source, atoms.actionList),
            suggestedName: try? x.shortText(of: source, atoms.directSave))
    }

    private func position(_ words: [UInt32]) {
        guard var visit, words[0] == visit.source, !visit.dropped else { return }
        // XDND v1 and later: the time stamp of the pointer event, which the source answers conversions for.
        sourceTime.set(words[3])
        let location = CGPoint(
            x: Double(Int(Int16(truncatingIfNeeded: words[2] >> 16)) - visit.origin.x),
            y: Double(Int(Int16(truncatingIfNeeded: words[2] & 0xFFFF)) - visit.origin.y))
        // A source that offers several actions asks (`XdndActionAsk`) and lists them in `XdndActionList`.
        let asked = words[4] == atoms.ask ? visit.offeredActions : [words[4]]
        let allowed: DropOperation.Set = asked.contains(atoms.move) ? [.copy, .move] : [.copy]
        if let drag = visit.drag {
            drag.allowedOperations = allowed
            drag.move(to: location)
        } else {
            let providers = visit.providers ?? items(of: visit)
            visit.providers = providers
            visit.drag = scene.beginExternalDrag(providers, allowedOperations: allowed, at: location)
        }
        self.visit = visit
        status(visit)
    }

    private func leave(_ words: [UInt32]) {
        guard let visit, words[0] == visit.source, !visit.dropped else { return }
        self.visit = nil
        guard let drag = visit.drag else { return }
        // A source sends XdndLeave, not XdndDrop, for a release over a window that said no: the pointer is still
        // in the window then, with its buttons up.
        // The window's own pointer: only a broken connection keeps the answer (reported at the loop's next step).
        guard let pointer = try? x.pointer(on: window), pointer.x >= 0, pointer.y >= 0,
            Double(pointer.x) < scene.size.width, Double(pointer.y) < scene.size.height
        else { return drag.cancel("the drag left the window") }
        if pointer.buttonsDown {
            drag.cancel("the program dragging over the window cancelled the drag")
        } else if drag.targetFrame == nil {
            drag.cancel("the target refused the drop: nothing under the pointer in the window takes what was dragged")
        } else {
            drag.cancel("the target refused the drop: the destination under the pointer proposed \(drag.proposal)")
        }
    }

    private func drop(_ words: [UInt32]) {
        guard var visit, words[0] == visit.source, !visit.dropped else {
            // A drop we did not hear enter: the source still waits for an answer.
            sendFinished(to: words[0], version: Self.version, accepted: false, action: 0)
            return
        }
        guard let drag = visit.drag else {
            self.visit = nil
            return sendFinished(to: visit.source, version: visit.version, accepted: false, action: 0)
        }
        visit.dropped = true
        self.visit = visit
        sourceTime.set(words[2])
        drag.drop(at: drag.snapshot.sceneLocation)
        // Ended at once (no target, refused, a destination given providers); otherwise after `finishDrops()`.
        if let outcome = drag.outcome { finish(visit, outcome) }
    }

    // MARK: Answers

    /// `XdndStatus`: whether a drop here would be taken, with which action, over which rectangle (on the root
    /// window; the source is asked to keep sending positions inside it, since a target may answer differently
    /// at each point).
    private func status(_ visit: Visit) {
        let proposal = visit.drag?.proposal ?? .cancel
        let action = self.action(for: proposal)
        var rectangle: [UInt32] = [0, 0]
        if action != 0, let frame = visit.drag?.targetFrame {
            let left = UInt32(clamping: max(0, Int(frame.minX) + visit.origin.x))
            let top = UInt32(clamping: max(0, Int(frame.minY) + visit.origin.y))
            rectangle = [
                (left & 0xFFFF) << 16 | (top & 0xFFFF),
                (UInt32(clamping: Int(frame.width)) & 0xFFFF) << 16 | (UInt32(clamping: Int(frame.height)) & 0xFFFF),
            ]
        }
        let flags: UInt32 = (action != 0 ? 1 : 0) | 2
        x.sendMessage(
            atoms.status, to: visit.source, [window, flags, rectangle[0], rectangle[1], action])
    }

    private func finish(_ visit: Visit, _ outcome: DropOperation) {
        self.visit = nil
        let action = self.action(for: outcome)
        sendFinished(to: visit.source, version: visit.version, accepted: action != 0, action: action)
    }

    private func sendFinished(to source: X11Window, version: UInt32, accepted: Bool, action: X11Atom) {
        guard source != 0 else { return }
        let words: [UInt32] = version >= 5 ? [window, accepted ? 1 : 0, action] : [window]
        x.sendMessage(atoms.finished, to: source, words)
    }

    private func action(for operation: DropOperation) -> X11Atom {
        switch operation {
        case .copy: atoms.copy
        case .move: atoms.move
        case .cancel, .forbidden: 0
        }
    }

    // MARK: Items

    /// The drag's items, as `SelectionItems` makes them from `XdndSelection`, converted at the time stamp the
    /// source sent last (ICCCM, XDND v5): Qt and KDE refuse a conversion at any other time, a fresh server time
    /// included.
    private func items(of visit: Visit) -> [ItemProvider] {
        let sourceTime = sourceTime
        let readList = { [x, settings] in
            try? X11Clipboard.convert(
                "XdndSelection", to: DesktopTypeNames.uriList, on: x, at: sourceTime.get(),
                timeout: settings.timeout, limit: 16 << 20
            ).bytes
        }
        var providers = SelectionItems.providers(
            offering: visit.targets, from: "XdndSelection", worker: settings.worker, timeout: settings.timeout,
            limit: settings.limit, time: { sourceTime.get() }, readList: readList)
        if providers.isEmpty, visit.targets.contains(XdndDirectSave.name) {
            // A source that offers its item only through Direct Save: one item, saved by the source.
            providers = [XdndDirectSave.onlyItem(named: visit.suggestedName)]
        }
        // A name suggested through Direct Save is the one item's, when it has none of its own (a file's); a source
        // that offers Direct Save saves the item itself where a folder-backed destination asks.
        if providers.count == 1, let provider = providers.first, provider.suggestedName == nil {
            provider.suggestedName = visit.suggestedName
            if visit.targets.contains(XdndDirectSave.name) {
                provider.directSave = XdndDirectSave.directSave(
                    from: visit.source, worker: settings.worker, timeout: settings.timeout, time: { sourceTime.get() })
            }
        }
        return providers
    }
}

/// The time stamp a drag's source sent last (`XdndPosition`'s, then `XdndDrop`'s), set by the window's thread and
/// read by the threads that load the items.
final class SourceTime: Sendable {
    private let time = Lock<X11Timestamp>(0)

    func set(_ value: X11Timestamp) {
        time.withLock { $0 = value }
    }

    func get() -> X11Timestamp {
        time.withLock { $0 }
    }
}
