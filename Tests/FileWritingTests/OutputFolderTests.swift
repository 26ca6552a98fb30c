import CFileSystem
import FileWriting
import Foundation
import TestSupport
import Testing

/// An output folder keeps everything of the user's: only the entries it wrote are replaced, and only when asked; the
/// folder itself (mode, owner, extended attributes, inode) is never replaced.
@Suite("Output folders")
struct OutputFolderTests {
    /// Writes `files` (paths relative to the folder, `/` making subfolders) into a new output folder and commits it.
    @discardableResult
    func write(
        _ files: [String: String], into folder: String, replacing: Bool = false, expecting: [String] = []
    ) throws -> OutputFolder {
        let output = try OutputFolder(folder, replacing: replacing, expecting: expecting)
        for (path, text) in files {
            let url = output.staging.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try output.commit()
        return output
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Missing folders above are made; a file in the way and an entry already there are typed refusals")
    func makesMissingParentsAndRefusesAFileInTheWay() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let nested = folders.root.appendingPathComponent("a/b/out").path
        try write(["file": "x"], into: nested)
        #expect(text(nested + "/file") == "x")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.root.path + "/a/b") == ["out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: nested).sorted() == [".dnd-sim-output", "file"])

        let blocker = folders.root.appendingPathComponent("plain").path
        try Data().write(to: URL(fileURLWithPath: blocker))
        let inTheWay = #expect(throws: OutputFolderError.self) {
            _ = try OutputFolder(blocker + "/inside/out", replacing: false)
        }
        #expect(inTheWay?.underlying?.code == .notADirectory)
        #expect(inTheWay?.underlying?.path == blocker)
        #expect(throws: OutputFolderError(.exists, folder: nested, entries: ["file"])) {
            _ = try OutputFolder(nested, replacing: false, expecting: ["file", "other"])
        }
    }

    @Test("Replacing rewrites only the entries it wrote; the user's files beside them stay byte for byte")
    func replacingKeepsTheUsersFiles() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let folder = folders.source.path
        try folders.write(Data("panes: []\n".utf8), as: "scene.yaml")
        try folders.write(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }), as: "notes.txt")
        let before = try folders.contents()

        try write(["snapshots/001-lift.png": "first", "inbox/photo-1.png": "one"], into: folder)
        #expect(throws: OutputFolderError(.exists, folder: folder, entries: ["inbox", "snapshots"])) {
            try write(["snapshots/001-lift.png": "second"], into: folder, expecting: ["snapshots", "inbox", "tray"])
        }
        try write(["snapshots/001-lift.png": "second", "inbox/photo-1.png": "two"], into: folder, replacing: true)

        let after = try folders.contents()
        #expect(after["source/scene.yaml"] == before["source/scene.yaml"])
        #expect(after["source/notes.txt"] == before["source/notes.txt"])
        #expect(text(folder + "/snapshots/001-lift.png") == "second")
        #expect(text(folder + "/inbox/photo-1.png") == "two")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == [".dnd-sim-output", "inbox", "notes.txt", "scene.yaml", "snapshots"])
    }

    @Test("The folder itself stays: inode, mode, owner and an extended attribute are the same after replacing")
    func folderKeepsItsIdentity() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let folder = folders.source.path
        #expect(chmod(folder, 0o750) == 0)
        let value = Array("kept".utf8)
        #expect(setxattr(folder, "user.dndkit.label", value, value.count, 0) == 0)
        var before = stat()
        #expect(stat(folder, &before) == 0)

        try write(["snapshots/1.png": "a"], into: folder)
        try write(["snapshots/1.png": "b"], into: folder, replacing: true)

        var after = stat()
        #expect(stat(folder, &after) == 0)
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_dev == before.st_dev)
        #expect(after.st_mode == before.st_mode)
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        var read = [UInt8](repeating: 0, count: 16)
        let count = getxattr(folder, "user.dndkit.label", &read, read.count)
        #expect(count == value.count)
        #expect(Array(read.prefix(max(0, count))) == value)
        #expect(text(folder + "/snapshots/1.png") == "b")
    }

    @Test("A symbolic link to a folder is an output folder: the outputs go into the folder, the link stays a link")
    func symbolicLinkToAFolder() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let link = folders.root.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folders.destination.path)
        try write(["snapshots/1.png": "a"], into: link)
        try write(["snapshots/1.png": "b"], into: link, replacing: true)
        #expect(text(folders.destination.path + "/snapshots/1.png") == "b")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == folders.destination.path)
    }

    @Test("A folder of mode 555 is refused as permission denied, even for root; it is left as it was")
    func readOnlyFolderIsRefused() throws {
        let folders = try MoveFolders()
        defer {
            chmod(folders.destination.path, 0o755)
            folders.remove()
        }
        let folder = folders.destination.path
        #expect(chmod(folder, 0o555) == 0)
        var before = stat()
        #expect(stat(folder, &before) == 0)
        for replacing in [false, true] {
            let refusal = #expect(throws: OutputFolderError.self) {
                try write(["snapshots/1.png": "a"], into: folder, replacing: replacing)
            }
            #expect(
                refusal?.underlying
                    == FileSystemError(.permissionDenied, path: folder, operation: refusal?.underlying?.operation ?? "")
            )
            #expect(refusal?.description.hasPrefix("\(folder): ") == true)
            #expect(refusal?.description.hasSuffix("permission denied") == true)
        }
        var after = stat()
        #expect(stat(folder, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_mode & 0o7777 == 0o555)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("Replacing refuses, by name, entries the record does not list or that changed since; nothing is touched")
    func refusesWhatItCannotTellFromTheUsers() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let folder = folders.source.path
        // A folder of the user's that has an output's name, in a folder with no record at all.
        try FileManager.default.createDirectory(
            atPath: folder + "/inbox", withIntermediateDirectories: true)
        try folders.write(Data("mine".utf8), as: "inbox/mine.png")
        // Named as not dnd-sim's whether or not replacing was asked for: replacing would not touch it either.
        for replacing in [false, true] {
            #expect(throws: OutputFolderError(.notWrittenHere, folder: folder, entries: ["inbox"])) {
                _ = try OutputFolder(folder, replacing: replacing, expecting: ["inbox"])
            }
        }
        // The user adds a file into an output folder and edits an output file.
        try write(["snapshots/1.png": "a", "snapshots/2.png": "b", "tray/note.txt": "n"], into: folder)
        try folders.write(Data("added".utf8), as: "snapshots/added.txt")
        try folders.write(Data("edited".utf8), as: "tray/note.txt")
        let before = try folders.contents()
        let refusal = #expect(throws: OutputFolderError.self) {
            try write(
                ["snapshots/1.png": "c", "tray/note.txt": "m", "inbox/x.png": "x"], into: folder, replacing: true)
        }
        #expect(refusal?.code == .notWrittenHere)
        #expect(refusal?.entries == ["inbox", "snapshots/added.txt", "tray/note.txt"])
        #expect(try folders.contents() == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".dnd-sim-") }
                == [".dnd-sim-output"])
    }

    @Test("A record that is not one is the user's file: refused, never overwritten")
    func foreignRecordIsRefused() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let folder = folders.source.path
        try folders.write(Data("my own notes".utf8), as: ".dnd-sim-output")
        #expect(throws: OutputFolderError(.notWrittenHere, folder: folder, entries: [".dnd-sim-output"])) {
            try write(["snapshots/1.png": "a"], into: folder)
        }
        #expect(text(folder + "/.dnd-sim-output") == "my own notes")
        #expect(throws: OutputFolderError(.reservedName, folder: folders.destination.path, entries: [".dnd-sim-x"])) {
            try write([".dnd-sim-x": "a"], into: folders.destination.path)
        }
    }

    @Test("An entry that appears during the run is refused at commit; a discarded run leaves the folder as it was")
    func interruptedRunLeavesTheFolder() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let folder = folders.source.path
        try write(["snapshots/1.png": "old"], into: folder)
        let before = try folders.contents()

        let discarded = try OutputFolder(folder, replacing: true, expecting: ["snapshots"])
        try FileManager.default.createDirectory(
            at: discarded.staging.appendingPathComponent("snapshots"), withIntermediateDirectories: true)
        try Data("new".utf8).write(to: discarded.staging.appendingPathComponent("snapshots/1.png"))
        discarded.discard()
        #expect(try folders.contents() == before)

        let late = try OutputFolder(folder, replacing: true)
        try Data("new".utf8).write(to: late.staging.appendingPathComponent("late.txt"))
        try folders.write(Data("the user's".utf8), as: "late.txt")
        #expect(throws: OutputFolderError(.notWrittenHere, folder: folder, entries: ["late.txt"])) {
            try late.commit()
        }
        late.discard()
        #expect(text(folder + "/late.txt") == "the user's")
        #expect(text(folder + "/snapshots/1.png") == "old")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == [".dnd-sim-output", "late.txt", "snapshots"])
        // A folder the output folder made is removed again when nothing was committed.
        let fresh = folders.root.appendingPathComponent("fresh/out").path
        try OutputFolder(fresh, replacing: false).discard()
        #expect(!FileManager.default.fileExists(atPath: folders.root.appendingPathComponent("fresh").path))
    }

    /// Sets or clears a file's immutable attribute with `chattr` (root only), which makes renaming it fail.
    func setImmutable(_ path: String, _ on: Bool) throws -> Bool {
        let chattr = Process()
        chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        chattr.arguments = [on ? "+i" : "-i", path]
        chattr.standardError = FileHandle.nullDevice
        try chattr.run()
        chattr.waitUntilExit()
        return chattr.terminationStatus == 0
    }

    @Test(
        "A rename that fails halfway through the commit is undone: the old entries are back, nothing new is placed",
        .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")))
    func failedCommitIsUndone() throws {
        let folders = try MoveFolders()
        let folder = folders.source.path
        try write(["a/1.png": "old a", "b/1.png": "old b"], into: folder)
        let before = try folders.contents()
        let output = try OutputFolder(folder, replacing: true, expecting: ["a", "b"])
        for name in ["a", "b", "c"] {
            try Data("new \(name)".utf8).write(to: output.staging.appendingPathComponent(name))
        }
        // a and b are moved aside and the new a and b placed; then c cannot be renamed.
        let stuck = output.staging.appendingPathComponent("c").path
        #expect(try setImmutable(stuck, true))
        defer {
            _ = try? setImmutable(stuck, false)
            folders.remove()
        }
        let failure = #expect(throws: OutputFolderError.self) { try output.commit() }
        #expect(failure?.underlying?.code == .permissionDenied)
        #expect(failure?.underlying?.path == "\(folder)/c")
        #expect(try folders.contents().filter { !$0.key.contains("/.dnd-sim-staging-") } == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".dnd-sim-staging-") }
                .sorted() == [".dnd-sim-output", "a", "b"])
        // Once the cause is gone, the same outputs commit.
        #expect(try setImmutable(stuck, false))
        try output.commit()
        #expect(text(folder + "/c") == "new c")
        #expect(text(folder + "/a") == "new a")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".dnd-sim-output", "a", "b", "c"])
    }

    @Test("Entries of an earlier commit that this one does not write: removed when replacing, else kept and recorded")
    func earlierEntries() throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let folder = folders.source.path
        try write(["a/1.png": "a", "b/1.png": "b"], into: folder)
        try write(["c/1.png": "c"], into: folder)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == [".dnd-sim-output", "a", "b", "c"])
        try folders.write(Data("changed".utf8), as: "b/1.png")
        try write(["a/1.png": "new"], into: folder, replacing: true)
        // c was recorded by the second commit and is removed; b changed since, so it is the user's and stays.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == [".dnd-sim-output", "a", "b"])
        #expect(text(folder + "/b/1.png") == "changed")
        #expect(text(folder + "/a/1.png") == "new")
    }
}
