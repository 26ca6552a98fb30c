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
        let selection: X11Atom
        let offers: [(atom: X11Atom, offer: Offer)]
        let acquired: X11Timestamp
        /// ICCCM's meta targets, and the type of an increment's announcement.
        let targets, timestamp, incr: X11Atom
        /// Produced payloads by offer index.
        var produced: [Int: Data] = [:]
        /// Increments under way, by requestor window and property.
        var transfers: [Transfer] = []
        let chunkSize: Int

        struct Transfer {
            let requestor: X11Window
            let property: X11Atom
            let type: X11Atom
            let bytes: Data
            var sent: Int
            /// When the requestor last asked for a piece.
            var lastAsked: ContinuousClock.Instant
        }

        init(
            x: X11Connection, selection: X11Atom, offers: [(X11Atom, Offer)], acquired: X11Timestamp
        ) throws(X11Error) {
            targets = try x.atom("TARGETS")
            timestamp = try x.atom("TIMESTAMP")
            incr = try x.atom("INCR")
            self.x = x
            self.selection = selection
            self.offers = offers
            self.acquired = acquired
            // A quarter of the largest request, at most 256 KiB, as toolkits do: room for the request's header.
            let largest = x.maximumRequestBytes
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
        var failure: X11Error?
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
        var atoms: [(X11Atom, Offer)] = []
        for offer in offers { atoms.append((try x.atom(offer.type), offer)) }
        let time = try x.serverTime()
        x.takeSelection(selectionAtom, at: time)
        guard try x.selectionOwner(selectionAtom) == x.window else {
            throw X11Error(.refused, "the X server did not give the \(selection) selection")
        }
        server = try Server(x: x, selection: selectionAtom, offers: atoms, acquired: time)
        wakeUp = try WakeUpPipe()
    }

    /// Whether another program has taken the selection.
    package var hasLostOwnership: Bool { state.withLock { $0.lostOwnership } }

    /// Why the thread of ``start()`` stopped serving before it was asked to (the connection broke); nil while it
    /// serves or when it ended as asked.
    package var failure: X11Error? { state.withLock { $0.failure } }

    /// Serves on a thread of its own until the selection is lost or ``stop()`` is called; a failure that ends it
    /// early is kept in ``failure``.
    package func start() {
        state.withLock { $0.isRunning = true }
        let thread = Thread { [self] in
            var failure: X11Error?
            do throws(X11Error) {
                try serve()
            } catch {
                failure = error
            }
            state.withLock {
                $0.failure = failure
                $0.isRunning = false
            }
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
    static func seconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
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

    private func handle(_ event: X11Event) {
        switch event {
        case .selectionRequest(let request):
            answer(request)
        case .selectionClear(let selection, _):
            if selection == server.selection { state.withLock { $0.lostOwnership = true } }
        case .propertyNotify(let change):
            continueTransfer(change)
        case .destroyNotify(let window):
            // A requestor gone in the middle of an increment will ask for no more.
            server.transfers.removeAll { $0.requestor == window }
        default:
            break
        }
    }

    /// Answers one request: converts into the requestor's property and tells it, or tells it no.
    private func answer(_ request: X11Event.SelectionRequest) {
        // An obsolete requestor names no property: the target's atom is the property then (ICCCM 2.2).
        let property = request.property != 0 ? request.property : request.target
        var succeeded = false
        if request.selection == server.selection {
            succeeded = convert(request, into: property)
        }
        server.x.sendSelectionNotify(answering: request, property: succeeded ? property : 0)
    }

    private func convert(_ request: X11Event.SelectionRequest, into property: X11Atom) -> Bool {
        let x = server.x
        switch request.target {
        case server.targets:
            let listed = server.offers.indices.filter { index in
                !server.offers[index].offer.isListedOnlyWhenProduced || payload(index) != nil
            }
            let atoms = [server.targets, server.timestamp] + listed.map { server.offers[$0].atom }
            x.setProperty(property, of: request.requestor, type: X11Connection.Predefined.atom, words: atoms)
            return true
        case server.timestamp:
            x.setProperty(
                property, of: request.requestor, type: X11Connection.Predefined.integer, words: [server.acquired])
            return true
        default:
            guard let index = server.offers.firstIndex(where: { $0.atom == request.target }),
                let bytes = payload(index)
            else { return false }
            if bytes.count <= server.chunkSize {
                x.setProperty(
                    property, of: request.requestor, type: request.target, bytes: bytes, from: 0, count: bytes.count)
                return true
            }
            // INCR: watch the requestor's property (each deletion asks for the next piece) and the window itself.
            x.selectEvents([.propertyChange, .structure], on: request.requestor)
            x.setProperty(property, of: request.requestor, type: server.incr, words: [UInt32(clamping: bytes.count)])
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
        // A value that cannot be made in this type is refused to the requestor (a SelectionNotify with no
        // property), which is how ICCCM says "not available"; the owner goes on serving its other types.
        guard let bytes = try? server.offers[index].offer.produce() else { return nil }
        server.produced[index] = bytes
        return bytes
    }

    /// A requestor deleted the property of an increment: the next piece, or the empty piece that ends it.
    private func continueTransfer(_ notify: X11Event.PropertyChange) {
        guard notify.deleted,
            let index = server.transfers.firstIndex(where: {
                $0.requestor == notify.window && $0.property == notify.atom
            })
        else { return }
        let x = server.x
        var transfer = server.transfers[index]
        let count = min(server.chunkSize, transfer.bytes.count - transfer.sent)
        x.setProperty(
            transfer.property, of: transfer.requestor, type: transfer.type, bytes: transfer.bytes, from: transfer.sent,
            count: count)
        x.flush()
        if count == 0 {
            server.transfers.remove(at: index)
            return
        }
        transfer.sent += count
        transfer.lastAsked = .now
        server.transfers[index] = transfer
    }
}
