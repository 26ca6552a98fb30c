import CXCB
import DesktopX11
import DragDrop
import Foundation
import Gestures
import PNGCodec
import TestSupport
import Testing

/// A hand-made XDND source on a raw libxcb connection of the test's own: it sends whatever messages a test wants,
/// well formed or not, and owns `XdndSelection` to answer conversions as it is told.
final class RawXdndSource: @unchecked Sendable {
    let connection: OpaquePointer
    let window: xcb_window_t
    private var atoms: [String: xcb_atom_t] = [:]
    private var isClosed = false

    init() throws {
        var connection = xcb_connect(nil, nil)
        if let failed = connection, xcb_connection_has_error(failed) != 0 {
            // A server busy accepting other clients can refuse one: one more try, a moment later.
            xcb_disconnect(failed)
            usleep(100_000)
            connection = xcb_connect(nil, nil)
        }
        guard let connection, xcb_connection_has_error(connection) == 0 else {
            throw PeerFailure(description: "cannot connect to the X server")
        }
        guard let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data else {
            xcb_disconnect(connection)
            throw PeerFailure(description: "the X server has no screen")
        }
        self.connection = connection
        window = xcb_generate_id(connection)
        var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        xcb_create_window(
            connection, UInt8(XCB_COPY_FROM_PARENT), window, screen.pointee.root, 0, 0, 1, 1, 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual, XCB_CW_EVENT_MASK.rawValue,
            &mask)
        xcb_flush(connection)
    }

    deinit {
        close()
    }

    /// Leaves the X server, as a program that ends or is killed does: the server destroys its window and gives up
    /// its selections. Nothing may be called afterwards.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        xcb_disconnect(connection)
    }

    func atom(_ name: String) -> xcb_atom_t {
        if let known = atoms[name] { return known }
        let reply = xcb_intern_atom_reply(
            connection, xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name), nil)
        defer { free(reply) }
        let atom = reply?.pointee.atom ?? 0
        atoms[name] = atom
        return atom
    }

    /// Sends a client message of 32-bit words to `target`.
    func send(_ type: xcb_atom_t, to target: xcb_window_t, _ words: [UInt32]) {
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = target
        message.type = type
        let data = words + Array(repeating: 0, count: max(0, 5 - words.count))
        message.data.data32 = (data[0], data[1], data[2], data[3], data[4])
        withUnsafeBytes(of: &message) { raw in
            _ = xcb_send_event(
                connection, 0, target, UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue),
                raw.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
        xcb_flush(connection)
    }

    /// The next client message of `type` sent to this window, within `timeout` seconds; its words.
    func awaitMessage(_ type: xcb_atom_t, timeout: Double) -> [UInt32]? {
        awaitEvent(timeout: timeout) { event in
            guard Int32(event.pointee.response_type & 0x7F) == XCB_CLIENT_MESSAGE else { return nil }
            let message = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_client_message_event_t.self)
                .pointee
            guard message.type == type else { return nil }
            let d = message.data.data32
            return [d.0, d.1, d.2, d.3, d.4]
        }
    }

    /// Waits for an event that `pick` turns into a value, for at most `timeout` seconds.
    func awaitEvent<T>(timeout: Double, _ pick: (UnsafeMutablePointer<xcb_generic_event_t>) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let event = xcb_poll_for_event(connection) {
                defer { free(event) }
                if let value = pick(event) { return value }
                continue
            }
            var descriptor = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 20)
        }
        return nil
    }

    /// Owns `XdndSelection`, and answers the first conversion with the start of an increment that never goes on
    /// (``stallTransfer(endEarly:)``).
    func ownSelectionAndStall(endEarly: Bool = false) -> Bool {
        own("XdndSelection")
        return stallTransfer(endEarly: endEarly)
    }

    /// Owns the selection named `selection`, once the server has it.
    func own(_ selection: String) {
        xcb_set_selection_owner(connection, window, atom(selection), 0)
        free(xcb_get_selection_owner_reply(connection, xcb_get_selection_owner(connection, atom(selection)), nil))
    }

    /// Answers the first conversion of a selection this window owns with the start of an increment that never goes
    /// on: the announced size, then one piece, then silence (or, with `endEarly`, the empty piece that ends a
    /// transfer, far short of the size announced). False when no conversion came, or it was not followed.
    func stallTransfer(endEarly: Bool = false) -> Bool {
        let request = awaitEvent(timeout: 5) { event -> xcb_selection_request_event_t? in
            guard Int32(event.pointee.response_type & 0x7F) == XCB_SELECTION_REQUEST else { return nil }
            return UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_selection_request_event_t.self).pointee
        }
        guard let request else { return false }
        var watch = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        xcb_change_window_attributes(connection, request.requestor, XCB_CW_EVENT_MASK.rawValue, &watch)
        var size: UInt32 = 1 << 20
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, request.property, atom("INCR"), 32, 1,
            &size)
        notify(request)
        // The requestor deletes the INCR property to ask for the first piece: give one, then nothing more.
        let asked = awaitEvent(timeout: 5) { event -> Bool? in
            guard Int32(event.pointee.response_type & 0x7F) == XCB_PROPERTY_NOTIFY else { return nil }
            let notify = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self)
                .pointee
            return notify.window == request.requestor && notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue)
                ? true : nil
        }
        guard asked == true else { return false }
        // Valid UTF-8 text: a piece that would pass for a whole text if a broken-off transfer were taken as done.
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, request.property, request.target, 8,
            UInt32(piece.count), piece)
        xcb_flush(connection)
        if endEarly {
            // Once the piece is taken, the empty piece: "that is all".
            _ = awaitEvent(timeout: 5) { event -> Bool? in
                guard Int32(event.pointee.response_type & 0x7F) == XCB_PROPERTY_NOTIFY else { return nil }
                let notify = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self)
                    .pointee
                return notify.window == request.requestor && notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue)
                    ? true : nil
            }
            xcb_change_property(
                connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, request.property,
                request.target, 8, 0, nil)
            xcb_flush(connection)
        }
        return true
    }

    /// Drags UTF-8 text into `window` and drops it at `point` (in the window, at the screen's origin): enter,
    /// one position, its status awaited, the drop. The data is for the caller to serve.
    func dropText(on window: xcb_window_t, at point: (x: UInt32, y: UInt32)) {
        send(atom("XdndEnter"), to: window, [self.window, 5 << 24, atom("text/plain;charset=utf-8")])
        send(atom("XdndPosition"), to: window, [self.window, 0, point.x << 16 | point.y, 0, atom("XdndActionCopy")])
        _ = awaitMessage(atom("XdndStatus"), timeout: 5)
        send(atom("XdndDrop"), to: window, [self.window, 0, 0])
    }

    /// Tells a requestor that its conversion is in its property.
    private func notify(_ request: xcb_selection_request_event_t) {
        var notify = xcb_selection_notify_event_t()
        notify.response_type = UInt8(XCB_SELECTION_NOTIFY)
        notify.time = request.time
        notify.requestor = request.requestor
        notify.selection = request.selection
        notify.target = request.target
        notify.property = request.property
        withUnsafeBytes(of: &notify) { raw in
            _ = xcb_send_event(
                connection, 0, request.requestor, UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue),
                raw.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
        xcb_flush(connection)
    }

    /// Answers the first conversion of a selection this window owns with `bytes`, whole; false when none came.
    func answerConversion(with bytes: [UInt8]) -> Bool {
        answerConversion { _ in bytes } != nil
    }

    /// Answers the next conversion of a selection this window owns, within 5 seconds, with the bytes `answer` gives
    /// for it, whole; the type asked for, by name, or nil when none came.
    func answerConversion(_ answer: (_ target: String) -> [UInt8]) -> String? {
        let request = awaitEvent(timeout: 5) { event -> xcb_selection_request_event_t? in
            guard Int32(event.pointee.response_type & 0x7F) == XCB_SELECTION_REQUEST else { return nil }
            return UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_selection_request_event_t.self).pointee
        }
        guard let request else { return nil }
        let target = name(of: request.target)
        let bytes = answer(target)
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, request.property, request.target, 8,
            UInt32(bytes.count), bytes)
        notify(request)
        return target
    }

    /// The name of an atom.
    func name(of atom: xcb_atom_t) -> String {
        let reply = xcb_get_atom_name_reply(connection, xcb_get_atom_name(connection, atom), nil)
        defer { free(reply) }
        guard let reply, let start = xcb_get_atom_name_name(reply) else { return "" }
        let bytes = UnsafeRawBufferPointer(start: start, count: Int(xcb_get_atom_name_name_length(reply)))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A property of 8-bit text on this client's window, as another program set it (at most 4 KiB).
    func text(of property: xcb_atom_t) -> String? {
        let reply = xcb_get_property_reply(
            connection,
            xcb_get_property(connection, 0, window, property, UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, 1024), nil)
        defer { free(reply) }
        guard let reply, reply.pointee.format == 8, let value = xcb_get_property_value(reply) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: value, count: Int(xcb_get_property_value_length(reply)))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Sets a property of 8-bit text (`WM_CLASS`, a name) on this client's window.
    func setText(_ bytes: [UInt8], of property: xcb_atom_t) {
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, UInt32(XCB_ATOM_STRING.rawValue), 8,
            UInt32(bytes.count), bytes)
        xcb_flush(connection)
    }

    /// Sets a property of 32-bit words on one of the server's windows (this client's or another program's).
    func setWords(_ words: [UInt32], of property: String, type: xcb_atom_t, on window: xcb_window_t) {
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, atom(property), type, 32, UInt32(words.count),
            words)
        xcb_flush(connection)
    }

    /// Maps an input-only window over a part of the screen, above every window there, and returns it.
    func cover(x: Int16, y: Int16, width: UInt16, height: UInt16) -> xcb_window_t {
        guard let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data else { return 0 }
        let cover = xcb_generate_id(connection)
        var overrideRedirect: UInt32 = 1
        xcb_create_window(
            connection, 0, cover, screen.pointee.root, x, y, width, height, 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), screen.pointee.root_visual,
            XCB_CW_OVERRIDE_REDIRECT.rawValue, &overrideRedirect)
        xcb_map_window(connection, cover)
        xcb_flush(connection)
        return cover
    }

    struct PeerFailure: Error, CustomStringConvertible {
        let description: String
    }
}

/// XDND's messages from a program that breaks the protocol, on purpose.
@Suite(
    "XDND: hostile peers", .serialized,
    .enabled(if: hasDesktopPeers, "needs an X server, xdotool and GTK 4's Python bindings"))
@MainActor
struct XdndHostileTests {
    @Test("random and out-of-order XDND messages never crash or hang the window, which then answers a proper drag")
    func randomMessages() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in try await randomMessagesAlone() }
    }

    func randomMessagesAlone() async throws {
        let target = try DropWindow(title: "xdnd-hostile")
        let windowID = target.window.windowID
        let source = try RawXdndSource()
        let answered = Locked<[UInt32]?>(nil)
        try await target.run {
            var random = SeededRandom(seed: 0xD0D)
            let names = ["XdndEnter", "XdndPosition", "XdndLeave", "XdndDrop", "XdndStatus", "XdndFinished"]
            let types = names.map { source.atom($0) } + [source.atom("image/png"), 0]
            let windows = [source.window, windowID, 0, 0xFFFF_FFFF, source.window + 1]
            for _ in 0..<400 {
                let type = types[Int(random.next() % UInt64(types.count))]
                var words = (0..<5).map { _ in UInt32(truncatingIfNeeded: random.next()) }
                words[0] = windows[Int(random.next() % UInt64(windows.count))]
                source.send(type, to: windowID, words)
            }
            source.send(source.atom("XdndLeave"), to: windowID, [source.window])
            // A drag done right, after all that: enter offering a PNG, a position over the image target.
            _ = source.awaitEvent(timeout: 0.5) { _ in nil as Int? }
            source.send(source.atom("XdndEnter"), to: windowID, [source.window, 5 << 24, source.atom("image/png")])
            source.send(
                source.atom("XdndPosition"), to: windowID,
                [source.window, 0, 150 << 16 | 150, 0, source.atom("XdndActionCopy")])
            answered.withLock { $0 = source.awaitMessage(source.atom("XdndStatus"), timeout: 10) }
            source.send(source.atom("XdndLeave"), to: windowID, [source.window])
        }
        let status = try #require(answered.withLock { $0 })
        #expect(status[0] == windowID)
        #expect(status[1] & 1 == 1, "the image target did not accept a PNG after the noise")
        #expect(status[4] == source.atom("XdndActionCopy"))
        #expect(target.bitmaps.isEmpty, "an item was delivered from noise")
        #expect(target.scene.dragSessions.isEmpty)
    }

    @Test("a source offering more than three types: the window reads XdndTypeList and takes the fifth, a PNG")
    func typeList() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in try await typeListAlone() }
    }

    func typeListAlone() async throws {
        let target = try DropWindow(title: "xdnd-type-list")
        let windowID = target.window.windowID
        let source = try RawXdndSource()
        let answers = Locked<[[UInt32]?]>([])
        try await target.run {
            let names = ["application/x-first", "application/x-second", "application/x-third", "text/x-fourth"]
            let types = names.map { source.atom($0) } + [source.atom("image/png")]
            source.setWords(types, of: "XdndTypeList", type: xcb_atom_t(XCB_ATOM_ATOM.rawValue), on: source.window)
            // Without the list's flag, only the three types in the message count: nothing an image target takes.
            for flag: UInt32 in [0, 1] {
                source.send(source.atom("XdndEnter"), to: windowID, [source.window, 5 << 24 | flag] + types.prefix(3))
                source.send(
                    source.atom("XdndPosition"), to: windowID,
                    [source.window, 0, 150 << 16 | 150, 0, source.atom("XdndActionCopy")])
                let status = source.awaitMessage(source.atom("XdndStatus"), timeout: 10)
                answers.withLock { $0.append(status) }
                source.send(source.atom("XdndLeave"), to: windowID, [source.window])
            }
        }
        let statuses = answers.withLock { $0 }
        #expect(statuses.count == 2)
        let withoutList = try #require(statuses.first ?? nil, "no status for the three types")
        #expect(withoutList[1] & 1 == 0, "an image target accepted types that are not images")
        let withList = try #require(statuses.last ?? nil, "no status for the type list")
        #expect(withList[1] & 1 == 1, "the image target did not find the PNG in XdndTypeList")
        #expect(withList[4] == source.atom("XdndActionCopy"))
        #expect(target.scene.dragSessions.isEmpty, "a drag stayed after its leave")
        #expect(target.bitmaps.isEmpty, "an item was delivered without a drop")
    }

    @Test(
        "a source that stalls in the middle of an increment, or ends it short: no partial payload, the drop refused",
        arguments: [false, true])
    func stalledTransfer(endEarly: Bool) async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in try await stalledTransferAlone(endEarly: endEarly) }
    }

    func stalledTransferAlone(endEarly: Bool) async throws {
        let target = try DropWindow(title: "xdnd-stall")
        let windowID = target.window.windowID
        let source = try RawXdndSource()
        let finished = Locked<[UInt32]?>(nil)
        let served = Locked(false)
        try await target.run {
            source.dropText(on: windowID, at: (450, 75))
            served.withLock { $0 = source.ownSelectionAndStall(endEarly: endEarly) }
            finished.withLock { $0 = source.awaitMessage(source.atom("XdndFinished"), timeout: 10) }
        }
        #expect(served.withLock { $0 }, "the window never asked for the data")
        let answer = try #require(finished.withLock { $0 }, "the window never said the drop finished")
        #expect(answer[0] == windowID)
        #expect(answer[1] & 1 == 0, "a drop whose data never came was reported as taken")
        #expect(target.texts.isEmpty, "a transfer that broke off was delivered as the whole text")
        #expect(target.endings == [.cancel])
        let failed = target.events.contains { if case .itemFailed = $0.kind { true } else { false } }
        #expect(failed, "\(target.events)")
        #expect(!target.lit.isEmpty && target.scene.dragSessions.isEmpty)
    }

    @Test("a source that suggests a file name (XdndDirectSave0): the dropped item carries it")
    func directSaveName() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let scene = Scene(size: CGSize(width: 300, height: 300))
            let window = try SceneWindow(scene: scene, title: "xdnd-direct-save", peerTimeout: 2) { scene in
                try Bitmap(width: 300, height: 300, format: .rgb8, bytes: [UInt8](repeating: 90, count: 300 * 300 * 3))
            }
            var names: [String?] = []
            var texts: [String] = []
            scene.root.addChild("notes", frame: CGRect(x: 0, y: 0, width: 300, height: 300)).contentShape(Rectangle())
                .dropDestination(of: [.plainText]) { dropped, _ in
                    names += dropped.map(\.suggestedName)
                    texts += dropped.map { String(decoding: $0.data, as: UTF8.self) }
                    return true
                }
            let source = try RawXdndSource()
            let windowID = window.windowID
            let finished = Locked<[UInt32]?>(nil)
            try await runWindow(window, showing: scene) {
                source.setText(Array("minutes 3.txt".utf8), of: source.atom("XdndDirectSave0"))
                source.own("XdndSelection")
                source.dropText(on: windowID, at: (150, 150))
                _ = source.answerConversion(with: Array("agreed".utf8))
                finished.withLock { $0 = source.awaitMessage(source.atom("XdndFinished"), timeout: 10) }
            }
            #expect(texts == ["agreed"])
            #expect(names == ["minutes 3.txt"])
            #expect(finished.withLock { $0 }.map { $0[1] & 1 == 1 } == true, "the drop was not reported taken")
        }
    }
}
