import ContentTypes
import Foundation

/// `AttributedString` transfers with its attributes to receivers that know it, and as plain text to the others.
///
/// | direction | content types |
/// |---|---|
/// | exports | `org.dndkit.attributed-string` (JSON: the text and its runs), then `String`'s types (the characters, as UTF-8 plain text) |
/// | imports | `org.dndkit.attributed-string`, then `String`'s types (plain text becomes a string without attributes) |
///
/// The JSON form keeps the attributes of Foundation's scope that Linux's Foundation has: `link`,
/// `languageIdentifier`, `alternateDescription` and `imageURL`; other attributes are not transferred. Linux's
/// Foundation has no `Codable` conformance for `AttributedString` and no RTF converters, so DnDKit uses a form of its
/// own; a receiver that wants RTF finds no representation here. Malformed JSON, or runs that do not cover the text
/// exactly at character boundaries, fail to import with `TransferError.Code.decodingFailed`.
extension AttributedString: Transferable {
    /// The attributed string as JSON, then its characters as plain text.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .attributedStringJSON) { string in
            try JSONEncoder().encode(AttributedStringArchive(string))
        } importing: { data in
            try JSONDecoder().decode(AttributedStringArchive.self, from: data).attributedString()
        }
        ProxyRepresentation(
            exporting: { (string: AttributedString) in String(string.characters) },
            importing: { (text: String) in AttributedString(text) })
    }
}

extension UTType {
    /// `AttributedString`'s own form: its text and runs as JSON.
    static let attributedStringJSON = UTType(exportedAs: "org.dndkit.attributed-string", conformingTo: .json)
}

/// The JSON form of an attributed string: its text, and runs that cover the text in order, each with its length in
/// UTF-8 bytes and the attributes DnDKit keeps.
struct AttributedStringArchive: Codable, Sendable {
    struct Run: Codable, Sendable {
        var length: Int
        var link: URL?
        var languageIdentifier: String?
        var alternateDescription: String?
        var imageURL: URL?
    }

    var text: String
    var runs: [Run]

    init(_ string: AttributedString) {
        text = String(string.characters)
        runs = string.runs.map { run in
            Run(
                length: string.utf8[run.range].count, link: run.link, languageIdentifier: run.languageIdentifier,
                alternateDescription: run.alternateDescription, imageURL: run.imageURL)
        }
    }

    /// The attributed string, after checking that the runs cover the text exactly, each ending on a character
    /// boundary.
    func attributedString() throws -> AttributedString {
        let utf8 = text.utf8
        guard runs.allSatisfy({ $0.length >= 0 }), runs.reduce(0, { $0 + $1.length }) == utf8.count else {
            throw MalformedContent.runsDoNotCoverText(byteCount: utf8.count)
        }
        var result = AttributedString(text)
        var offset = 0
        for run in runs {
            let end = offset + run.length
            guard utf8.index(utf8.startIndex, offsetBy: end).samePosition(in: text) != nil else {
                throw MalformedContent.runEndsInsideCharacter(byteOffset: end)
            }
            let lower = result.utf8.index(result.startIndex, offsetBy: offset)
            let upper = result.utf8.index(result.startIndex, offsetBy: end)
            result[lower..<upper].link = run.link
            result[lower..<upper].languageIdentifier = run.languageIdentifier
            result[lower..<upper].alternateDescription = run.alternateDescription
            result[lower..<upper].imageURL = run.imageURL
            offset = end
        }
        return result
    }
}
