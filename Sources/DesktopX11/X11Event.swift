/// An X window's number (the C type is `xcb_window_t`).
typealias X11Window = UInt32
/// An interned name (the C type is `xcb_atom_t`).
typealias X11Atom = UInt32
/// A time stamp of the X server, in milliseconds (the C type is `xcb_timestamp_t`); 0 is `CurrentTime`.
typealias X11Timestamp = UInt32
/// A key's code on the server's keyboard (the C type is `xcb_keycode_t`).
typealias X11Keycode = UInt8

/// An event from the X server, decoded once by ``X11Connection`` from libxcb's bytes: the kinds the desktop host
/// reacts to, each with the fields it reads, as values (nothing for a caller to free).
enum X11Event: Sendable, Equatable {
    /// Part of a window must be drawn again (`Expose`).
    case expose(window: X11Window)
    /// A mouse button went down (`ButtonPress`).
    case buttonPress(Pointer)
    /// A mouse button went up (`ButtonRelease`).
    case buttonRelease(Pointer)
    /// The pointer moved (`MotionNotify`; ``Pointer/button`` is 0).
    case motion(Pointer)
    /// A key went down (`KeyPress`).
    case keyPress(Key)
    /// A message from another client (`ClientMessage`): XDND's, the window manager's.
    case clientMessage(ClientMessage)
    /// A window was destroyed (`DestroyNotify`).
    case destroyNotify(window: X11Window)
    /// A property changed or was deleted (`PropertyNotify`).
    case propertyNotify(PropertyChange)
    /// A selection's owner answered a conversion (`SelectionNotify`).
    case selectionNotify(SelectionNotify)
    /// Another client asks the owner of a selection for a conversion (`SelectionRequest`).
    case selectionRequest(SelectionRequest)
    /// Another client took a selection this connection owned (`SelectionClear`).
    case selectionClear(selection: X11Atom, window: X11Window)
    /// A request whose reply nobody waited for failed: the X server's error, with its code, opcodes and resource.
    case requestFailed(X11Error.RequestFailure)
    /// An event of a kind the host does not read, by its number.
    case other(kind: UInt8)

    /// Where the pointer was and what the mouse did.
    struct Pointer: Sendable, Equatable {
        /// The window the event is reported to.
        var window: X11Window
        /// The button (1 left, 2 middle, 3 right); 0 for a motion.
        var button: UInt8
        /// Where the pointer was, relative to the window's corner.
        var x, y: Int16
        /// Where the pointer was on the root window.
        var rootX, rootY: Int16
        /// When it happened.
        var time: X11Timestamp
    }

    /// A key that went down.
    struct Key: Sendable, Equatable {
        /// The window the event is reported to.
        var window: X11Window
        /// The key's code.
        var keycode: X11Keycode
        /// Whether Control was held.
        var control: Bool
        /// When it happened.
        var time: X11Timestamp
    }

    /// A client message: its type, and its data as 32-bit words when its format is 32 (five of them).
    struct ClientMessage: Sendable, Equatable {
        /// The window it was sent to.
        var window: X11Window
        /// What kind of message (an atom: `XdndEnter`, `WM_PROTOCOLS`).
        var type: X11Atom
        /// The size of its data's items: 8, 16 or 32 bits.
        var format: UInt8
        /// The data, as five 32-bit words (meaningful when ``format`` is 32).
        var words: [UInt32]
    }

    /// A property's change.
    struct PropertyChange: Sendable, Equatable {
        /// The window whose property it is.
        var window: X11Window
        /// The property.
        var atom: X11Atom
        /// When it changed.
        var time: X11Timestamp
        /// Whether it was deleted (otherwise its value changed).
        var deleted: Bool
    }

    /// A selection owner's answer to a conversion.
    struct SelectionNotify: Sendable, Equatable {
        /// The window that asked.
        var requestor: X11Window
        /// The selection.
        var selection: X11Atom
        /// The type asked for.
        var target: X11Atom
        /// Where the answer is, on the requestor's window; 0 when the owner refused.
        var property: X11Atom
        /// The time the conversion was asked for.
        var time: X11Timestamp
    }

    /// A request for a conversion of a selection this connection owns.
    struct SelectionRequest: Sendable, Equatable {
        /// The owner's window.
        var owner: X11Window
        /// The window that asks.
        var requestor: X11Window
        /// The selection.
        var selection: X11Atom
        /// The type asked for.
        var target: X11Atom
        /// Where the answer goes on the requestor's window (0 from an obsolete requestor).
        var property: X11Atom
        /// The time the requestor gave.
        var time: X11Timestamp
    }
}
