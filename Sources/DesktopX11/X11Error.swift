import Diagnostics

/// Why talking to the X server failed: no display, a refused or lost connection, a request the server refused, a
/// peer that did not answer in time or broke the protocol.
package struct X11Error: CodedError, Sendable, Hashable {
    /// A kind of failure.
    package typealias Code = ErrorCode<X11Error>

    /// What kind of failure.
    package var code: Code
    /// What went wrong, complete on its own.
    package var message: String
    /// The X server's error, when it refused a request (``Code/requestFailed``): its code, the request's opcodes and
    /// the resource it named.
    package var failure: RequestFailure?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What went wrong.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// An error for a request the X server refused.
    /// - Parameters:
    ///   - failure: The server's error.
    ///   - request: The request's name (`GetProperty`), for the message.
    package init(_ failure: RequestFailure, request: String) {
        code = .requestFailed
        message = "the X server refused \(request): \(failure)"
        self.failure = failure
    }

    /// An error the X server sent for a request (its `xcb_generic_error_t`): which error, for which request, about
    /// which resource.
    package struct RequestFailure: Sendable, Hashable, CustomStringConvertible {
        /// The X error's code: ``badWindow``, ``badAtom``, ….
        package var errorCode: UInt8
        /// The request's major opcode (20 for `GetProperty`; an extension's for its requests).
        package var majorOpcode: UInt8
        /// The request's minor opcode (an extension's request; 0 for the core protocol's).
        package var minorOpcode: UInt16
        /// The resource the request named (a window, an atom), or the bad value.
        package var resource: UInt32

        /// Creates a failure from its fields.
        package init(errorCode: UInt8, majorOpcode: UInt8, minorOpcode: UInt16, resource: UInt32) {
            self.errorCode = errorCode
            self.majorOpcode = majorOpcode
            self.minorOpcode = minorOpcode
            self.resource = resource
        }

        /// `BadValue`: a number out of range.
        package static let badValue: UInt8 = 2
        /// `BadWindow`: no such window.
        package static let badWindow: UInt8 = 3
        /// `BadAtom`: no such atom.
        package static let badAtom: UInt8 = 5
        /// `BadMatch`: arguments that do not go together.
        package static let badMatch: UInt8 = 8
        /// `BadAlloc`: the server ran out of memory.
        package static let badAlloc: UInt8 = 11
        /// `BadLength`: a request too long.
        package static let badLength: UInt8 = 16

        /// The core protocol's name of the error (`BadWindow`), or its number for an extension's.
        package var errorName: String {
            let names = [
                "Request", "Value", "Window", "Pixmap", "Atom", "Cursor", "Font", "Match", "Drawable", "Access",
                "Alloc", "Colormap", "GContext", "IDChoice", "Name", "Length", "Implementation",
            ]
            let index = Int(errorCode) - 1
            return names.indices.contains(index) ? "Bad" + names[index] : "error \(errorCode)"
        }

        /// `BadWindow (error 3) for resource 0x400001, request 20.0`.
        package var description: String {
            "\(errorName) (error \(errorCode)) for resource 0x\(String(resource, radix: 16)), request "
                + "\(majorOpcode).\(minorOpcode)"
        }
    }
}

extension ErrorCode where Failure == X11Error {
    /// No display to connect to: `DISPLAY` is not set.
    package static let noDisplay = Self(rawValue: "no display")
    /// The X server refused the connection or could not be reached.
    package static let connectionFailed = Self(rawValue: "connection failed")
    /// The connection to the X server broke.
    package static let connectionLost = Self(rawValue: "connection lost")
    /// The X server refused a request (an X error: a window that is gone, a bad atom); ``X11Error/failure`` says
    /// which.
    package static let requestFailed = Self(rawValue: "request failed")
    /// No program owns the selection.
    package static let noOwner = Self(rawValue: "no owner")
    /// The owner of the selection refused the conversion (it does not offer that type).
    package static let refused = Self(rawValue: "refused")
    /// The selection's owner went away (its window was destroyed) before it finished answering.
    package static let ownerGone = Self(rawValue: "owner gone")
    /// A peer did not answer in time.
    package static let timedOut = Self(rawValue: "timed out")
    /// A peer broke the protocol (a reply of the wrong format, a transfer that ended early).
    package static let protocolViolation = Self(rawValue: "protocol violation")
    /// The payload is larger than the limit.
    package static let tooLarge = Self(rawValue: "too large")
}
