import CDnDKitGTK
import CGtk
@_spi(Integrations) import DesktopX11
import Foundation

/// Pastes from another program under X11 through DnDKit's own selection reader, on an X connection of its own,
/// instead of GTK's.
///
/// GTK 4's reader takes an `INCR` transfer in 1 MiB pieces that each pass through two 1 MiB blocks Xlib allocates and
/// frees; glibc gives the top of its heap back to the system between them, and the next pieces fault the same memory
/// in again: about 50,000 page faults for a 64 MiB paste where the bytes need 16,400, and 0.66–0.79× the throughput of
/// `xclip -o` (Benchmarks/README.md, *GTK 4 apps*). DnDKit's reader (XCB) frees one block a piece and appends it to
/// the payload directly. It blocks while the owner answers, so it runs on a thread of its own (not Swift's pool:
/// once that has run a job, libdispatch wakes an idle process every second) while GTK's loop goes on.
///
/// GTK's reader still reads whatever this one cannot: the app's own clipboard (GTK hands it over in-process), a
/// display that is not X11's, and a type the owner offers only under one of X's text names (`UTF8_STRING`), which
/// GTK converts.
enum X11Paste {
    /// The X11 display's name for reading `clipboard` here, or nil when GTK's reader reads it: it is the app's own,
    /// or not on X11.
    /// The corresponding C functions are `gdk_clipboard_is_local` and `gdk_display_get_name`.
    @MainActor
    static func display(of clipboard: OpaquePointer) -> String? {
        guard gdk_clipboard_is_local(clipboard) == 0,
            let name = dndkit_display_x11_name(gdk_clipboard_get_display(clipboard))
        else { return nil }
        return String(cString: name)
    }

    /// The bytes of `mime` on `selection`, or nil when GTK's reader should read them (the owner does not offer that
    /// name, or the display cannot be reached on a connection of this one's).
    /// - Parameters:
    ///   - mime: The MIME type.
    ///   - selection: Which clipboard.
    ///   - display: The X11 display's name.
    ///   - limit: The largest payload accepted.
    ///   - timeout: The longest wait for each answer of the owner, in seconds.
    ///   - what: What is read, for messages (`image/png from the clipboard`).
    /// - Returns: The bytes, or nil for GTK's reader.
    /// - Throws: `GTKTransferError` `.timedOut` (the owner stopped answering), `.tooLarge` (past `limit`),
    ///   `.readFailed` (the owner went away or broke the protocol, or the connection broke).
    static func read(
        _ mime: String, from selection: GTKClipboard.Selection, display: String, limit: Int, timeout: Double,
        what: String
    ) async throws(GTKTransferError) -> Data? {
        let named: X11SelectionRead.Selection = selection == .clipboard ? .clipboard : .primary
        let outcome = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: X11SelectionRead.read(
                        mime, from: named, display: display, timeout: timeout, limit: limit))
            }
            thread.name = "DnDKitGTK X11 paste"
            thread.start()
        }
        switch outcome {
        case .bytes(let data): return data
        case .unavailable: return nil
        case .timedOut(let message): throw GTKTransferError(.timedOut, "reading \(what) timed out: \(message)")
        case .tooLarge(let message): throw GTKTransferError(.tooLarge, "reading \(what) stopped: \(message)")
        case .failed(let message): throw GTKTransferError(.readFailed, "reading \(what) failed: \(message)")
        }
    }
}
