import DragDrop
import Foundation
import Gestures

/// The window's input: the mouse's button 1 and motion go to the scene as a mouse pointer (beyond the window, to the
/// program under the pointer, through XDND), Escape as a key; Ctrl+C, Ctrl+X, Ctrl+V and the middle button become
/// clipboard requests for the window to carry out.
final class WindowInput {
    /// What the keys and buttons ask of the clipboard.
    enum Request: Equatable {
        /// Ctrl+C or Ctrl+X, at the pointer.
        case copy(at: CGPoint, cut: Bool)
        /// Ctrl+V (the clipboard) or the middle button (the primary selection), at the pointer.
        case paste(at: CGPoint, from: X11Clipboard.Selection)
    }

    /// The keycodes of the keys the window reads, from the server's keyboard map.
    private struct Keys {
        let escape: Set<X11Keycode>
        /// C, X and V, which copy, cut and paste with Control.
        let copy, cut, paste: Set<X11Keycode>

        init(_ x: X11Connection) throws(X11Error) {
            escape = try x.keycodes(of: 0xFF1B)  // XK_Escape
            copy = try x.keycodes(of: 0x63)  // XK_c
            cut = try x.keycodes(of: 0x78)  // XK_x
            paste = try x.keycodes(of: 0x76)  // XK_v
        }
    }

    private let scene: Scene
    private let keys: Keys
    private let xdndSource: XdndSource
    private let problems: WindowProblems
    /// Where the pointer was last seen over the window: where a copy or a paste applies.
    private var pointer = CGPoint.zero
    private var buttonDown = false
    /// A release outside the window, held until the program under the pointer has answered.
    private(set) var deferredRelease: X11Event.Pointer?

    init(x: X11Connection, scene: Scene, xdndSource: XdndSource, problems: WindowProblems) throws(X11Error) {
        self.scene = scene
        keys = try Keys(x)
        self.xdndSource = xdndSource
        self.problems = problems
    }

    /// Takes a pointer or key event at `time` (the scene's clock); answers whether the scene may look different
    /// and what the clipboard is asked to do, if anything.
    func handle(_ event: X11Event, at time: Double) -> (changed: Bool, request: Request?) {
        switch event {
        case .buttonPress(let press):
            if press.button == 2 && !buttonDown {
                // The middle button pastes the primary selection where it was pressed, as X programs do.
                pointer = CGPoint(x: Double(press.x), y: Double(press.y))
                return (false, .paste(at: pointer, from: .primary))
            }
            guard press.button == 1, deferredRelease == nil else { return (false, nil) }
            buttonDown = true
            pointer = CGPoint(x: Double(press.x), y: Double(press.y))
            send(.down, at: pointer, time: time)
            return (true, nil)
        case .motion(let motion):
            pointer = CGPoint(x: Double(motion.x), y: Double(motion.y))
            guard buttonDown else { return (false, nil) }
            send(.move, at: pointer, time: time)
            // Beyond the window, the mouse's drag is offered to the program under the pointer.
            if contains(motion.x, motion.y) {
                xdndSource.pointerInside()
            } else if let session = mouseSession {
                xdndSource.pointerOutside(at: (motion.rootX, motion.rootY), time: motion.time, session: session)
            }
            return (true, nil)
        case .buttonRelease(let release):
            guard release.button == 1, buttonDown else { return (false, nil) }
            buttonDown = false
            deferredRelease = release
            return (finishRelease(at: time), nil)
        case .keyPress(let key):
            if keys.escape.contains(key.keycode) {
                do {
                    try scene.send(KeyEvent(key: .escape, time: time))
                } catch {
                    problems.record(.input, error)
                }
                return (true, nil)
            } else if key.control && (keys.copy.contains(key.keycode) || keys.cut.contains(key.keycode)) {
                return (false, .copy(at: pointer, cut: keys.cut.contains(key.keycode)))
            } else if key.control && keys.paste.contains(key.keycode) {
                return (false, .paste(at: pointer, from: .clipboard))
            }
            return (false, nil)
        default:
            return (false, nil)
        }
    }

    /// Sends the button's release to the scene, once another program under the pointer (outside the window) has
    /// said whether it takes the drop: taken, the session waits for that program and the scene ignores the release.
    /// Answers whether the release went to the scene.
    func finishRelease(at time: Double) -> Bool {
        guard let release = deferredRelease else { return false }
        if !contains(release.x, release.y), xdndSource.release(time: release.time) == .waiting { return false }
        deferredRelease = nil
        send(.up, at: CGPoint(x: Double(release.x), y: Double(release.y)), time: time)
        return true
    }

    /// Sends a phase of the mouse's pointer to the scene; a refusal is recorded (the X server's order of events
    /// never makes one: a failure here is a fault to report).
    private func send(_ phase: PointerEvent.Phase, at location: CGPoint, time: Double) {
        do {
            try scene.send(phase, location, at: time, kind: .mouse(.primary))
        } catch {
            problems.record(.input, error)
        }
    }

    /// Whether a point of the window's space is inside it.
    private func contains(_ x: Int16, _ y: Int16) -> Bool {
        x >= 0 && y >= 0 && Double(x) < scene.size.width && Double(y) < scene.size.height
    }

    /// The drag the mouse is dragging, if any.
    private var mouseSession: DragSession.ID? {
        scene.dragSessions.first { $0.pointerID == 1 && !$0.isDropping }?.id
    }
}
