import Foundation
import TestSupport
import Testing

/// A named pipe, a socket or a device given to a command that reads files is answered at once, "not a regular file
/// (a named pipe)", with exit status 1, and the other files are still handled. Each command runs with a timeout, so
/// that one that waits for a writer fails its test instead of hanging the run.
@Suite("dnd-sim and special files")
struct SpecialFileCommandTests {
    static let timeout = 120.0

    /// The special files, and a copy of a PngSuite file beside them.
    private func files() throws -> (SpecialFiles, String) {
        let files = try SpecialFiles()
        let png = files.path("picture.png")
        try FileManager.default.copyItem(atPath: ImageCommandTests.fixture("basn2c08.png"), toPath: png)
        return (files, png)
    }

    private func expectRefusals(_ result: DndSimResult, _ files: SpecialFiles, devices: Bool = true) {
        #expect(!result.timedOut, "the command hung on a special file")
        #expect(result.status == 1)
        #expect(result.standardError.contains("dnd-sim: \(files.namedPipe): not a regular file (a named pipe)"))
        #expect(result.standardError.contains("dnd-sim: \(files.socket): not a regular file (a socket)"))
        if devices {
            #expect(result.standardError.contains("dnd-sim: /dev/null: not a regular file (a character device)"))
        }
    }

    @Test func typesIdentify() throws {
        let (files, png) = try files()
        defer { files.remove() }
        let arguments = ["types", "identify", files.namedPipe, files.socket, "/dev/null", png]
        let result = try dndSim(arguments, timeout: Self.timeout)
        expectRefusals(result, files)
        #expect(result.standardOutput == "\(png): public.png (image/png) [both]\n")

        let json = try dndSim(arguments + ["--json"], timeout: Self.timeout)
        expectRefusals(json, files)
        let records = try ImageCommandTests.jsonLines(json.standardOutput)
        #expect(records.map { $0["file"] as? String } == [files.namedPipe, files.socket, "/dev/null", png])
        #expect(records.map { $0["status"] as? String } == ["failed", "failed", "failed", "ok"])
        #expect(records[0]["error"] as? String == "not a regular file (a named pipe)")
        #expect(records[3]["identifier"] as? String == "public.png")
    }

    @Test func imageInfo() throws {
        let (files, png) = try files()
        defer { files.remove() }
        let missing = files.path("missing.png")
        let arguments = ["image", "info", "--json", files.namedPipe, files.socket, "/dev/null", png, missing]
        let result = try dndSim(arguments, timeout: Self.timeout)
        expectRefusals(result, files)
        let records = try ImageCommandTests.jsonLines(result.standardOutput)
        #expect(records.map { $0["file"] as? String } == [files.namedPipe, files.socket, "/dev/null", png, missing])
        #expect(records.map { $0["status"] as? String } == ["failed", "failed", "failed", "ok", "failed"])
        #expect(records[1]["error"] as? String == "not a regular file (a socket)")
        #expect(records[3]["width"] as? Int == 32)
        #expect(records[4]["error"] as? String == "no such file")
    }

    @Test func imageConvert() throws {
        let (files, _) = try files()
        defer { files.remove() }
        let output = files.path("out.png")
        let result = try dndSim(["image", "convert", files.namedPipe, output], timeout: Self.timeout)
        #expect(!result.timedOut, "the command hung on a named pipe")
        #expect(result.status == 1)
        #expect(result.standardError == "dnd-sim: \(files.namedPipe): not a regular file (a named pipe)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func move() throws {
        let (files, png) = try files()
        defer { files.remove() }
        let destination = files.path("out")
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: false)
        let result = try dndSim(
            ["move", files.namedPipe, files.socket, "/dev/null", png, "--to", destination], timeout: Self.timeout)
        expectRefusals(result, files)
        #expect(result.standardOutput.contains("moved 1 of 4 files (145 bytes) to \(destination)"))
        #expect(FileManager.default.fileExists(atPath: destination + "/picture.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == ["picture.png"])
        var status = stat()
        #expect(lstat(files.namedPipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }
}
