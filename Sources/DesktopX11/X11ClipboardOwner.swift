import CXCB
import Foundation
import Locking

/// Owns an X11 selection and answers the programs that paste from it: `TARGETS` (what it offers), `TIMESTAMP`, and
/// each offered type, in increments (`INCR`) when a payload is larger than one request may carry. It serves until
/// another program takes the selection or ``stop()`` is called; each payload is produced once, when first asked for.
///
/// ```swift
/// let owner = try X11ClipboardOwner(offers: [.init(type: "text/plain;charset=utf-8") { Data("hello".utf8) }])
/// owner.start()        // serves on a thread of its own
/// ```
package final class X11ClipboardOwner: Sendable {
    /// One type offered and how to make its bytes.
    package struct Offer: Sendable {
        /// The type's name: a MIME type, or one of X's text names (`UTF8_STRING`).
        package var type: String
        /// Makes the bytes; called at most once, on the owner's thread.
        package var produce: @Sendable () throws -> Data
        /// Whether the type is listed (in `TARGETS`) only when ``produce`` makes its bytes, which is then asked at
        /// once: for a type that not every value has, such as `STRING` (Latin-1) for text.
        var isListedOnlyWhenProduced = false

        /// Creates an offer.
        /// - Parameters:
        ///   - type: The type's name.
        ///   - produce: Makes the bytes.
        package init(type: String, produce: @escaping @Sendable () throws -> Data) {
            self.type = type
            self.produce = produce
        }
    }

    /// What the owner's thread keeps between events; only that thread touches it.
    private final class Server: @unchecked Sendable {
        let x: X11Connection
        let selection: xcb_atom_t
        let offers: [(atom: xcb_atom_t, offer: Offer)]
        let acquired: xcb_timestamp_t
        /// Produced payloads by offer index.
        var produced: [Int: Data] = [:]
        /// Increments under way, by requestor window and property.
        var transfers: [Transfer] = []
        let chunkSize: Int

        struct Transfer {
            let requestor: xcb_window_t
            let property: xcb_atom_t
            let type: xcb_atom_t
            let bytes: Data
            var sent: Int
            /// When the requestor last asked for a piece.
            var lastAsked: ContinuousClock.Instant
        }

        init(x: X11Connection, selection: xcb_atom_t, offers: [(xcb_atom_t, Offer)], acquired: xcb_timestamp_t) {
            self.x = x
            self.selection = selection
            self.offers = offers
            self.acquired = acquired
            // A quarter of the largest request, at most 256 KiB, as toolkits do: room for the request's header.
            let largest = Int(xcb_get_maximum_request_length(x.connection)) * 4
            chunkSize = max(4096, min(largest / 4, 256 << 10))
        }
    }

    private let server: Server
    private let state = Lock(State())
    /// Wakes the serving thread when ``stop()`` is called: it sleeps until the X server sends something otherwise.
    private let wakeUp: WakeUpPipe

    private struct State {
        var isRunning = false
        var stopRequested = false
        var lostOwnership = false
        var wakeUps = 0
    }

    /// How many times the serving thread woke from its sleep: for a request, a deadline it had set, or ``stop()``.
    /// An owner nobody asks sleeps without waking.
    package var wakeUps: Int { state.withLock { $0.wakeUps } }

    /// Takes ownership of `selection` with `offers`.
    /// - Parameters:
    ///   - offers: The types offered, in order of preference.
    ///   - selection: The selection.
    ///   - display: The display, or nil for `DISPLAY`.
    /// - Throws: `X11Error`: no display, or the server did not give the selection.
    package convenience init(
        offers: [Offer], selection: X11Clipboard.Selection = .clipboard, display: String? = nil
    ) throws(X11Error) {
        try self.init(offers: offers, selectionNamed: selection.rawValue, display: display)
    }

    /// Takes ownership of the selection named `selection` (`XdndSelection` for a drag) with `offers`.
    init(offers: [Offer], selectionNamed selection: String, display: String?) throws(X11Error) {
        let x = try X11Connection(display: display)
        let selectionAtom = try x.atom(selection)
        var atoms: [(xcb_atom_t, Offer)] = []
        for offer in offers { atoms.append((try x.atom(offer.type), offer)) }
        for name in ["TARGETS", "TIMESTAMP", "INCR", "ATOM", "INTEGER"] { _ = try x.atom(name) }
        let time = try x.serverTime()
        xcb_set_selection_owner(x.connection, x.window, selectionAtom, time)
        let reply = xcb_get_selection_owner_reply(
            x.connection, xcb_get_selection_owner(x.connection, selectionAtom), nil)
        defer { free(reply) }
        guard reply?.pointee.owner == x.window else {
            throw X11Error(.refused, "the X server did not give the \(selection) selection")
        }
        server = Server(x: x, selection: selectionAtom, offers: atoms, acquired: time)
        wakeUp = try WakeUpPipe()
    }

    /// Whether another program has taken the selection.
    package var hasLostOwnership: Bool { state.withLock { $0.lostOwnership } }

    /// Serves on a thread of its own until the selection is lost or ``stop()`` is called.
    package func start() {
        state.withLock { $0.isRunning = true }
        let thread = Thread { [self] in
            _ = try? serve()
            state.withLock { $0.isRunning = false }
        }
        thread.name = "DnDKit X11 clipboard"
        thread.start()
    }

    /// Serves on the calling thread until another program takes the selection, ``stop()`` is called, or
    /// `duration` seconds have passed; then it finishes the increments under way, as ICCCM asks of an owner that
    /// loses its selection, giving up on a requestor that has not asked for a piece in 10 seconds.
    ///
    /// Between requests the thread sleeps until the X server sends something, ``stop()`` wakes it, or a deadline
    /// (`duration`, a stalled increment's 10 seconds) is due: an owner nobody asks wakes no one.
    /// - Parameter duration: The longest time to serve, or nil for no limit.
    /// - Throws: `X11Error` when the connection breaks.
    package func serve(for duration: Double? = nil) throws(X11Error) {
        let deadline = duration.map { ContinuousClock.now + .seconds($0) }
        let patience = Duration.seconds(10)
        while true {
            let now = ContinuousClock.now
            let ending = state.withLock({ $0.stopRequested || $0.lostOwnership }) || deadline.map { now >= $0 } ?? false
            if ending {
                server.transfers.removeAll { now - $0.lastAsked > patience }
                if server.transfers.isEmpty { return }
            }
            if let event = try server.x.queuedEvent() {
                handle(event)
                free(event)
                continue
            }
            // Asleep until the next thing due: the end of `duration`, or, once ending, the oldest increment's
            // patience running out.
            var due = ending ? server.transfers.map { $0.lastAsked + patience }.min() : nil
            if !ending, let deadline { due = deadline }
            let timeout = due.map { Self.seconds(from: now, to: $0) }
            server.x.flush()
            X11Connection.sleep(untilReadable: [server.x.fileDescriptor, wakeUp.readEnd], timeout: timeout)
            wakeUp.drain()
            state.withLock { $0.wakeUps += 1 }
        }
    }

    /// The seconds from one instant to a later one (0 when it is earlier).
    private static func seconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
        let span = end - start
        return max(0, Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18)
    }

    /// Stops serving; the selection is given up when the owner goes away.
    package func stop() {
        state.withLock { $0.stopRequested = true }
        wakeUp.wake()
        while state.withLock({ $0.isRunning }) { usleep(1000) }
    }

    deinit {
        state.withLock { $0.stopRequested = true }
        wakeUp.wake()
    }

    private func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        switch X11Connection.type(of: event) {
        case XCB_SELECTION_REQUEST:
            let request = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_selection_request_event_t.self)
            answer(request.pointee)
        case XCB_SELECTION_CLEAR:
            let clear = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_selection_clear_event_t.self)
            if clear.pointee.selection == server.selection { state.withLock { $0.lostOwnership = true } }
        case XCB_PROPERTY_NOTIFY:
            let notify = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self)
            continueTransfer(notify.pointee)
        case XCB_DESTROY_NOTIFY:
            // A requestor gone in the middle of an increment will ask for no more.
            let notify = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_destroy_notify_event_t.self)
            server.transfers.removeAll { $0.requestor == notify.pointee.window }
        default:
            break
        }
    }

    /// Answers one request: converts into the requestor's property and tells it, or tells it no.
    private func answer(_ request: xcb_selection_request_event_t) {
        let x = server.x
        // An obsolete requestor names no property: the target's atom is the property then (ICCCM 2.2).
        let property = request.property != 0 ? request.property : request.target
        var succeeded = false
        if request.selection == server.selection {
            succeeded = convert(request, into: property)
        }
        var notify = xcb_selection_notify_event_t()
        notify.response_type = UInt8(XCB_SELECTION_NOTIFY)
        notify.time = request.time
        notify.requestor = request.requestor
        notify.selection = request.selection
        notify.target = request.target
        notify.property = succeeded ? property : 0
        withUnsafeBytes(of: &notify) { raw in
            _ = xcb_send_event(
                x.connection, 0, request.requestor, UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue),
                raw.baseAddress?.assumingMemoryBound(to: CChar.self))
        }
        xcb_flush(x.connection)
    }

    private func convert(_ request: xcb_selection_request_event_t, into property: xcb_atom_t) -> Bool {
        let x = server.x
        guard let targets = try? x.atom("TARGETS"), let timestamp = try? x.atom("TIMESTAMP"),
            let atomType = try? x.atom("ATOM"), let integer = try? x.atom("INTEGER"), let incr = try? x.atom("INCR")
        else { return false }
        switch request.target {
        case targets:
            let listed = server.offers.indices.filter { index in
                !server.offers[index].offer.isListedOnlyWhenProduced || payload(index) != nil
            }
            var atoms = [targets, timestamp] + listed.map { server.offers[$0].atom }
            xcb_change_property(
                x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property, atomType, 32,
                UInt32(atoms.count), &atoms)
            return true
        case timestamp:
            var time = server.acquired
            xcb_change_property(
                x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property, integer, 32, 1, &time)
            return true
        default:
            guard let index = server.offers.firstIndex(where: { $0.atom == request.target }),
                let bytes = payload(index)
            else { return false }
            if bytes.count <= server.chunkSize {
                bytes.withUnsafeBytes { raw in
                    _ = xcb_change_property(
                        x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property,
                        request.target, 8, UInt32(raw.count), raw.baseAddress)
                }
                return true
            }
            // INCR: watch the requestor's property (each deletion asks for the next piece) and the window itself.
            var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue)
            xcb_change_window_attributes(x.connection, request.requestor, XCB_CW_EVENT_MASK.rawValue, &mask)
            var size = UInt32(clamping: bytes.count)
            xcb_change_property(
                x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property, incr, 32, 1, &size)
            server.transfers.removeAll { $0.requestor == request.requestor && $0.property == property }
            server.transfers.append(
                Server.Transfer(
                    requestor: request.requestor, property: property, type: request.target, bytes: bytes, sent: 0,
                    lastAsked: .now))
            return true
        }
    }

    /// The bytes of an offer, produced on first use.
    private func payload(_ index: Int) -> Data? {
        if let known = server.produced[index] { return known }
        guard let bytes = try? server.offers[index].offer.produce() else { return nil }
        server.produced[index] = bytes
        return bytes
    }

    /// A requestor deleted the property of an increment: the next piece, or the empty piece that ends it.
    private func continueTransfer(_ notify: xcb_property_notify_event_t) {
        guard notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue),
            let index = server.transfers.firstIndex(where: {
                $0.requestor == notify.window && $0.property == notify.atom
            })
        else { return }
        let x = server.x
        var transfer = server.transfers[index]
        let count = min(server.chunkSize, transfer.bytes.count - transfer.sent)
        transfer.bytes.withUnsafeBytes { raw in
            _ = xcb_change_property(
                x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), transfer.requestor, transfer.property,
                transfer.type, 8, UInt32(count), raw.baseAddress.map { $0 + transfer.sent })
        }
        xcb_flush(x.connection)
        if count == 0 {
            server.transfers.remove(at: index)
            return
        }
        transfer.sent += count
        transfer.lastAsked = .now
        server.transfers[index] = transfer
    }
}
