import ContentTypes
import Foundation
import Testing
import Transfer

// The examples of Apple's CoreTransferable documentation, written exactly as Apple writes them (apart from the
// `UTType` names of the tests' own types and stub bodies): they compile against DnDKit unchanged.

struct Greeting: Codable, Transferable {
    let message: String
    var displayInAllCaps: Bool = false

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .greeting)
        ProxyRepresentation(exporting: \.message)
    }
}

struct Todo: Codable, Transferable {
    var text: String
    var isDone = false

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .todo)
        ProxyRepresentation(exporting: \.text)
    }
}

struct Note: Transferable {
    var title: String
    var body: String

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: \.body)
            .suggestedFileName { $0.title + ".txt" }
    }
}

struct ImageDocumentLayer {
    let bytes: Data
    init(data: Data) throws { bytes = data }
    func data() -> Data { bytes }
    func pngData() -> Data { Data("png:".utf8) + bytes }
}

extension ImageDocumentLayer: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .layer) { layer in
            layer.data()
        } importing: { data in
            try ImageDocumentLayer(data: data)
        }
        .suggestedFileName("Layer.exampleLayer")
        DataRepresentation(exportedContentType: .png) { layer in
            layer.pngData()
        }
    }
}

struct Movie: Transferable {
    let url: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .mpeg4Movie) { movie in
            SentTransferredFile(movie.url)
        } importing: { received in
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
                "movie-\(UUID().uuidString).mp4")
            try FileManager.default.copyItem(at: received.file, to: copy)
            return Self(url: copy)
        }
    }
}

extension UTType {
    static let greeting = UTType(exportedAs: "com.example.greeting")
    static let todo = UTType(exportedAs: "com.example.todo")
    static let layer = UTType(exportedAs: "com.example.layer")
}

@Suite("Apple's documented examples")
struct AppleExampleTests {
    @Test("Greeting exports its custom type, then text through the proxy")
    func greeting() async throws {
        #expect(Greeting.exportedContentTypes() == [.greeting, .utf8PlainText])
        #expect(Greeting.importedContentTypes() == [.greeting])
        let greeting = Greeting(message: "Hello", displayInAllCaps: true)
        let text = try await greeting.exported(as: .plainText)
        #expect(String(decoding: text, as: UTF8.self) == "Hello")
        let json = try await greeting.exported(as: nil)
        let back = try await Greeting(importing: json, contentType: .greeting)
        #expect(back.message == "Hello" && back.displayInAllCaps)
    }

    @Test("a receiver that knows the custom type gets it; one that knows text gets the text")
    func todoPreference() async throws {
        let provider = ItemProvider(Todo(text: "Buy milk")).restricted(to: .all)
        #expect(provider.registeredContentTypes == [.todo, .utf8PlainText])
        let todo = try await provider.loadTransferable(type: Todo.self)
        #expect(todo.text == "Buy milk")
        let text = try await provider.loadTransferable(type: String.self)
        #expect(text == "Buy milk")
    }

    @Test("Note proxies to its body and suggests a file name from its title")
    func note() async throws {
        let note = Note(title: "Groceries", body: "eggs")
        #expect(note.suggestedFilename == "Groceries.txt")
        let provider = ItemProvider(note)
        #expect(provider.suggestedName == "Groceries.txt")
        let file = try await provider.loadFileRepresentation(for: .plainText)
        #expect(file.file.lastPathComponent == "Groceries.txt")
        #expect(try String(contentsOf: file.file, encoding: .utf8) == "eggs")
    }

    @Test("ImageDocumentLayer offers its layer type, then PNG")
    func layer() async throws {
        let layer = try ImageDocumentLayer(data: Data([1, 2, 3]))
        #expect(ImageDocumentLayer.exportedContentTypes() == [.layer, .png])
        #expect(ImageDocumentLayer.importedContentTypes() == [.layer])
        #expect(layer.suggestedFilename == "Layer.exampleLayer")
        let png = try await layer.exported(as: .png)
        #expect(png == Data("png:".utf8) + Data([1, 2, 3]))
    }

    @Test("Movie travels as a file and its importer copies it")
    func movie() async throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString).mp4")
        try Data(repeating: 7, count: 1000).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let received = try await ItemProvider(Movie(url: source)).restricted(to: .all).loadTransferable(
            type: Movie.self)
        defer { try? FileManager.default.removeItem(at: received.url) }
        #expect(received.url != source)
        #expect(try Data(contentsOf: received.url) == Data(repeating: 7, count: 1000))
    }

    @Test("NSItemProvider is DnDKit's item provider on Linux")
    func nsItemProvider() async throws {
        let provider = NSItemProvider()
        provider.register(Greeting(message: "Hi"))
        #expect(provider.hasItemConformingToTypeIdentifier("public.plain-text"))
        let providers: [NSItemProvider] = [provider]
        #expect(providers.canLoadTransferable(type: String.self))
    }
}
