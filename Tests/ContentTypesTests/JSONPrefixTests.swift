import Foundation
import TestSupport
import Testing

@testable import ContentTypes

/// The JSON check that runs before libmagic: valid JSON cut anywhere is JSON, anything malformed goes to libmagic.
@Suite("JSON prefixes")
struct JSONPrefixTests {
    static let sniffer = ContentSniffer(registry: TypeRegistry())

    /// Documents that use every part of the grammar. Each is checked to be valid JSON by Foundation's parser.
    static let documents: [String] = [
        #"{"name":"DnDKit","panes":[{"id":1,"items":["a.png","b.png"]},{"id":2,"items":[]}],"version":1}"#,
        """
        [
        \t{"escapes": "quote \\" backslash \\\\ slash \\/ \\b\\f\\n\\r\\t \\u00e9\\u20AC\\uD83D\\uDE00"},
        \t{"utf8": "é € 中文 😀", "empty": "", "key with spaces": {}},\r
          {"numbers": [0, -0, 7, -12, 3.25, -0.5e10, 1E+2, 6.02e-23, 10E3, 0.0]},
          {"literals": [true, false, null, [true], {"t": false}]},
          [[[[]]], [{}], {"deep": {"deeper": {"deepest": [1, [2, [3]]]}}}]
        ]

        """,
        "\u{FEFF}  {\"with\": \"a byte order mark\", \"and\": [\"whitespace\", 1]}\n",
        "[]",
        "{}",
        " \n\t[ 1 , 2 ]  ",
    ]

    static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        Array(bytes).withUnsafeBytes { JSONPrefix.isValid($0) }
    }

    /// The offset of the first `{` or `[`: shorter prefixes hold no JSON yet.
    static func start(of bytes: [UInt8]) -> Int {
        bytes.firstIndex { $0 == 0x7B || $0 == 0x5B } ?? bytes.count
    }

    @Test(arguments: documents.indices)
    func documentsAreValidJSON(index: Int) throws {
        let bytes = Self.bytes(Self.documents[index])
        let withoutMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(withoutMark)) }
    }

    /// Every prefix of every document, from its first bracket to its end, is recognised, and the sniffer calls it
    /// JSON. A cut at every byte lands inside every kind of token: strings, escapes, `\u` digits, multi-byte
    /// characters, numbers, exponents, literals, and between tokens.
    @Test(arguments: documents.indices)
    func everyPrefixIsRecognised(index: Int) throws {
        let bytes = Self.bytes(Self.documents[index])
        for end in 0...bytes.count {
            let prefix = bytes[..<end]
            let expected = end > Self.start(of: bytes)
            #expect(
                Self.isValid(prefix) == expected, "\(index) cut at \(end): \(String(decoding: prefix, as: UTF8.self))")
            if expected {
                let found = try Self.sniffer.identify(Data(prefix))
                #expect(found.type == .json && found.mimeType == "application/json" && found.basis == .content)
            }
        }
    }

    /// A complete document gets the answer libmagic alone gives, since libmagic's JSON test accepts it too.
    @Test(arguments: documents.indices)
    func completeDocumentsKeepLibmagicsAnswer(index: Int) throws {
        let data = Data(Self.bytes(Self.documents[index]))
        guard !data.starts(with: [0xEF, 0xBB, 0xBF]) else {
            // libmagic does not skip a byte order mark and calls the document text; the check calls it JSON.
            #expect(try Self.libmagicAnswer(data).type == .utf8PlainText)
            #expect(try Self.sniffer.identify(data).type == .json)
            return
        }
        #expect(try Self.libmagicAnswer(data).type == .json)
        #expect(try Self.sniffer.identify(data) == Self.libmagicAnswer(data))
    }

    /// The file in the fixtures, and a 4 KiB prefix of a long generated document.
    @Test func filesAndLongPrefixes() throws {
        let fixture = try Data(contentsOf: Fixtures.file("data.json"))
        for end in 1...fixture.count {
            #expect(Self.isValid(fixture.prefix(end)), "data.json cut at \(end)")
        }
        let items = (0..<500).map {
            #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"],"value":\#(Double($0) * 1.5)}"#
        }
        let long = Data(#"{"items":[\#(items.joined(separator: ","))]}"#.utf8)
        #expect(try Self.libmagicAnswer(long.prefix(4096)).type == .plainText)  // what libmagic says of a prefix
        #expect(try Self.sniffer.identify(long.prefix(4096)).type == .json)
        #expect(try Self.sniffer.identify(long.prefix(4096), filename: "items.json").basis == .both)
    }

    /// Text that no JSON document begins with. Each is a valid prefix up to its last byte or two, so the check
    /// must find the one thing wrong.
    static let malformed: [(String, String)] = [
        ("comma before a key", #"{,"a":1}"#),
        ("missing colon", #"{"a" 1}"#),
        ("doubled colon", #"{"a"::1}"#),
        ("missing comma in an object", #"{"a":1 "b":2}"#),
        ("missing comma in an array", "[1 2]"),
        ("trailing comma in an array", "[1,]"),
        ("trailing comma in an object", #"{"a":1,}"#),
        ("leading comma", "[,1]"),
        ("number as a key", "{1:2}"),
        ("single quotes", "['a']"),
        ("leading zero", "[01]"),
        ("nothing after the point", "[1.]"),
        ("nothing before the point", "[.5]"),
        ("plus sign", "[+1]"),
        ("empty exponent", "[1e]"),
        ("lone minus", "[-]"),
        ("hexadecimal", "[0x10]"),
        ("misspelt literal", "[tru]"),
        ("capitalised literal", "[True]"),
        ("NaN", "[NaN]"),
        ("unknown escape", #"["\x41"]"#),
        ("short unicode escape", #"["\u12G4"]"#),
        ("tab in a string", "[\"a\tb\"]"),
        ("line feed in a string", "[\"a\nb\"]"),
        ("NUL in a string", "[\"a\u{0}b\"]"),
        ("NUL between values", "[1,\u{0}2]"),
        ("unbalanced bracket", "[1]]"),
        ("mismatched closing brace", "[1}"),
        ("mismatched closing bracket", #"{"a":1]"#),
        ("brace closing nothing", "{}}"),
        ("two documents", "[] []"),
        ("newline-delimited documents", "{\"a\":1}\n{\"b\":2}\n"),
        ("text after the document", #"{"a":1} and more"#),
        ("comment", "[/* no comments */]"),
        ("two byte order marks", "\u{FEFF}\u{FEFF}[1]"),
        ("key that is an array", #"{["a"]:1}"#),
        ("value missing", #"{"a":}"#),
    ]

    static let malformedBytes: [(String, [UInt8])] = [
        ("overlong encoding", Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8)),
        ("encoded surrogate", Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8)),
        ("beyond U+10FFFF", Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8)),
        ("invalid lead byte", Array("[\"".utf8) + [0xF5, 0x80, 0x80, 0x80] + Array("\"]".utf8)),
        ("lone continuation byte", Array("[\"".utf8) + [0x80] + Array("\"]".utf8)),
        ("broken sequence", Array("[\"".utf8) + [0xE2, 0x28, 0xA1] + Array("\"]".utf8)),
        ("Latin-1 text", Array("[\"".utf8) + [0xE9, 0x74, 0xE9] + Array("\"]".utf8)),
        ("deeper than 200 levels", Array(repeating: 0x5B, count: 201) + Array(repeating: 0x5D, count: 201)),
    ]

    static var allMalformed: [(String, [UInt8])] {
        malformed.map { ($0.0, bytes($0.1)) } + malformedBytes
    }

    /// Malformed text is not recognised and goes to libmagic, whose answer stands unless its lenient JSON test calls
    /// the text JSON: then it is text, since JSON has one definition.
    @Test func malformedTextFallsThroughToLibmagic() throws {
        for (name, bytes) in Self.allMalformed {
            #expect(!Self.isValid(bytes), "\(name)")
            let data = Data(bytes)
            let found = try Self.sniffer.identify(data)
            let libmagic = try Self.libmagicAnswer(data)
            #expect(found.type != .json, "\(name)")
            if libmagic.type == .json {
                #expect(found.type.conforms(to: .plainText) && found.mimeType == "text/plain", "\(name)")
            } else {
                #expect(found == libmagic, "\(name)")
            }
        }
        // libmagic knows newline-delimited JSON; the check leaves it alone.
        let lines = Data("{\"a\":1}\n{\"b\":2}\n".utf8)
        #expect(try Self.sniffer.identify(lines).mimeType == "application/x-ndjson")
    }

    /// Almost-JSON gets one answer however it is cut: a document with a trailing comma (which libmagic's JSON test
    /// accepts) is text, and so is its first half; a comment makes JSON text too; a valid document cut anywhere is
    /// JSON. The first is the input on which `fuzz-sniffing` once disagreed with the sniffer.
    @Test func almostJSONIsTextWholeOrCut() throws {
        let trailingComma = try #require(
            Data(
                base64Encoded:
                    "ewogICJuYW1lIjogIkRuREtpdCIsCiAgInBhbmVzIjogWwogICAgewogICAgICAiaWQiOiAwLAogICAgCiAgICB9"
                    + "LAogICAgewogICAgICAiaWQiOiAyLAogICAgICAiaXRlbXMiOiBbXQogICAgfQogIF0sCiAgInZlcnNpb24iOiAxCn0="))
        #expect(try Self.libmagicAnswer(trailingComma).type == .json)  // libmagic alone is lenient
        // Each document, and its first half, which holds the flaw.
        for document in [trailingComma, Data("{\"a\": 1, // a comment\n\"b\": 2}\n".utf8), Data("[1,]    ".utf8)] {
            let whole = try Self.sniffer.identify(document)
            let half = try Self.sniffer.identify(document.prefix(document.count / 2))
            #expect(whole.type == .utf8PlainText || whole.type == .plainText)
            #expect(half.type != .json)
        }
        let valid = Data(#"{"name": "DnDKit", "panes": [{"id": 0}, {"id": 2, "items": []}], "version": 1}"#.utf8)
        for end in [1, valid.count / 2, valid.count - 1, valid.count] {
            #expect(try Self.sniffer.identify(valid.prefix(end)).type == .json, "cut at \(end)")
        }
    }

    /// What the check looks at: text that does not open with a bracket is not its business.
    @Test func onlyBracketsAreExamined() {
        for text in ["", " ", "\u{FEFF}", "\"a string\"", "42", "true", "null", "<xml/>", "x[1]", "\u{FEFF}\"s\""] {
            #expect(!Self.isValid(Self.bytes(text)), "\(text)")
        }
        #expect(Self.isValid(Self.bytes("\u{FEFF}\r\n\t [")))
        // Exactly 200 levels are followed.
        #expect(Self.isValid(Array(repeating: 0x5B, count: 200) + Array(repeating: 0x5D, count: 200)))
    }

    /// Property: random bytes never crash the check, and its verdicts are those of a prefix test. What it accepts
    /// it accepts with any bytes cut off the end; what it rejects (after a bracket) it rejects with any bytes added.
    /// The bytes are random, or Foundation-written JSON with a random byte changed, inserted or removed, so that they
    /// reach every part of the grammar.
    @Test func randomBytesNeverCrashAndVerdictsArePrefixClosed() throws {
        var generator = SeededRandom(seed: 0x0DD_C0FFEE)
        var verdicts = (accepted: 0, rejected: 0)
        for round in 0..<1500 {
            var bytes = try Self.randomBytes(round: round, using: &generator)
            if round % 5 == 0 {
                bytes.insert(Bool.random(using: &generator) ? 0x7B : 0x5B, at: 0)
            }
            let start = Self.start(of: bytes)
            if Self.isValid(bytes) {
                verdicts.accepted += 1
                for end in (start + 1)..<bytes.count {
                    #expect(Self.isValid(bytes[..<end]), "\(bytes) cut at \(end)")
                }
            } else if start < bytes.count {
                verdicts.rejected += 1
                let suffix = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
                #expect(!Self.isValid(bytes + suffix), "\(bytes) + \(suffix)")
                #expect(!Self.isValid(bytes + Self.bytes("]}\"]}")), "\(bytes) closed")
            }
        }
        #expect(verdicts.accepted > 100 && verdicts.rejected > 300, "\(verdicts)")  // both sides were exercised
        // The sniffer survives random bytes too, whichever way they go.
        for round in 0..<150 {
            _ = try Self.sniffer.identify(Data(try Self.randomBytes(round: round, using: &generator)))
        }
    }

    static func randomBytes(round: Int, using generator: inout SeededRandom) throws -> [UInt8] {
        if round % 3 == 0 {
            return (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
        }
        let document = randomContainer(depth: 3, using: &generator)
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: document))
        let position = Int.random(in: 0...bytes.count, using: &generator)
        let byte = UInt8.random(in: 0...255, using: &generator)
        switch round % 3 {
        case 1 where position < bytes.count: bytes[position] = byte
        case 1: bytes.append(byte)
        default:
            if Bool.random(using: &generator) || position == bytes.count {
                bytes.insert(byte, at: position)
            } else {
                bytes.remove(at: position)
            }
        }
        return bytes
    }

    /// Property: random JSON documents written by Foundation are recognised at every cut.
    @Test func randomDocumentsAreRecognisedAtEveryCut() throws {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<60 {
            let value = Self.randomContainer(depth: 0, using: &generator)
            let data = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
            let bytes = [UInt8](data)
            for end in 1...bytes.count {
                #expect(Self.isValid(bytes[..<end]), "\(String(decoding: bytes, as: UTF8.self)) cut at \(end)")
            }
        }
    }

    static func randomContainer(depth: Int, using generator: inout SeededRandom) -> Any {
        let count = Int.random(in: 0...4, using: &generator)
        if Bool.random(using: &generator) {
            return (0..<count).map { _ in randomValue(depth: depth + 1, using: &generator) }
        }
        var object: [String: Any] = [:]
        for index in 0..<count {
            object["k\(index)\(randomString(using: &generator))"] = randomValue(depth: depth + 1, using: &generator)
        }
        return object
    }

    static func randomValue(depth: Int, using generator: inout SeededRandom) -> Any {
        switch Int.random(in: 0..<7, using: &generator) {
        case 0 where depth < 6, 1 where depth < 6: randomContainer(depth: depth, using: &generator)
        case 2: Int.random(in: -1_000_000...1_000_000, using: &generator)
        case 3: Double.random(in: -1e6...1e6, using: &generator)
        case 4: Bool.random(using: &generator)
        case 5: NSNull()
        default: randomString(using: &generator)
        }
    }

    static func randomString(using generator: inout SeededRandom) -> String {
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "€", "😀", "中"]
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            .joined()
    }

    /// What the sniffer answered before the JSON check existed: libmagic's answer, mapped through the registry.
    static func libmagicAnswer(_ data: Data) throws -> ContentSniffer.Identification {
        let handle = try MagicHandle()
        let answer = try data.withUnsafeBytes { try handle.identify($0) }
        return ContentSniffer.type(forMagicAnswer: ContentSniffer.MagicAnswer(answer), in: TypeRegistry())
    }
}
