import ContentTypes
import Foundation
import PNGCodec
import Testing

@testable import Transfer

@Suite("Exporting and importing values without a provider")
struct ValueHelperTests {
    @Test("exported(as:) takes the first representation conforming to the type asked for")
    func exported() async throws {
        let greeting = Greeting(message: "Hi")
        #expect(try await greeting.exported(as: .plainText) == Data("Hi".utf8))
        // The custom type conforms to public.data, so it is the first representation that does.
        let json = try await greeting.exported(as: .data)
        #expect(try JSONDecoder().decode(Greeting.self, from: json).message == "Hi")
        let error = await #expect(throws: TransferError.self) { try await greeting.exported(as: .png) }
        #expect(
            error?.message == "Greeting exports nothing that conforms to public.png: "
                + "offered com.example.greeting, public.utf8-plain-text; wanted public.png")
    }

    @Test("init(importing:contentType:) takes the first representation the type conforms to, or tries each")
    func importingData() async throws {
        #expect(try await String(importing: Data("abc".utf8), contentType: .markdown) == "abc")
        let json = try JSONEncoder().encode(Greeting(message: "Yo"))
        #expect(try await Greeting(importing: json, contentType: nil).message == "Yo")
        let failed = await #expect(throws: TransferError.self) {
            try await Greeting(importing: Data("not json".utf8), contentType: nil)
        }
        #expect(failed?.code == .decodingFailed)
        #expect(failed?.message.hasPrefix("no representation of Greeting could import bytes: could not import") == true)
        let unknown = await #expect(throws: TransferError.self) {
            try await Greeting(importing: json, contentType: .png)
        }
        #expect(unknown?.code == .noMatchingRepresentation)
    }

    @Test("init(importing:contentType:) reads files, identifying their type when none is given")
    func importingFile() async throws {
        let url = try Fixtures.url("basn6a08.png")
        #expect(try await Image(importing: url, contentType: nil).bitmap?.width == 32)
        #expect(try await Data(importing: url, contentType: nil) == Fixtures.data("basn6a08.png"))
        let missing = await #expect(throws: TransferError.self) {
            try await Data(importing: URL(fileURLWithPath: "/nonexistent/file.png"), contentType: nil)
        }
        #expect(missing?.code == .fileMissing)
        // Bytes in a file are given to a file representation as a staged copy.
        let staged = try await StagedPath(importing: url, contentType: .png)
        #expect(try staged.contents == Fixtures.data("basn6a08.png"))
    }

    @Test("withExportedFile(contentType:fileHandler:) removes the file when the handler returns")
    func withExportedFile() async throws {
        let note = Note(title: "Plan", body: "step 1")
        let url = try await note.withExportedFile(contentType: .plainText) { url in
            #expect(url.lastPathComponent == "Plan.txt")
            #expect(FileManager.default.contents(atPath: url.path) == Data("step 1".utf8))
            return url
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
