import CGtk
import ContentTypes
import DesktopTransfer
import Foundation
import Transfer

/// What another program offers, in a drag (`GdkDrop`) or on a clipboard (`GdkClipboard`): its MIME types, in its
/// order, and a way to read one of them. Items are made from it as DnDKit's item providers, whose representations
/// are read only when a receiver loads them.
struct IncomingOffer: Sendable {
    /// The offered MIME types, in the owner's order.
    let mimeTypes: [String]
    /// Where the offer comes from, for messages (`the drop`, `the clipboard`).
    let origin: String
    /// Reads one type.
    let read: @MainActor @Sendable (String) async throws(GTKTransferError) -> Data
    /// The reads started and not yet over.
    let reads: ReadCounter

    /// The largest payload read, as DnDKit's item providers default to.
    static let limit = ItemProvider.defaultMaximumLoadSize
    /// The longest wait for the other program's next bytes, in seconds.
    static let timeout: Double = 10

    /// A read of a MIME type (`what` names it for messages) that answers nil to leave it to GTK's reader.
    typealias DirectRead = @Sendable (_ mime: String, _ what: String) async throws(GTKTransferError) -> Data?

    /// The offer of a drop.
    /// The corresponding C functions are `gdk_drop_get_formats`, `gdk_drop_read_async` and `gdk_drop_read_finish`.
    @MainActor
    init(drop: OpaquePointer) {
        self.init(
            object: drop, formats: gdk_drop_get_formats(drop), origin: "the drop",
            start: { gdk_drop_read_async($0, $1, G_PRIORITY_DEFAULT, $2, $3, $4) },
            finish: { gdk_drop_read_finish($0, $1, nil, $2) })
    }

    /// The offer on a clipboard, `selection`, named `name` in messages. Under X11 another program's bytes are read by
    /// DnDKit's own reader (``X11Paste``), and by GTK's when that one cannot.
    /// The corresponding C functions are `gdk_clipboard_get_formats`, `gdk_clipboard_read_async` and
    /// `gdk_clipboard_read_finish`.
    @MainActor
    init(clipboard: OpaquePointer, selection: GTKClipboard.Selection, name: String) {
        var direct: DirectRead?
        if let display = X11Paste.display(of: clipboard) {
            direct = { mime, what throws(GTKTransferError) in
                try await X11Paste.read(
                    mime, from: selection, display: display, limit: Self.limit, timeout: Self.timeout, what: what)
            }
        }
        self.init(
            object: clipboard, formats: gdk_clipboard_get_formats(clipboard), origin: name, direct: direct,
            start: { gdk_clipboard_read_async($0, $1, G_PRIORITY_DEFAULT, $2, $3, $4) },
            finish: { gdk_clipboard_read_finish($0, $1, nil, $2) })
    }

    /// An offer read through a GDK object's `read_async` and `read_finish` (a drop's or a clipboard's), or first
    /// through `direct`, when given, which answers nil to leave a type to GTK.
    @MainActor
    private init(
        object: OpaquePointer, formats: OpaquePointer?, origin: String,
        direct: DirectRead? = nil,
        start:
            @escaping @MainActor @Sendable (
                OpaquePointer, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafeMutablePointer<GCancellable>?,
                GAsyncReadyCallback, gpointer
            ) -> Void,
        finish:
            @escaping @MainActor @Sendable (
                OpaquePointer, OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>
            ) -> UnsafeMutablePointer<GInputStream>?
    ) {
        let reference = GObjectReference(UnsafeMutableRawPointer(object))
        let reads = ReadCounter()
        mimeTypes = Self.mimeTypes(of: formats)
        self.origin = origin
        self.reads = reads
        read = { mime throws(GTKTransferError) in
            reads.started += 1
            reads.outstanding += 1
            defer { reads.outstanding -= 1 }
            let what = "\(mime) from \(origin)"
            if let direct, let data = try await direct(mime, what) { return data }
            let list = CStringList([mime])
            defer { list.free() }
            let watch = ReadWatch(timeout: Self.timeout)
            defer { watch.finish() }
            let result = await awaitGIO { callback, pending in
                start(reference.opaque, list.pointer, watch.cancellable, callback, pending)
            }
            var error: UnsafeMutablePointer<GError>?
            guard let stream = finish(reference.opaque, result.opaque, &error) else {
                throw watch.error(error, reading: what)
            }
            defer { g_object_unref(stream) }
            return try await readAll(stream, limit: Self.limit, what: what, watch: watch)
        }
    }

    /// The MIME types of a set of formats.
    static func mimeTypes(of formats: OpaquePointer?) -> [String] {
        guard let formats else { return [] }
        var count: gsize = 0
        guard let names = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { names[$0].map { String(cString: $0) } }
    }

    /// The content types offered (text/uri-list as file URLs), without repeats, in the owner's order.
    var contentTypes: [UTType] {
        var types: [UTType] = []
        for mime in mimeTypes {
            let type = mime == DesktopTypeNames.uriList ? UTType.fileURL : DesktopTypeNames.contentType(of: mime)
            if let type, !types.contains(type) { types.append(type) }
        }
        return types
    }

    /// One item registering every offered type (a list of files as file URLs), each read when loaded: what a target
    /// sees before the drop, from the types alone.
    func typesItem() -> ItemProvider {
        let provider = ItemProvider()
        var seen: Set<UTType> = []
        for mime in mimeTypes {
            if mime == DesktopTypeNames.uriList {
                guard seen.insert(.fileURL).inserted else { continue }
                register(mime, as: .fileURL, on: provider) { list in
                    URIList.uris(in: String(decoding: list, as: UTF8.self)).first.map { Data($0.utf8) } ?? Data()
                }
                continue
            }
            guard let type = DesktopTypeNames.contentType(of: mime), seen.insert(type).inserted else { continue }
            register(mime, as: type, on: provider) { $0 }
        }
        return provider
    }

    /// The items: one per file of a `text/uri-list` (each local file as the type its content has, opened in place;
    /// any other URI as a URL), or else ``typesItem()``.
    @MainActor
    func items() async -> [ItemProvider] {
        if mimeTypes.contains(DesktopTypeNames.uriList), let list = try? await read(DesktopTypeNames.uriList) {
            let files = URIList.items(in: list)
            if !files.isEmpty { return files }
        }
        return [typesItem()]
    }

    /// Registers `mime` read from the offer as `type`, its bytes passed through `convert`.
    private func register(
        _ mime: String, as type: UTType, on provider: ItemProvider, convert: @escaping @Sendable (Data) -> Data
    ) {
        let read = read
        provider.registerDataRepresentation(for: type) { finish in
            Task { @MainActor in
                do {
                    finish(convert(try await read(mime)), nil)
                } catch {
                    finish(nil, error)
                }
            }
            return nil
        }
    }
}

/// How many reads of an offer were started, and how many are still running.
@MainActor
final class ReadCounter {
    var started = 0
    var outstanding = 0

    /// Waits until the reads started are over, or, when none has started within `grace` seconds, no longer; at
    /// most `limit` seconds in all.
    func settle(grace: Double = 1, limit: Double = 60) async {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(limit) {
            if started > 0 && outstanding == 0 { return }
            if started == 0 && ContinuousClock.now - start >= .seconds(grace) { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
