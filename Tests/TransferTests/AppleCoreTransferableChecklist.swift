import ContentTypes
import Foundation
import TestSupport
import Testing

@testable import Transfer

// The checklist of Apple's CoreTransferable framework, as its documentation lists it: every public protocol,
// structure, initializer, modifier and helper, written with the labels and types Apple declares, so that a missing or
// differently shaped symbol fails to compile. The tests then check that each one answers.

/// A type that uses every built-in representation and every modifier, as Apple declares them.
private struct Checklist: Codable, Transferable {
    var text: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .checklist)
        CodableRepresentation(for: Checklist.self, contentType: .checklistJSON)
        CodableRepresentation(
            for: Checklist.self, contentType: .checklistPropertyList, encoder: PropertyListEncoder(),
            decoder: PropertyListDecoder())
        DataRepresentation(contentType: .checklistData) { value in
            Data(value.text.utf8)
        } importing: { data in
            Checklist(text: String(decoding: data, as: UTF8.self))
        }
        DataRepresentation(exportedContentType: .utf16PlainText) { value in
            value.text.data(using: .utf16) ?? Data()
        }
        .exportingCondition { value in !value.text.isEmpty }
        .suggestedFileName("checklist.txt")
        .visibility(.team)
        DataRepresentation(importedContentType: .commaSeparatedText) { data in
            Checklist(text: String(decoding: data, as: UTF8.self))
        }
        FileRepresentation(contentType: .checklistFile, shouldAttemptToOpenInPlace: false) { value in
            SentTransferredFile(try Self.write(value))
        } importing: { received in
            Checklist(text: try String(contentsOf: received.file, encoding: .utf8))
        }
        FileRepresentation(exportedContentType: .checklistExportedFile, shouldAllowToOpenInPlace: false) { value in
            SentTransferredFile(try Self.write(value), allowAccessingOriginalFile: false)
        }
        .suggestedFileName { value in value.text + ".txt" }
        FileRepresentation(importedContentType: .checklistImportedFile, shouldAttemptToOpenInPlace: true) { received in
            Checklist(text: try String(contentsOf: received.file, encoding: .utf8))
        }
        ProxyRepresentation(exporting: \.text, importing: { (text: String) in Checklist(text: text) })
        ProxyRepresentation(exporting: \.text)
        ProxyRepresentation(importing: { (text: String) in Checklist(text: text) })
    }

    static func write(_ value: Checklist) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checklist-\(UUID().uuidString).txt")
        try Data(value.text.utf8).write(to: url)
        return url
    }
}

extension UTType {
    fileprivate static let checklist = UTType(exportedAs: "com.example.checklist")
    fileprivate static let checklistJSON = UTType(exportedAs: "com.example.checklist.json", conformingTo: .json)
    fileprivate static let checklistPropertyList = UTType(
        exportedAs: "com.example.checklist.plist", conformingTo: .propertyList)
    fileprivate static let checklistData = UTType(exportedAs: "com.example.checklist.data")
    fileprivate static let checklistFile = UTType(exportedAs: "com.example.checklist.file")
    fileprivate static let checklistExportedFile = UTType(exportedAs: "com.example.checklist.exported-file")
    fileprivate static let checklistImportedFile = UTType(importedAs: "com.example.checklist.imported-file")
}

/// A representation of its own, as Apple's documentation shows: a composition in `body`.
private struct ChecklistRepresentation: TransferRepresentation {
    typealias Item = Checklist

    var body: some TransferRepresentation<Checklist> {
        ProxyRepresentation(exporting: \.text)
    }
}

@Suite("Apple's CoreTransferable checklist")
struct AppleCoreTransferableChecklist {
    @Test func protocolsAndTheirRequirements() {
        func transferable<T: Transferable>(_: T.Type) -> T.Representation.Type { T.Representation.self }
        func representation<R: TransferRepresentation>(_: R.Type) -> (R.Item.Type, R.Body.Type) {
            (R.Item.self, R.Body.self)
        }
        func sendable<T: Sendable>(_: T.Type) {}
        sendable(Checklist.self)
        sendable(ChecklistRepresentation.self)
        #expect(transferable(Never.self) == Never.self)
        let never = representation(Never.self)
        #expect(never.0 == Never.self && never.1 == Never.self)
        #expect(representation(ChecklistRepresentation.self).0 == Checklist.self)
        let visibilities: [TransferRepresentationVisibility] = [.all, .team, .group, .ownProcess]
        #expect(Set(visibilities).count == 4)
    }

    @Test func valueHelpers() async throws {
        let exportedTypes: (TransferRepresentationVisibility) -> [UTType] = Checklist.exportedContentTypes(visibility:)
        let importedTypes: () -> [UTType] = Checklist.importedContentTypes
        let value = Checklist(text: "milk")
        let data: Data = try await value.exported(as: .checklistData)
        let preferred: Data = try await value.exported(as: nil)
        let fromData = try await Checklist(importing: data, contentType: .checklistData)
        let size = try await value.withExportedFile(contentType: .checklistFile) { (file: URL) in
            try Data(contentsOf: file).count
        }
        let folder = try temporaryFolder("checklist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let exportedFile: URL = try await value.export(to: folder, contentType: .checklistFile)
        let fromFile = try await Checklist(importing: exportedFile, contentType: .checklistFile)

        #expect(exportedTypes(.all).first == .checklist && Checklist.exportedContentTypes().first == .checklist)
        #expect(!exportedTypes(.all).contains(.utf16PlainText) && exportedTypes(.team).contains(.utf16PlainText))
        #expect(importedTypes().contains(.commaSeparatedText) && !importedTypes().contains(.checklistExportedFile))
        #expect(String(decoding: data, as: UTF8.self) == "milk" && !preferred.isEmpty)
        #expect(fromData.text == "milk" && size == 4 && fromFile.text == "milk")
    }

    @Test func transferredFiles() {
        let url = URL(fileURLWithPath: "/tmp/a.txt")
        let sent = SentTransferredFile(url, allowAccessingOriginalFile: true)
        let sentDefault = SentTransferredFile(url)
        let file: KeyPath<SentTransferredFile, URL> = \.file
        let allow: KeyPath<SentTransferredFile, Bool> = \.allowAccessingOriginalFile
        let receivedFile: KeyPath<ReceivedTransferredFile, URL> = \.file
        let isOriginal: KeyPath<ReceivedTransferredFile, Bool> = \.isOriginalFile
        let received = ReceivedTransferredFile(file: url, isOriginalFile: true)
        #expect(sent[keyPath: file] == url && sent[keyPath: allow] && !sentDefault[keyPath: allow])
        #expect(received[keyPath: receivedFile] == url && received[keyPath: isOriginal])
    }

    @Test func builtInConformances() {
        func transferable<T: Transferable>(_: T.Type) -> [UTType] { T.exportedContentTypes() }
        #expect(transferable(String.self).contains(.utf8PlainText))
        #expect(transferable(Data.self) == [.data])
        #expect(transferable(URL.self).contains(.url))
        #expect(transferable(AttributedString.self).contains(.utf8PlainText))
        #expect(transferable(Never.self).isEmpty)
    }
}
