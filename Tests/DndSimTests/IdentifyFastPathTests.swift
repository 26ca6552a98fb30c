import Foundation
import TestSupport
import Testing

@testable import dnd_sim

/// `dnd-sim types identify FILE... [--json]` is recognised before ArgumentParser is asked, for a fast start
/// (`IdentifyFastPath`). Every shape of command line it takes is run both ways, the second with
/// `DNDSIM_NO_FAST_PATH=1` (through ArgumentParser), and the two must print the same to standard output and standard
/// error and end with the same status.
@Suite("dnd-sim types identify: the fast path")
struct IdentifyFastPathTests {
    static let timeout = 120.0

    /// A folder with a PNG, a text file, a PDF named `.jpg`, a GIMP image, a subfolder, a named pipe and a socket.
    private func files() throws -> SpecialFiles {
        let files = try SpecialFiles()
        try FileManager.default.copyItem(atPath: ImageCommandTests.fixture("basn2c08.png"), toPath: files.path("a.png"))
        try Data("notes, not a picture\n".utf8).write(to: URL(fileURLWithPath: files.path("notes.txt")))
        try FileManager.default.copyItem(
            at: TypesCommandTests.files.appendingPathComponent("document.pdf"),
            to: URL(fileURLWithPath: files.path("x.jpg")))
        try FileManager.default.createDirectory(atPath: files.path("folder"), withIntermediateDirectories: false)
        // A GIMP image: a type that only the desktop database declares, so that the database is read.
        try Data("gimp xcf v011\0".utf8 + Data(count: 32)).write(to: URL(fileURLWithPath: files.path("g.xcf")))
        return files
    }

    /// Runs `dnd-sim types identify ARGUMENTS` through the fast path and through ArgumentParser, and expects the same.
    ///
    /// - Returns: the fast path's result.
    @discardableResult
    private func expectSameBothWays(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:]
    ) throws -> DndSimResult {
        let command = ["types", "identify"] + arguments
        #expect(IdentifyFastPath(arguments: command) != nil, "the fast path does not take \(command)")
        let fast = try dndSim(
            command, environment: environment.merging([IdentifyFastPath.disablingVariable: ""]) { _, new in new },
            currentDirectory: folder, timeout: Self.timeout)
        let parsed = try dndSim(
            command, environment: environment.merging([IdentifyFastPath.disablingVariable: "1"]) { _, new in new },
            currentDirectory: folder, timeout: Self.timeout)
        #expect(!fast.timedOut && !parsed.timedOut, "\(arguments): a command hung")
        #expect(fast.status == parsed.status, "\(arguments): exit status")
        #expect(fast.standardOutput == parsed.standardOutput, "\(arguments): standard output")
        #expect(fast.standardError == parsed.standardError, "\(arguments): standard error")
        return fast
    }

    @Test(
        "The same output, errors and exit status both ways",
        arguments: [
            (["a.png"], 0, 1),
            (["a.png", "notes.txt", "x.jpg", "folder"], 0, 4),
            (["--json", "a.png", "notes.txt"], 0, 2),
            (["a.png", "--json", "notes.txt"], 0, 2),
            (["a.png", "notes.txt", "--json"], 0, 2),
            (["g.xcf", "a.png", "--json"], 0, 2),
            (["missing.png"], 1, 0),
            (["a.png", "missing.png", "--json"], 1, 2),
            (["folder", "--json"], 0, 1),
            (["fifo", "socket", "/dev/null", "a.png"], 1, 1),
            (["--json", "fifo", "socket", "/dev/null", "a.png"], 1, 4),
            (["help", "identify"], 1, 0),
        ])
    func sameBothWays(arguments: [String], status: Int32, lines: Int) throws {
        let files = try files()
        defer { files.remove() }
        let result = try expectSameBothWays(arguments, in: files.folder)
        #expect(result.status == status)
        #expect(result.standardOutput.split(separator: "\n").count == lines)
    }

    @Test func sameBothWaysWithDeclarations() throws {
        let image = "Tests/ContentTypesTests/Fixtures/Files/image.png"
        // Info/Info.plist in the current directory.
        let found = try expectSameBothWays([image, "--json"], in: TypesCommandTests.root)
        #expect(found.status == 0)
        // A declaration file named by DNDSIM_DECLARATIONS that cannot be read: an error before any file.
        let bad = TypesCommandTests.declarations.appendingPathComponent("not-a-plist.plist").path
        let refused = try expectSameBothWays(
            [image], in: TypesCommandTests.root, environment: ["DNDSIM_DECLARATIONS": bad])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("not-a-plist.plist"))
        #expect(refused.standardOutput.isEmpty)
    }

    @Test func takesOnlyThePlainestCommandLines() {
        let taken = IdentifyFastPath(arguments: ["types", "identify", "a.png", "--json", "b"])
        #expect(taken?.files == ["a.png", "b"])
        #expect(taken?.json == true)
        #expect(IdentifyFastPath(arguments: ["types", "identify", "a.png"])?.json == false)
        let refused = [
            ["types", "identify"], ["types", "identify", "--json"], ["types", "identify", "-h", "a.png"],
            ["types", "identify", "--help"], ["types", "identify", "--", "a.png"],
            ["types", "identify", "--json", "a.png", "--json"], ["types", "identify", "--no-desktop", "a.png"],
            ["types", "identify", "--declarations", "d.plist", "a.png"], ["types", "identify", "a.png", "-"],
            ["types", "identify", ""], ["types", "show", "a.png"], ["identify", "a.png"], ["types"], [],
        ]
        for arguments in refused {
            #expect(IdentifyFastPath(arguments: arguments) == nil, "\(arguments)")
        }
    }
}
