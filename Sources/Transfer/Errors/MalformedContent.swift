import Foundation

/// Bytes that a built-in representation refused to import, and why: text that is not valid UTF-8 or UTF-16, a URL
/// that is not absolute, attributed-string runs that do not cover their text.
///
/// Thrown by the importing closures of `String`, `URL` and `AttributedString`; a ``TransferError`` keeps it as its
/// underlying error. The words are made only in ``description``.
enum MalformedContent: Error, Equatable, CustomStringConvertible {
    /// Text of this many bytes that is not valid UTF-8.
    case notUTF8(byteCount: Int)
    /// UTF-16 text of an odd number of bytes.
    case oddUTF16ByteCount(Int)
    /// UTF-16 text with a surrogate that has no partner.
    case unpairedSurrogate
    /// A URL's bytes that are not valid UTF-8.
    case urlNotUTF8
    /// Text, cut to 200 characters, that is not an absolute URL.
    case notAnAbsoluteURL(String)
    /// Attributed-string runs whose lengths do not add up to the text's length in UTF-8 bytes.
    case runsDoNotCoverText(byteCount: Int)
    /// An attributed-string run that ends inside a character, at this UTF-8 byte offset.
    case runEndsInsideCharacter(byteOffset: Int)

    /// What is wrong, in plain words.
    var description: String {
        switch self {
        case .notUTF8(let byteCount): "the \(byteCount) bytes are not valid UTF-8"
        case .oddUTF16ByteCount(let count): "UTF-16 text needs an even number of bytes, not \(count)"
        case .unpairedSurrogate: "the UTF-16 text has an unpaired surrogate"
        case .urlNotUTF8: "the URL is not valid UTF-8"
        case .notAnAbsoluteURL(let text): "\"\(text)\" is not an absolute URL"
        case .runsDoNotCoverText(let byteCount): "the runs do not cover the \(byteCount) bytes of the text"
        case .runEndsInsideCharacter(let byteOffset): "a run ends inside a character, at byte \(byteOffset)"
        }
    }
}
