import CGtk
import ContentTypes
import DesktopTransfer
import Foundation
import Transfer

/// The desktop's clipboards through GTK (`GdkClipboard`): copy `Transferable` values, list what is offered, paste as
/// a wanted type. On Wayland and X11 alike, whichever GTK's display speaks.
///
/// ```swift
/// GTKClipboard.copy([photo])                                   // Ctrl+C
/// let photos = try await GTKClipboard.paste(Photo.self)        // Ctrl+V
/// let text = try await GTKClipboard.paste(String.self, from: .primary)
/// ```
///
/// What is copied is exported lazily, as for a drag: each representation is produced when a program pastes its type.
/// On Wayland the compositor takes a new clipboard owner only from an app that has had input (a key or a click) —
/// copy in answer to the user.
public enum GTKClipboard {
    /// Which clipboard.
    public enum Selection: Sendable {
        /// The clipboard of Ctrl+C and Ctrl+V.
        case clipboard
        /// The primary selection: the text last selected, pasted with the middle button.
        case primary
    }

    /// Copies values to a clipboard.
    /// - Parameters:
    ///   - values: The values (the first one's representations are offered; all of them as files when they can be).
    ///   - selection: Which clipboard.
    /// - Throws: `GTKTransferError` `.noDisplay` when GTK has no display; `.notTaken` when the clipboard did not
    ///   take them.
    @MainActor
    public static func copy<T: Transferable>(_ values: [T], to selection: Selection = .clipboard)
        throws(GTKTransferError)
    {
        try copy(items: values.map { ItemProvider($0) }, to: selection)
    }

    /// Copies items to a clipboard.
    /// - Parameters:
    ///   - items: The items.
    ///   - selection: Which clipboard.
    /// - Throws: `GTKTransferError` `.noDisplay` when GTK has no display; `.notTaken` when the clipboard did not
    ///   take them.
    /// The corresponding C function is `gdk_clipboard_set_content`.
    @MainActor
    public static func copy(items: [ItemProvider], to selection: Selection = .clipboard) throws(GTKTransferError) {
        guard !items.isEmpty else { return }
        try place(items: items, to: selection)
    }

    /// Puts items on a clipboard and makes sure it holds them: GTK owns the clipboard with their content once this
    /// returns (a cut removes its values only then).
    /// - Throws: `GTKTransferError` `.noDisplay`; `.notTaken` when the clipboard did not take the content.
    @MainActor
    static func place(items: [ItemProvider], to selection: Selection) throws(GTKTransferError) {
        GTKMainQueue.install()
        let clipboard = try clipboard(selection)
        guard let provider = OutgoingContent(items: items).makeProvider() else {
            throw GTKTransferError(.notTaken, "\(selection.name) was not given the items: they offer no type")
        }
        defer { g_object_unref(provider) }
        guard gdk_clipboard_set_content(clipboard, provider) != 0, gdk_clipboard_is_local(clipboard) != 0,
            gdk_clipboard_get_content(clipboard) == provider
        else {
            throw GTKTransferError(.notTaken, "\(selection.name) did not take the items (another owner kept it)")
        }
    }

    /// The MIME types a clipboard's owner offers, in its order, as GTK knows them now: right after another program
    /// takes the clipboard, GTK may not have learnt them yet (X11), and the list is empty until it has.
    /// - Parameter selection: Which clipboard.
    /// - Returns: The MIME types.
    /// - Throws: `GTKTransferError` `.noDisplay` when GTK has no display.
    @MainActor
    public static func offeredMIMETypes(in selection: Selection = .clipboard) throws(GTKTransferError) -> [String] {
        IncomingOffer.mimeTypes(of: gdk_clipboard_get_formats(try clipboard(selection)))
    }

    /// The content types a clipboard's owner offers (a list of files as `public.file-url`), in its order, as GTK
    /// knows them now (see ``offeredMIMETypes(in:)``).
    /// - Parameter selection: Which clipboard.
    /// - Returns: The content types.
    /// - Throws: `GTKTransferError` `.noDisplay` when GTK has no display.
    @MainActor
    public static func availableTypes(in selection: Selection = .clipboard) throws(GTKTransferError) -> [UTType] {
        IncomingOffer(clipboard: try clipboard(selection), selection: selection, name: selection.name).contentTypes
    }

    /// The clipboard's items as values of `T`: every item that can be imported as `T` (files of a list, opened in
    /// place), through `T`'s importers.
    /// - Parameters:
    ///   - type: The type wanted.
    ///   - selection: Which clipboard.
    /// - Returns: The values.
    /// - Throws: `GTKTransferError` `.noMatchingType` when no item can be imported as `T`; the read's or the
    ///   import's error.
    @MainActor
    public static func paste<T: Transferable>(_ type: T.Type, from selection: Selection = .clipboard) async throws
        -> [T]
    {
        GTKMainQueue.install()
        let offer = try await offer(selection)
        let items = await offer.items().filter { $0.canLoadTransferable(type: T.self) }
        guard !items.isEmpty else {
            throw GTKTransferError(
                .noMatchingType,
                "\(selection.name) offers nothing that can be read as \(T.self) (it offers \(offer.described))")
        }
        var values: [T] = []
        for item in items { values.append(try await item.loadTransferable(type: T.self)) }
        return values
    }

    /// The clipboard's bytes in the first offered type that conforms to `contentType`.
    /// - Parameters:
    ///   - contentType: The type wanted.
    ///   - selection: Which clipboard.
    /// - Returns: The bytes and the type they are in.
    /// - Throws: `GTKTransferError` `.noMatchingType`, `.readFailed`, `.tooLarge`.
    @MainActor
    public static func paste(_ contentType: UTType, from selection: Selection = .clipboard)
        async throws(GTKTransferError) -> (data: Data, type: UTType)
    {
        GTKMainQueue.install()
        let offer = try await offer(selection)
        for mime in offer.mimeTypes {
            guard let type = DesktopTypeNames.contentType(of: mime), type.conforms(to: contentType) else { continue }
            return (try await offer.read(mime), type)
        }
        throw GTKTransferError(
            .noMatchingType, "\(selection.name) offers no \(contentType.identifier) (it offers \(offer.described))")
    }

    /// What a clipboard's owner offers. GTK learns another program's types asynchronously (on X11 it asks the owner
    /// for its TARGETS when the owner changes): while it knows none, this waits for them, a second at most.
    @MainActor
    private static func offer(_ selection: Selection) async throws(GTKTransferError) -> IncomingOffer {
        let board = try clipboard(selection)
        let start = ContinuousClock.now
        while IncomingOffer.mimeTypes(of: gdk_clipboard_get_formats(board)).isEmpty,
            ContinuousClock.now - start < .seconds(1)
        {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return IncomingOffer(clipboard: board, selection: selection, name: selection.name)
    }

    /// The display's clipboard.
    @MainActor
    private static func clipboard(_ selection: Selection) throws(GTKTransferError) -> OpaquePointer {
        guard let display = gdk_display_get_default() else {
            throw GTKTransferError(
                .noDisplay, "GTK has no display (call gtk_init first, with DISPLAY or WAYLAND_DISPLAY set)")
        }
        let clipboard =
            switch selection {
            case .clipboard: gdk_display_get_clipboard(display)
            case .primary: gdk_display_get_primary_clipboard(display)
            }
        guard let clipboard else { throw GTKTransferError(.noDisplay, "the display has no \(selection.name)") }
        return clipboard
    }
}

extension GTKClipboard.Selection {
    /// `the clipboard`, `the primary selection`.
    var name: String {
        switch self {
        case .clipboard: "the clipboard"
        case .primary: "the primary selection"
        }
    }
}

extension IncomingOffer {
    /// The offered MIME types, for messages: `image/png, text/plain` or `nothing`.
    var described: String { mimeTypes.isEmpty ? "nothing" : mimeTypes.joined(separator: ", ") }
}
