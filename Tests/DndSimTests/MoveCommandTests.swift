import Foundation
import Testing

/// `dnd-sim move`, run as a user would, on copies of PngSuite files.
@Suite("dnd-sim move")
struct MoveCommandTests {
    /// A temporary folder with two PngSuite pictures and a text file in `in/`, and an empty `out/`.
    struct Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dnd-sim-move-\(UUID().uuidString)")
        var input: URL { root.appendingPathComponent("in") }
        var output: URL { root.appendingPathComponent("out") }

        init() throws {
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            for name in ["basn2c08.png", "basn0g01.png"] {
                try FileManager.default.copyItem(
                    at: URL(fileURLWithPath: ImageCommandTests.fixture(name)), to: input.appendingPathComponent(name))
            }
            try Data("not a picture\n".utf8).write(to: input.appendingPathComponent("notes.txt"))
        }

        func path(_ name: String, in folder: URL? = nil) -> String {
            (folder ?? input).appendingPathComponent(name).path
        }

        func exists(_ name: String, in folder: URL) -> Bool {
            FileManager.default.fileExists(atPath: path(name, in: folder))
        }
    }

    /// Content, not the name, decides what moves: a PDF named as a JPEG and text named as a GIF stay; a PNG named
    /// as text moves, as the PNG it is; a file named twice moves once.
    @Test func contentDecidesWhatMoves() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(at: folders.root) }
        let files = TypesCommandTests.files
        try FileManager.default.copyItem(
            at: files.appendingPathComponent("document.pdf"), to: folders.input.appendingPathComponent("x.jpg"))
        try Data("just text\n".utf8).write(to: folders.input.appendingPathComponent("y.gif"))
        try FileManager.default.moveItem(
            at: folders.input.appendingPathComponent("basn2c08.png"), to: folders.input.appendingPathComponent("z.txt"))
        let result = try dndSim([
            "move", folders.path("x.jpg"), folders.path("y.gif"), folders.path("z.txt"), folders.path("z.txt"),
            "--to", folders.output.path,
        ])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("(com.adobe.pdf): not an image: its content is com.adobe.pdf"))
        #expect(result.standardOutput.contains("(public.plain-text): not an image: its content is public.plain-text"))
        #expect(result.standardOutput.contains("-> \(folders.path("z.txt", in: folders.output)) (public.png)"))
        #expect(result.standardOutput.contains("moved 1 of 3 files (145 bytes)"))
        #expect(result.standardOutput.contains("2 refused, left where they were; 1 named again, handled once"))
        #expect(folders.exists("x.jpg", in: folders.input) && folders.exists("y.gif", in: folders.input))
        #expect(!folders.exists("z.txt", in: folders.input) && folders.exists("z.txt", in: folders.output))
    }

    @Test func movesImagesAndPrintsASummary() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(at: folders.root) }
        let original = try Data(contentsOf: URL(fileURLWithPath: folders.path("basn2c08.png")))
        let result = try dndSim([
            "move", folders.path("basn2c08.png"), folders.path("basn0g01.png"), "--to", folders.output.path,
        ])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput.contains(
                "moved \(folders.path("basn2c08.png")) -> \(folders.path("basn2c08.png", in: folders.output)) (public.png)"
            ))
        #expect(result.standardOutput.hasSuffix("moved 2 of 2 files (309 bytes) to \(folders.output.path)\n"))
        #expect(!folders.exists("basn2c08.png", in: folders.input))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folders.path("basn2c08.png", in: folders.output))) == original)
    }

    /// X bitmaps (text to libmagic) and gzip-compressed SVG (gzip to libmagic) are images: they move.
    @Test func textAndCompressedImagesMove() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(at: folders.root) }
        for name in ["square.xbm", "square.svgz"] {
            try FileManager.default.copyItem(
                at: TypesCommandTests.files.appendingPathComponent("disk/\(name)"),
                to: folders.input.appendingPathComponent(name))
        }
        let result = try dndSim([
            "move", folders.path("square.xbm"), folders.path("square.svgz"), "--to", folders.output.path,
        ])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("(public.xbitmap-image)"))
        #expect(result.standardOutput.contains("(public.svg-image)"))
        #expect(folders.exists("square.xbm", in: folders.output) && folders.exists("square.svgz", in: folders.output))
    }

    @Test func aRefusedFileStaysAndFailsTheCommand() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(at: folders.root) }
        let result = try dndSim([
            "move", folders.path("notes.txt"), folders.path("basn0g01.png"), "--to", folders.output.path,
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "dnd-sim: \(folders.path("notes.txt")): not an image: its content is public.plain-text\n")
        #expect(folders.exists("notes.txt", in: folders.input))
        #expect(!folders.exists("notes.txt", in: folders.output))
        #expect(folders.exists("basn0g01.png", in: folders.output))
    }

    @Test func copyAndJSONLines() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(at: folders.root) }
        let result = try dndSim([
            "move", "--copy", "--json", folders.path("basn2c08.png"), folders.path("notes.txt"), "--to",
            folders.output.path,
        ])
        #expect(result.status == 1)
        let records = try ImageCommandTests.jsonLines(result.standardOutput)
        #expect(records.count == 3)
        #expect(records[0]["status"] as? String == "copied")
        #expect(records[0]["contentType"] as? String == "public.png")
        #expect(records[0]["byteCount"] as? Int == 145)
        #expect(records[1]["status"] as? String == "refused")
        let summary = try #require(records[2]["summary"] as? [String: Any])
        #expect(summary["copied"] as? Int == 1)
        #expect(summary["refused"] as? Int == 1)
        #expect(folders.exists("basn2c08.png", in: folders.input))
        #expect(folders.exists("basn2c08.png", in: folders.output))
    }

    @Test func progressGoesToStandardErrorWhenAskedFor() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(at: folders.root) }
        let result = try dndSim([
            "move", "--progress", folders.path("basn2c08.png"), folders.path("basn0g01.png"), "--to",
            folders.output.path,
        ])
        #expect(result.status == 0)
        #expect(result.standardError == "[1/2] moved basn2c08.png\n[2/2] moved basn0g01.png\n")
    }

    @Test func anUnusableDestinationIsBadInput() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(at: folders.root) }
        let missing = folders.root.appendingPathComponent("missing").path
        let result = try dndSim(["move", folders.path("basn2c08.png"), "--to", missing])
        #expect(result.status == 1)
        #expect(result.standardError.contains("dnd-sim: \(missing): No such file or directory"))
        #expect(folders.exists("basn2c08.png", in: folders.input))
    }

    @Test(arguments: [
        ["move", "a.png"], ["move", "--to", "/tmp"], ["move", "a.png", "--to", "/tmp", "--frobnicate"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) throws {
        #expect(try dndSim(arguments).status == 2)
    }

    @Test func helpHasExamples() throws {
        let result = try dndSim(["move", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("dnd-sim move shots/*.png --to Pictures/"))
        #expect(result.standardOutput.contains("--copy"))
        #expect(result.standardOutput.contains("Moving within one file system: a hard link"))
    }
}
