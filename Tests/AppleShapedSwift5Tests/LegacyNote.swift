import DnDKit
import Foundation
import Testing

// Swift 5 code as apps wrote it before strict concurrency: a non-final class with mutable state, Transferable
// without any Sendable annotation. Apple's Transferable is `@preconcurrency`, and so is DnDKit's: it compiles here,
// and works.

class LegacyNote: Transferable {
    var text: String

    init(text: String) {
        self.text = text
    }

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .utf8PlainText) { note in
            Data(note.text.utf8)
        } importing: { data in
            LegacyNote(text: String(decoding: data, as: UTF8.self))
        }
    }
}

@Test("Swift 5: a non-final class with mutable state is Transferable without Sendable annotations")
func legacyNote() async throws {
    let note = try await NSItemProvider(LegacyNote(text: "old code")).loadTransferable(type: LegacyNote.self)
    #expect(note.text == "old code")
}
