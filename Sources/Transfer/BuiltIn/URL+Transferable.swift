import ContentTypes
import Foundation

/// `URL` transfers as its absolute string, in UTF-8.
///
/// | direction | content types |
/// |---|---|
/// | exports | `public.file-url` (file URLs only), then `public.url` |
/// | imports | `public.url`, and so its subtype `public.file-url` |
///
/// Importing accepts one absolute URL (with a scheme), surrounding whitespace and line breaks aside; anything else
/// fails with `TransferError.Code.decodingFailed`.
extension URL: Transferable {
    /// Exports `public.file-url` for file URLs and `public.url`; imports `public.url`.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .fileURL) { url in
            Data(url.absoluteString.utf8)
        }
        .exportingCondition { url in url.isFileURL }
        DataRepresentation(contentType: .url) { url in
            Data(url.absoluteString.utf8)
        } importing: { data in
            try URLDecoding.url(from: data)
        }
    }
}

/// Strict URL decoding for `URL`'s representation.
enum URLDecoding {
    static func url(from data: Data) throws -> URL {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw MalformedContent.urlNotUTF8
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }),
            let url = URL(string: trimmed), url.scheme != nil
        else {
            throw MalformedContent.notAnAbsoluteURL(String(trimmed.prefix(200)))
        }
        return url
    }
}
