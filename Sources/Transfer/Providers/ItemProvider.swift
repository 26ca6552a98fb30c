import ContentTypes
import Foundation
import Locking

/// Carries one dragged (or copied) item from its sender to its receivers: the content types the item can be loaded
/// as, in the sender's order of preference, and a way to load each of them, bytes, a file or a `Transferable`
/// value, when a receiver asks.
///
/// `ItemProvider` plays the role of Foundation's `NSItemProvider` on Apple's platforms (where `NSItemProvider` is
/// also an alias of it), with the same UTType-based methods and, beside them, `async` forms:
///
/// ```swift
/// let provider = ItemProvider(bitmap)                     // export: lists public.png, produces nothing yet
/// provider.registeredContentTypes                         // [public.png]
/// provider.canLoadTransferable(type: Image.self)          // true, without loading anything
/// let image = try await provider.loadTransferable(type: Image.self)
/// let png = try await provider.loadDataRepresentation(for: .png)
/// ```
///
/// Rules:
/// - Each representation is produced lazily, at most once, and only when a load needs it; concurrent loads of the
///   same representation share one production. A failed or abandoned production is not kept, so a later load tries
///   again.
/// - Loads are cancellable through their task or their `Progress`, and report progress: byte by byte for payloads of
///   at least ``detailedProgressThreshold`` bytes.
/// - Loads of bytes (in memory or in files) larger than ``maximumLoadSize`` fail with `TransferError.Code.tooLarge`.
/// - A receiver that asks for the sender's own Swift type, in the sender's process, gets the value itself: no
///   encoding, no copy.
/// - Files handed to receivers are staged in a private folder under safe names and removed once nothing refers to
///   them; see ``ReceivedTransferredFile``.
///
/// An item provider is safe to use from any thread or task.
public final class ItemProvider: Sendable, CustomStringConvertible {
    /// The default ``maximumLoadSize``: 256 MiB.
    public static let defaultMaximumLoadSize = 256 << 20
    /// Payloads of at least this many bytes (1 MiB) report progress byte by byte; smaller ones count one unit.
    public static let detailedProgressThreshold = 1 << 20

    private struct Contents {
        var registrations: [Registration] = []
        /// The registered values, for handing them over as they are.
        var sources: [any Transferable] = []
        var suggestedName: String?
        var maximumLoadSize = ItemProvider.defaultMaximumLoadSize
        /// Files handed out by `loadItem`, kept until the provider goes away.
        var handedOutFiles: [ReceivedTransferredFile] = []
        /// How the sender saves the item as a file itself, when it can (X11's Direct Save).
        var directSave: DirectSave?
    }

    private let contents: Lock<Contents>

    /// How close the receivers that load from this provider are to the sender: `.ownProcess` (the default) for a
    /// provider used where it was made; see ``restricted(to:)``.
    public let audience: TransferRepresentationVisibility

    /// Creates a provider with no representations; add them with ``register(_:)``,
    /// ``registerDataRepresentation(for:visibility:loadHandler:)`` or
    /// ``registerFileRepresentation(for:visibility:openInPlace:loadHandler:)``.
    public init() {
        self.contents = Lock(Contents())
        self.audience = .ownProcess
    }

    /// Creates a provider that exports `transferable`: its representations' content types, in order, for those
    /// whose exporting conditions hold. Nothing is produced until a receiver loads it.
    ///
    /// - Parameter transferable: the value to export.
    public convenience init<T: Transferable>(_ transferable: T) {
        self.init()
        register(transferable)
    }

    private init(contents: Contents, audience: TransferRepresentationVisibility) {
        self.contents = Lock(contents)
        self.audience = audience
    }

    /// This provider as a receiver at `audience`'s distance from the sender sees it: only the representations
    /// visible to such a receiver (see ``TransferRepresentationVisibility``) and, unless `audience` is
    /// `.ownProcess`, no hand-over of Swift values. The representations are shared with this provider, so each is
    /// still produced at most once. Later registrations on either provider are not seen by the other. Restricting
    /// a restricted provider never brings the receiver closer.
    ///
    /// - Parameter audience: how close the receiver is to the sender.
    /// - Returns: the restricted provider.
    public func restricted(to audience: TransferRepresentationVisibility) -> ItemProvider {
        let farther = audience.reach >= self.audience.reach ? audience : self.audience
        var copy = contents.withLock { $0 }
        copy.registrations.removeAll { !$0.visibility.isVisible(to: farther) }
        if farther != .ownProcess {
            copy.sources = []
        }
        return ItemProvider(contents: copy, audience: farther)
    }

    // MARK: What is offered

    /// The representations this provider's receivers can see, in the sender's order.
    var visibleRegistrations: [Registration] {
        contents.withLock { $0.registrations }.filter { $0.visibility.isVisible(to: audience) }
    }

    /// The Swift values registered, for hand-over; empty outside the sender's process.
    var handOverSources: [any Transferable] {
        audience == .ownProcess ? contents.withLock { $0.sources } : []
    }

    /// The content types offered, in the order they were registered (the sender's order of preference).
    public var registeredContentTypes: [UTType] {
        visibleRegistrations.map(\.contentType)
    }

    /// The identifiers of ``registeredContentTypes``.
    public var registeredTypeIdentifiers: [String] {
        registeredContentTypes.map(\.identifier)
    }

    /// The offered content types whose files the sender lets receivers open in place (declared with
    /// `shouldAllowToOpenInPlace` or `openInPlace`).
    public var registeredContentTypesForOpenInPlace: [UTType] {
        visibleRegistrations.filter { $0.kind == .file(allowsOpenInPlace: true) }.map(\.contentType)
    }

    /// The offered content types that conform to `contentType`, in order.
    ///
    /// - Parameter contentType: the type to conform to.
    /// - Returns: the conforming offered types.
    public func registeredContentTypes(conformingTo contentType: UTType) -> [UTType] {
        registeredContentTypes.filter { $0.conforms(to: contentType) }
    }

    /// Whether an offered content type conforms to the type with identifier `typeIdentifier`.
    ///
    /// - Parameter typeIdentifier: a uniform type identifier.
    /// - Returns: `true` when some offered type conforms to it.
    public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        guard let type = UTType(identifier: typeIdentifier, allowUndeclared: true) else {
            return false
        }
        return hasItemConforming(to: type)
    }

    /// Whether an offered content type conforms to `contentType`.
    ///
    /// - Parameter contentType: the type to conform to.
    /// - Returns: `true` when some offered type conforms to it.
    public func hasItemConforming(to contentType: UTType) -> Bool {
        visibleRegistrations.contains { $0.contentType.conforms(to: contentType) }
    }

    /// A file name for the item, for receivers that write it to disk: the first suggested file name of the
    /// registered representations, unless set. DnDKit sanitises it before creating any file.
    public var suggestedName: String? {
        get { contents.withLock { $0.suggestedName } }
        set { contents.withLock { $0.suggestedName = newValue } }
    }

    /// How the sender saves the item as a file itself, where a receiver asks (X11's Direct Save protocol, XDS); nil
    /// when it cannot. A desktop host sets it for an item from another program that offers it.
    package var directSave: DirectSave? {
        get { contents.withLock { $0.directSave } }
        set { contents.withLock { $0.directSave = newValue } }
    }

    /// The largest payload, in bytes, that one load accepts; larger payloads fail with
    /// `TransferError.Code.tooLarge` before they are read. Values handed over in-process and files opened in place
    /// move no bytes and have no limit. Defaults to ``defaultMaximumLoadSize``.
    public var maximumLoadSize: Int {
        get { contents.withLock { $0.maximumLoadSize } }
        set { contents.withLock { $0.maximumLoadSize = newValue } }
    }

    /// The offered types and the provider's audience.
    public var description: String {
        "ItemProvider(\(TransferError.list(registeredContentTypes)); audience: \(audience))"
    }

    // MARK: Registering

    /// Adds a representation; the first registration of a content type wins.
    func append(_ registration: Registration) {
        contents.withLock { contents in
            guard !contents.registrations.contains(where: { $0.contentType == registration.contentType }) else {
                return
            }
            contents.registrations.append(registration)
            if contents.suggestedName == nil {
                contents.suggestedName = registration.suggestedName
            }
        }
    }

    /// Remembers a registered value for hand-over.
    func appendSource(_ source: any Transferable) {
        contents.withLock { $0.sources.append(source) }
    }

    /// Keeps a staged file that `loadItem` handed out for as long as the provider exists.
    func keep(_ file: ReceivedTransferredFile) {
        contents.withLock { $0.handedOutFiles.append(file) }
    }
}

#if !canImport(ObjectiveC)
    /// Foundation's name for an item provider: on Linux, DnDKit's ``ItemProvider``, so that code written for
    /// Apple's platforms (`DropInfo.itemProviders(for:)` returns `[NSItemProvider]`) compiles unchanged.
    public typealias NSItemProvider = ItemProvider
#endif
