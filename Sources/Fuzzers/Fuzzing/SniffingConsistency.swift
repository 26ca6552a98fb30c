import ContentTypes
import Foundation

/// The `fuzz-sniffing` check: any bytes given to `ContentSniffer.identify`, alone and with filenames.
///
/// Properties:
/// - identification succeeds (libmagic answers for any bytes);
/// - a filename changes the type only by the documented rule: when the content decides, the type is the content's,
///   and the content's MIME type is the same with or without a name;
/// - JSON has one definition, RFC 8259's: a complete object or array that `StrictJSON` (an independent reading of
///   the grammar) accepts, nested no deeper than the sniffer's JSON check goes, is `public.json`, and so is its first
///   half (the prefix rule); a document that only a lenient parser accepts (Foundation's, which takes trailing
///   commas, as libmagic's JSON test does) is not `public.json`.
package enum SniffingConsistency {
    static let sniffer = ContentSniffer(registry: .system)
    static let filenames = ["photo.png", "notes.txt", "data.json", "archive.tar.gz", "program", ".hidden"]

    /// Checks one input.
    ///
    /// - Parameter data: any bytes.
    /// - Throws: `FuzzFailure` when a property does not hold.
    package static func check(_ data: Data) throws(FuzzFailure) {
        let first = try identify(data, filename: nil)
        let filename = filenames[data.count % filenames.count]
        let named = try identify(data, filename: filename)
        guard named.mimeType == first.mimeType, named.basis != .content || named.type == first.type else {
            throw FuzzFailure("named \(filename): \(named), without the name: \(first)")
        }
        let bytes = [UInt8](data)
        if StrictJSON.isDocument(bytes) {
            guard first.type == .json else {
                throw FuzzFailure("complete JSON identified as \(first.type.identifier) (\(first.mimeType ?? "-"))")
            }
            let half = data.prefix(data.count / 2)
            let cut = try identify(half, filename: nil)
            guard
                half.isEmpty || !half.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") })
                    || cut.type == .json
            else {
                throw FuzzFailure("the first half of complete JSON identified as \(cut.type.identifier)")
            }
        } else if first.type == .json, (try? JSONSerialization.jsonObject(with: data)) != nil {
            throw FuzzFailure("a document that is not RFC 8259 JSON (Foundation's lenient parser reads it) is JSON")
        }
    }

    private static func identify(_ data: Data, filename: String?) throws(FuzzFailure) -> ContentSniffer.Identification {
        do {
            return try sniffer.identify(data, filename: filename)
        } catch let error as ContentSnifferError where error.code == .identificationFailed {
            throw FuzzFailure("libmagic failed: \(error)")
        } catch {
            throw FuzzFailure("identification failed: \(error)")
        }
    }
}
