import Foundation

/// DnDKit's X11 selection reader, for the toolkit integrations of this repository: DnDKitGTK pastes from another
/// program through it under X11, on a connection of its own, instead of through GTK's reader (whose 1 MiB `INCR`
/// pieces pass through memory that glibc hands back to the system between them, so that every piece faults it in
/// again: a 64 MiB paste took 1.3–1.5× `xclip -o`'s time that way).
///
/// System programming interface (`@_spi(Integrations)`), not API: DnDKitGTK is a package of its own, which `package`
/// access does not reach, and this is the one entry it needs into the X11 host. It changes with the two.
@_spi(Integrations)
public enum X11SelectionRead {
    /// Which selection.
    public enum Selection: Sendable {
        /// `CLIPBOARD`: copy and paste.
        case clipboard
        /// `PRIMARY`: the text last selected.
        case primary
    }

    /// How a read ended.
    public enum Outcome: Sendable {
        /// The owner's bytes.
        case bytes(Data)
        /// Nothing to read here, and the toolkit's own reader applies: no X server to connect to, nobody owns the
        /// selection, or the owner does not offer the type under that name (X's text names stand for `text/plain`).
        case unavailable(String)
        /// The owner did not answer in time.
        case timedOut(String)
        /// The payload is larger than the limit.
        case tooLarge(String)
        /// The owner went away, broke the protocol, or the connection broke.
        case failed(String)
    }

    /// Reads the selection as `type`, blocking the calling thread while the owner answers.
    /// - Parameters:
    ///   - type: The target: a MIME type such as `image/png`.
    ///   - selection: The selection.
    ///   - display: The X display's name (`:0`).
    ///   - timeout: How long to wait for each answer of the owner, in seconds.
    ///   - limit: The largest payload accepted, in bytes.
    /// - Returns: The bytes, or why there are none.
    public static func read(
        _ type: String, from selection: Selection, display: String, timeout: Double, limit: Int
    ) -> Outcome {
        let named: X11Clipboard.Selection = selection == .clipboard ? .clipboard : .primary
        do {
            return .bytes(
                try X11Clipboard.paste(as: type, from: named, display: display, timeout: timeout, limit: limit))
        } catch {
            switch error.code {
            case .noDisplay, .connectionFailed, .noOwner, .refused: return .unavailable(error.message)
            case .timedOut: return .timedOut(error.message)
            case .tooLarge: return .tooLarge(error.message)
            default: return .failed(error.message)
            }
        }
    }
}
