import ContentTypes
import Foundation
import Testing

@testable import Transfer

/// Twelve exported types: more than Apple's builder takes.
struct Dozen: Transferable {
    static let types = (1...12).map { testType("dozen\($0)") }

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: types[0]) { _ in Data([1]) }
        DataRepresentation(exportedContentType: types[1]) { _ in Data([2]) }
        DataRepresentation(exportedContentType: types[2]) { _ in Data([3]) }
        DataRepresentation(exportedContentType: types[3]) { _ in Data([4]) }
        DataRepresentation(exportedContentType: types[4]) { _ in Data([5]) }
        DataRepresentation(exportedContentType: types[5]) { _ in Data([6]) }
        DataRepresentation(exportedContentType: types[6]) { _ in Data([7]) }
        DataRepresentation(exportedContentType: types[7]) { _ in Data([8]) }
        DataRepresentation(exportedContentType: types[8]) { _ in Data([9]) }
        DataRepresentation(exportedContentType: types[9]) { _ in Data([10]) }
        DataRepresentation(exportedContentType: types[10]) { _ in Data([11]) }
        DataRepresentation(exportedContentType: types[11]) { _ in Data([12]) }
    }
}

/// Imports PNG before plain text, in that order of preference.
struct PictureOrText: Transferable, Equatable {
    var source: String

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(importedContentType: .png) { _ in PictureOrText(source: "png") }
        DataRepresentation(importedContentType: .plainText) { data in
            PictureOrText(source: "text: " + String(decoding: data, as: UTF8.self))
        }
    }
}

/// Offers text before PNG.
struct TextThenPicture: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .utf8PlainText) { _ in Data("words".utf8) }
        DataRepresentation(exportedContentType: .png) { _ in Data([0x89]) }
    }
}

/// `Ping` and `Pong` proxy to each other: a loop that flattening must cut.
struct Ping: Transferable {
    var value: Int
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: { Pong(value: $0.value) }, importing: { Ping(value: $0.value) })
        DataRepresentation(contentType: testType("ping")) {
            Data([UInt8($0.value)])
        } importing: {
            Ping(value: Int($0.first ?? 0))
        }
    }
}

struct Pong: Transferable {
    var value: Int
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: { Ping(value: $0.value) }, importing: { Pong(value: $0.value) })
        DataRepresentation(contentType: testType("pong")) {
            Data([UInt8($0.value)])
        } importing: {
            Pong(value: Int($0.first ?? 0))
        }
    }
}

/// Representations with every visibility, and conditions and names.
struct Layered: Transferable {
    var shareable: Bool

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: testType("own")) { _ in Data("own".utf8) }.visibility(.ownProcess)
        DataRepresentation(exportedContentType: testType("group")) { _ in Data("group".utf8) }.visibility(.group)
        DataRepresentation(exportedContentType: testType("team")) { _ in Data("team".utf8) }.visibility(.team)
        DataRepresentation(exportedContentType: testType("narrowed")) { _ in Data("narrowed".utf8) }
            .visibility(.ownProcess).visibility(.all)
        DataRepresentation(exportedContentType: testType("shared")) { _ in Data("shared".utf8) }
            .exportingCondition { $0.shareable }
    }
}

/// A representation written as a custom `TransferRepresentation` with a `body`, and one chosen with `if`/`else`.
struct Composed: Transferable {
    static let preferJSON = true

    struct Both: TransferRepresentation {
        typealias Item = Composed
        var body: some TransferRepresentation<Composed> {
            DataRepresentation(exportedContentType: testType("first")) { _ in Data() }
            DataRepresentation(exportedContentType: testType("second")) { _ in Data() }
        }
    }

    static var transferRepresentation: some TransferRepresentation {
        Both()
        if preferJSON {
            DataRepresentation(exportedContentType: .json) { _ in Data("{}".utf8) }
        } else {
            DataRepresentation(exportedContentType: .xml) { _ in Data("<a/>".utf8) }
        }
        if !preferJSON {
            DataRepresentation(exportedContentType: .yaml) { _ in Data() }
        }
    }
}

/// Counts how often its representations are read.
struct ReadOnce: Transferable {
    static let reads = Counter()

    static var transferRepresentation: some TransferRepresentation {
        reads.increment()
        return DataRepresentation(contentType: testType("read-once")) { _ in
            Data([1])
        } importing: { _ in
            ReadOnce()
        }
    }
}

@Suite("Order, proxies, visibility and conditions")
struct NegotiationTests {
    @Test("a type's representations are read once per process")
    func readOnce() async throws {
        for _ in 0..<3 {
            _ = try await ReadOnce().exported(as: nil)
            _ = try await ReadOnce(importing: Data([1]), contentType: testType("read-once"))
            _ = try await ItemProvider(ReadOnce()).restricted(to: .all).loadTransferable(type: ReadOnce.self)
        }
        #expect(ReadOnce.exportedContentTypes() == [testType("read-once")])
        #expect(ReadOnce.reads.count == 1)
    }

    @Test("the builder takes twelve representations and keeps their order")
    func manyRepresentations() async throws {
        #expect(Dozen.exportedContentTypes() == Dozen.types)
        let eleventh = try await Dozen().exported(as: Dozen.types[10])
        #expect(eleventh == Data([11]))
    }

    @Test("custom representations with a body, `if` and `if`-`else` compose in order")
    func composition() {
        #expect(Composed.exportedContentTypes() == [testType("first"), testType("second"), .json])
    }

    @Test("import walks the receiver's order, not the sender's")
    func receiverOrderWins() async throws {
        let provider = ItemProvider(TextThenPicture())
        #expect(provider.registeredContentTypes == [.utf8PlainText, .png])
        #expect(provider.importPlan(for: PictureOrText.self)?.description == "public.png as public.png")
        let received = try await provider.loadTransferable(type: PictureOrText.self)
        #expect(received.source == "png")
    }

    @Test("an offered type matches a receiver's type it conforms to, through the registry")
    func conformance() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .markdown) { finish in
            finish(Data("# Title".utf8), nil)
            return nil
        }
        // net.daringfireball.markdown conforms to public.utf8-plain-text, which conforms to public.plain-text.
        #expect(provider.importPlan(for: PictureOrText.self)?.importedType == .plainText)
        #expect(try await provider.loadTransferable(type: PictureOrText.self).source == "text: # Title")
        #expect(try await provider.loadTransferable(type: String.self) == "# Title")
        // public.json is text but not plain text: String cannot import it.
        let json = ItemProvider()
        json.registerDataRepresentation(for: .json) { finish in
            finish(Data("{}".utf8), nil)
            return nil
        }
        #expect(!json.canLoadTransferable(type: String.self))
    }

    @Test("proxies chain through other types, and a loop contributes nothing instead of recursing")
    func proxyLoop() async throws {
        // Ping's proxy lists Pong's representations; Pong's proxy back to Ping is the loop and is cut.
        #expect(Ping.exportedContentTypes() == [testType("pong"), testType("ping")])
        #expect(Pong.exportedContentTypes() == [testType("ping"), testType("pong")])
        #expect(Ping.importedContentTypes() == [testType("pong"), testType("ping")])
        let pong = try await ItemProvider(Ping(value: 42)).restricted(to: .all).loadTransferable(type: Pong.self)
        #expect(pong.value == 42)
    }

    @Test("proxies chain two levels: Image through Bitmap to PNG")
    func proxyChain() throws {
        #expect(Image.exportedContentTypes() == [.png])
        #expect(Image.importedContentTypes() == [.png])
    }

    @Test("visibility: each receiver sees the representations that reach it")
    func visibility() async throws {
        let provider = ItemProvider(Layered(shareable: false))
        let names = { (provider: ItemProvider) in provider.registeredContentTypes.map(\.identifier) }
        #expect(
            names(provider) == [
                "org.dndkit.tests.own", "org.dndkit.tests.group", "org.dndkit.tests.team", "org.dndkit.tests.narrowed",
            ])
        #expect(names(provider.restricted(to: .group)) == ["org.dndkit.tests.group", "org.dndkit.tests.team"])
        #expect(names(provider.restricted(to: .team)) == ["org.dndkit.tests.team"])
        #expect(names(provider.restricted(to: .all)).isEmpty)
        // Restricting again never brings the receiver closer.
        #expect(names(provider.restricted(to: .all).restricted(to: .ownProcess)).isEmpty)
        // Without a value, conditions are not evaluated: `shared` (visible to all) is listed.
        #expect(Layered.exportedContentTypes() == [testType("shared")])
        #expect(Layered.exportedContentTypes(visibility: .team) == [testType("team"), testType("shared")])
        #expect(Layered.exportedContentTypes(visibility: .ownProcess).count == 5)
        let error = await #expect(throws: TransferError.self) {
            try await provider.restricted(to: .team).loadDataRepresentation(for: testType("own"))
        }
        #expect(error?.code == .noMatchingRepresentation)
    }

    @Test("exporting conditions decide which types a value offers")
    func exportingCondition() async throws {
        #expect(!ItemProvider(Layered(shareable: false)).hasItemConforming(to: testType("shared")))
        #expect(ItemProvider(Layered(shareable: true)).hasItemConforming(to: testType("shared")))
        #expect(ItemProvider(URL(fileURLWithPath: "/tmp/a.txt")).registeredContentTypes == [.fileURL, .url])
        #expect(ItemProvider(try #require(URL(string: "https://example.com"))).registeredContentTypes == [.url])
        let error = await #expect(throws: TransferError.self) {
            try await Layered(shareable: false).exported(as: testType("shared"))
        }
        #expect(error?.code == .noMatchingRepresentation)
    }

    @Test("the outermost suggested file name wins")
    func suggestedNames() {
        struct Named: Transferable {
            var title: String?
            static var transferRepresentation: some TransferRepresentation {
                DataRepresentation(exportedContentType: .plainText) { _ in Data() }
                    .suggestedFileName("inner.txt")
                    .suggestedFileName { $0.title }
            }
        }
        #expect(Named(title: "outer.txt").suggestedFilename == "outer.txt")
        #expect(Named(title: nil).suggestedFilename == "inner.txt")
        #expect(ItemProvider(Named(title: "outer.txt")).suggestedName == "outer.txt")
        #expect(Counted(name: "x").suggestedFilename == nil)
    }
}
