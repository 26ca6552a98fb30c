import Foundation
import TestSupport
import Testing

@testable import DesktopX11

/// The one file that speaks to libxcb: each event the host reacts to arrives decoded, from a real X server, and an
/// error the server sends keeps its code, opcodes and resource.
@Suite(
    "X11 connection: typed events and kept errors", .enabled(if: hasDisplay, "needs an X server: DISPLAY is not set"))
struct X11ConnectionTests {
    /// The next event of `x` that `pick` turns into a value, within 5 s.
    func next<Value>(
        _ x: X11Connection, sourceLocation: SourceLocation = #_sourceLocation, _ pick: @escaping (X11Event) -> Value?
    ) throws -> Value {
        var value: Value?
        do {
            _ = try x.nextEvent(timeout: 5) { event in
                value = pick(event)
                return value != nil
            }
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
            throw error
        }
        return try #require(value, sourceLocation: sourceLocation)
    }

    @Test("a reply refused for a destroyed window is X11Error with BadWindow's code, GetProperty's opcode, the window")
    func refusedReply() throws {
        let x = try X11Connection()
        let gone = x.createWindow(at: (0, 0), width: 10, height: 10, events: [])
        x.destroy(gone)
        let name = try x.atom("WM_NAME")
        let error = #expect(throws: X11Error.self) { try x.property(of: gone, name, delete: false) }
        #expect(error?.code == .requestFailed)
        #expect(error?.failure?.errorCode == X11Error.RequestFailure.badWindow)
        #expect(error?.failure?.majorOpcode == 20, "GetProperty is request 20")
        #expect(error?.failure?.resource == gone)
        #expect(error?.message.contains("BadWindow (error 3) for resource \(X11Connection.hex(gone))") == true)
        // The connection goes on working after the error.
        #expect(try x.selectionOwner(try x.atom("DNDKIT_NOBODY_OWNS_THIS")) == 0)
    }

    @Test("a request with no reply that fails arrives as an event with the server's error")
    func refusedRequest() throws {
        let x = try X11Connection()
        let gone = x.createWindow(at: (0, 0), width: 10, height: 10, events: [])
        x.destroy(gone)
        x.setProperty(try x.atom("WM_NAME"), of: gone, type: X11Connection.Predefined.string, bytes: Array("a".utf8))
        x.flush()
        let failure = try next(x) { event -> X11Error.RequestFailure? in
            guard case .requestFailed(let failure) = event else { return nil }
            return failure
        }
        #expect(failure.errorCode == X11Error.RequestFailure.badWindow)
        #expect(failure.majorOpcode == 18, "ChangeProperty is request 18")
        #expect(failure.resource == gone)
    }

    @Test("property changes, client messages, selection requests, answers and clears, destructions: each decoded")
    func clientEvents() throws {
        let x = try X11Connection()
        let peer = try X11Connection()
        // PropertyNotify: a new value, then the deletion of a read.
        let property = try x.atom("DNDKIT_TEST_PROPERTY")
        x.setProperty(property, of: x.window, type: X11Connection.Predefined.string, bytes: Array("hello".utf8))
        x.flush()
        let changed = try next(x) { event -> X11Event.PropertyChange? in
            guard case .propertyNotify(let change) = event, change.atom == property else { return nil }
            return change
        }
        #expect(changed.window == x.window && !changed.deleted && changed.time != 0)
        #expect(try x.property(of: x.window, property, delete: true).bytes == Data("hello".utf8))
        let deleted = try next(x) { event -> X11Event.PropertyChange? in
            guard case .propertyNotify(let change) = event, change.atom == property else { return nil }
            return change
        }
        #expect(deleted.deleted)

        // ClientMessage: five words of 32 bits, the type, the window.
        let type = try peer.atom("DNDKIT_TEST_MESSAGE")
        peer.sendMessage(type, to: x.window, [7, 0xFFFF_FFFF, 3])
        let message = try next(x) { event -> X11Event.ClientMessage? in
            guard case .clientMessage(let message) = event else { return nil }
            return message
        }
        #expect(
            message
                == X11Event.ClientMessage(window: x.window, type: type, format: 32, words: [7, 0xFFFF_FFFF, 3, 0, 0]))

        // SelectionRequest to the owner, SelectionNotify (a refusal) to the requestor, SelectionClear when the
        // requestor takes the selection.
        let selection = try x.atom("DNDKIT_TEST_SELECTION")
        let target = try peer.atom("text/plain")
        let time = try x.serverTime()
        x.takeSelection(selection, at: time)
        #expect(try x.selectionOwner(selection) == x.window)
        let into = try peer.atom("DNDKIT_TEST_INTO")
        peer.convertSelection(selection, to: target, into: into, at: time)
        let request = try next(x) { event -> X11Event.SelectionRequest? in
            guard case .selectionRequest(let request) = event else { return nil }
            return request
        }
        #expect(
            request
                == X11Event.SelectionRequest(
                    owner: x.window, requestor: peer.window, selection: selection, target: target, property: into,
                    time: time))
        x.sendSelectionNotify(answering: request, property: 0)
        let answer = try next(peer) { event -> X11Event.SelectionNotify? in
            guard case .selectionNotify(let notify) = event else { return nil }
            return notify
        }
        #expect(
            answer
                == X11Event.SelectionNotify(
                    requestor: peer.window, selection: selection, target: target, property: 0, time: time))
        peer.takeSelection(selection, at: try peer.serverTime())
        peer.flush()
        let cleared = try next(x) { event -> X11Window? in
            guard case .selectionClear(let cleared, let owner) = event, cleared == selection else { return nil }
            return owner
        }
        #expect(cleared == x.window)

        // DestroyNotify for another client's window that is watched.
        let other = peer.createWindow(at: (0, 0), width: 5, height: 5, events: [])
        // A round trip: the server has made the window before the other connection's requests name it.
        _ = try peer.originOnRoot(of: other)
        #expect(x.watchDestruction(of: other))
        #expect(!x.watchDestruction(of: x.window), "its own window's mask is not replaced")
        peer.destroy(other)
        let destroyed = try next(x) { event -> X11Window? in
            guard case .destroyNotify(let window) = event else { return nil }
            return window
        }
        #expect(destroyed == other)
    }

    @Test(
        "exposure, the real pointer's motion, press and release, a key with and without Control: each decoded",
        .enabled(if: hasDesktopPeers, "needs xdotool"))
    func inputEvents() async throws {
        try await DesktopPointer.shared.exclusively {
            let x = try X11Connection()
            let window = x.createWindow(
                at: (0, 0), width: 100, height: 80,
                events: [.exposure, .buttonPress, .buttonRelease, .pointerMotion, .keyPress])
            x.map(window)
            defer { x.destroy(window) }
            let exposed = try next(x) { event -> X11Window? in
                guard case .expose(let exposed) = event else { return nil }
                return exposed
            }
            #expect(exposed == window)
            let escape = try x.keycodes(of: 0xFF1B)
            let c = try x.keycodes(of: 0x63)
            #expect(!escape.isEmpty && !c.isEmpty, "the keyboard map has Escape and C")
            try xdotool(["mousemove", "30", "20", "sleep", "0.05", "mousemove", "40", "25", "click", "1"])
            let moved = try next(x) { event -> X11Event.Pointer? in
                guard case .motion(let pointer) = event, pointer.x == 40 else { return nil }
                return pointer
            }
            #expect(moved.window == window && moved.y == 25 && moved.rootX == 40 && moved.rootY == 25)
            #expect(moved.button == 0)
            let pressed = try next(x) { event -> X11Event.Pointer? in
                guard case .buttonPress(let pointer) = event else { return nil }
                return pointer
            }
            #expect(pressed.button == 1 && pressed.x == 40 && pressed.y == 25 && pressed.time != 0)
            let released = try next(x) { event -> X11Event.Pointer? in
                guard case .buttonRelease(let pointer) = event else { return nil }
                return pointer
            }
            #expect(released.button == 1 && released.time >= pressed.time)
            try xdotool(["key", "Escape", "ctrl+c"])
            let plain = try next(x) { event -> X11Event.Key? in
                guard case .keyPress(let key) = event, escape.contains(key.keycode) else { return nil }
                return key
            }
            #expect(!plain.control && plain.window == window)
            let copy = try next(x) { event -> X11Event.Key? in
                guard case .keyPress(let key) = event, c.contains(key.keycode) else { return nil }
                return key
            }
            #expect(copy.control)
        }
    }
}

/// Requests that read a caller's buffer check its bounds first: a count or size past its end traps (in a process of
/// its own here) rather than let libxcb read past the buffer.
@Suite("X11 connection: buffer bounds", .enabled(if: hasDisplay, "needs an X server: DISPLAY is not set"))
struct X11ConnectionBoundsTests {
    @Test("setProperty(bytes:from:count:) within the bytes is sent; past their end it traps")
    func setPropertyBounds() async {
        await #expect(processExitsWith: .success) {
            guard let x = try? X11Connection(), let name = try? x.atom("DNDKIT_BOUNDS") else { exit(1) }
            x.setProperty(name, of: x.window, type: name, bytes: Data([1, 2, 3]), from: 1, count: 2)
            x.flush()
        }
        await #expect(processExitsWith: .failure) {
            guard let x = try? X11Connection(), let name = try? x.atom("DNDKIT_BOUNDS") else { exit(0) }
            x.setProperty(name, of: x.window, type: name, bytes: Data([1, 2, 3]), from: 2, count: 4)
            x.flush()
        }
    }

    @Test("putImage of more pixels than its buffer holds traps")
    func putImageBounds() async {
        await #expect(processExitsWith: .failure) {
            guard let x = try? X11Connection() else { exit(0) }
            let pixels = [UInt8](repeating: 0, count: 16)
            pixels.withUnsafeBytes { raw in
                x.putImage(raw, into: x.window, gc: 0, x: 0, y: 0, width: 4, height: 4)
            }
            x.flush()
        }
    }
}
