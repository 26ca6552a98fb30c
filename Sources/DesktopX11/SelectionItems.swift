import ContentTypes
import DesktopTransfer
import Foundation
import Transfer

/// Items made from what another program offers in a selection (a drag's `XdndSelection`, the clipboard): one per
/// file of a `text/uri-list` (each local file as the type its content has, opened in place; any other URI as a
/// URL), or else one item registering every offered type that names a content type, whose bytes are converted
/// when a receiver loads them, by the window's ``SelectionTransferWorker``.
enum SelectionItems {
    /// The items.
    /// - Parameters:
    ///   - targets: The offered type names, in the owner's order.
    ///   - selection: The selection's name.
    ///   - worker: The thread and connection that convert the selection when an item is loaded.
    ///   - timeout: The longest wait for each answer of the owner.
    ///   - limit: The largest payload taken.
    ///   - time: The time to convert at, when a load asks (nil for the server's time then).
    ///   - readList: Reads the `text/uri-list` now, when one is offered; nil when the owner does not give it.
    /// - Returns: The items.
    static func providers(
        offering targets: [String], from selection: String, worker: SelectionTransferWorker, timeout: Double,
        limit: Int,
        time: @escaping @Sendable () -> X11Timestamp?, readList: () -> Data?
    ) -> [ItemProvider] {
        if targets.contains(DesktopTypeNames.uriList), let list = readList() {
            let files = URIList.items(in: list)
            if !files.isEmpty { return files }
        }
        let provider = ItemProvider()
        var seen: Set<UTType> = []
        for target in targets {
            guard let type = DesktopTypeNames.contentType(of: target), seen.insert(type).inserted else { continue }
            provider.registerDataRepresentation(for: type) { finish in
                worker.load(selection, as: target, at: time, timeout: timeout, limit: limit) { answer in
                    switch answer {
                    case .success(let bytes):
                        // STRING is Latin-1 (ICCCM); every text representation is handed on as UTF-8.
                        finish(target == "STRING" ? X11ClipboardOwner.Offer.utf8(fromLatin1: bytes) : bytes, nil)
                    case .failure(let error):
                        finish(nil, error)
                    }
                }
                return nil
            }
        }
        return provider.registeredContentTypes.isEmpty ? [] : [provider]
    }
}
