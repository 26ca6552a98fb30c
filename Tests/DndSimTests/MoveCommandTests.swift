import Foundation
import TestSupport
import Testing

/// `dnd-sim move`, run as a user would, on copies of PngSuite files.
@Suite("dnd-sim move")
struct MoveCommandTests {
    /// A temporary folder with two PngSuite pictures and a text file in `in/`, and an empty `out/`.
    struct Folders {
        let folders: MoveFolders
        var root: URL { folders.root }
        var input: URL { folders.source }
        var output: URL { folders.destination }

        init() throws {
            folders = try MoveFolders()
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
        #expect(result.standardError == "dnd-sim: \(missing): no such file\n")
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

/// What `dnd-sim move` reports when a source cannot be removed or the disk is full: every line and the summary agree.
@Suite("dnd-sim move reports")
struct MoveReportTests {
    /// A picture on a read-only file system is copied, but its source cannot be removed: it is reported as copied,
    /// never counted as moved.
    @Test(.enabled(if: TinyFileSystem.isAvailable, "mounting a read-only tmpfs needs root (CAP_SYS_ADMIN)"))
    func aCopyWhoseSourceStaysIsNotCountedAsMoved() throws {
        let source = try TinyFileSystem(byteCount: 1 << 20, readOnly: true) { folder in
            try FileManager.default.copyItem(
                atPath: ImageCommandTests.fixture("basn2c08.png"), toPath: folder.appendingPathComponent("a.png").path)
        }
        defer { source.remove() }
        let destination = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: destination) }
        let file = source.folder.appendingPathComponent("a.png").path
        let result = try dndSim(["move", file, "--to", destination.path])
        #expect(result.status == 1)
        let note = "not moved: it was copied, but its source could not be removed (read-only file system)"
        #expect(
            result.standardOutput
                == """
                copied \(file) -> \(destination.path)/a.png (public.png); \(note)
                moved 0 of 1 file (0 bytes) to \(destination.path); 1 copied, not moved: its source could not be removed

                """)
        #expect(result.standardError == "dnd-sim: \(file): \(note)\n")
        #expect(FileManager.default.fileExists(atPath: file))
    }

    /// On a 64 KiB file system, the file that does not fit stays and is named with the reason; the others arrive.
    @Test(.enabled(if: TinyFileSystem.isAvailable, "mounting a 64 KiB tmpfs needs root (CAP_SYS_ADMIN)"))
    func aFullDiskRefusesOnlyTheFileThatDoesNotFit() throws {
        let disk = try TinyFileSystem(byteCount: 64 << 10)
        defer { disk.remove() }
        let folder = try temporaryFolder("dnd-sim-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 100 KB that no compression shrinks, after a valid PNG's chunks: a private ancillary chunk before IEND.
        let big = folder.appendingPathComponent("big.png").path
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try SolidPNG.data(width: 64, height: 64, privateChunk: noise).write(to: URL(fileURLWithPath: big))
        var arguments = ["move", "--json", big]
        for name in ["basn2c08.png", "basn0g01.png"] {
            let path = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: ImageCommandTests.fixture(name), toPath: path)
            arguments.append(path)
        }
        let result = try dndSim(arguments + ["--to", disk.folder.path])
        #expect(result.status == 1)
        let records = try ImageCommandTests.jsonLines(result.standardOutput)
        #expect(records.prefix(3).map { $0["status"] as? String } == ["refused", "moved", "moved"])
        #expect(
            records[0]["reason"] as? String
                == "cannot write the copy \(disk.folder.path)/big.png: no space left on the device")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: disk.folder.path).sorted() == [
                "basn0g01.png", "basn2c08.png",
            ])
        #expect(FileManager.default.fileExists(atPath: big))
    }
}
