import ContentTypes
import FileWriting
import Foundation
import TestSupport
import Testing

@testable import Transfer

#if canImport(Glibc)
    import Glibc
#endif

/// Sends a file of its own, and receives files, optionally asking to open them in place.
struct Document: Transferable {
    static let type = UTType(exportedAs: "org.dndkit.tests.document", conformingTo: .data)

    var url: URL
    var wasOriginal = false
    var allowOriginal = false

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: type, shouldAttemptToOpenInPlace: true) { received in
            Document(url: received.file, wasOriginal: received.isOriginalFile)
        }
        FileRepresentation(exportedContentType: type, shouldAllowToOpenInPlace: false) { document in
            SentTransferredFile(document.url, allowAccessingOriginalFile: document.allowOriginal)
        }
    }
}

/// Receives files as copies (does not ask to open in place) and keeps only their contents.
struct DocumentCopy: Transferable {
    var contents: Data
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: Document.type) { received in
            DocumentCopy(contents: try Data(contentsOf: received.file), name: received.file.lastPathComponent)
        }
    }
}

/// Receives any data as a staged file and remembers where it was.
struct StagedPath: Transferable {
    var path: String
    var contents: Data

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .data) { received in
            StagedPath(path: received.file.path, contents: try Data(contentsOf: received.file))
        }
    }
}

/// Text with a suggested file name, to stage under hostile names.
struct NamedText: Transferable {
    var name: String
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .utf8PlainText) { Data($0.name.utf8) }
            .suggestedFileName { $0.name }
    }
}

@Suite("Staged files and safe names")
struct FileTests {
    static let hostileNames: [String] = [
        "../../etc/passwd", "/absolute/path.png", ".hidden", "..", ".", "", "....", "a..b.txt", "a\u{0}b",
        "line\nbreak", "tab\there", "right\u{202E}gnp.exe", "zero\u{200B}width", "\\windows\\system32",
        "   spaced   ", String(repeating: "x", count: 300) + ".txt", String(repeating: "é", count: 200),
        String(repeating: "👍🏽", count: 40) + ".txt", "con/../../../x", "-rf", "ok name.txt",
    ]

    @Test("every hostile name becomes a safe one", arguments: hostileNames)
    func sanitizedNames(_ name: String) throws {
        let safe = FileNames.sanitized(name, contentType: .plainText)
        #expect(!safe.isEmpty)
        #expect(!safe.contains("/") && !safe.contains("\\"))
        #expect(!safe.contains(".."))
        #expect(!safe.hasPrefix(".") && !safe.hasPrefix(" "))
        #expect(safe != "." && safe != "..")
        #expect(safe.utf8.count <= 255)
        #expect(
            !safe.unicodeScalars.contains {
                [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
            })
    }

    @Test("sanitising keeps what is safe and explains itself")
    func sanitizedExamples() {
        let plain = UTType.plainText
        #expect(FileNames.sanitized("ok name.txt", contentType: plain) == "ok name.txt")
        #expect(FileNames.sanitized("../../etc/passwd", contentType: plain) == "_._etc_passwd")
        #expect(FileNames.sanitized(".hidden", contentType: plain) == "hidden.txt")
        #expect(FileNames.sanitized("", contentType: .png) == "Item.png")
        #expect(FileNames.sanitized(nil, contentType: nil) == "Item")
        #expect(FileNames.sanitized("a..b.txt", contentType: plain) == "a.b.txt")
        #expect(FileNames.sanitized("line\nbreak", contentType: nil) == "linebreak")
        let long = FileNames.sanitized(String(repeating: "x", count: 300) + ".txt", contentType: plain)
        #expect(long.utf8.count == 255 && long.hasSuffix(".txt"))
        let accents = FileNames.sanitized(String(repeating: "é", count: 200), contentType: nil)
        #expect(accents.utf8.count <= 255 && accents.allSatisfy { $0 == "é" })
    }

    @Test("hostile suggested names stage as safe files inside the staging folder", arguments: hostileNames)
    func stagedUnderHostileName(_ name: String) async throws {
        let received = try await ItemProvider(NamedText(name: name)).loadFileRepresentation(for: .plainText)
        let staging = try StagingArea.directory().standardizedFileURL.path
        let folder = received.file.deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path
        #expect(folder == staging)
        #expect(received.file.lastPathComponent == FileNames.sanitized(name, contentType: .utf8PlainText))
        #expect(try Data(contentsOf: received.file) == Data(name.utf8))
        #expect(!received.isOriginalFile)
    }

    @Test("the staging folder is private and staged files are readable by their owner only")
    func privateStaging() throws {
        var status = stat()
        #expect(stat(try StagingArea.directory().path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)

        // Created exclusively, without following a link, and never over a file: FileBeingWritten's part, tested in
        // FileWritingTests.
        let staged = try StagedFile.create(named: "fresh.txt") { try $0.write(Data("fresh".utf8)) }
        #expect(stat(staged.url.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(try Data(contentsOf: staged.url) == Data("fresh".utf8))
    }

    @Test("a staged file is written aside and named only once complete: a write that fails leaves nothing")
    func stagedFileWrittenAside() throws {
        struct Interrupted: Error {}
        var named = ""
        var aside = ""
        #expect(throws: Interrupted.self) {
            _ = try StagedFile.create(named: "half.bin") { file in
                named = file.path
                aside = file.temporaryPath
                try file.write(Data("half of it".utf8))
                // Mid-write, the bytes are under a hidden name beside the final one, and nothing has the final name.
                #expect(FileManager.default.fileExists(atPath: aside))
                #expect(!FileManager.default.fileExists(atPath: named))
                throw Interrupted()
            }
        }
        #expect(!named.isEmpty && aside != named)
        #expect(!FileManager.default.fileExists(atPath: named))
        #expect(!FileManager.default.fileExists(atPath: aside))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: named).deletingLastPathComponent().path))

        let whole = try StagedFile.create(named: "whole.bin") { file in try file.write(Data("all of it".utf8)) }
        #expect(try Data(contentsOf: whole.url) == Data("all of it".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: whole.folder.path) == ["whole.bin"])
        var status = stat()
        #expect(lstat(whole.url.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test("a staged file is removed, with its folder, when nothing refers to it any more")
    func stagedFileCleanup() async throws {
        var path = ""
        var folder = ""
        do {
            let received = try await ItemProvider(Data("bytes".utf8)).loadFileRepresentation(for: .data)
            path = received.file.path
            folder = received.file.deletingLastPathComponent().path
            let copy = received
            #expect(FileManager.default.fileExists(atPath: copy.file.path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: folder))

        // The copy handed to an importing closure goes when the closure's value no longer needs it.
        let staged = try await ItemProvider(Data("more".utf8)).restricted(to: .all).loadTransferable(
            type: StagedPath.self)
        #expect(staged.contents == Data("more".utf8))
        #expect(!FileManager.default.fileExists(atPath: staged.path))
    }

    @Test("open in place only when the receiver asks and the sender allows")
    func openInPlace() async throws {
        let original = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).bin")
        try Data("original".utf8).write(to: original)
        defer { try? FileManager.default.removeItem(at: original) }

        // The receiver asks, the sender does not allow: a copy.
        let copied = try await ItemProvider(Document(url: original)).restricted(to: .all).loadTransferable(
            type: Document.self)
        #expect(!copied.wasOriginal && copied.url != original)

        // The receiver asks and the sent file allows access: the original.
        let opened = try await ItemProvider(Document(url: original, allowOriginal: true)).restricted(to: .all)
            .loadTransferable(type: Document.self)
        #expect(opened.wasOriginal && opened.url == original)

        // The sender allows, the receiver does not ask: a copy, named after the original.
        let copy = try await ItemProvider(Document(url: original, allowOriginal: true)).loadTransferable(
            type: DocumentCopy.self)
        #expect(copy.contents == Data("original".utf8) && copy.name == original.lastPathComponent)

        // The item provider's own open-in-place loads.
        let provider = ItemProvider(contentsOf: original, contentType: Document.type, openInPlace: true)
        #expect(try await provider.loadFileRepresentation(for: Document.type, openInPlace: true).isOriginalFile)
        #expect(try await !provider.loadFileRepresentation(for: Document.type, openInPlace: false).isOriginalFile)
        #expect(FileManager.default.fileExists(atPath: original.path))
    }

    @Test("a missing file fails with fileMissing and its path")
    func missingFile() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/dndkit/\(UUID().uuidString).bin")
        let error = await #expect(throws: TransferError.self) {
            try await ItemProvider(Document(url: missing)).loadFileRepresentation(for: Document.type)
        }
        #expect(error?.code == .fileMissing)
        #expect(error?.file == missing)
        #expect(error?.message == "the file \(missing.path) (offered as org.dndkit.tests.document) does not exist")
        let directory = await #expect(throws: TransferError.self) {
            try await ItemProvider(Document(url: FileManager.default.temporaryDirectory)).loadDataRepresentation(
                for: Document.type)
        }
        #expect(directory?.code == .fileMissing)
        #expect(directory?.message.hasSuffix("is not a regular file") == true)
    }

    /// A named pipe offered as a file is refused without being opened (opening it would wait for a writer); a
    /// writer comes after 30 seconds, so that a regression fails on the message instead of hanging.
    @Test func aNamedPipeIsRefusedAtOnce() async throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        files.unblockReaders(after: 30)
        let pipe = URL(fileURLWithPath: files.namedPipe)
        let error = await #expect(throws: TransferError.self) {
            try await ItemProvider(Document(url: pipe)).loadDataRepresentation(for: Document.type)
        }
        #expect(error?.code == .fileMissing)
        #expect(
            error?.message
                == "\(files.namedPipe) (offered as org.dndkit.tests.document): not a regular file (a named pipe)")
    }

    @Test("ReceivedTransferredFile has a public initialiser for tests")
    func receivedFileInitialiser() async throws {
        let file = ReceivedTransferredFile(file: URL(fileURLWithPath: "/tmp/x"), isOriginalFile: true)
        #expect(file.isOriginalFile && file.file.path == "/tmp/x")
    }
}
