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

    /// The offer of a drop.
    @MainActor
    init(drop: OpaquePointer) {
        let reference = GObjectReference(UnsafeMutableRawPointer(drop))
        mimeTypes = Self.mimeTypes(of: gdk_drop_get_formats(drop))
        origin = "the drop"
        let reads = ReadCounter()
        self.reads = reads
        read = { mime throws(GTKTransferError) in
            reads.started += 1
            reads.outstanding += 1
            defer { reads.outstanding -= 1 }
            let list = CStringList([mime])
            defer { list.free() }
            let result = await awaitGIO { callback, pending in
                gdk_drop_read_async(reference.opaque, list.pointer, G_PRIORITY_DEFAULT, nil, callback, pending)
            }
            var error: UnsafeMutablePointer<GError>?
            guard let stream = gdk_drop_read_finish(reference.opaque, result.opaque, nil, &error) else {
                throw GTKTransferError(.readFailed, "reading \(mime) from the drop failed: \(consumeMessage(error))")
            }
            defer { g_object_unref(stream) }
            return try await readAll(stream, limit: Self.limit, what: "\(mime) from the drop")
        }
    }

    /// The offer on a clipboard.
    @MainActor
    init(clipboard: OpaquePointer, name: String) {
        let reference = GObjectReference(UnsafeMutableRawPointer(clipboard))
        mimeTypes = Self.mimeTypes(of: gdk_clipboard_get_formats(clipboard))
        origin = name
        let reads = ReadCounter()
        self.reads = reads
        read = { mime throws(GTKTransferError) in
            reads.started += 1
            reads.outstanding += 1
            defer { reads.outstanding -= 1 }
            let list = CStringList([mime])
            defer { list.free() }
            let result = await awaitGIO { callback, pending in
                gdk_clipboard_read_async(reference.opaque, list.pointer, G_PRIORITY_DEFAULT, nil, callback, pending)
            }
            var error: UnsafeMutablePointer<GError>?
            guard let stream = gdk_clipboard_read_finish(reference.opaque, result.opaque, nil, &error) else {
                throw GTKTransferError(.readFailed, "reading \(mime) from \(name) failed: \(consumeMessage(error))")
            }
            defer { g_object_unref(stream) }
            return try await readAll(stream, limit: Self.limit, what: "\(mime) from \(name)")
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
            let files = URIList.uris(in: String(decoding: list, as: UTF8.self)).compactMap { uri -> ItemProvider? in
                if let file = URIList.localFile(uri) { return ItemProvider(contentsOf: file) }
                guard URL(string: uri) != nil else { return nil }
                let provider = ItemProvider()
                let bytes = Data(uri.utf8)
                provider.registerDataRepresentation(for: .url) { finish in
                    finish(bytes, nil)
                    return nil
                }
                return provider
            }
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
