import CXCB
import Foundation

/// One connection to an X server through libxcb, with a window of its own (unmapped, 1×1) to own selections and
/// receive converted data on. Not `Sendable`: one thread uses a connection at a time.
final class X11Connection {
    let connection: OpaquePointer
    let window: xcb_window_t
    let root: xcb_window_t
    private var atoms: [String: xcb_atom_t] = [:]
    /// Events read while waiting for another kind, handed out first by ``nextEvent(timeout:matching:)``.
    private var pending: [UnsafeMutablePointer<xcb_generic_event_t>] = []

    /// Connects to `display` (nil for `DISPLAY`) and makes the connection's window.
    init(display: String? = nil) throws(X11Error) {
        let name = display ?? ProcessInfo.processInfo.environment["DISPLAY"]
        guard let name, !name.isEmpty else {
            throw X11Error(.noDisplay, "DISPLAY is not set: there is no X server to talk to (start one, e.g. Xvfb)")
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
        window = xcb_generate_id(connection)
        var values: [UInt32] = [UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)]
        xcb_create_window(
            connection, UInt8(XCB_COPY_FROM_PARENT), window, root, 0, 0, 1, 1, 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual,
            XCB_CW_EVENT_MASK.rawValue, &values)
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
        for event in pending { free(event) }
        xcb_destroy_window(connection, window)
        xcb_disconnect(connection)
    }

    /// Checks the connection; a broken one is an error.
    func check() throws(X11Error) {
        guard xcb_connection_has_error(connection) == 0 else {
            throw X11Error(.connectionLost, "the connection to the X server broke")
        }
    }

    /// The atom of a name, interned once.
    func atom(_ name: String) throws(X11Error) -> xcb_atom_t {
        if let known = atoms[name] { return known }
        let cookie = xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else {
            try check()
            throw X11Error(.protocolViolation, "the X server did not intern the atom \(name)")
        }
        defer { free(reply) }
        atoms[name] = reply.pointee.atom
        return reply.pointee.atom
    }

    /// The name of an atom.
    func name(of atom: xcb_atom_t) -> String? {
        if let known = atoms.first(where: { $0.value == atom }) { return known.key }
        let cookie = xcb_get_atom_name(connection, atom)
        guard let reply = xcb_get_atom_name_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_atom_name_name_length(reply))
        guard let bytes = xcb_get_atom_name_name(reply) else { return nil }
        let name = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        atoms[name] = atom
        return name
    }

    /// A server timestamp, as ICCCM asks for selection requests: from the PropertyNotify of an empty append to a
    /// property of the connection's window.
    func serverTime() throws(X11Error) -> xcb_timestamp_t {
        let property = try atom("DNDKIT_TIMESTAMP")
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_APPEND.rawValue), window, property, UInt32(XCB_ATOM_STRING.rawValue), 8, 0,
            nil)
        xcb_flush(connection)
        let event = try nextEvent(timeout: 5) { event in
            guard Self.type(of: event) == XCB_PROPERTY_NOTIFY else { return false }
            let notify = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self)
            return notify.pointee.window == self.window && notify.pointee.atom == property
        }
        defer { free(event) }
        return UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self).pointee.time
    }

    /// The kind of an event (its response type without the "sent by a client" bit).
    static func type(of event: UnsafeMutablePointer<xcb_generic_event_t>) -> Int32 {
        Int32(event.pointee.response_type & 0x7F)
    }

    /// The next event that `matching` accepts, waiting at most `timeout` seconds; other events are kept for later
    /// calls. The caller frees the event.
    func nextEvent(
        timeout: Double, matching: (UnsafeMutablePointer<xcb_generic_event_t>) -> Bool
    ) throws(X11Error) -> UnsafeMutablePointer<xcb_generic_event_t> {
        if let index = pending.firstIndex(where: matching) {
            return pending.remove(at: index)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let event = xcb_poll_for_event(connection) {
                if matching(event) { return event }
                pending.append(event)
            }
            try check()
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw X11Error(.timedOut, "no answer from the X server's clients in \(timeout) s") }
            var descriptor = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(left, 1) * 1000) + 1)
        }
    }

    /// An event already read (kept by ``nextEvent(timeout:matching:)``, or in libxcb's queue, or readable now
    /// without waiting); nil when there is none. The caller frees the event. The C function is
    /// `xcb_poll_for_event`.
    func queuedEvent() throws(X11Error) -> UnsafeMutablePointer<xcb_generic_event_t>? {
        if !pending.isEmpty { return pending.removeFirst() }
        if let event = xcb_poll_for_event(connection) { return event }
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

    /// Waits for any event for at most `timeout` seconds; nil when none came. The caller frees the event.
    func anyEvent(timeout: Double) throws(X11Error) -> UnsafeMutablePointer<xcb_generic_event_t>? {
        if !pending.isEmpty { return pending.removeFirst() }
        if let event = xcb_poll_for_event(connection) { return event }
        try check()
        var descriptor = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(max(0, timeout) * 1000))
        if let event = xcb_poll_for_event(connection) { return event }
        try check()
        return nil
    }

    /// Sends a client message of 32-bit data (as XDND's messages are) to `destination`, about that window (as
    /// XDND wants: the sender names itself in the data).
    func sendMessage(_ type: xcb_atom_t, to destination: xcb_window_t, _ data: [UInt32]) {
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = destination
        message.type = type
        let words = data + Array(repeating: 0, count: max(0, 5 - data.count))
        message.data.data32 = (words[0], words[1], words[2], words[3], words[4])
        withUnsafeBytes(of: &message) { raw in
            _ = xcb_send_event(
                connection, 0, destination, UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue),
                raw.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
        xcb_flush(connection)
    }

    /// Asks to hear when another client's `window` is destroyed (a `DestroyNotify`); false when the window is this
    /// connection's own (its event mask is not ours to replace) or is already gone. The C function is
    /// `xcb_change_window_attributes`, with `xcb_get_window_attributes` as the round trip that shows the window still
    /// exists once the request is in effect.
    func watchDestruction(of window: xcb_window_t) -> Bool {
        guard let setup = xcb_get_setup(connection),
            window & ~setup.pointee.resource_id_mask != setup.pointee.resource_id_base
        else { return false }
        var mask = UInt32(XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue)
        xcb_change_window_attributes(connection, window, XCB_CW_EVENT_MASK.rawValue, &mask)
        guard
            let reply = xcb_get_window_attributes_reply(connection, xcb_get_window_attributes(connection, window), nil)
        else { return false }
        free(reply)
        return true
    }

    /// Stops hearing about another client's `window` (``watchDestruction(of:)``).
    func unwatch(_ window: xcb_window_t) {
        var mask = UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue)
        xcb_change_window_attributes(connection, window, XCB_CW_EVENT_MASK.rawValue, &mask)
        xcb_flush(connection)
    }

    /// A window's number as X tools print it (`0x1a00001`).
    static func hex(_ window: xcb_window_t) -> String { "0x" + String(window, radix: 16) }

    /// Who another client's window belongs to, for messages: the program's name (from `_NET_WM_PID` and /proc, or
    /// the class in `WM_CLASS`) and the window's number, or only the number when the window says nothing of itself.
    func describe(_ window: xcb_window_t) -> String {
        let number = "window " + Self.hex(window)
        var program: String?
        if let pidAtom = try? atom("_NET_WM_PID"), let pid = words(of: window, pidAtom).first,
            let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        {
            program = comm.trimmingCharacters(in: .whitespacesAndNewlines) + ", process \(pid)"
        } else if let value = try? property(of: window, UInt32(XCB_ATOM_WM_CLASS.rawValue), delete: false),
            value.format == 8
        {
            // WM_CLASS is the instance's name and the class's, each ending in a NUL.
            program = value.bytes.split(separator: 0).last.map { String(decoding: $0, as: UTF8.self) }
        }
        guard let program, !program.isEmpty else { return number }
        return "\(program) (\(number))"
    }

    /// The 32-bit values of a property (atoms, windows, numbers); empty when it is missing or of another format.
    func words(of window: xcb_window_t, _ property: xcb_atom_t) -> [UInt32] {
        guard let value = try? self.property(of: window, property, delete: false), value.format == 32 else {
            return []
        }
        return value.bytes.withUnsafeBytes { raw in
            (0..<(raw.count / 4)).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
    }

    /// Where a window's top-left corner is on the root window.
    func originOnRoot(of window: xcb_window_t) -> (x: Int, y: Int) {
        let cookie = xcb_translate_coordinates(connection, window, root, 0, 0)
        guard let reply = xcb_translate_coordinates_reply(connection, cookie, nil) else { return (0, 0) }
        defer { free(reply) }
        return (Int(reply.pointee.dst_x), Int(reply.pointee.dst_y))
    }

    /// Where the pointer is, relative to `window`'s corner, and whether a mouse button is down; nil when the server
    /// does not answer. The corresponding C function is `xcb_query_pointer`.
    func pointer(on window: xcb_window_t) -> (x: Int, y: Int, buttonsDown: Bool)? {
        let cookie = xcb_query_pointer(connection, window)
        guard let reply = xcb_query_pointer_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let buttons =
            XCB_KEY_BUT_MASK_BUTTON_1.rawValue | XCB_KEY_BUT_MASK_BUTTON_2.rawValue | XCB_KEY_BUT_MASK_BUTTON_3.rawValue
        return (Int(reply.pointee.win_x), Int(reply.pointee.win_y), UInt32(reply.pointee.mask) & buttons != 0)
    }

    /// A short text property of another client's window (a name it suggests): its first `limit` bytes of 8-bit
    /// text, read in one request, as UTF-8; nil when it is missing, of another format, longer than `limit` or not
    /// UTF-8. The C function is `xcb_get_property`.
    func shortText(of window: xcb_window_t, _ property: xcb_atom_t, limit: Int = 255) -> String? {
        let cookie = xcb_get_property(
            connection, 0, window, property, UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, UInt32((limit + 3) / 4))
        guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard reply.pointee.format == 8, reply.pointee.bytes_after == 0, length > 0, length <= limit,
            let value = xcb_get_property_value(reply)
        else { return nil }
        return String(validating: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
    }

    /// A property of a window, deleted once read when `delete` is true: its type, format and bytes.
    func property(
        of window: xcb_window_t, _ property: xcb_atom_t, delete: Bool
    ) throws(X11Error) -> (type: xcb_atom_t, format: UInt8, bytes: Data) {
        var bytes = Data()
        let (type, format) = try self.property(of: window, property, delete: delete, appendingTo: &bytes)
        return (type, format, bytes)
    }

    /// A property of a window, its bytes appended to `bytes` (no copy in between); deleted once read when `delete`
    /// is true. Answers its type and format.
    func property(
        of window: xcb_window_t, _ property: xcb_atom_t, delete: Bool, appendingTo bytes: inout Data
    ) throws(X11Error) -> (type: xcb_atom_t, format: UInt8) {
        var offset: UInt32 = 0
        var type: xcb_atom_t = 0
        var format: UInt8 = 0
        while true {
            // Read in pieces of 16 MiB (the length is in 32-bit units). Asked to delete, the server deletes the
            // property with the reply that holds its last byte, in the same request.
            let cookie = xcb_get_property(
                connection, delete ? 1 : 0, window, property, UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue), offset,
                4 << 20)
            guard let reply = xcb_get_property_reply(connection, cookie, nil) else {
                try check()
                throw X11Error(.protocolViolation, "the property could not be read")
            }
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
}
