import Diagnostics

/// Why talking to the X server failed: no display, a refused or lost connection, a peer that did not answer in time
/// or broke the protocol.
package struct X11Error: CodedError, Sendable, Hashable {
    /// A kind of failure.
    package typealias Code = ErrorCode<X11Error>

    /// What kind of failure.
    package var code: Code
    /// What went wrong, complete on its own.
    package var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What went wrong.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ErrorCode where Failure == X11Error {
    /// No display to connect to: `DISPLAY` is not set.
    package static let noDisplay = Self(rawValue: "no display")
    /// The X server refused the connection or could not be reached.
    package static let connectionFailed = Self(rawValue: "connection failed")
    /// The connection to the X server broke.
    package static let connectionLost = Self(rawValue: "connection lost")
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
