import ContentTypes
import Foundation

/// Turns any proposed name (a suggested file name, a sender's file name) into a safe name for one file in one
/// folder.
enum FileNames {
    /// The most bytes of UTF-8 a name may have.
    static let maximumBytes = 255
    /// The name used when nothing usable is left.
    static let fallback = "Item"

    /// A safe file name: no path separators (`/` and `\` become `_`), no control or invisible formatting characters
    /// (they are dropped), no `..` (runs of dots shrink to one), no leading dots or spaces, at most 255 bytes of UTF-8
    /// (the stem is shortened, the extension kept), never empty, never `.` or `..`. When the name has no extension
    /// and the content type has a preferred one, it is added.
    ///
    /// - Parameters:
    ///   - proposed: the name to clean up, or `nil`.
    ///   - contentType: the type of the file's content.
    /// - Returns: the safe name.
    static func sanitized(_ proposed: String?, contentType: UTType?) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in (proposed ?? "").unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator:
                continue
            default:
                scalars.append(scalar == "/" || scalar == "\\" ? "_" : scalar)
            }
        }
        var name = String(scalars)
        while name.contains("..") {
            name = name.replacingOccurrences(of: "..", with: ".")
        }
        name = String(name.drop { $0 == "." || $0.isWhitespace })
        while let last = name.last, last.isWhitespace {
            name.removeLast()
        }
        if name.isEmpty {
            name = fallback
        }
        if !name.contains("."), let ext = contentType?.preferredFilenameExtension {
            name += "." + sanitized(ext, contentType: nil)
        }
        return truncated(name)
    }

    /// `name` shortened to at most `maximumBytes` bytes of UTF-8, on a character boundary, keeping a short extension.
    private static func truncated(_ name: String) -> String {
        guard name.utf8.count > maximumBytes else {
            return name
        }
        var stem = Substring(name)
        var ext = Substring()
        if let dot = name.lastIndex(of: "."), name[dot...].utf8.count <= 32 {
            stem = name[..<dot]
            ext = name[dot...]
        }
        while !stem.isEmpty && stem.utf8.count + ext.utf8.count > maximumBytes {
            stem.removeLast()
        }
        return String(stem.isEmpty ? Substring(fallback) : stem) + ext
    }
}
