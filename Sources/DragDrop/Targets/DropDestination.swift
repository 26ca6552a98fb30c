import ContentTypes
import Foundation
import Gestures
import Transfer

/// A drop target's declaration, kept on its node: which items it accepts (by content type alone) and what it does
/// with a drop.
final class DropDestination {
    /// What the target does with a drop.
    enum Handler {
        /// The session loads the accepted items with `receiver` and calls `perform` with the values.
        case load(PayloadReceiver, perform: ([any Sendable], CGPoint) throws -> Bool)
        /// `perform` gets the accepted items' providers (`onDrop(of:isTargeted:perform:)`).
        case providers(perform: ([ItemProvider], CGPoint) -> Bool)
        /// A delegate follows the drag and performs the drop (`onDrop(of:delegate:)`).
        case delegate(MainActorDelegate)
        /// A list: its rows reorder, and items land between them (`onMove`, `onInsert`, `dropDestination(for:)` with
        /// an insertion index).
        case list(ListBehavior)
    }

    let handler: Handler
    /// Whether an item can be imported, from its content types alone.
    let accepts: @Sendable (ItemProvider) -> Bool
    /// Told true when a first drag starts hovering over the node, false when the last one leaves it.
    let isTargeted: ((Bool) -> Void)?
    /// What the target accepts, for the timeline: `Image`, `public.png, public.jpeg`.
    let acceptedDescription: String

    init(
        handler: Handler, accepts: @escaping @Sendable (ItemProvider) -> Bool, isTargeted: ((Bool) -> Void)?,
        acceptedDescription: String
    ) {
        self.handler = handler
        self.accepts = accepts
        self.isTargeted = isTargeted
        self.acceptedDescription = acceptedDescription
    }

    /// A target that accepts items conforming to one of `contentTypes`.
    static func accepting(_ contentTypes: [UTType]) -> @Sendable (ItemProvider) -> Bool {
        { provider in contentTypes.contains { provider.hasItemConforming(to: $0) } }
    }

    /// `public.png, public.jpeg`.
    static func describe(_ contentTypes: [UTType]) -> String {
        contentTypes.map(\.identifier).joined(separator: ", ")
    }
}

/// Which of a session's items a load is for: its position among them, and its drag container identifier.
struct LoadedItem: Sendable {
    let index: Int
    let id: (any Hashable & Sendable)?
}

/// Where a target that keeps dropped items in a folder wants an item saved, when the sender can save it itself
/// (X11's Direct Save): the folder, and the name the saved file has until the target gives it its place (from the
/// sender's suggested name and the offered type); nil to load the bytes as usual. The sender saves into a private
/// folder made inside `folder` (`DirectlySavedFile`), never into `folder` itself.
package typealias DirectSaveDestination =
    @Sendable (_ suggestedName: String?, _ offered: UTType) -> (
        folder: URL, name: String
    )?

/// How a target that lets the session load its items gets one item: a check by content types and a load.
struct PayloadReceiver: Sendable {
    /// The name of what is loaded, for the timeline (`PictureRepresentation`, `data`).
    let name: String
    /// Loads one item; throws `TransferError`.
    let load: @Sendable (ItemProvider, LoadedItem) async throws -> any Sendable

    /// Loads items as values of a `Transferable` type.
    static func transferable<T: Transferable>(_ type: T.Type) -> PayloadReceiver {
        PayloadReceiver(name: "\(T.self)") { provider, _ in
            try await provider.loadTransferable(type: T.self)
        }
    }

    /// Loads the bytes of the first offered type that conforms to one of `contentTypes`; an item whose sender can
    /// save it as a file itself is asked to, in a private folder inside the one `savingAt` says, and read from there
    /// (the target gives the file its place, or it goes with the private folder when the drop ends).
    static func data(conformingTo contentTypes: [UTType], savingAt destination: DirectSaveDestination? = nil)
        -> PayloadReceiver
    {
        PayloadReceiver(name: "data") { provider, item in
            let offered = provider.registeredContentTypes.first { offered in
                contentTypes.contains { offered.conforms(to: $0) }
            }
            // The session loads only accepted items, so a conforming type exists; ask for the first accepted
            // type otherwise, and let Transfer say what was offered.
            let wanted = offered ?? contentTypes.first ?? .data
            if provider.directSave != nil, let place = destination?(provider.suggestedName, offered ?? wanted),
                let saved = try await provider.saveDirectly(into: place.folder, as: place.name, accepting: contentTypes)
            {
                var dropped = DroppedData(
                    contentType: saved.contentType, data: saved.data, suggestedName: provider.suggestedName,
                    itemIndex: item.index, itemID: item.id, savedFile: saved.saved.file)
                dropped.directlySaved = saved.saved
                return dropped
            }
            let data = try await provider.loadDataRepresentation(for: wanted)
            return DroppedData(
                contentType: offered ?? wanted, data: data, suggestedName: provider.suggestedName,
                itemIndex: item.index, itemID: item.id)
        }
    }

    /// Loads every item concurrently; each result in the items' order. A failure does not stop the others, so
    /// that which item failed does not depend on which load finished first.
    func loadAll(_ providers: [ItemProvider], items: [LoadedItem], progress: LoadCounter) async -> [Result<
        any Sendable, any Error
    >] {
        await withTaskGroup(of: (Int, Result<any Sendable, any Error>).self) { group in
            for (index, (provider, item)) in zip(providers, items).enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await load(provider, item)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<any Sendable, any Error>](
                repeating: .failure(CancellationError()), count: providers.count)
            for await (index, result) in group {
                results[index] = result
                progress.itemFinished()
            }
            return results
        }
    }
}

enum DropDestinationKey: AttachmentKey {
    typealias Value = DropDestination
}

enum DropConfigurationKey: AttachmentKey {
    typealias Value = (DropSession) -> DropConfiguration
}

enum SpringLoadingKey: AttachmentKey {
    typealias Value = () -> Void
}
