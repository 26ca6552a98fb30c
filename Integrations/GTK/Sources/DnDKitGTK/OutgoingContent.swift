import CDnDKitGTK
import CGtk
import ContentTypes
import DesktopTransfer
import Foundation
import Transfer

/// Items offered to other programs through a lazy `GdkContentProvider`: its formats are the MIME types of the
/// first item's representations (through ``DesktopTransfer/DesktopTypeNames``), and `text/uri-list` when the items
/// can go as files; a representation is produced only when a receiver reads its type, and only then.
@MainActor
final class OutgoingContent {
    /// The items, as other programs see them.
    let items: [ItemProvider]
    /// The offered MIME types, in the first item's order, and the content type each is produced from.
    let offers: [(mime: String, type: UTType)]
    /// Whether `text/uri-list` is offered, of every item as a file (its own, or a staged copy).
    let offersFiles: Bool

    init(items: [ItemProvider]) {
        self.items = items.map { $0.restricted(to: .all) }
        var offers: [(mime: String, type: UTType)] = []
        for type in self.items.first?.registeredContentTypes ?? [] where type != .fileURL {
            for mime in DesktopTypeNames.mimeTypes(for: type) where !offers.contains(where: { $0.mime == mime }) {
                offers.append((mime, type))
            }
        }
        self.offers = offers
        offersFiles =
            !self.items.isEmpty
            && self.items.allSatisfy {
                $0.registeredContentTypes.contains(.fileURL) || HandedOutFiles.typeToStage(for: $0) != nil
            }
    }

    /// How many reads are being answered now (a drag's watchdog waits while a receiver reads).
    private(set) var reading = 0

    /// The MIME types offered.
    var mimeTypes: [String] {
        offers.map(\.mime) + (offersFiles ? [DesktopTypeNames.uriList] : [])
    }

    /// A new content provider (a full reference) offering these items.
    ///
    /// The corresponding C function is `dndkit_content_provider_new`.
    func makeProvider() -> UnsafeMutablePointer<GdkContentProvider>? {
        let list = CStringList(mimeTypes)
        defer { list.free() }
        let callbacks = DnDKitProviderCallbacks(
            context: Unmanaged.passRetained(self).toOpaque(),
            write: { context, mime, task in
                guard let context, let mime, let task else { return }
                let content = Unmanaged<OutgoingContent>.fromOpaque(context).takeUnretainedValue()
                let name = String(cString: mime)
                let pending = UncheckedPointer(UnsafeMutableRawPointer(task))
                MainActor.assumeIsolated {
                    content.reading += 1
                    _ = Task { @MainActor in
                        let task = OpaquePointer(pending.pointer)
                        defer { content.reading -= 1 }
                        do {
                            let data = try await content.produce(name)
                            data.withUnsafeBytes { dndkit_task_return_bytes(task, $0.baseAddress, gsize($0.count)) }
                        } catch {
                            dndkit_task_return_error(task, "\(error)")
                        }
                    }
                }
            },
            release: { context in
                guard let context else { return }
                Unmanaged<OutgoingContent>.fromOpaque(context).release()
            })
        return dndkit_content_provider_new(list.pointer, gsize(mimeTypes.count), callbacks)
    }

    /// The bytes of one offered type: the first item's representation, or the list of every item as a file.
    func produce(_ mime: String) async throws -> Data {
        if mime == DesktopTypeNames.uriList {
            var files: [URL] = []
            for item in items {
                if item.registeredContentTypes.contains(.fileURL) {
                    let bytes = try await item.loadDataRepresentation(for: .fileURL)
                    if let url = URL(string: String(decoding: bytes, as: UTF8.self)) { files.append(url) }
                } else if let type = HandedOutFiles.typeToStage(for: item) {
                    // Kept after the drag: the receiver may read the file long after it has the list.
                    let staged = try await HandedOutFiles.stagedFile(of: item, as: type)
                    HandedOutFiles.keep(staged)
                    files.append(staged.file)
                }
            }
            return URIList.data(for: files)
        }
        guard let type = offers.first(where: { $0.mime == mime })?.type, let item = items.first else {
            throw GTKTransferError(.noMatchingType, "\(mime) is not offered")
        }
        return try await item.loadDataRepresentation(for: type)
    }
}
