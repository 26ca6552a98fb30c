import ContentTypes
import Foundation

// Foundation's older, item-based NSItemProvider API, which most apps' drop code still uses: items registered and
// loaded by type identifier. Items go in as Foundation objects (`NSData`, `NSString`, `NSURL`), as on Apple's
// platforms; they come out as the Swift values Apple's casts give (`item as? Data`, `item as? URL`,
// `item as? String`), since Linux has no NSSecureCoding bridge for Swift values.

extension ItemProvider {
    /// What `loadItem` hands its caller: the item, or nil and an error (Apple's `NSItemProvider.CompletionHandler`,
    /// with `any Sendable` for `NSSecureCoding`).
    public typealias CompletionHandler = @Sendable ((any Sendable)?, (any Error)?) -> Void

    /// What a registered item's load handler hands over: the item (`NSData`, `NSString`, `NSURL`) or an error
    /// (Apple's `NSItemProvider.CompletionHandler` as `registerItem` uses it).
    public typealias ItemCompletionHandler = @Sendable ((any NSSecureCoding)?, (any Error)?) -> Void

    /// What `registerItem(forTypeIdentifier:loadHandler:)` is given: call the completion handler once with the item
    /// or an error. The class and options are Apple's and are always nil here.
    public typealias LoadHandler = @Sendable (ItemCompletionHandler?, AnyClass?, [AnyHashable: Any]?) -> Void

    /// Creates a provider for one item, as `NSItemProvider(item:typeIdentifier:)`: bytes (`Data`, `NSData`), text
    /// (`String`, `NSString`, as UTF-8) or a URL (`URL`, `NSURL`, as its absolute string; a file URL named with a
    /// type that is not a URL type offers the file itself). A nil item or type registers nothing.
    ///
    /// - Parameters:
    ///   - item: the item.
    ///   - typeIdentifier: the uniform type identifier it is offered as.
    public convenience init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
        self.init()
        guard let item, let typeIdentifier, let type = UTType(identifier: typeIdentifier, allowUndeclared: true)
        else { return }
        if let url = Self.url(from: item), url.isFileURL, !type.conforms(to: .url) {
            suggestedName = url.lastPathComponent
            registerFileRepresentation(for: type, openInPlace: true) { finish in
                finish(url, false, nil)
                return nil
            }
            return
        }
        let bytes = Self.bytes(of: item)
        registerDataRepresentation(for: type) { finish in
            switch bytes {
            case .success(let data): finish(data, nil)
            case .failure(let error): finish(nil, error)
            }
            return nil
        }
    }

    /// Registers an item produced on demand, as `registerItem(forTypeIdentifier:loadHandler:)`: `loadHandler` runs
    /// when a receiver first loads the type and hands over the item (see ``init(item:typeIdentifier:)`` for the
    /// kinds of items).
    ///
    /// - Parameters:
    ///   - typeIdentifier: the uniform type identifier.
    ///   - loadHandler: produces the item.
    public func registerItem(forTypeIdentifier typeIdentifier: String, loadHandler: @escaping LoadHandler) {
        let type = UTType(identifier: typeIdentifier, allowUndeclared: true) ?? .data
        registerDataRepresentation(for: type) { finish in
            loadHandler(
                { item, error in
                    if let error { return finish(nil, error) }
                    switch item.map(Self.bytes(of:)) {
                    case .success(let data)?: finish(data, nil)
                    case .failure(let failure)?: finish(nil, failure)
                    case nil:
                        finish(nil, TransferError(.exportFailed, "the load handler of \(typeIdentifier) gave no item"))
                    }
                }, nil, nil)
            return nil
        }
    }

    /// Loads the item offered as `typeIdentifier` (or a type conforming to it), as `loadItem(forTypeIdentifier:
    /// options:completionHandler:)`: a `URL` for a URL type and for a file (the original when the sender allows,
    /// else a copy that lives as long as the provider), a `String` for text, `Data` otherwise. The handler is called
    /// once, on an arbitrary thread.
    ///
    /// - Parameters:
    ///   - typeIdentifier: the uniform type identifier wanted.
    ///   - options: Apple's options (an image size); ignored.
    ///   - completionHandler: receives the item, or nil and a `TransferError`.
    public func loadItem(
        forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
        completionHandler: CompletionHandler? = nil
    ) {
        Task {
            do {
                let item = try await self.loadItem(forTypeIdentifier: typeIdentifier)
                completionHandler?(item, nil)
            } catch {
                completionHandler?(nil, error)
            }
        }
    }

    /// Loads the item offered as `typeIdentifier`; see ``loadItem(forTypeIdentifier:options:completionHandler:)``.
    ///
    /// - Parameters:
    ///   - typeIdentifier: the uniform type identifier wanted.
    ///   - options: Apple's options; ignored.
    /// - Returns: a `URL`, a `String` or `Data`.
    /// - Throws: `TransferError` when nothing offered conforms, or the load fails.
    public func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil)
        async throws -> any Sendable
    {
        guard let wanted = UTType(identifier: typeIdentifier, allowUndeclared: true) else {
            throw TransferError(
                .noMatchingRepresentation, "\"\(typeIdentifier)\" is not a uniform type identifier",
                offeredTypes: registeredContentTypes)
        }
        let registration = try registration(conformingTo: wanted)
        if case .file = registration.kind, !wanted.conforms(to: .url) {
            let received = try await loadFileRepresentation(for: wanted, openInPlace: true)
            if !received.isOriginalFile { keep(received) }
            return received.file
        }
        let data = try await loadDataRepresentation(for: wanted)
        let type = registration.contentType
        if type.conforms(to: .url) || wanted.conforms(to: .url) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let url = URL(string: text) { return url }
        }
        if type.conforms(to: .utf16PlainText) || type.conforms(to: .utf16ExternalPlainText) {
            if let text = String(data: data, encoding: .utf16) { return text }
        }
        if type.conforms(to: .text) || wanted.conforms(to: .text) {
            if let text = String(data: data, encoding: .utf8) { return text }
        }
        return data
    }

    /// The URL an item is, if it is one.
    static func url(from item: Any) -> URL? {
        if let url = item as? URL { return url }
        if let url = item as? NSURL { return url as URL }
        return nil
    }

    /// The bytes an item is offered as: its bytes, its UTF-8 text, or its URL's absolute string.
    static func bytes(of item: Any) -> Result<Data, TransferError> {
        if let data = item as? Data { return .success(data) }
        if let data = item as? NSData { return .success(data as Data) }
        if let text = item as? String { return .success(Data(text.utf8)) }
        if let text = item as? NSString { return .success(Data((text as String).utf8)) }
        if let url = url(from: item) { return .success(Data(url.absoluteString.utf8)) }
        return .failure(
            TransferError(
                .exportFailed,
                "an item of type \(type(of: item)) cannot be offered: give Data, a String or a URL"))
    }
}
