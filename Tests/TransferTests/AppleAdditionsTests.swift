import ContentTypes
import Foundation
import TestSupport
import Testing

@testable import Transfer

/// A representation that, like Apple's built-in ones, is not composed of others: its `Body` is `Never`.
private struct Uppercased: TransferRepresentation {
    typealias Item = String
    typealias Body = Never

    var body: Never { fatalError("never read: this representation is not composed of others") }

    func _collectRoutes(into collector: _TransferRouteCollector) {
        DataRepresentation<String>(exportedContentType: .utf8PlainText) { Data($0.uppercased().utf8) }
            ._collectRoutes(into: collector)
    }
}

private struct Shout: Transferable {
    var text: String

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: \.text)
    }
}

/// Generic code over representations and transferable types, instantiated with `Never`.
private func contentTypes<T: Transferable>(of _: T.Type) -> (exported: [UTType], imported: [UTType]) {
    (T.exportedContentTypes(), T.importedContentTypes())
}

private func bodyType<R: TransferRepresentation>(of _: R.Type) -> ObjectIdentifier { ObjectIdentifier(R.Body.self) }

@Suite("Apple's CoreTransferable additions")
struct AppleTransferAdditionsTests {
    // MARK: Never

    @Test func neverTypedRepresentationsCompileInGenericCode() async throws {
        #expect(bodyType(of: Uppercased.self) == ObjectIdentifier(Never.self))
        #expect(bodyType(of: Never.self) == ObjectIdentifier(Never.self))
        let never = contentTypes(of: Never.self)
        #expect(never.exported.isEmpty && never.imported.isEmpty)
        // A generic container whose element may be Never.
        let none: [Never] = []
        #expect(none.isEmpty)
        // Importing a Never fails with a typed error instead of stopping the program.
        #expect(await importError(Never.self, contentType: .plainText)?.code == .noMatchingRepresentation)
        #expect(await importError(Never.self, contentType: nil)?.code == .decodingFailed)
    }

    /// The error of importing a `T` from a few bytes, or `nil` when the import succeeds.
    private func importError<T: Transferable>(_: T.Type, contentType: UTType?) async -> TransferError? {
        do {
            _ = try await T(importing: Data("x".utf8), contentType: contentType)
            return nil
        } catch {
            return error as? TransferError
        }
    }

    @Test func aRepresentationWithANeverBodyExportsThroughItsOwnRoutes() async throws {
        struct Loud: Transferable {
            var text: String
            static var transferRepresentation: some TransferRepresentation {
                ProxyRepresentation(exporting: \Loud.text)
            }
        }
        #expect(try await "hey".exported(as: .utf8PlainText) == Data("hey".utf8))
        #expect(try await Shout(text: "hey").exported(as: .plainText) == Data("hey".utf8))
        #expect(Loud.exportedContentTypes() == [.utf8PlainText])
    }

    // MARK: AttributedString

    private static func sample() -> AttributedString {
        var string = AttributedString("Read ")
        var link = AttributedString("the guide")
        link.link = URL(string: "https://example.com/guide")
        link.languageIdentifier = "en"
        var tail = AttributedString(" — bientôt 🇫🇷")
        tail.languageIdentifier = "fr"
        tail.alternateDescription = "soon"
        string.append(link)
        string.append(tail)
        return string
    }

    @Test func attributedStringRoundTripsWithItsAttributes() async throws {
        let original = Self.sample()
        #expect(AttributedString.exportedContentTypes().first?.identifier == "org.dndkit.attributed-string")
        let data = try await original.exported(as: nil)
        let back = try await AttributedString(importing: data, contentType: .attributedStringJSON)
        #expect(back == original)
        #expect(back.runs.count == original.runs.count)
        #expect(back.runs.contains { $0.link == URL(string: "https://example.com/guide") })
        // Through an item provider, as a drop receives it.
        let received = try await ItemProvider(original).loadTransferable(type: AttributedString.self)
        #expect(received == original)
    }

    @Test func attributedStringAsPlainTextBothWays() async throws {
        let text = try await Self.sample().exported(as: .plainText)
        #expect(String(decoding: text, as: UTF8.self) == "Read the guide — bientôt 🇫🇷")
        let fromText = try await AttributedString(importing: Data("plain".utf8), contentType: .utf8PlainText)
        #expect(fromText == AttributedString("plain") && fromText.runs.count == 1)
        // A String receiver takes the characters of a dragged attributed string.
        #expect(
            try await ItemProvider(Self.sample()).loadTransferable(type: String.self) == "Read the guide — bientôt 🇫🇷")
    }

    @Test(arguments: [
        #"{"text":"abc","runs":[{"length":2}]}"#,  // runs shorter than the text
        #"{"text":"abc","runs":[{"length":4}]}"#,  // longer
        #"{"text":"é","runs":[{"length":1},{"length":1}]}"#,  // a run ending inside a character
        #"{"text":"abc","runs":[{"length":-1},{"length":4}]}"#,
        #"{"text":"abc"}"#,
        "not json",
    ])
    func malformedAttributedStringsFailToImport(json: String) async throws {
        let error = await #expect(throws: TransferError.self) {
            try await AttributedString(importing: Data(json.utf8), contentType: .attributedStringJSON)
        }
        #expect(error?.code == .decodingFailed)
    }

    // MARK: export(to:contentType:)

    @Test func exportToAFolderNeverOverwrites() async throws {
        let folder = try temporaryFolder("export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await "one".export(to: folder, contentType: .plainText)
        let second = try await "two".export(to: folder, contentType: .plainText)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(first.lastPathComponent).path))
        #expect(first != second)
        #expect(try String(contentsOf: first, encoding: .utf8) == "one")
        #expect(try String(contentsOf: second, encoding: .utf8) == "two")
        let stem = first.deletingPathExtension().lastPathComponent
        let suffix = first.pathExtension.isEmpty ? "" : "." + first.pathExtension
        #expect(second.lastPathComponent == "\(stem) 2\(suffix)")
        // Nothing but the two files: no temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
    }

    @Test func exportSkipsEveryTakenName() async throws {
        let folder = try temporaryFolder("export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await "one".export(to: folder, contentType: .plainText)
        let stem = first.deletingPathExtension().lastPathComponent
        let suffix = first.pathExtension.isEmpty ? "" : "." + first.pathExtension
        // The user's files and a folder under the next two names stay as they are.
        try Data("mine".utf8).write(to: folder.appendingPathComponent("\(stem) 2\(suffix)"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("\(stem) 3\(suffix)"), withIntermediateDirectories: false)
        let next = try await "two".export(to: folder, contentType: .plainText)
        #expect(next.lastPathComponent == "\(stem) 4\(suffix)")
        #expect(try String(contentsOf: next, encoding: .utf8) == "two")
        #expect(try String(contentsOf: folder.appendingPathComponent("\(stem) 2\(suffix)"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: first, encoding: .utf8) == "one")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 4)
    }

    @Test func exportToAMissingFolderIsATypedError() async throws {
        let folder = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        let error = await #expect(throws: TransferError.self) {
            try await "one".export(to: folder, contentType: .plainText)
        }
        #expect(error?.code == .fileSystem)
        #expect(error?.message.contains(folder.path) == true)
    }
}
