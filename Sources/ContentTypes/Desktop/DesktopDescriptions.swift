import Foundation

/// The descriptions of the desktop database's types: the `<comment>` elements of the XML file shared-mime-info
/// installs per type, `DIRECTORY/MEDIA/SUBTYPE.xml` (as GLib's `g_content_type_get_description` reads them), in the
/// language of the user's locale when the file has it, in English otherwise.
///
/// Read when a description is first asked for, one small file per type, at most `maximumBytes` of it: the comments
/// come first in these files. A file that is missing, is not a regular file or has no comment gives no description.
enum DesktopDescriptions {
    /// How much of a type's file is read, at most.
    static let maximumBytes = 64 * 1024

    /// The description of a MIME type from the database in `directory`.
    ///
    /// - Parameters:
    ///   - mimeType: the type's MIME type, as the database lists it.
    ///   - directory: the database's directory.
    ///   - languages: the languages to try, preferred first (`preferredLanguages`); English when none matches.
    /// - Returns: the description, or `nil` when the file cannot be read or has no comment.
    static func description(of mimeType: String, in directory: String, languages: [String]) -> String? {
        guard let path = path(of: mimeType, in: directory), let text = read(path) else {
            return nil
        }
        return comment(in: text, languages: languages)
    }

    /// `DIRECTORY/MEDIA/SUBTYPE.xml`, lowercased as `update-mime-database` names the files, or `nil` for a MIME type
    /// that is not `MEDIA/SUBTYPE` with two plain names (no path can be made to lead elsewhere).
    static func path(of mimeType: String, in directory: String) -> String? {
        let parts = Folding.fold(mimeType).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.utf8.contains(0) })
        else {
            return nil
        }
        return "\(directory)/\(parts[0])/\(parts[1]).xml"
    }

    /// The first `maximumBytes` of a regular file, as UTF-8 text; `nil` for anything else.
    private static func read(_ path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let handle = FileHandle(forReadingAtPath: path)
        else {
            return nil
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The comment in the first of `languages` that the text has, else the one without a language.
    static func comment(in text: String, languages: [String]) -> String? {
        var comments: [String: String] = [:]
        var rest = text[...]
        while let open = rest.range(of: "<comment") {
            rest = rest[open.upperBound...]
            guard let first = rest.first, first == ">" || first == " " || first == "\t" || first == "\n",
                let tagEnd = rest.firstIndex(of: ">"), let close = rest.range(of: "</comment>")
            else {
                continue  // `<commentary>` or a cut file: not a comment
            }
            let attributes = rest[..<tagEnd]
            let body = rest[rest.index(after: tagEnd)..<close.lowerBound]
            rest = rest[close.upperBound...]
            let language = Self.attribute("xml:lang", in: attributes) ?? ""
            if comments[language] == nil {
                comments[language] = decodeEntities(body)
            }
        }
        for language in languages {
            if let comment = comments[language] {
                return comment
            }
        }
        return comments[""]
    }

    /// The value of `name="…"` in a tag's attributes.
    private static func attribute(_ name: String, in attributes: Substring) -> String? {
        guard let start = attributes.range(of: name + "=\"") else {
            return nil
        }
        let value = attributes[start.upperBound...]
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }

    /// Text with XML's character references and predefined entities replaced.
    static func decodeEntities(_ text: Substring) -> String {
        guard text.contains("&") else {
            return String(text)
        }
        var result = ""
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let replacement: String? =
                switch name {
                case "amp": "&"
                case "lt": "<"
                case "gt": ">"
                case "quot": "\""
                case "apos": "'"
                default: characterReference(name)
                }
            if let replacement {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// `#NNN` or `#xHHH` as the character it names.
    private static func characterReference(_ name: Substring) -> String? {
        guard name.first == "#" else {
            return nil
        }
        let digits = name.dropFirst()
        let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    /// The languages of the user's messages, most specific first, from the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set: `de_AT.UTF-8@euro` gives `de_AT@euro`, `de_AT`, `de@euro`, `de`. None for `C` and `POSIX`
    /// (English).
    ///
    /// - Parameter environment: the environment to read.
    /// - Returns: the languages.
    static func preferredLanguages(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        guard
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] })
                .first(where: { !$0.isEmpty }),
            locale != "C", locale != "POSIX", !locale.hasPrefix("C.")
        else {
            return []
        }
        let modifier = locale.firstIndex(of: "@").map { String(locale[$0...]) } ?? ""
        let name = locale.prefix { $0 != "." && $0 != "@" }
        let language = name.prefix { $0 != "_" }
        var languages: [String] = []
        for candidate in [name + modifier, String(name), language + modifier, String(language)]
        where !candidate.isEmpty && !languages.contains(candidate) {
            languages.append(candidate)
        }
        return languages
    }
}
