import FileMoving
import Foundation
import TestSupport
import Testing

/// Whole files written aside and renamed: nothing replaced unless asked, nothing half-written, causes in words.
@Suite("Output files")
struct OutputFileTests {
    @Test("A new file is written whole; an existing one is refused, then replaced with its mode kept when asked")
    func refusesThenReplaces() throws {
        let folder = try temporaryFolder("dndkit-output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.bin").path
        let first = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
        try OutputFile.writeContents(first, toPath: path, replacing: false)
        #expect(try OutputFile.readContents(atPath: path) == first)

        let refusal = #expect(throws: FileSystemError.self) {
            try OutputFile.writeContents(Data("other".utf8), toPath: path, replacing: false)
        }
        #expect(refusal?.code == .exists)
        #expect(try OutputFile.readContents(atPath: path) == first)

        #expect(chmod(path, 0o640) == 0)
        try OutputFile.writeContents(Data("second".utf8), toPath: path, replacing: true)
        #expect(try OutputFile.readContents(atPath: path) == Data("second".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.bin"])
    }

    @Test("Causes are typed: no such file, is a directory, not a directory, too large")
    func causes() throws {
        let folder = try temporaryFolder("dndkit-output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing").path
        #expect(throws: FileSystemError(.noSuchFile, path: missing, operation: "cannot read")) {
            try OutputFile.readContents(atPath: missing)
        }
        #expect(throws: FileSystemError(.isADirectory, path: folder.path, operation: "cannot read")) {
            try OutputFile.readContents(atPath: folder.path)
        }
        #expect(throws: FileSystemError(.isADirectory, path: folder.path, operation: "cannot write")) {
            try OutputFile.writeContents(Data(), toPath: folder.path, replacing: true)
        }
        let file = folder.appendingPathComponent("file").path
        try OutputFile.writeContents(Data(count: 10), toPath: file, replacing: false)
        #expect(throws: FileSystemError(.tooLarge, path: file, operation: "cannot read")) {
            try OutputFile.readContents(atPath: file, limit: 9)
        }
        let below = file + "/inner"
        #expect(throws: FileSystemError(.notADirectory, path: below, operation: "cannot write")) {
            try OutputFile.writeContents(Data(), toPath: below, replacing: false)
        }
        #expect(
            FileSystemError(.permissionDenied, path: "/x", operation: "cannot read").description
                == "/x: cannot read: permission denied")
    }
}
