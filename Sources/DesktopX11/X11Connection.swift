import CLazyLibraries
import CXCB
import Foundation

/// One connection to an X server through libxcb, with a window of its own (unmapped, 1×1) to own selections and
/// receive converted data on. Not `Sendable`: one thread uses a connection at a time.
///
/// This is the only file of the module that speaks to libxcb: every request the host makes is a method here, named
/// after what it does, with the C function it calls in its comment; every event is decoded once, into an
/// ``X11Event`` value; every error the server sends for a request is kept as an ``X11Error`` with the server's
/// error code, the request's opcodes and the resource it named (``X11Error/RequestFailure``).
final class X11Connection {
    private let connection: OpaquePointer
    /// The connection's own window.
    let window: X11Window
    /// The screen's root window.
    let root: X11Window
    /// The screen's depth, visual and white pixel, for windows made by ``createWindow(at:width:height:events:)``.
    private let depth: UInt8
    private let visual: xcb_visualid_t
    private let whitePixel: UInt32
    private var atoms: [String: X11Atom] = [:]
    /// Events read while waiting for another kind, handed out first by ``nextEvent(timeout:matching:)``.
    private var pending: [X11Event] = []

    /// Connects to `display` (nil for `DISPLAY`) and makes the connection's window, loading libxcb first if no
    /// connection did (`clazy_load`: it is opened when first used, not linked). The C functions are `xcb_connect`,
    /// `xcb_setup_roots_iterator` and `xcb_create_window`.
    init(display: String? = nil) throws(X11Error) {
        let name = display ?? ProcessInfo.processInfo.environment["DISPLAY"]
        guard let name, !name.isEmpty else {
            throw X11Error(.noDisplay, "DISPLAY is not set: there is no X server to talk to (start one, e.g. Xvfb)")
        }
        if let problem = clazy_load(CLAZY_XCB) {
            throw X11Error(
                .connectionFailed, "cannot load libxcb, the X11 library (\(String(cString: problem))): install libxcb1")
        }
        var screenNumber: Int32 = 0
        var connection = xcb_connect(name, &screenNumber)
        if let failed = connection, xcb_connection_has_error(failed) == Int32(XCB_CONN_ERROR) {
            // A socket error can be a server busy accepting others: one more try, a moment later.
            xcb_disconnect(failed)
            usleep(100_000)
            connection = xcb_connect(name, &screenNumber)
        }
        guard let connection, xcb_connection_has_error(connection) == 0 else {
            let status = connection.map { xcb_connection_has_error($0) } ?? -1
            if let connection { xcb_disconnect(connection) }
            throw X11Error(.connectionFailed, "cannot connect to the X server at \(name) (\(Self.reason(status)))")
        }
        self.connection = connection
        var screens = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<max(0, Int(screenNumber)) where screens.rem > 0 { xcb_screen_next(&screens) }
        guard screens.rem > 0, let screen = screens.data else {
            xcb_disconnect(connection)
            throw X11Error(.connectionFailed, "the X server at \(name) has no screen \(screenNumber)")
        }
        root = screen.pointee.root
        depth = screen.pointee.root_depth
        visual = screen.pointee.root_visual
        whitePixel = screen.pointee.white_pixel
        window = xcb_generate_id(connection)
        var values: [UInt32] = [UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)]
        xcb_create_window(
            connection, UInt8(XCB_COPY_FROM_PARENT), window, root, 0, 0, 1, 1, 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), visual, XCB_CW_EVENT_MASK.rawValue, &values)
        xcb_flush(connection)
    }

    /// Why libxcb could not connect, in words.
    private static func reason(_ status: Int32) -> String {
        switch status {
        case Int32(XCB_CONN_ERROR): "the connection failed: no server there, or it refused"
        case Int32(XCB_CONN_CLOSED_PARSE_ERR): "the display name is not valid"
        case Int32(XCB_CONN_CLOSED_INVALID_SCREEN): "the server has no such screen"
        case Int32(XCB_CONN_CLOSED_MEM_INSUFFICIENT): "out of memory"
        case Int32(XCB_CONN_CLOSED_EXT_NOTSUPPORTED): "an extension is not supported"
        default: "libxcb error \(status)"
        }
    }

    deinit {
        xcb_destroy_window(connection, window)
        xcb_disconnect(connection)
    }

    /// Checks the connection; a broken one is an error. The C function is `xcb_connection_has_error`.
    func check() throws(X11Error) {
        guard xcb_connection_has_error(connection) == 0 else {
            throw X11Error(.connectionLost, "the connection to the X server broke")
        }
    }

    /// Whether the connection broke (``check()`` would throw). The C function is `xcb_connection_has_error`.
    var isBroken: Bool { xcb_connection_has_error(connection) != 0 }

    /// Waits for the reply to a request: an X error in its place becomes an ``X11Error`` with the server's code, the
    /// request's opcodes and the resource (`request` names the request for the message). The reply is the caller's
    /// to free.
    private func reply<Reply>(
        _ request: String,
        _ wait: (UnsafeMutablePointer<UnsafeMutablePointer<xcb_generic_error_t>?>) -> UnsafeMutablePointer<Reply>?
    ) throws(X11Error) -> UnsafeMutablePointer<Reply> {
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        if let reply = wait(&error) {
            free(error)
            return reply
        }
        if let error {
            defer { free(error) }
            throw X11Error(Self.failure(error.pointee), request: request)
        }
        try check()
        throw X11Error(.protocolViolation, "the X server sent no reply to \(request)")
    }

    /// The fields of an X error (a reply's, or one that came as an event).
    private static func failure(_ error: xcb_generic_error_t) -> X11Error.RequestFailure {
        X11Error.RequestFailure(
            errorCode: error.error_code, majorOpcode: error.major_code, minorOpcode: error.minor_code,
            resource: error.resource_id)
    }

    // MARK: Atoms

    /// Atoms every X server has, with fixed numbers (`XCB_ATOM_…`): no request needed.
    enum Predefined {
        /// `ATOM`, the type of a list of atoms.
        static let atom = X11Atom(XCB_ATOM_ATOM.rawValue)
        /// `STRING`, Latin-1 text.
        static let string = X11Atom(XCB_ATOM_STRING.rawValue)
        /// `INTEGER`.
        static let integer = X11Atom(XCB_ATOM_INTEGER.rawValue)
        /// `WM_NAME`, a window's title.
        static let windowName = X11Atom(XCB_ATOM_WM_NAME.rawValue)
        /// `WM_CLASS`, a window's program.
        static let windowClass = X11Atom(XCB_ATOM_WM_CLASS.rawValue)
    }

    /// The atom of a name, interned once. The C function is `xcb_intern_atom`.
    func atom(_ name: String) throws(X11Error) -> X11Atom {
        if let known = atoms[name] { return known }
        let cookie = xcb_intern_atom(connection, 0, UInt16(clamping: name.utf8.count), name)
        let reply = try reply("InternAtom \(name)") { xcb_intern_atom_reply(connection, cookie, $0) }
        defer { free(reply) }
        atoms[name] = reply.pointee.atom
        return reply.pointee.atom
    }

    /// The name of an atom; nil when the server knows no such atom (an `Atom` error) or the name is not UTF-8. The C
    /// function is `xcb_get_atom_name`.
    func name(of atom: X11Atom) -> String? {
        if let known = atoms.first(where: { $0.value == atom }) { return known.key }
        let cookie = xcb_get_atom_name(connection, atom)
        // An atom another program names may not exist: that is an answer (no name), not a failure to report.
        guard let reply = try? reply("GetAtomName", { xcb_get_atom_name_reply(connection, cookie, $0) }) else {
            return nil
        }
        defer { free(reply) }
        let length = Int(xcb_get_atom_name_name_length(reply))
        guard let bytes = xcb_get_atom_name_name(reply) else { return nil }
        let name = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        atoms[name] = atom
        return name
    }

    /// A server timestamp, as ICCCM asks for selection requests: from the PropertyNotify of an empty append to a
    /// property of the connection's window. The C function is `xcb_change_property`.
    func serverTime() throws(X11Error) -> X11Timestamp {
        let property = try atom("DNDKIT_TIMESTAMP")
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_APPEND.rawValue), window, property, UInt32(XCB_ATOM_STRING.rawValue), 8, 0,
            nil)
        xcb_flush(connection)
        let event = try nextEvent(timeout: 5) { event in
            guard case .propertyNotify(let change) = event else { return false }
            return change.window == self.window && change.atom == property
        }
        guard case .propertyNotify(let change) = event else { return 0 }
        return change.time
    }

    // MARK: Events

    /// Decodes one of libxcb's events into a value, and frees it.
    private static func decode(_ event: UnsafeMutablePointer<xcb_generic_event_t>) -> X11Event {
        defer { free(event) }
        let raw = UnsafeMutableRawPointer(event)
        // The high bit says another client sent the event (`xcb_send_event`); the kind is the rest.
        let kind = event.pointee.response_type & 0x7F
        switch Int32(kind) {
        case 0:
            return .requestFailed(failure(raw.load(as: xcb_generic_error_t.self)))
        case XCB_EXPOSE:
            return .expose(window: raw.load(as: xcb_expose_event_t.self).window)
        case XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE, XCB_MOTION_NOTIFY:
            // The three share one layout (`xcb_button_press_event_t`).
            let button = raw.load(as: xcb_button_press_event_t.self)
            let pointer = X11Event.Pointer(
                window: button.event, button: Int32(kind) == XCB_MOTION_NOTIFY ? 0 : button.detail, x: button.event_x,
                y: button.event_y, rootX: button.root_x, rootY: button.root_y, time: button.time)
            switch Int32(kind) {
            case XCB_BUTTON_PRESS: return .buttonPress(pointer)
            case XCB_BUTTON_RELEASE: return .buttonRelease(pointer)
            default: return .motion(pointer)
            }
        case XCB_KEY_PRESS:
            let key = raw.load(as: xcb_key_press_event_t.self)
            return .keyPress(
                X11Event.Key(
                    window: key.event, keycode: key.detail,
                    control: key.state & UInt16(XCB_MOD_MASK_CONTROL.rawValue) != 0, time: key.time))
        case XCB_CLIENT_MESSAGE:
            let message = raw.load(as: xcb_client_message_event_t.self)
            let data = message.data.data32
            return .clientMessage(
                X11Event.ClientMessage(
                    window: message.window, type: message.type, format: message.format,
                    words: [data.0, data.1, data.2, data.3, data.4]))
        case XCB_DESTROY_NOTIFY:
            return .destroyNotify(window: raw.load(as: xcb_destroy_notify_event_t.self).window)
        case XCB_PROPERTY_NOTIFY:
            let notify = raw.load(as: xcb_property_notify_event_t.self)
            return .propertyNotify(
                X11Event.PropertyChange(
                    window: notify.window, atom: notify.atom, time: notify.time,
                    deleted: notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue)))
        case XCB_SELECTION_NOTIFY:
            let notify = raw.load(as: xcb_selection_notify_event_t.self)
            return .selectionNotify(
                X11Event.SelectionNotify(
                    requestor: notify.requestor, selection: notify.selection, target: notify.target,
                    property: notify.property, time: notify.time))
        case XCB_SELECTION_REQUEST:
            let request = raw.load(as: xcb_selection_request_event_t.self)
            return .selectionRequest(
                X11Event.SelectionRequest(
                    owner: request.owner, requestor: request.requestor, selection: request.selection,
                    target: request.target, property: request.property, time: request.time))
        case XCB_SELECTION_CLEAR:
            let clear = raw.load(as: xcb_selection_clear_event_t.self)
            return .selectionClear(selection: clear.selection, window: clear.owner)
        default:
            return .other(kind: kind)
        }
    }

    /// The next event that `matching` accepts, waiting at most `timeout` seconds; other events are kept for later
    /// calls. The C functions are `xcb_poll_for_event` and `poll`.
    func nextEvent(timeout: Double, matching: (X11Event) -> Bool) throws(X11Error) -> X11Event {
        if let index = pending.firstIndex(where: matching) {
            return pending.remove(at: index)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let raw = xcb_poll_for_event(connection) {
                let event = Self.decode(raw)
                if matching(event) { return event }
                pending.append(event)
            }
            try check()
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw X11Error(.timedOut, "no answer from the X server's clients in \(timeout) s") }
            Self.sleep(untilReadable: [fileDescriptor], timeout: min(left, 1) + 0.001)
        }
    }

    /// Drops the events received so far that `stale` accepts, reading libxcb's queue first: what an earlier request
    /// left that a new one would take for its own answers (a conversion's property notices, a late answer). Call it
    /// after a round trip, by which the server has sent every event of the requests before. The C function is
    /// `xcb_poll_for_event`.
    func discardReceived(where stale: (X11Event) -> Bool) {
        while let raw = xcb_poll_for_event(connection) { pending.append(Self.decode(raw)) }
        pending.removeAll(where: stale)
    }

    /// An event already read (kept by ``nextEvent(timeout:matching:)``, or in libxcb's queue, or readable now
    /// without waiting); nil when there is none. The C function is `xcb_poll_for_event`.
    func queuedEvent() throws(X11Error) -> X11Event? {
        if !pending.isEmpty { return pending.removeFirst() }
        if let raw = xcb_poll_for_event(connection) { return Self.decode(raw) }
        try check()
        return nil
    }

    /// The descriptor of the connection's socket, readable when the server has sent something: for `poll`. The C
    /// function is `xcb_get_file_descriptor`.
    var fileDescriptor: Int32 { xcb_get_file_descriptor(connection) }

    /// Sends what libxcb holds back to the server: before a loop sleeps. The C function is `xcb_flush`.
    func flush() {
        xcb_flush(connection)
    }

    /// Sleeps until one of `descriptors` is readable or `timeout` seconds have passed (nil: no limit); a signal
    /// that interrupts the sleep ends it too. Wakes the thread once, not at intervals. The C function is `poll`.
    /// - Parameters:
    ///   - descriptors: The descriptors (an X connection's, a ``WakeUpPipe``'s read end).
    ///   - timeout: The longest sleep, in seconds, or nil.
    static func sleep(untilReadable descriptors: [Int32], timeout: Double?) {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Rounded up to the next millisecond: a deadline is never woken for before it is due.
        let milliseconds = timeout.map { Int32(clamping: Int((max(0, $0) * 1000).rounded(.up))) } ?? -1
        _ = poll(&polled, nfds_t(polled.count), milliseconds)
    }

    /// Events a window reports to this connection (`XCB_EVENT_MASK_…`).
    struct EventMask: OptionSet {
        let rawValue: UInt32
        static let keyPress = Self(rawValue: XCB_EVENT_MASK_KEY_PRESS.rawValue)
        static let buttonPress = Self(rawValue: XCB_EVENT_MASK_BUTTON_PRESS.rawValue)
        static let buttonRelease = Self(rawValue: XCB_EVENT_MASK_BUTTON_RELEASE.rawValue)
        static let pointerMotion = Self(rawValue: XCB_EVENT_MASK_POINTER_MOTION.rawValue)
        static let exposure = Self(rawValue: XCB_EVENT_MASK_EXPOSURE.rawValue)
        static let structure = Self(rawValue: XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue)
        static let propertyChange = Self(rawValue: XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
    }

    /// Sets the events another client's window (or one of this connection's) reports to this connection, replacing
    /// the mask set before. The C function is `xcb_change_window_attributes`.
    func selectEvents(_ events: EventMask, on window: X11Window) {
        var mask = events.rawValue
        xcb_change_window_attributes(connection, window, XCB_CW_EVENT_MASK.rawValue, &mask)
    }

    /// Asks to hear when another client's `window` is destroyed (a `DestroyNotify`); false when the window is this
    /// connection's own (its event mask is not ours to replace) or is already gone. The C function is
    /// `xcb_change_window_attributes`, with `xcb_get_window_attributes` as the round trip that shows the window still
    /// exists once the request is in effect.
    func watchDestruction(of window: X11Window) -> Bool {
        guard let setup = xcb_get_setup(connection),
            window & ~setup.pointee.resource_id_mask != setup.pointee.resource_id_base
        else { return false }
        selectEvents(.structure, on: window)
        let cookie = xcb_get_window_attributes(connection, window)
        // A `Window` error means the window is gone: the answer is no, as asked.
        guard let reply = try? reply("GetWindowAttributes", { xcb_get_window_attributes_reply(connection, cookie, $0) })
        else { return false }
        free(reply)
        return true
    }

    /// Stops hearing about another client's `window` (``watchDestruction(of:)``). The C function is
    /// `xcb_change_window_attributes`.
    func unwatch(_ window: X11Window) {
        selectEvents([], on: window)
        xcb_flush(connection)
    }

    // MARK: Messages

    /// Sends a client message of 32-bit data (as XDND's messages are) to `destination`, about that window (as
    /// XDND wants: the sender names itself in the data). The C function is `xcb_send_event`.
    func sendMessage(_ type: X11Atom, to destination: X11Window, _ data: [UInt32]) {
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = destination
        message.type = type
        let words = data + Array(repeating: 0, count: max(0, 5 - data.count))
        message.data.data32 = (words[0], words[1], words[2], words[3], words[4])
        send(&message, to: destination)
        xcb_flush(connection)
    }

    /// Tells a requestor how its conversion went (`SelectionNotify`): `property` holds the answer, or 0 for a
    /// refusal. The C function is `xcb_send_event`.
    func sendSelectionNotify(answering request: X11Event.SelectionRequest, property: X11Atom) {
        var notify = xcb_selection_notify_event_t()
        notify.response_type = UInt8(XCB_SELECTION_NOTIFY)
        notify.time = request.time
        notify.requestor = request.requestor
        notify.selection = request.selection
        notify.target = request.target
        notify.property = property
        send(&notify, to: request.requestor)
        xcb_flush(connection)
    }

    /// Sends an event's 32 bytes to the client of `destination`. The C function is `xcb_send_event`.
    private func send<Event>(_ event: inout Event, to destination: X11Window) {
        withUnsafeBytes(of: &event) { raw in
            _ = xcb_send_event(
                connection, 0, destination, UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue),
                raw.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
    }

    // MARK: Windows

    /// A window's number as X tools print it (`0x1a00001`).
    static func hex(_ window: X11Window) -> String { "0x" + String(window, radix: 16) }

    /// Who another client's window belongs to, for messages: the program's name (from `_NET_WM_PID` and /proc, or
    /// the class in `WM_CLASS`) and the window's number, or only the number when the window says nothing of itself.
    func describe(_ window: X11Window) -> String {
        let number = "window " + Self.hex(window)
        var program: String?
        // Each look-up may fail (the window gone, the property missing): the description is only shorter then.
        if let pidAtom = try? atom("_NET_WM_PID"), let pid = words(of: window, pidAtom).first,
            let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        {
            program = comm.trimmingCharacters(in: .whitespacesAndNewlines) + ", process \(pid)"
        } else if let value = try? property(of: window, Predefined.windowClass, delete: false),
            value.format == 8
        {
            // WM_CLASS is the instance's name and the class's, each ending in a NUL.
            program = value.bytes.split(separator: 0).last.map { String(decoding: $0, as: UTF8.self) }
        }
        guard let program, !program.isEmpty else { return number }
        return "\(program) (\(number))"
    }

    /// Makes a top-level window, white, reporting `events` to this connection; not mapped yet. The C function is
    /// `xcb_create_window`.
    func createWindow(at origin: (x: Int, y: Int), width: Int, height: Int, events: EventMask) -> X11Window {
        let made = xcb_generate_id(connection)
        var values: [UInt32] = [whitePixel, events.rawValue]
        xcb_create_window(
            connection, UInt8(XCB_COPY_FROM_PARENT), made, root, Int16(clamping: origin.x), Int16(clamping: origin.y),
            UInt16(clamping: width), UInt16(clamping: height), 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue),
            visual, XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue, &values)
        return made
    }

    /// Shows a window. The C function is `xcb_map_window`.
    func map(_ window: X11Window) {
        xcb_map_window(connection, window)
        xcb_flush(connection)
    }

    /// Destroys a window of this connection's. The C function is `xcb_destroy_window`.
    func destroy(_ window: X11Window) {
        xcb_destroy_window(connection, window)
        xcb_flush(connection)
    }

    /// Where a window's top-left corner is on the root window. The C function is `xcb_translate_coordinates`.
    func originOnRoot(of window: X11Window) throws(X11Error) -> (x: Int, y: Int) {
        let cookie = xcb_translate_coordinates(connection, window, root, 0, 0)
        let reply = try reply("TranslateCoordinates") { xcb_translate_coordinates_reply(connection, cookie, $0) }
        defer { free(reply) }
        return (Int(reply.pointee.dst_x), Int(reply.pointee.dst_y))
    }

    /// The child of `window` at a point of the root window (0 when there is none). The C function is
    /// `xcb_translate_coordinates`.
    func child(of window: X11Window, at point: (x: Int16, y: Int16)) throws(X11Error) -> X11Window {
        let cookie = xcb_translate_coordinates(connection, root, window, point.x, point.y)
        let reply = try reply("TranslateCoordinates") { xcb_translate_coordinates_reply(connection, cookie, $0) }
        defer { free(reply) }
        return reply.pointee.child
    }

    /// Where the pointer is, relative to `window`'s corner, and whether a mouse button is down. The corresponding C
    /// function is `xcb_query_pointer`.
    func pointer(on window: X11Window) throws(X11Error) -> (x: Int, y: Int, buttonsDown: Bool) {
        let cookie = xcb_query_pointer(connection, window)
        let reply = try reply("QueryPointer") { xcb_query_pointer_reply(connection, cookie, $0) }
        defer { free(reply) }
        let buttons =
            XCB_KEY_BUT_MASK_BUTTON_1.rawValue | XCB_KEY_BUT_MASK_BUTTON_2.rawValue | XCB_KEY_BUT_MASK_BUTTON_3.rawValue
        return (Int(reply.pointee.win_x), Int(reply.pointee.win_y), UInt32(reply.pointee.mask) & buttons != 0)
    }

    /// Sends every key to `window` until ``ungrabKeyboard()``. The C function is `xcb_grab_keyboard`.
    func grabKeyboard(for window: X11Window) {
        _ = xcb_grab_keyboard(
            connection, 0, window, xcb_timestamp_t(XCB_CURRENT_TIME), UInt8(XCB_GRAB_MODE_ASYNC.rawValue),
            UInt8(XCB_GRAB_MODE_ASYNC.rawValue))
    }

    /// Ends ``grabKeyboard(for:)``. The C function is `xcb_ungrab_keyboard`.
    func ungrabKeyboard() {
        xcb_ungrab_keyboard(connection, xcb_timestamp_t(XCB_CURRENT_TIME))
        xcb_flush(connection)
    }

    /// The keycodes that produce a keysym, from the server's keyboard mapping. The C function is
    /// `xcb_get_keyboard_mapping`.
    func keycodes(of keysym: UInt32) throws(X11Error) -> Set<X11Keycode> {
        guard let setup = xcb_get_setup(connection) else { return [] }
        let first = setup.pointee.min_keycode
        let count = UInt8(setup.pointee.max_keycode - first + 1)
        let cookie = xcb_get_keyboard_mapping(connection, first, count)
        let reply = try reply("GetKeyboardMapping") { xcb_get_keyboard_mapping_reply(connection, cookie, $0) }
        defer { free(reply) }
        let perKeycode = Int(reply.pointee.keysyms_per_keycode)
        guard perKeycode > 0, let keysyms = xcb_get_keyboard_mapping_keysyms(reply) else { return [] }
        let total = Int(xcb_get_keyboard_mapping_keysyms_length(reply))
        var found: Set<X11Keycode> = []
        for index in 0..<total where keysyms[index] == keysym {
            found.insert(X11Keycode(Int(first) + index / perKeycode))
        }
        return found
    }

    // MARK: Drawing

    /// A graphics context for drawing into `window`. The C function is `xcb_create_gc`.
    func createGraphicsContext(for window: X11Window) -> UInt32 {
        let gc = xcb_generate_id(connection)
        xcb_create_gc(connection, gc, window, 0, nil)
        return gc
    }

    /// Frees a graphics context. The C function is `xcb_free_gc`.
    func freeGraphicsContext(_ gc: UInt32) {
        xcb_free_gc(connection, gc)
    }

    /// The largest request the server takes, in bytes. The C function is `xcb_get_maximum_request_length`.
    var maximumRequestBytes: Int { Int(xcb_get_maximum_request_length(connection)) * 4 }

    /// Puts pixels of 32 bits each (blue, green, red, unused, as a depth-24 `ZPixmap` is on a little-endian
    /// server) into a window at (`x`, `y`). The C function is `xcb_put_image`.
    /// - Precondition: `width` and `height` fit 16 bits and `pixels` holds at least `width × height × 4` bytes (a
    ///   violation traps rather than read past the buffer).
    func putImage(
        _ pixels: UnsafeRawBufferPointer, into window: X11Window, gc: UInt32, x: Int, y: Int, width: Int, height: Int
    ) {
        // xcb reads width × height × 4 bytes from `pixels`: a size larger than the buffer would read past its end.
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (size, sizeOverflow) = area.multipliedReportingOverflow(by: 4)
        precondition(
            width >= 0 && height >= 0 && width <= Int(UInt16.max) && height <= Int(UInt16.max) && !areaOverflow
                && !sizeOverflow && size <= pixels.count,
            "putImage: \(width)×\(height) pixels need \(width)×\(height)×4 bytes; the buffer has \(pixels.count)")
        guard let bytes = pixels.baseAddress else { return }
        _ = xcb_put_image(
            connection, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), window, gc, UInt16(clamping: width),
            UInt16(clamping: height), Int16(clamping: x), Int16(clamping: y), 0, depth,
            UInt32(size), bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// What a window shows, as the server's 32-bit pixels (blue, green, red, unused), row by row. The C function is
    /// `xcb_get_image`.
    func image(of window: X11Window, width: Int, height: Int) throws(X11Error) -> [UInt8] {
        let cookie = xcb_get_image(
            connection, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), window, 0, 0, UInt16(clamping: width),
            UInt16(clamping: height), UInt32.max)
        let reply = try reply("GetImage") { xcb_get_image_reply(connection, cookie, $0) }
        defer { free(reply) }
        let length = Int(xcb_get_image_data_length(reply))
        guard let data = xcb_get_image_data(reply), length >= width * height * 4 else {
            throw X11Error(.protocolViolation, "the window's image has \(length) bytes, not \(width * height * 4)")
        }
        return Array(UnsafeBufferPointer(start: data, count: width * height * 4))
    }

    // MARK: Properties

    /// Replaces a property of a window with 8-bit data (text). The C function is `xcb_change_property`.
    func setProperty(_ property: X11Atom, of window: X11Window, type: X11Atom, bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 8, UInt32(bytes.count), bytes)
    }

    /// Replaces a property of a window with 32-bit data (atoms, windows, numbers). The C function is
    /// `xcb_change_property`.
    func setProperty(_ property: X11Atom, of window: X11Window, type: X11Atom, words: [UInt32]) {
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 32, UInt32(words.count), words)
    }

    /// Replaces a property of a window with `count` bytes of `bytes` from `offset`, typed `type` (a piece of a
    /// selection's answer). The C function is `xcb_change_property`.
    /// - Precondition: `offset..<offset + count` lies within `bytes` (a violation traps rather than read past it).
    func setProperty(
        _ property: X11Atom, of window: X11Window, type: X11Atom, bytes: Data, from offset: Int, count: Int
    ) {
        // xcb reads `count` bytes from `offset`: a range outside `bytes` would read past its end.
        precondition(
            offset >= 0 && count >= 0 && offset <= bytes.count && count <= bytes.count - offset,
            "setProperty: \(count) bytes from offset \(offset) are outside the \(bytes.count) bytes given")
        bytes.withUnsafeBytes { raw in
            _ = xcb_change_property(
                connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 8, UInt32(count),
                raw.baseAddress.map { $0 + offset })
        }
    }

    /// The 32-bit values of a property (atoms, windows, numbers); empty when it is missing or of another format.
    func words(of window: X11Window, _ property: X11Atom) -> [UInt32] {
        // Another program's property may be missing, or its window gone: both mean no values.
        guard let value = try? self.property(of: window, property, delete: false), value.format == 32 else {
            return []
        }
        return value.bytes.withUnsafeBytes { raw in
            (0..<(raw.count / 4)).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
    }

    /// A short text property of another client's window (a name it suggests): its first `limit` bytes of 8-bit
    /// text, read in one request, as UTF-8; nil when it is missing, of another format, longer than `limit` or not
    /// UTF-8. The C function is `xcb_get_property`.
    func shortText(of window: X11Window, _ property: X11Atom, limit: Int = 255) throws(X11Error) -> String? {
        let cookie = xcb_get_property(
            connection, 0, window, property, UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, UInt32((limit + 3) / 4))
        let reply = try reply("GetProperty") { xcb_get_property_reply(connection, cookie, $0) }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard reply.pointee.format == 8, reply.pointee.bytes_after == 0, length > 0, length <= limit,
            let value = xcb_get_property_value(reply)
        else { return nil }
        return String(validating: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
    }

    /// A property of a window, deleted once read when `delete` is true: its type, format and bytes.
    func property(
        of window: X11Window, _ property: X11Atom, delete: Bool
    ) throws(X11Error) -> (type: X11Atom, format: UInt8, bytes: Data) {
        var bytes = Data()
        let (type, format) = try self.property(of: window, property, delete: delete, appendingTo: &bytes)
        return (type, format, bytes)
    }

    /// A property of a window, its bytes appended to `bytes` (no copy in between); deleted once read when `delete`
    /// is true. Answers its type and format. The C function is `xcb_get_property`.
    func property(
        of window: X11Window, _ property: X11Atom, delete: Bool, appendingTo bytes: inout Data
    ) throws(X11Error) -> (type: X11Atom, format: UInt8) {
        var offset: UInt32 = 0
        var type: X11Atom = 0
        var format: UInt8 = 0
        while true {
            // Read in pieces of 16 MiB (the length is in 32-bit units). Asked to delete, the server deletes the
            // property with the reply that holds its last byte, in the same request.
            let cookie = xcb_get_property(
                connection, delete ? 1 : 0, window, property, UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue), offset,
                4 << 20)
            let reply = try reply("GetProperty") { xcb_get_property_reply(connection, cookie, $0) }
            defer { free(reply) }
            type = reply.pointee.type
            format = reply.pointee.format
            let length = Int(xcb_get_property_value_length(reply))
            if length > 0, let value = xcb_get_property_value(reply) {
                bytes.append(value.assumingMemoryBound(to: UInt8.self), count: length)
            }
            offset += UInt32(length / 4)
            if reply.pointee.bytes_after == 0 { break }
        }
        if delete { xcb_flush(connection) }
        return (type, format)
    }

    // MARK: Selections

    /// The window that owns a selection; 0 when nobody does. The C function is `xcb_get_selection_owner`.
    func selectionOwner(_ selection: X11Atom) throws(X11Error) -> X11Window {
        let cookie = xcb_get_selection_owner(connection, selection)
        let reply = try reply("GetSelectionOwner") { xcb_get_selection_owner_reply(connection, cookie, $0) }
        defer { free(reply) }
        return reply.pointee.owner
    }

    /// Makes the connection's window the owner of a selection, as of `time`. The C function is
    /// `xcb_set_selection_owner`.
    func takeSelection(_ selection: X11Atom, at time: X11Timestamp) {
        xcb_set_selection_owner(connection, window, selection, time)
    }

    /// Asks the owner of a selection to convert it to `target` into `property` of the connection's window, as of
    /// `time`. The C function is `xcb_convert_selection`.
    func convertSelection(_ selection: X11Atom, to target: X11Atom, into property: X11Atom, at time: X11Timestamp) {
        xcb_convert_selection(connection, window, selection, target, property, time)
        xcb_flush(connection)
    }
}
