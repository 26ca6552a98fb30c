import ContentTypes
import Foundation
import PNGCodec

// Foundation's object-based NSItemProvider API: classes that write themselves into a provider and read themselves
// back, by type identifier, as apps' model classes do (`final class Recipe: NSObject, NSItemProviderWriting,
// NSItemProviderReading`).

/// Who may see a representation registered by an object, as Foundation's
/// `NSItemProviderRepresentationVisibility`.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    /// Every receiver.
    case all = 0
    /// Receivers of the same team.
    case team = 1
    /// Receivers of the same application group.
    case group = 2
    /// Receivers in the sender's process.
    case ownProcess = 3

    var transferVisibility: TransferRepresentationVisibility {
        switch self {
        case .all: .all
        case .team: .team
        case .group: .group
        case .ownProcess: .ownProcess
        }
    }
}

/// A class whose instances write themselves into an item provider, as Foundation's `NSItemProviderWriting`.
public protocol NSItemProviderWriting: NSObjectProtocol {
    /// The type identifiers every instance offers, in order of preference.
    static var writableTypeIdentifiersForItemProvider: [String] { get }
    /// The type identifiers this instance offers; by default the class's.
    var writableTypeIdentifiersForItemProvider: [String] { get }
    /// Who may see a representation; by default every receiver.
    static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
        -> NSItemProviderRepresentationVisibility
    /// Who may see a representation of this instance; by default the class's answer.
    func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
        -> NSItemProviderRepresentationVisibility
    /// Produces the bytes for a type identifier: call `completionHandler` once, on any thread.
    func loadData(
        withTypeIdentifier typeIdentifier: String,
        forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress?
}

extension NSItemProviderWriting {
    public var writableTypeIdentifiersForItemProvider: [String] { Self.writableTypeIdentifiersForItemProvider }

    public static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
        -> NSItemProviderRepresentationVisibility
    {
        .all
    }

    public func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
        -> NSItemProviderRepresentationVisibility
    {
        Self.itemProviderVisibilityForRepresentation(withTypeIdentifier: typeIdentifier)
    }
}

/// A class that makes instances from an item provider's bytes, as Foundation's `NSItemProviderReading`.
public protocol NSItemProviderReading: NSObjectProtocol {
    /// The type identifiers the class reads, in order of preference.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// Makes an instance from bytes of one of the readable types.
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// A Swift value that item providers load without a Foundation class of its own, as `UIImage` reads itself on
/// Apple's platforms: `provider.loadObject(ofClass: Image.self) { image, error in … }`. A DnDKit name; `String` and
/// `URL` load as on Apple's platforms, through their bridged classes (`NSString`, `NSURL`).
public protocol ItemProviderBridgedValue: Sendable {
    /// The type identifiers the value reads, in order of preference.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// Makes a value from bytes of one of the readable types.
    static func value(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

extension NSString: NSItemProviderWriting, NSItemProviderReading {
    public static var writableTypeIdentifiersForItemProvider: [String] {
        [UTType.utf8PlainText.identifier, UTType.plainText.identifier]
    }

    public static var readableTypeIdentifiersForItemProvider: [String] {
        [UTType.utf8PlainText.identifier, UTType.utf16PlainText.identifier, UTType.plainText.identifier]
    }

    public func loadData(
        withTypeIdentifier typeIdentifier: String,
        forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress? {
        completionHandler(Data((self as String).utf8), nil)
        return nil
    }

    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        let isUTF16 = UTType(typeIdentifier)?.conforms(to: .utf16PlainText) ?? false
        guard let text = String(data: data, encoding: isUTF16 ? .utf16 : .utf8) else {
            throw TransferError(.decodingFailed, "the \(typeIdentifier) bytes are not \(isUTF16 ? "UTF-16" : "UTF-8")")
        }
        return Self(string: text)
    }
}

extension NSURL: NSItemProviderWriting, NSItemProviderReading {
    public static var writableTypeIdentifiersForItemProvider: [String] {
        [UTType.url.identifier, UTType.utf8PlainText.identifier]
    }

    public static var readableTypeIdentifiersForItemProvider: [String] {
        [UTType.url.identifier, UTType.fileURL.identifier, UTType.utf8PlainText.identifier]
    }

    /// Reads an absolute URL from its text. Linux's `NSURL` has no `required` initialiser to make `Self` from, so a
    /// subclass of `NSURL` cannot read itself: reading one throws.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = NSURL(string: text), url.scheme != nil else {
            throw TransferError(.decodingFailed, "the \(typeIdentifier) bytes are not a URL: \"\(text.prefix(80))\"")
        }
        guard let read = url as? Self else {
            throw TransferError(
                .decodingFailed, "\(Self.self) is a subclass of NSURL, which cannot read itself on Linux")
        }
        return read
    }

    public var writableTypeIdentifiersForItemProvider: [String] {
        isFileURL
            ? [UTType.fileURL.identifier, UTType.url.identifier, UTType.utf8PlainText.identifier]
            : Self.writableTypeIdentifiersForItemProvider
    }

    public func loadData(
        withTypeIdentifier typeIdentifier: String,
        forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress? {
        completionHandler(Data(absoluteString.utf8), nil)
        return nil
    }
}

/// An object handed to a `@Sendable` production: Foundation calls `loadData` on any thread, and so does DnDKit.
private struct SentObject: @unchecked Sendable {
    let object: any NSItemProviderWriting
}

/// A reading class handed to the task that loads it: Foundation calls `object(withItemProviderData:typeIdentifier:)`
/// on any thread, and so does DnDKit.
private struct SentClass: @unchecked Sendable {
    let reader: any NSItemProviderReading.Type
}

/// Reads a bridged value through its Foundation class, for a load's task (Foundation reads objects on any thread, as
/// DnDKit does).
private struct BridgedReader<Value: _ObjectiveCBridgeable & Sendable>: Sendable
where Value._ObjectiveCType: NSItemProviderReading {
    var identifiers: [String] { Value._ObjectiveCType.readableTypeIdentifiersForItemProvider }

    func read(_ data: Data, typeIdentifier: String) throws -> Value {
        let object = try Value._ObjectiveCType.object(withItemProviderData: data, typeIdentifier: typeIdentifier)
        return Value._unconditionallyBridgeFromObjectiveC(object)
    }
}

extension ItemProvider {
    /// Creates a provider for an object, as `NSItemProvider(object:)`: see ``registerObject(_:visibility:)``.
    /// - Parameter object: the object.
    public convenience init(object: any NSItemProviderWriting) {
        self.init()
        registerObject(object, visibility: .all)
    }

    /// Registers an object's types, as `registerObject(_:visibility:)`: each of its writable type identifiers, in
    /// order, produced by its `loadData(withTypeIdentifier:forItemProviderCompletionHandler:)` when first loaded.
    ///
    /// - Parameters:
    ///   - object: the object.
    ///   - visibility: who may see the representations, at most what the object allows for each.
    public func registerObject(_ object: any NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility)
    {
        let sent = SentObject(object: object)
        for identifier in object.writableTypeIdentifiersForItemProvider {
            let type = UTType(identifier: identifier, allowUndeclared: true) ?? .data
            let own = object.itemProviderVisibilityForRepresentation(withTypeIdentifier: identifier)
            let narrowest = own.rawValue > visibility.rawValue ? own : visibility
            registerDataRepresentation(for: type, visibility: narrowest.transferVisibility) { finish in
                sent.object.loadData(withTypeIdentifier: identifier, forItemProviderCompletionHandler: finish)
            }
        }
    }

    /// Whether an item of the class can be loaded: some offered type conforms to one it reads.
    /// - Parameter aClass: the class.
    /// - Returns: true when `loadObject(ofClass:completionHandler:)` has something to read.
    public func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
        readable(aClass.readableTypeIdentifiersForItemProvider) != nil
    }

    /// Whether a value of the type can be loaded (`Image`, `Bitmap`).
    /// - Parameter type: the type.
    /// - Returns: true when `loadObject(ofClass:completionHandler:)` has something to read.
    public func canLoadObject<T: ItemProviderBridgedValue>(ofClass type: T.Type) -> Bool {
        readable(type.readableTypeIdentifiersForItemProvider) != nil
    }

    /// Whether a value of a bridged type can be loaded (`String`, `URL`), as Apple's overload for
    /// `_ObjectiveCBridgeable` values: its Foundation class (`NSString`, `NSURL`) reads one of the offered types.
    /// - Parameter type: the type.
    /// - Returns: true when `loadObject(ofClass:completionHandler:)` has something to read.
    public func canLoadObject<T: _ObjectiveCBridgeable>(ofClass type: T.Type) -> Bool
    where T._ObjectiveCType: NSItemProviderReading {
        readable(T._ObjectiveCType.readableTypeIdentifiersForItemProvider) != nil
    }

    /// Loads an instance of the class, as `loadObject(ofClass:completionHandler:)`: the first offered type that
    /// conforms to one the class reads, in the provider's order, read with `object(withItemProviderData:
    /// typeIdentifier:)`.
    ///
    /// - Parameters:
    ///   - aClass: the class.
    ///   - completionHandler: receives the object, or nil and an error, once, on any thread.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadObject(
        ofClass aClass: any NSItemProviderReading.Type,
        completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let sent = SentClass(reader: aClass)
        Task {
            do {
                let (data, identifier) = try await self.loadReadable(sent.reader.readableTypeIdentifiersForItemProvider)
                completionHandler(try sent.reader.object(withItemProviderData: data, typeIdentifier: identifier), nil)
            } catch {
                completionHandler(nil, error)
            }
            progress.completedUnitCount = 1
        }
        return progress
    }

    /// Loads a value of a bridged type (`String`, `URL`), as Apple's overload for `_ObjectiveCBridgeable` values:
    /// its Foundation class (`NSString`, `NSURL`) reads the first offered type it reads, and the object is bridged
    /// to the value.
    ///
    /// - Parameters:
    ///   - type: the type.
    ///   - completionHandler: receives the value, or nil and an error, once, on any thread.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadObject<T: _ObjectiveCBridgeable & Sendable>(
        ofClass type: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
    ) -> Progress where T._ObjectiveCType: NSItemProviderReading {
        let progress = Progress(totalUnitCount: 1)
        let bridge = BridgedReader<T>()
        Task {
            do {
                let (data, identifier) = try await self.loadReadable(bridge.identifiers)
                completionHandler(try bridge.read(data, typeIdentifier: identifier), nil)
            } catch {
                completionHandler(nil, error)
            }
            progress.completedUnitCount = 1
        }
        return progress
    }

    /// Loads a value that reads itself (`Image`, `Bitmap`), as `loadObject(ofClass: UIImage.self)` does.
    ///
    /// - Parameters:
    ///   - type: the type.
    ///   - completionHandler: receives the value, or nil and an error, once, on any thread.
    /// - Returns: the load's progress.
    @discardableResult
    public func loadObject<T: ItemProviderBridgedValue>(
        ofClass type: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        Task {
            do {
                let (data, identifier) = try await self.loadReadable(type.readableTypeIdentifiersForItemProvider)
                completionHandler(try type.value(withItemProviderData: data, typeIdentifier: identifier), nil)
            } catch {
                completionHandler(nil, error)
            }
            progress.completedUnitCount = 1
        }
        return progress
    }

    /// The first offered type that conforms to one of `identifiers`, and the identifier it conforms to.
    private func readable(_ identifiers: [String]) -> (offered: UTType, identifier: String)? {
        let wanted = identifiers.compactMap { identifier in
            UTType(identifier: identifier, allowUndeclared: true).map { ($0, identifier) }
        }
        for offered in registeredContentTypes {
            if let match = wanted.first(where: { offered.conforms(to: $0.0) }) { return (offered, match.1) }
        }
        return nil
    }

    /// The bytes of the first offered type that the reader reads, and the offered type's identifier.
    private func loadReadable(_ identifiers: [String]) async throws -> (Data, String) {
        guard let (offered, _) = readable(identifiers) else {
            throw TransferError.noMatch(
                "nothing offered conforms to a type the class reads", offered: registeredContentTypes,
                wanted: identifiers.compactMap { UTType(identifier: $0, allowUndeclared: true) })
        }
        return (try await loadDataRepresentation(for: offered), offered.identifier)
    }
}

extension Bitmap: ItemProviderBridgedValue {
    /// PNG, as `UIImage` reads from a provider.
    public static var readableTypeIdentifiersForItemProvider: [String] { [UTType.png.identifier] }

    /// Decodes PNG bytes.
    public static func value(withItemProviderData data: Data, typeIdentifier: String) throws -> Bitmap {
        try PNGDecoder().decode(data)
    }
}

extension Image: ItemProviderBridgedValue {
    /// PNG, as `UIImage` reads from a provider.
    public static var readableTypeIdentifiersForItemProvider: [String] { [UTType.png.identifier] }

    /// Decodes PNG bytes into an image of the bitmap.
    public static func value(withItemProviderData data: Data, typeIdentifier: String) throws -> Image {
        Image(bitmap: try PNGDecoder().decode(data))
    }
}

extension ItemProvider {
    /// Creates a provider for a value, as `NSItemProvider(object:)` does for `UIImage`: an `Image` or a `Bitmap` (or
    /// any `Transferable`) written through its representations; see ``init(_:)``.
    /// - Parameter object: the value.
    public convenience init<T: Transferable>(object: T) {
        self.init(object)
    }
}
