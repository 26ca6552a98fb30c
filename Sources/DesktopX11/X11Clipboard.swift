import Foundation

/// The desktop's clipboard over X11 selections (ICCCM): `CLIPBOARD`, which copy and paste use, or `PRIMARY`, the
/// current text selection. Paste asks the owner to convert the selection to a type (a MIME type, or one of X's text
/// names); copy owns the selection and answers every program that asks, `TARGETS` included. Payloads larger than
/// the server's request size go in increments (`INCR`), both ways.
///
/// The calls block the calling thread while they talk to the X server; call them from a thread or a detached task.
package enum X11Clipboard {
    /// Which selection.
    package enum Selection: String, Sendable, CaseIterable {
        /// The clipboard: copy and paste.
        case clipboard = "CLIPBOARD"
        /// The primary selection: text selected with the mouse, pasted with the middle button.
        case primary = "PRIMARY"
    }

    /// The types the selection's owner offers (its `TARGETS`), without X's own meta targets.
    /// - Parameters:
    ///   - selection: The selection.
    ///   - display: The display, or nil for `DISPLAY`.
    ///   - timeout: How long to wait for the owner, in seconds.
    /// - Returns: The type names, in the owner's order.
    /// - Throws: `X11Error`: no display, no owner, an owner that does not answer.
    package static func availableTypes(
        _ selection: Selection = .clipboard, display: String? = nil, timeout: Double = 5
    ) throws(X11Error) -> [String] {
        try availableTypes(selection, on: X11Connection(display: display), timeout: timeout)
    }

    /// The types the selection's owner offers (its `TARGETS`), without X's own meta targets, asked on `x`.
    static func availableTypes(_ selection: Selection, on x: X11Connection, timeout: Double) throws(X11Error)
        -> [String]
    {
        let reply = try convert(selection, to: "TARGETS", on: x, timeout: timeout, limit: 1 << 20)
        guard reply.format == 32 else {
            throw X11Error(.protocolViolation, "the owner answered TARGETS with \(reply.format)-bit data, not atoms")
        }
        let meta: Set<String> = ["TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "DELETE", "INCR"]
        return reply.bytes.withUnsafeBytes { raw in
            (0..<(raw.count / 4)).compactMap { index in
                x.name(of: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
        }.filter { !meta.contains($0) }
    }

    /// The selection's content as a type: the bytes the owner gives for `type` (a MIME type such as `image/png`, or
    /// `UTF8_STRING`).
    /// - Parameters:
    ///   - type: The type wanted.
    ///   - selection: The selection.
    ///   - display: The display, or nil for `DISPLAY`.
    ///   - timeout: How long to wait for each answer of the owner, in seconds.
    ///   - limit: The largest payload accepted, in bytes.
    /// - Returns: The bytes.
    /// - Throws: `X11Error`: no display, no owner, a refused type, a timeout, a payload over `limit`.
    package static func paste(
        as type: String, from selection: Selection = .clipboard, display: String? = nil, timeout: Double = 5,
        limit: Int = 1 << 30
    ) throws(X11Error) -> Data {
        let x = try X11Connection(display: display)
        return try convert(selection, to: type, on: x, timeout: timeout, limit: limit).bytes
    }

    /// Asks the owner of `selection` for `target` and reads the answer, in increments when the owner sends them so.
    static func convert(
        _ selection: Selection, to target: String, on x: X11Connection, timeout: Double, limit: Int
    ) throws(X11Error) -> (format: UInt8, bytes: Data) {
        try convert(selection.rawValue, to: target, on: x, at: nil, timeout: timeout, limit: limit)
    }

    /// Asks the owner of the selection named `selection` (`CLIPBOARD`, `XdndSelection`) for `target`, as of `time`
    /// (nil for the server's time now), and reads the answer, in increments when the owner sends them so.
    static func convert(
        _ selection: String, to target: String, on x: X11Connection, at requested: X11Timestamp?, timeout: Double,
        limit: Int
    ) throws(X11Error) -> (format: UInt8, bytes: Data) {
        let selectionAtom = try x.atom(selection)
        let owner = try x.selectionOwner(selectionAtom)
        guard owner != 0 else {
            throw X11Error(.noOwner, "no program owns the \(selection) selection")
        }
        let targetAtom = try x.atom(target)
        let property = try x.atom("DNDKIT_SELECTION")
        let time: X11Timestamp
        if let requested { time = requested } else { time = try x.serverTime() }
        // A connection that converts again (a window's transfer worker) still holds the notices of its property from
        // the conversions before, and maybe an answer that came after its wait ended: none of them is this one's.
        // The owner's round trip above means the server has sent them all.
        x.discardReceived { event in
            switch event {
            case .propertyNotify(let change): change.window == x.window && change.atom == property
            case .selectionNotify(let notify): notify.requestor == x.window && notify.selection == selectionAtom
            default: false
            }
        }
        let peer = Owner(window: owner, selection: selection, target: target, timeout: timeout)
        // An owner that goes away in the middle of an answer ends the wait at once, not at the timeout.
        let watched = x.watchDestruction(of: peer.window)
        defer { if watched { x.unwatch(peer.window) } }
        x.convertSelection(selectionAtom, to: targetAtom, into: property, at: time)
        let notify = try peer.await(on: x) { event -> X11Event.SelectionNotify? in
            guard case .selectionNotify(let notify) = event else { return nil }
            return notify.requestor == x.window && notify.selection == selectionAtom && notify.target == targetAtom
                ? notify : nil
        }
        guard notify.property != 0 else {
            throw X11Error(.refused, "the owner of \(selection) does not offer \(target)")
        }
        let first = try x.property(of: x.window, notify.property, delete: true)
        guard first.type == (try x.atom("INCR")) else {
            guard first.bytes.count <= limit else {
                throw X11Error(.tooLarge, "the \(target) payload of \(first.bytes.count) bytes is over \(limit)")
            }
            return (first.format, first.bytes)
        }
        // INCR: the owner announced a size; each deletion asks for the next piece, an empty piece ends.
        let announced =
            first.bytes.count >= 4 ? Int(first.bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }) : 0
        guard announced <= limit else {
            throw X11Error(.tooLarge, "the \(target) payload of \(announced) bytes is over \(limit)")
        }
        var bytes = Data()
        bytes.reserveCapacity(announced)
        var format: UInt8 = 8
        while true {
            try awaitNextPiece(of: property, from: peer, on: x, received: bytes.count)
            let before = bytes.count
            let piece = try x.property(of: x.window, property, delete: true, appendingTo: &bytes)
            if bytes.count == before { break }
            format = piece.format
            guard bytes.count <= limit else {
                throw X11Error(.tooLarge, "the \(target) payload grew past \(limit) bytes")
            }
        }
        // The announced size is a lower bound (ICCCM): a transfer that ends short of it broke off.
        guard bytes.count >= announced else {
            throw X11Error(
                .protocolViolation,
                "the owner ended the \(target) transfer after \(bytes.count) of at least \(announced) bytes")
        }
        return (format, bytes)
    }

    /// Waits until the owner has put the next piece of an increment: first the notification of our own deletion
    /// of the last piece (events from before it are stale), then a new value.
    static func awaitNextPiece(
        of property: X11Atom, from peer: Owner, on x: X11Connection, received: Int
    ) throws(X11Error) {
        var deleted = false
        while true {
            let wasDeleted = try peer.await(on: x, received: received) { event -> Bool? in
                guard case .propertyNotify(let change) = event else { return nil }
                return change.window == x.window && change.atom == property ? change.deleted : nil
            }
            if wasDeleted {
                deleted = true
            } else if deleted {
                return
            }
        }
    }

    /// The program that owns a selection while it answers a conversion: what a wait for it needs to end on time, and
    /// to say whom it waited for.
    struct Owner {
        /// The owner's window.
        let window: X11Window
        /// The selection's name.
        let selection: String
        /// The type asked for.
        let target: String
        /// How long to wait for each answer, in seconds.
        let timeout: Double

        /// Waits for the event that `matching` turns into a value, failing when the owner's window is destroyed
        /// (it went away) or when nothing came within the timeout.
        func await<Value>(
            on x: X11Connection, received: Int? = nil,
            matching: (X11Event) -> Value?
        ) throws(X11Error) -> Value {
            var value: Value?
            var destroyed = false
            do {
                _ = try x.nextEvent(timeout: timeout) { event in
                    if case .destroyNotify(let gone) = event {
                        destroyed = gone == window
                        return destroyed
                    }
                    value = matching(event)
                    return value != nil
                }
            } catch  where error.code == .timedOut {
                throw X11Error(
                    .timedOut,
                    "\(x.describe(window)), the owner of \(selection), did not answer for \(target) in "
                        + "\(timeout.formatted()) s\(received.map { " (after \($0) bytes)" } ?? "")")
            }
            guard let value, !destroyed else {
                throw X11Error(
                    .ownerGone,
                    "the owner of \(selection) (window \(X11Connection.hex(window))) went away before it answered "
                        + "for \(target)\(received.map { " (after \($0) bytes)" } ?? "")")
            }
            return value
        }
    }
}
