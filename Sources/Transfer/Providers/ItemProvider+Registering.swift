import ContentTypes
import Foundation

extension ItemProvider {
    /// Registers the representations of a `Transferable` value, in its type's order, for those whose exporting
    /// conditions hold; a content type already registered keeps its first registration. The value is also kept
    /// for hand-over to receivers in this process that ask for its own type.
    ///
    /// DnDKit evaluates the value at once (the exporting conditions need it); each representation is still
    /// produced only when loaded.
    ///
    /// - Parameter transferable: the value.
    public func register<T: Transferable>(_ transferable: @autoclosure @escaping @Sendable () -> T) {
        let value = transferable()
        for route in RouteTable<T>().exports where route.isAvailable(value) {
            append(
                Registration(
                    contentType: route.contentType, visibility: route.visibility, kind: route.kind,
                    suggestedName: route.suggestedName(value),
                    produce: { try await route.run(value) }))
        }
        appendSource(value)
    }

    /// Registers a representation as bytes, produced by `loadHandler` when a receiver first loads it.
    ///
    /// `loadHandler` receives a completion handler to call once with the bytes or an error, and may return a
    /// `Progress`, which DnDKit cancels when every load waiting for the bytes is cancelled.
    ///
    /// - Parameters:
    ///   - contentType: the type of the bytes.
    ///   - visibility: who may see the representation.
    ///   - loadHandler: produces the bytes.
    public func registerDataRepresentation(
        for contentType: UTType, visibility: TransferRepresentationVisibility = .all,
        loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) {
        append(
            Registration(
                contentType: contentType, visibility: visibility, kind: .data, suggestedName: nil,
                produce: {
                    let data = try await CallbackBridge.completion {
                        (finish: @escaping @Sendable (Data?, (any Error)?) -> Void) in
                        loadHandler(finish)
                    }
                    return Produced(payload: .data(data), suggestedName: nil)
                }))
    }

    /// Registers a representation as a file, named by `loadHandler` when a receiver first loads it.
    ///
    /// `loadHandler` receives a completion handler to call once with the file's URL (and whether it must be
    /// accessed with file coordination, which Linux does not have and DnDKit ignores) or an error, and may return a
    /// `Progress`. The file must stay where it is while the provider exists.
    ///
    /// - Parameters:
    ///   - contentType: the type of the file.
    ///   - visibility: who may see the representation.
    ///   - openInPlace: whether receivers that ask may open the original file.
    ///   - loadHandler: names the file.
    public func registerFileRepresentation(
        for contentType: UTType, visibility: TransferRepresentationVisibility = .all, openInPlace: Bool = false,
        loadHandler: @escaping @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress?
    ) {
        append(
            Registration(
                contentType: contentType, visibility: visibility, kind: .file(allowsOpenInPlace: openInPlace),
                suggestedName: nil,
                produce: {
                    let url = try await CallbackBridge.completion {
                        (finish: @escaping @Sendable (URL?, (any Error)?) -> Void) in
                        loadHandler { url, _, error in finish(url, error) }
                    }
                    return Produced(payload: .file(url, originalAccessAllowed: openInPlace), suggestedName: nil)
                }))
    }

    /// Creates a provider for an existing file, offered as `contentType` (or, when `nil`, as the type that the
    /// file's name and content identify, through `ContentSniffer`). The file's name becomes ``suggestedName``.
    ///
    /// - Parameters:
    ///   - fileURL: the file.
    ///   - contentType: its type, or `nil` to identify it.
    ///   - openInPlace: whether receivers that ask may open the original file.
    ///   - coordinated: ignored: Linux has no file coordination.
    ///   - visibility: who may see the representation.
    public convenience init(
        contentsOf fileURL: URL, contentType: UTType?, openInPlace: Bool = false, coordinated: Bool = false,
        visibility: TransferRepresentationVisibility = .all
    ) {
        self.init()
        let type =
            contentType ?? (try? ContentSniffer.shared.identify(contentsOf: fileURL).type)
            ?? UTType(filenameExtension: fileURL.pathExtension) ?? .data
        suggestedName = fileURL.lastPathComponent
        append(
            Registration(
                contentType: type, visibility: visibility, kind: .file(allowsOpenInPlace: openInPlace),
                suggestedName: fileURL.lastPathComponent,
                produce: {
                    Produced(
                        payload: .file(fileURL, originalAccessAllowed: openInPlace),
                        suggestedName: fileURL.lastPathComponent)
                }))
        // The file's URL itself, as Apple's providers for files also offer it (`loadItem(forTypeIdentifier:
        // "public.file-url")` and `loadObject(ofClass: URL.self)` give it).
        if !type.conforms(to: .url) {
            let bytes = Data(fileURL.absoluteString.utf8)
            registerDataRepresentation(for: .fileURL, visibility: visibility) { finish in
                finish(bytes, nil)
                return nil
            }
        }
    }

    /// Creates a provider for an existing file, as `NSItemProvider(contentsOf:)`: offered as the type its name and
    /// content identify (see `ContentSniffer`), and as its file URL; nil when there is no such file.
    ///
    /// - Parameter fileURL: the file.
    public convenience init?(contentsOf fileURL: URL) {
        var isDirectory: ObjCBool = false
        guard fileURL.isFileURL, FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return nil }
        self.init(contentsOf: fileURL, contentType: nil, openInPlace: true)
    }
}
