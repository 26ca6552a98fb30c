import FileAccess
import Foundation
import Locking

/// Identifies content with the system's libmagic and maps libmagic's MIME answer onto uniform type identifiers.
///
/// A sniffer can be shared by any number of threads and tasks: libmagic handles are not thread-safe, so each
/// identification borrows a handle from a pool, opening one (and loading libmagic's database) only when every
/// existing handle is busy. The first identification pays for loading; nothing is loaded before.
///
/// Empty and unrecognised bytes are `public.data`, not errors.
///
/// JSON has one definition, RFC 8259's, checked by the sniffer itself before libmagic: bytes are `public.json`
/// (`application/json`) when, after an optional UTF-8 byte order mark and whitespace, they are an object or array of
/// JSON text (strings and their escapes, valid UTF-8, numbers, literals, colons and commas where they belong,
/// matching brackets, at most 200 levels deep), complete or cut off anywhere: the prefix rule, since a drag source
/// sniffs the first few KiB of a longer file, and libmagic's own JSON test fails on an incomplete document and falls
/// through to slow text rules. Almost-JSON is not JSON: a trailing comma, a comment, single quotes, `NaN`, text after
/// the document or deeper nesting make the bytes text (libmagic's text answer, with its charset), even where
/// libmagic's more lenient JSON test would call them `application/json`, so that a document and its first half never
/// get different answers. libmagic's other JSON-based answers, such as newline-delimited JSON, stay as they are.
public final class ContentSniffer: Sendable {
    /// How a type was decided.
    public enum Basis: String, Sendable, Hashable, Codable {
        /// The name decided, because the content said nothing: bytes no format claims, or an empty file.
        case name
        /// The content decided: there was no usable name, or the name said something the content contradicts
        /// (see ``Identification/nameSuggests``).
        case content
        /// The name and the content agree: the same type, or one refines the other (a JSON file named `.geojson`,
        /// text named `.csv`, a gzip stream named `.tar.gz`, UTF-16 text named `.txt`).
        case both
    }

    /// What a sniffer found.
    public struct Identification: Sendable, Hashable {
        /// The type.
        public var type: UTType
        /// The content's MIME type, without parameters, as libmagic gives it (JSON: as the JSON check decides); `nil`
        /// when the content was not examined.
        public var mimeType: String?
        /// How the type was decided.
        public var basis: Basis
        /// The type the file's name suggests, when the content contradicts it (a PDF named `x.jpg`: the type is
        /// `com.adobe.pdf`, and this is `public.jpeg`); `nil` when the name agrees, says nothing, or there is none.
        public var nameSuggests: UTType?

        /// Creates an identification.
        ///
        /// - Parameters:
        ///   - type: The type.
        ///   - mimeType: The content's MIME type.
        ///   - basis: How the type was decided.
        ///   - nameSuggests: What the name suggested, when the content contradicts it.
        public init(type: UTType, mimeType: String?, basis: Basis, nameSuggests: UTType? = nil) {
            self.type = type
            self.mimeType = mimeType
            self.basis = basis
            self.nameSuggests = nameSuggests
        }
    }

    /// How much of a file is read for identification.
    public static let bytesExamined = 1 << 20

    private let registry: TypeRegistry?
    private let pool = Lock<[MagicHandle]>([])

    /// Creates a sniffer.
    ///
    /// - Parameter registry: the registry that maps MIME types and extensions to types; `nil` to use
    ///   `TypeRegistry.current` at each identification.
    public init(registry: TypeRegistry? = nil) {
        self.registry = registry
    }

    /// A sniffer shared by the whole process, answering from `TypeRegistry.current`.
    public static let shared = ContentSniffer()

    /// The type of some bytes, from their content alone.
    ///
    /// JSON text is recognised before libmagic is asked, even when the bytes end in the middle of the document (see
    /// `ContentSniffer`).
    ///
    /// - Parameter data: the bytes; a prefix of a file is enough for most formats.
    /// - Returns: the type, and libmagic's MIME type.
    /// - Throws: `ContentSnifferError` when libmagic cannot be loaded or fails.
    public func identify(_ data: Data) throws -> Identification {
        try identify(data, filename: nil)
    }

    /// The type of some bytes that have a filename, from the name and the content together.
    ///
    /// Content decides; the name only refines within what the content allows, or answers when the content says
    /// nothing:
    /// - bytes no format claims, and empty files, are what the name says (``Basis/name``);
    /// - text that begins with a PEM certificate boundary is an X.509 certificate, which libmagic calls plain text;
    /// - a name whose type conforms to the content's refines it: JSON named `.geojson`, a gzip stream named `.tar.gz`,
    ///   a ZIP archive named `.jar` (``Basis/both``); so does any text type for content that is text, since libmagic
    ///   only guesses at kinds of text (CSV and source code are plain text to it, XHTML is XML, Markdown with HTML
    ///   in it is HTML);
    /// - content whose type conforms to the name's refines the name: UTF-16 text named `.txt` (``Basis/both``);
    /// - text named for a format whose files are text though its type is not (an X bitmap, PostScript, Adobe font
    ///   metrics) is that format (``Basis/both``);
    /// - compressed content named for what it holds (an SVG named `.svgz`, a font named `.pcf.gz`) is what the name
    ///   says, when the beginning of a gzip stream, decompressed, is of that type or says nothing, and when a bzip2
    ///   or xz stream is not opened (``Basis/both``);
    /// - anything else is a contradiction, and the content's type stands: a PDF named `x.jpg` is a PDF, a PNG named
    ///   `z.txt` a PNG (``Basis/content``, with ``Identification/nameSuggests`` saying what the name claimed).
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - filename: the file's name or path; `nil` to decide by content alone.
    /// - Returns: the type, libmagic's MIME type, what decided, and a contradicting name's type.
    /// - Throws: `ContentSnifferError` when libmagic cannot be loaded or fails.
    public func identify(_ data: Data, filename: String?) throws -> Identification {
        // The sniffer's own registry is read in place: copying it would count a reference on the snapshot that every
        // thread identifying with this sniffer shares.
        if let registry {
            return try identify(data, filename: filename, in: registry)
        }
        return try identify(data, filename: filename, in: TypeRegistry.current)
    }

    /// `identify(_:filename:)` in a given registry.
    private func identify(_ data: Data, filename: String?, in registry: TypeRegistry) throws -> Identification {
        let answer = try data.withUnsafeBytes { bytes throws(ContentSnifferError) in
            if let mimeType = ContentSignatures.mimeType(of: bytes) {
                // Markup is text, whose charset the signatures do not name; the other signatures are binary data.
                let isText = mimeType.hasPrefix("text/") || mimeType == "image/svg+xml"
                return MagicAnswer(mimeType: mimeType, charset: isText ? nil : "binary")
            }
            return JSONPrefix.isValid(bytes) ? MagicAnswer.json : try magic(bytes).notJSON
        }
        var sniffed = Self.type(forMagicAnswer: answer, in: registry)
        if sniffed.type.conforms(to: .text) {
            // Text formats libmagic calls plain text or XML: a PEM certificate ("PEM certificate" in its words), and
            // an SVG image whose root element comes after a comment.
            if data.withUnsafeBytes(Self.isPEMCertificate) {
                sniffed.type = .x509Certificate
            } else if sniffed.type != .svg, data.withUnsafeBytes(Self.isSVG) {
                sniffed.type = .svg
            }
        }
        guard let named = filename.flatMap({ Self.type(forFilename: $0, in: registry) }) else {
            return sniffed
        }
        return try Self.decide(named: named, sniffed: sniffed) {
            // Asked only when compressed content meets a name that says something else: what a gzip stream holds,
            // by content alone. (bzip2 and xz streams are not opened: what they hold is not known.)
            guard sniffed.type.conforms(to: .gzip),
                let held = data.withUnsafeBytes({ GzipPrefix.inflate($0) })
            else {
                return nil
            }
            return try self.identify(Data(held), filename: nil, in: registry).type
        }
    }

    /// Whether text is a PEM certificate (RFC 7468): its first line, after blank lines, is a certificate's
    /// encapsulation boundary.
    static func isPEMCertificate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = bytes.firstIndex { !(Character(UnicodeScalar($0)).isWhitespace) } ?? bytes.endIndex
        let rest = bytes[start...]
        return pemBoundaries.contains { rest.starts(with: $0.utf8) }
    }

    /// Whether text is an SVG document: after a byte order mark, an XML declaration, comments, processing
    /// instructions and a document type declaration, the root element is `svg`.
    static func isSVG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        func skip(past end: String) -> Bool {
            let terminator = Array(end.utf8)
            var index = rest.startIndex
            while index + terminator.count <= rest.endIndex {
                if rest[index..<index + terminator.count].elementsEqual(terminator) {
                    rest = rest[(index + terminator.count)...]
                    return true
                }
                index += 1
            }
            return false
        }
        while true {
            rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            if rest.starts(with: "<?".utf8) {
                guard skip(past: "?>") else { return false }
            } else if rest.starts(with: "<!--".utf8) {
                guard skip(past: "-->") else { return false }
            } else if rest.starts(with: "<!DOCTYPE".utf8) {
                guard skip(past: ">") else { return false }
            } else {
                break
            }
        }
        guard rest.starts(with: "<svg".utf8), let next = rest.dropFirst(4).first else { return false }
        return [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains(next)  // whitespace, `>` or `/`
    }

    private static let pemBoundaries = [
        "-----BEGIN CERTIFICATE-----", "-----BEGIN TRUSTED CERTIFICATE-----", "-----BEGIN X509 CERTIFICATE-----",
    ]

    /// The type of a file, from its name and its first `bytesExamined` bytes. Directories are `public.folder`.
    ///
    /// Named pipes, sockets and devices are refused at once, without being opened for reading (reading one may never
    /// end), and a file that grows while it is read is read only as far as it was long when opened.
    ///
    /// - Parameter url: the file.
    /// - Returns: the type, libmagic's MIME type, and what decided.
    /// - Throws: `ContentSnifferError` when the file cannot be read (``ContentSnifferError/message`` says why in plain
    ///   words: no such file, permission denied, not a regular file (a named pipe)) or libmagic fails.
    public func identify(contentsOf url: URL) throws -> Identification {
        try identify(atPath: url.path)
    }

    /// ``identify(contentsOf:)`` for a path, for a caller that has one: a process's first `URL.path` costs
    /// `dnd-sim types identify` a tenth of a millisecond (issue 29).
    ///
    /// - Parameter path: the file's path, absolute or relative to the working directory.
    /// - Returns: the type, libmagic's MIME type, and what decided.
    /// - Throws: `ContentSnifferError`, as ``identify(contentsOf:)``.
    package func identify(atPath path: String) throws -> Identification {
        let data: Data
        do {
            data = try ReadableFile(path).readPrefix(upTo: Self.bytesExamined)
        } catch  where error.code == .isADirectory {
            return Identification(type: .folder, mimeType: "inode/directory", basis: .content)
        } catch {
            throw ContentSnifferError(.unreadableFile, file: path, message: "\(error.code)")
        }
        do {
            return try identify(data, filename: Self.lastComponent(of: path))
        } catch var error as ContentSnifferError {
            error.file = path
            throw error
        }
    }

    /// The last component of a path, as `URL.lastPathComponent` gives it: trailing slashes do not count.
    static func lastComponent(of path: String) -> String {
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 0 && bytes[end - 1] == slash {
            end -= 1
        }
        guard end > 0 else {
            return bytes.isEmpty ? "" : "/"
        }
        var start = end
        while start > 0 && bytes[start - 1] != slash {
            start -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    // MARK: libmagic

    /// libmagic's answer, from a pooled handle.
    private func magic(_ bytes: UnsafeRawBufferPointer) throws(ContentSnifferError) -> MagicAnswer {
        let handle = try borrowHandle()
        let answer = Result { () throws(ContentSnifferError) in try handle.answer(bytes) }
        giveBack(handle)
        return try answer.get()
    }

    /// An idle handle from the pool, or a new one when all are busy.
    private func borrowHandle() throws(ContentSnifferError) -> MagicHandle {
        if let handle = pool.withLock({ handles in handles.popLast() }) {
            return handle
        }
        return try MagicHandle()
    }

    /// Puts a handle back for the next identification; the caller no longer uses it.
    private func giveBack(_ handle: MagicHandle) {
        pool.withLock { handles in handles.append(handle) }
    }

    /// `type/subtype; charset=…` split up.
    struct MagicAnswer: Equatable {
        let mimeType: String
        let charset: String?

        /// What libmagic answers for a complete JSON document, and the JSON check for a JSON prefix.
        static let json = MagicAnswer("application/json")

        /// Parses libmagic's answer.
        init(_ answer: String) {
            var answer = answer
            self = answer.withUTF8 { MagicAnswer(UnsafeRawBufferPointer($0)) }
        }

        /// Parses libmagic's answer from its bytes, in one pass and without Foundation: the MIME type is what comes
        /// before the first `;`, the charset the value of a `charset=` parameter after it, both without the spaces
        /// and tabs around them and lowercased (ASCII; libmagic's answers are ASCII). An empty MIME type is
        /// `application/octet-stream`.
        ///
        /// - Parameter bytes: the answer, such as `image/png; charset=binary`, without its terminating NUL.
        init(_ bytes: UnsafeRawBufferPointer) {
            let end = bytes.firstIndex(of: 0x3B) ?? bytes.count  // ";"
            let type = Self.trimmed(bytes, 0..<end)
            mimeType = type.isEmpty ? "application/octet-stream" : Self.lowercasedString(bytes, type)
            var charset: String?
            var start = end + 1
            while start < bytes.count {
                let stop = bytes[start...].firstIndex(of: 0x3B) ?? bytes.count
                let parameter = Self.trimmed(bytes, start..<stop)
                let name = "charset=".utf8
                if parameter.count >= name.count,
                    zip(bytes[parameter.prefix(name.count)], name).allSatisfy({ Folding.lowercase($0) == $1 })
                {
                    charset = Self.lowercasedString(bytes, parameter.dropFirst(name.count))
                    break
                }
                start = stop + 1
            }
            self.charset = charset
        }

        /// `range` without the spaces and tabs at either end.
        private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound
            var upper = range.upperBound
            while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 {
                lower += 1
            }
            while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 {
                upper -= 1
            }
            return lower..<upper
        }

        /// The bytes in `range`, ASCII letters lowercased, as a string.
        private static func lowercasedString(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
            String(unsafeUninitializedCapacity: range.count) { output in
                for (index, offset) in range.enumerated() {
                    output[index] = Folding.lowercase(bytes[offset])
                }
                return range.count
            }
        }

        init(mimeType: String, charset: String?) {
            self.mimeType = mimeType
            self.charset = charset
        }

        /// The answer for bytes that the JSON check rejected: libmagic's, except that what its lenient JSON test
        /// calls JSON is text (see `ContentSniffer`).
        var notJSON: MagicAnswer {
            mimeType == Self.json.mimeType ? MagicAnswer(mimeType: "text/plain", charset: charset) : self
        }
    }

    /// libmagic's MIME types that shared-mime-info spells differently, so that the desktop database's type answers.
    static let magicSpellings: [String: String] = [
        "application/x-bytecode.python": "application/x-python-bytecode",
        "text/x-m4": "application/x-m4",
        "application/x-java-applet": "application/x-java",
    ]

    /// libmagic's names for types the catalog declares under other MIME types, or as concepts without one.
    static let magicNames: [String: String] = [
        "application/octet-stream": "public.data",
        "application/x-empty": "public.data",
        "inode/x-empty": "public.data",
        "application/x-executable": "public.unix-executable",
        "application/x-pie-executable": "public.unix-executable",
        "application/x-sharedlib": "public.unix-executable",
        "application/x-dosexec": "com.microsoft.windows-executable",
        "text/x-shellscript": "public.shell-script",
        "text/x-script.python": "public.python-script",
        "text/x-python": "public.python-script",
        "text/x-perl": "public.perl-script",
        "text/x-ruby": "public.ruby-script",
        "text/x-php": "public.php-script",
        "text/x-c": "public.c-source",
        "text/x-c++": "public.c-plus-plus-source",
        "text/x-objective-c": "public.objective-c-source",
        "text/x-makefile": "public.make-source",
        "text/x-asm": "public.assembly-source",
        "application/x-bzip2": "public.bzip2-archive",
        "application/vnd.ms-opentype": "public.opentype-font",
        "font/x-postscript-pfb": "com.adobe.postscript-pfb-font",
    ]

    /// The type libmagic's answer names: plain text by its encoding, then the registry's type for the MIME type,
    /// then libmagic's own names, then a dynamic type for the MIME type.
    static func type(forMagicAnswer answer: MagicAnswer, in registry: TypeRegistry) -> Identification {
        let mimeType = answer.mimeType
        if mimeType == "text/plain" {
            switch answer.charset {
            case "utf-8": return Identification(type: .utf8PlainText, mimeType: mimeType, basis: .content)
            case "utf-16le", "utf-16be":
                return Identification(type: .utf16ExternalPlainText, mimeType: mimeType, basis: .content)
            default: break
            }
        }
        if let type = magicNames[mimeType].flatMap(registry.type(withIdentifier:)) {
            return Identification(type: type, mimeType: mimeType, basis: .content)
        }
        if let spelled = magicSpellings[mimeType],
            let type = registry.type(tag: spelled, tagClass: .mimeType, conformingTo: nil), !type.isDynamic
        {
            return Identification(type: type, mimeType: mimeType, basis: .content)
        }
        let type = registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil) ?? .data
        return Identification(type: type, mimeType: mimeType, basis: .content)
    }

    /// The declared type of a filename's extension, longest extension first (`tar.gz` before `gz`).
    static func type(forFilename filename: String, in registry: TypeRegistry) -> UTType? {
        let name = Folding.fold(filename.split(separator: "/").last.map(String.init) ?? filename)
        var start = name.startIndex
        while let dot = name[start...].firstIndex(of: ".") {
            let candidate = name[name.index(after: dot)...]
            if dot != name.startIndex, !candidate.isEmpty,
                let type = registry.type(tag: String(candidate), tagClass: .filenameExtension, conformingTo: nil),
                !type.isDynamic
            {
                return type
            }
            start = name.index(after: dot)
        }
        return nil
    }

    /// Compressed containers whose content libmagic can look inside without starting another program.
    static let compressions: [UTType] = [.gzip, .bz2, UTType(systemIdentifier: "org.tukaani.xz-archive")]

    /// Types whose files are text although the type does not conform to `public.text` (Apple's hierarchy puts them
    /// under images, fonts or documents), by identifier or MIME type: libmagic calls such files plain text, which
    /// the name then refines.
    static let textFormats: (identifiers: Set<String>, mimeTypes: Set<String>) = (
        ["public.xbitmap-image", "com.adobe.postscript", "com.adobe.postscript.pfa-font"],
        [
            "image/x-xbitmap", "image/x-xpixmap", "application/postscript", "application/x-font-afm",
            "application/x-font-bdf", "text/x-bibtex",
        ]
    )

    /// Whether files of a type are text (see `textFormats`).
    static func isTextFormat(_ type: UTType) -> Bool {
        if type.conforms(to: .text) { return true }
        if textFormats.identifiers.contains(where: { type.conforms(to: UTType(systemIdentifier: $0)) }) {
            return true
        }
        return type.tags[.mimeType]?.contains { textFormats.mimeTypes.contains($0.lowercased()) } ?? false
    }

    /// Whether two types name the same kind of content, or one refines the other: conformance either way, or both
    /// kinds of text.
    static func related(_ type: UTType, _ other: UTType) -> Bool {
        type.conforms(to: other) || other.conforms(to: type)
            || (type.conforms(to: .text) && isTextFormat(other)) || (other.conforms(to: .text) && isTextFormat(type))
    }

    /// Combines what the name and the content say (see `identify(_:filename:)`).
    ///
    /// - Parameters:
    ///   - named: the type the name says.
    ///   - sniffed: what the content says.
    ///   - inside: what compressed content holds, once decompressed: asked only when the content is compressed and
    ///     the name says something else; `nil` when that cannot be told.
    /// - Returns: the type, what decided, and the name's type when the content contradicts it.
    static func decide(
        named: UTType?, sniffed: Identification, inside: () throws -> UTType? = { nil }
    ) rethrows -> Identification {
        guard let named else {
            return sniffed
        }
        var result = sniffed
        if sniffed.type == .data {
            result.type = named  // the content says nothing: unclaimed bytes, an empty file
            result.basis = .name
        } else if named.conforms(to: sniffed.type) {
            result.type = named  // the name refines the content: JSON named .geojson
            result.basis = .both
        } else if sniffed.type.conforms(to: named) {
            result.basis = .both  // the content refines the name: UTF-16 text named .txt
        } else if sniffed.type.conforms(to: .text) && isTextFormat(named) {
            result.type = named  // text of a kind libmagic only guesses at: CSV, source code, XHTML, an X bitmap
            result.basis = .both
        } else if compressions.contains(where: { sniffed.type.conforms(to: $0) }),
            !compressions.contains(where: { named.conforms(to: $0) })
        {
            // A compressed file named for what it holds (an SVG named .svgz, a font named .pcf.gz): what is inside
            // decides, and when libmagic cannot name it, the name does.
            let held = try inside() ?? .data
            if held == .data || related(held, named) {
                result.type = named
                result.basis = .both
            } else {
                result.basis = .content
                result.nameSuggests = named
            }
        } else {
            result.basis = .content
            result.nameSuggests = named
        }
        return result
    }
}
