import ContentTypes

/// The names X programs give the types they offer in selections and drags ("targets"), and the content types they
/// stand for: MIME types through the type registry (with the freedesktop database when it is loaded), text under
/// X's own names as well.
enum TargetNames {
    /// X's names for UTF-8 text, which programs offer beside `text/plain;charset=utf-8`.
    static let utf8Text = ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "TEXT", "STRING"]
    /// The list of URIs file managers drag and copy files as.
    static let uriList = "text/uri-list"

    /// The content type a target names: `image/png` is `public.png`, `text/plain;charset=utf-8` and
    /// `UTF8_STRING` are `public.utf8-plain-text`, `text/plain` is `public.plain-text`; nil for X's own meta
    /// targets and for `text/uri-list`, which names a list of other things.
    static func contentType(of target: String) -> UTType? {
        let parts = target.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let base = parts.first?.lowercased(), !base.isEmpty, base != uriList else { return nil }
        switch base {
        case "utf8_string": return .utf8PlainText
        case "string", "text", "compound_text": return .plainText
        case "targets", "timestamp", "multiple", "delete", "incr", "save_targets": return nil
        default: break
        }
        if base == "text/plain" {
            let charset = parts.dropFirst().first { $0.lowercased().hasPrefix("charset=") }
            return charset?.lowercased() == "charset=utf-8" ? .utf8PlainText : .plainText
        }
        return UTType(mimeType: base)
    }

    /// The targets a content type is offered under: its MIME types, X's text names for UTF-8 text,
    /// `application/octet-stream` for bytes of no known kind.
    static func targets(for type: UTType) -> [String] {
        var targets = type.tags[.mimeType] ?? []
        if targets.isEmpty && type == .data { targets = ["application/octet-stream"] }
        if type.conforms(to: .utf8PlainText) || type == .plainText { targets += utf8Text }
        return targets
    }

    /// The URIs of a `text/uri-list` (RFC 2483): one a line, comments and blank lines skipped.
    static func uris(in list: String) -> [String] {
        list.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
