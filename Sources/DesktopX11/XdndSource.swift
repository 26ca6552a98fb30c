import DragDrop
import Foundation
import Gestures
import Transfer

/// The drag-source side of XDND (version 5) for one window: a drag of the scene's that goes beyond the window is
/// offered to the XDND-aware window under the pointer (or its `XdndProxy`); released over one that accepted it, the
/// session is handed off (`Scene.handOffDragSession`) and ends as the other program reports in `XdndFinished`.
///
/// The items are offered through `XdndSelection`, owned from the moment the pointer first leaves the window, by a
/// selection owner on a thread of its own (`TARGETS`, each MIME type of the first item's representations, INCR for
/// large payloads).
final class XdndSource {
    /// The other program's window the pointer is over.
    private struct Target {
        /// The top-level window under the pointer.
        let window: X11Window
        /// Where the messages go: the window, or its proxy.
        let messages: X11Window
        let version: UInt32
        /// What its last `XdndStatus` said: whether it takes the drop, and with which action.
        var accepts = false
        var action: X11Atom = 0
        /// Positions sent that it has not answered yet.
        var unanswered = 0

        /// Whether an answer that names `sender` is this target's: a proxy answers in its own name.
        func answers(as sender: UInt32) -> Bool {
            sender == window || sender == messages
        }
    }

    /// A drop handed to the other program, waiting for its `XdndFinished`.
    private struct Handed {
        let drag: OutgoingDrag
        let target: Target
        let deadline: Date
    }

    private let x: X11Connection
    private let window: X11Window
    private let scene: Scene
    private let atoms: XdndAtoms
    private let display: String?
    private let timeout: Double
    /// The session being offered, the selection owner serving its items, and the target under the pointer.
    private var session: DragSession.ID?
    private var owner: X11ClipboardOwner?
    private var target: Target?
    private var handed: Handed?

    /// Where a drag that cannot be offered to other programs is recorded.
    private let problems: WindowProblems

    init(
        x: X11Connection, window: X11Window, scene: Scene, display: String?, timeout: Double, problems: WindowProblems
    ) throws(X11Error) {
        self.x = x
        self.problems = problems
        self.window = window
        self.scene = scene
        self.display = display
        self.timeout = timeout
        atoms = try XdndAtoms(x)
    }

    /// The mouse's drag moved to `root` (on the root window) while outside the window: offers it to the
    /// XDND-aware window there, or leaves the last one.
    func pointerOutside(at root: (x: Int16, y: Int16), time: X11Timestamp, session id: DragSession.ID) {
        guard handed == nil else { return }
        if session != id { begin(id) }
        guard owner != nil else { return }
        let found = awareWindow(at: root)
        if found?.window != target?.window {
            leave()
            if let found { enter(found) }
        }
        guard var target else { return }
        // One action when the source allows one; both, when it allows a copy and a move: it asks
        // (`XdndActionAsk`) and the target picks one from `XdndActionList` (GTK and Qt take a copy when they can).
        let allowed = scene.operationsOutsideApp(ofDragSession: id) ?? []
        guard !allowed.isEmpty else { return leave() }
        let action =
            allowed.contains([.copy, .move]) ? atoms.ask : allowed.contains(.move) ? atoms.move : atoms.copy
        let point = UInt32(UInt16(bitPattern: root.x)) << 16 | UInt32(UInt16(bitPattern: root.y))
        x.sendMessage(atoms.position, to: target.messages, [window, 0, point, time, action])
        target.unanswered += 1
        self.target = target
    }

    /// The pointer came back into the window: the other program hears the drag leave.
    func pointerInside() {
        guard handed == nil else { return }
        leave()
    }

    /// What became of a release outside the window.
    enum Release {
        /// The window under the pointer took the drop: the session waits for its `XdndFinished`.
        case handedOff
        /// No window took it: the scene takes the release (and cancels).
        case notTaken
        /// The window under the pointer has not answered the last position yet: ask again.
        case waiting
    }

    /// The button went up outside the window: hands the session to the window under the pointer when it accepted.
    /// When that window has not answered the last position yet, the answer is waited for (as long as
    /// `peerTimeout`): call again until it is not ``Release/waiting``.
    func release(time: X11Timestamp) -> Release {
        guard handed == nil, let id = session else { return .notTaken }
        if let target, target.unanswered > 0 {
            let deadline = releaseDeadline ?? Date().addingTimeInterval(timeout)
            releaseDeadline = deadline
            if Date() < deadline { return .waiting }
        }
        releaseDeadline = nil
        if let target, !target.accepts, let drag = scene.handOffDragSession(id) {
            // The window under the pointer said no: the session ends refused, not released over nothing.
            leave()
            end()
            drag.finish(.cancel, Self.refusal(by: target.window, "its last XdndStatus did not accept the drag"))
            return .handedOff
        }
        guard let target, let drag = scene.handOffDragSession(id) else {
            leave()
            end()
            return .notTaken
        }
        x.sendMessage(atoms.drop, to: target.messages, [window, 0, time])
        handed = Handed(drag: drag, target: target, deadline: Date().addingTimeInterval(timeout))
        self.target = nil
        return .handedOff
    }

    private var releaseDeadline: Date?

    /// Why a drop ended when the other program's window said no, in words.
    private static func refusal(by window: X11Window, _ how: String) -> String {
        "the target refused the drop: window 0x\(String(window, radix: 16)) of another program, \(how)"
    }

    /// Takes a client message; answers whether it was one of XDND's for the source.
    func handle(_ message: X11Event.ClientMessage) -> Bool {
        guard message.format == 32 else { return false }
        let data = message.words
        switch message.type {
        case atoms.status:
            guard var target, target.answers(as: data[0]) else { return true }
            target.accepts = data[1] & 1 == 1
            target.action = target.accepts ? data[4] : 0
            target.unanswered = max(0, target.unanswered - 1)
            self.target = target
        case atoms.finished:
            guard let handed, handed.target.answers(as: data[0]) else { return true }
            let accepted = handed.target.version < 5 || data[1] & 1 == 1
            let action = handed.target.version < 5 ? handed.target.action : data[2]
            self.handed = nil
            if accepted && (action == atoms.move || action == atoms.copy) {
                handed.drag.finish(action == atoms.move ? .move : .copy)
            } else {
                handed.drag.finish(.cancel, Self.refusal(by: handed.target.window, "it finished without taking it"))
            }
            end()
        default:
            return false
        }
        return true
    }

    /// When the source must look again without being told: the end of its patience with a target that has not
    /// answered a release or has not finished a drop; nil when it waits for nothing.
    var nextDeadline: Date? {
        [handed?.deadline, releaseDeadline].compactMap { $0 }.min()
    }

    /// Gives up on a drop whose target never said it finished.
    func checkDeadline() {
        guard let handed, Date() >= handed.deadline else { return }
        self.handed = nil
        handed.drag.finish(.cancel, "the other program did not finish the drop in \(timeout) s")
        end()
    }

    /// A window was destroyed: a target that went away (its program ended or crashed) before it finished a drop ends
    /// the drop now, with `.cancel`, rather than at the deadline; a target the pointer was over is forgotten.
    func windowDestroyed(_ destroyed: X11Window) {
        if let handed, handed.target.window == destroyed || handed.target.messages == destroyed {
            self.handed = nil
            handed.drag.finish(.cancel, "the other program's window went away before it finished the drop")
            end()
        } else if let target, target.window == destroyed || target.messages == destroyed {
            self.target = nil
        }
    }

    /// The session ended or was dropped in the scene: stops offering it.
    func sessionEnded() {
        guard handed == nil, let id = session, !scene.dragSessions.contains(where: { $0.id == id }) else { return }
        leave()
        end()
    }

    // MARK: Steps

    private func begin(_ id: DragSession.ID) {
        end()
        session = id
        guard let provider = scene.itemProviders(ofDragSession: id)?.first else { return }
        let offers = X11ClipboardOwner.Offer.offers(for: provider, stagingFile: true)
        guard !offers.isEmpty else { return }
        let owner: X11ClipboardOwner
        do {
            owner = try X11ClipboardOwner(offers: offers, selectionNamed: "XdndSelection", display: display)
        } catch {
            // The drag stays in the window: other programs are not offered it.
            return problems.record(.dragging, error)
        }
        owner.start()
        self.owner = owner
        // The keyboard too, while the drag is outside the window: Escape cancels it wherever the pointer is.
        x.grabKeyboard(for: window)
        // More than three types: the full list goes in XdndTypeList on the source window. A type listed only when
        // its bytes are made (STRING) is left out: the window's thread does not wait for the items' loads.
        // An atom is not interned only when the connection broke, which the window's loop reports at its next step.
        let types = offers.filter { !$0.isListedOnlyWhenProduced }.compactMap { try? x.atom($0.type) }
        x.setProperty(atoms.typeList, of: window, type: X11Connection.Predefined.atom, words: types)
        // The actions a target may pick when the source asks (XDND's `XdndActionList`, with a word for each in
        // `XdndActionDescription`), set before any target hears of the drag: GTK reads them at enter.
        let allowed = scene.operationsOutsideApp(ofDragSession: id) ?? []
        let actions: [(operation: DropOperation.Set, atom: X11Atom, word: String)] = [
            (.copy, atoms.copy, "Copy"), (.move, atoms.move, "Move"),
        ].filter { allowed.contains($0.operation) }
        x.setProperty(atoms.actionList, of: window, type: X11Connection.Predefined.atom, words: actions.map(\.atom))
        let descriptions = actions.map { $0.word + "\0" }.joined().utf8
        x.setProperty(atoms.actionDescription, of: window, type: X11Connection.Predefined.string, bytes: descriptions)
        x.flush()
        offered = types
    }

    private var offered: [X11Atom] = []

    private func end() {
        if owner != nil { x.ungrabKeyboard() }
        owner?.stop()
        owner = nil
        session = nil
        target = nil
        offered = []
    }

    private func enter(_ found: Target) {
        target = found
        // To hear of the target's end: its window's destruction.
        for watched in Set([found.window, found.messages]) { x.selectEvents(.structure, on: watched) }
        let first = Array(offered.prefix(3)) + Array(repeating: 0, count: max(0, 3 - offered.count))
        let flags = found.version << 24 | (offered.count > 3 ? 1 : 0)
        x.sendMessage(atoms.enter, to: found.messages, [window, flags] + first)
    }

    private func leave() {
        guard let target else { return }
        x.sendMessage(atoms.leave, to: target.messages, [window, 0])
        self.target = nil
    }

    // MARK: Finding the target

    /// The XDND-aware top-level window at a point of the root window (not this one), with where its messages go.
    private func awareWindow(at root: (x: Int16, y: Int16)) -> Target? {
        var current = x.root
        // Down the tree: a window manager puts frames between the root and the program's window.
        for _ in 0..<8 {
            // A window that went away between two steps down the tree holds no target (its BadWindow is the answer).
            guard let child = try? x.child(of: current, at: root) else { return nil }
            guard child != 0, child != window else { return nil }
            let aware = x.words(of: child, atoms.aware)
            if let version = aware.first, version >= 3 {
                // A proxy is honoured when it names itself as its own proxy, as XDND asks.
                let proxy = x.words(of: child, atoms.proxy).first
                let messages = proxy.flatMap { x.words(of: $0, atoms.proxy).first == $0 ? $0 : nil } ?? child
                return Target(window: child, messages: messages, version: min(version, XdndTarget.version))
            }
            current = child
        }
        return nil
    }
}
