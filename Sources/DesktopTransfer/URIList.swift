import Foundation
import Transfer

/// `text/uri-list` (RFC 2483), the way file managers drag and copy files: one URI a line, each line ended by CR LF,
/// `#` starting a comment.
public enum URIList {
    /// The URIs of a list: one a line, comments and blank lines skipped.
    /// - Parameter list: The list's text.
    /// - Returns: The URIs, in order.
    public static func uris(in list: String) -> [String] {
        list.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The list of some URLs, each line ended by CR LF.
    /// - Parameter urls: The URLs (file URLs are written `file:///path`, with the path percent-encoded).
    /// - Returns: The list's bytes.
    public static func data(for urls: [URL]) -> Data {
        Data(urls.map { $0.absoluteString + "\r\n" }.joined().utf8)
    }

    /// The local file a URI names: a `file:` URI whose host is empty or `localhost`, as a file URL; nil for any other
    /// URI (another host's file, `https:`, text that is no URI).
    /// - Parameter uri: One URI of a list.
    /// - Returns: The file URL, or nil.
    public static func localFile(_ uri: String) -> URL? {
        guard let url = URL(string: uri), url.isFileURL,
            url.host.map({ $0.isEmpty || $0 == "localhost" }) ?? true
        else { return nil }
        return URL(fileURLWithPath: url.path)
    }

    /// The items of a list: each local file as the type its content has, opened in place (with its file URL); any
    /// other URI as a `public.url`.
    /// - Parameter list: The list's bytes.
    /// - Returns: The items, in the list's order.
    public static func items(in list: Data) -> [ItemProvider] {
        uris(in: String(decoding: list, as: UTF8.self)).compactMap { text in
            guard URL(string: text) != nil else { return nil }
            if let file = localFile(text) { return ItemProvider(contentsOf: file) }
            let provider = ItemProvider()
            let bytes = Data(text.utf8)
            provider.registerDataRepresentation(for: .url) { finish in
                finish(bytes, nil)
                return nil
            }
            return provider
        }
    }
}
