import ContentTypes
import Foundation

/// The `fuzz-sniffing` check: any bytes given to `ContentSniffer.identify`, alone and with filenames.
///
/// Properties:
/// - identification succeeds (libmagic answers for any bytes);
/// - a filename changes the type only by the documented rule: when the content decides, the type is the content's,
///   and the content's MIME type is the same with or without a name;
/// - JSON is recognised however it is cut: a complete object or array that `JSONSerialization` reads (and that
///   nests no deeper than the sniffer's JSON check goes) is `public.json`, and so is its first half.
public enum SniffingConsistency {
    static let sniffer = ContentSniffer(registry: .system)
    static let filenames = ["photo.png", "notes.txt", "data.json", "archive.tar.gz", "program", ".hidden"]
    /// The deepest JSON the sniffer's own check accepts before it leaves the bytes to libmagic.
    static let jsonDepth = 200

    /// Checks one input.
    ///
    /// - Parameter data: any bytes.
    /// - Throws: `FuzzFailure` when a property does not hold.
    public static func check(_ data: Data) throws(FuzzFailure) {
        let first = try identify(data, filename: nil)
        let filename = filenames[data.count % filenames.count]
        let named = try identify(data, filename: filename)
        guard named.mimeType == first.mimeType, named.basis != .content || named.type == first.type else {
            throw FuzzFailure("named \(filename): \(named), without the name: \(first)")
        }
        if isCompleteJSON(data) {
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

    /// Whether the bytes are a whole JSON object or array, nested no deeper than `jsonDepth`, without a byte
    /// order mark (libmagic and the sniffer treat those differently on purpose).
    private static func isCompleteJSON(_ data: Data) -> Bool {
        guard data.first != 0xEF, let root = try? JSONSerialization.jsonObject(with: data, options: []) else {
            return false
        }
        return (root is [Any] || root is [String: Any]) && depth(root) <= jsonDepth
    }

    private static func depth(_ value: Any) -> Int {
        switch value {
        case let array as [Any]: 1 + (array.map(depth).max() ?? 0)
        case let object as [String: Any]: 1 + (object.values.map(depth).max() ?? 0)
        default: 0
        }
    }
}
