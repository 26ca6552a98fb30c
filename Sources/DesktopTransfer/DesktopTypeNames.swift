import ContentTypes
import Foundation

/// The names Linux programs give the types they offer in drags and on the clipboard, and the content types they
/// stand for: MIME types through the type registry (with the freedesktop database when it is loaded), and X's own
/// names for text. The one table both desktop hosts use: the X11 host names X selection targets with it, the GTK
/// package names `GdkContentFormats` with it.
///
/// ```swift
/// DesktopTypeNames.contentType(of: "image/png")                   // public.png
/// DesktopTypeNames.contentType(of: "text/plain;charset=utf-8")    // public.utf8-plain-text
/// DesktopTypeNames.mimeTypes(for: .utf8PlainText)                 // ["text/plain;charset=utf-8", "text/plain"]
/// ```
public enum DesktopTypeNames {
    /// The list of URIs file managers drag and copy files as (RFC 2483).
    public static let uriList = "text/uri-list"

    /// The names of UTF-8 text that X programs offer, in the order they are offered: X's `UTF8_STRING`, the MIME
    /// types, then X's older `TEXT` and `STRING`.
    public static let x11UTF8Text = ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "TEXT", "STRING"]

    /// The MIME types of UTF-8 text, the charset-qualified one first (GTK reads a bare `text/plain` as ASCII).
    public static let utf8TextMIMETypes = ["text/plain;charset=utf-8", "text/plain"]

    /// The content type a name stands for: `image/png` is `public.png`, `text/plain;charset=utf-8` and
    /// `UTF8_STRING` are `public.utf8-plain-text`, `text/plain` is `public.plain-text`; nil for X's own meta targets,
    /// for other names that are no MIME type, and for `text/uri-list`, which names a list of other things.
    /// - Parameter name: A MIME type (parameters allowed) or an X target name.
    /// - Returns: The content type, or nil.
    public static func contentType(of name: String) -> UTType? {
        let parts = name.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let base = parts.first?.lowercased(), !base.isEmpty, base != uriList else { return nil }
        switch base {
        case "utf8_string": return .utf8PlainText
        case "string", "text", "compound_text": return .plainText
        case "targets", "timestamp", "multiple", "delete", "incr", "save_targets": return nil
        default: break
        }
        // Any other name without a slash is an X atom of some program's own, not a MIME type.
        guard base.contains("/") else { return nil }
        if base == "text/plain" {
            let charset = parts.dropFirst().first { $0.lowercased().hasPrefix("charset=") }
            return charset?.lowercased() == "charset=utf-8" ? .utf8PlainText : .plainText
        }
        return UTType(mimeType: base)
    }

    /// The MIME types a content type is offered under: for text, ``utf8TextMIMETypes``; otherwise its own MIME
    /// types, and `application/octet-stream` for bytes of no known kind.
    /// - Parameter type: The content type.
    /// - Returns: The MIME types, without repeats; empty for a type that has none.
    public static func mimeTypes(for type: UTType) -> [String] {
        if type.conforms(to: .utf8PlainText) || type == .plainText { return utf8TextMIMETypes }
        let names = type.tags[.mimeType] ?? []
        if names.isEmpty && type == .data { return ["application/octet-stream"] }
        return names
    }

    /// The X selection targets a content type is offered under: its MIME types, X's text names for text
    /// (``x11UTF8Text``), `application/octet-stream` for bytes of no known kind.
    /// - Parameter type: The content type.
    /// - Returns: The targets (a name may repeat; callers offer each once).
    public static func x11Targets(for type: UTType) -> [String] {
        var targets = type.tags[.mimeType] ?? []
        if targets.isEmpty && type == .data { targets = ["application/octet-stream"] }
        if type.conforms(to: .utf8PlainText) || type == .plainText { targets += x11UTF8Text }
        return targets
    }
}
