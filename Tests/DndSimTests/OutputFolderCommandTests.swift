import CFileSystem
import Foundation
import TestSupport
import Testing

/// `--out DIR` and `--force` of `run` and `demo` on folders that hold the user's files (issue 25): nothing dnd-sim
/// did not write is replaced, and the folder itself stays.
@Suite("dnd-sim output folders")
struct OutputFolderCommandTests {
    static let scene = RunCommandTests.scenes.appendingPathComponent("routing-by-type.yaml")

    /// Every regular file under a folder, by path relative to it, with its bytes.
    private func files(under folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    @Test("run SCENE --out . --force, twice, keeps the scene file and the user's notes byte for byte")
    func runForceKeepsTheUsersFiles() throws {
        let folder = try temporaryFolder("dnd-sim-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Data(contentsOf: Self.scene)
        try scene.write(to: folder.appendingPathComponent("scene.yaml"))
        let notes = Data("call the framer\n".utf8)
        try notes.write(to: folder.appendingPathComponent("notes.txt"))
        for _ in 0..<2 {
            let result = try dndSim(
                ["run", "scene.yaml", "--out", ".", "--force", "--snapshots"], currentDirectory: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("scene.yaml").path) == scene)
            #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("notes.txt").path) == notes)
        }
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(
            names == [".dnd-sim-output", "scene.yaml", "notes.txt", "desk", "inbox", "tray", "archive", "snapshots"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("inbox/photo-1.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("snapshots/001-lift.png").path))
    }

    @Test("--force refuses, by name, what dnd-sim did not write: a folder of a pane's name, a file added to one")
    func forceRefusesTheUsersEntries() throws {
        let folder = try temporaryFolder("dnd-sim-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("inbox/holiday.png")
        try FileManager.default.createDirectory(
            at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("my photo".utf8).write(to: mine)
        let refused = try dndSim(["run", Self.scene.path, "--out", folder.path, "--force"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "\(folder.path): holds inbox, which dnd-sim did not write there or which changed since; it is not "
                    + "replaced, even with --force"))
        #expect(refused.standardOutput.isEmpty)
        #expect(files(under: folder) == ["inbox/holiday.png": Data("my photo".utf8)])

        try FileManager.default.removeItem(at: mine.deletingLastPathComponent())
        #expect(try dndSim(["run", Self.scene.path, "--out", folder.path]).status == 0)
        try Data("added".utf8).write(to: folder.appendingPathComponent("tray/added.txt"))
        let before = files(under: folder)
        let added = try dndSim(["run", Self.scene.path, "--out", folder.path, "--force"])
        #expect(added.status == 1)
        #expect(added.standardError.contains("holds tray/added.txt, which dnd-sim did not write there"))
        #expect(files(under: folder) == before)
    }

    @Test("A link to a folder works as --out; the folder keeps its inode, mode and extended attribute")
    func linkAndIdentity() throws {
        let root = try temporaryFolder("dnd-sim-out")
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("target")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        #expect(chmod(target.path, 0o750) == 0)
        #expect(setxattr(target.path, "user.dndkit.note", "kept", 4, 0) == 0)
        var before = stat()
        #expect(stat(target.path, &before) == 0)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        for arguments in [["--out", link.path], ["--out", link.path, "--force"]] {
            let result = try dndSim(["run", Self.scene.path] + arguments)
            #expect(result.status == 0, "\(result.standardError)")
        }
        var after = stat()
        #expect(stat(target.path, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_mode == before.st_mode && after.st_uid == before.st_uid)
        var value = [UInt8](repeating: 0, count: 8)
        #expect(getxattr(target.path, "user.dndkit.note", &value, value.count) == 4)
        #expect(String(decoding: value.prefix(4), as: UTF8.self) == "kept")
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("inbox/photo-1.png").path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    }

    @Test("An empty folder of mode 555 is refused as permission denied, even with --force; it stays as it was")
    func readOnlyFolder() throws {
        let folder = try temporaryFolder("dnd-sim-out")
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        #expect(chmod(folder.path, 0o555) == 0)
        var before = stat()
        #expect(stat(folder.path, &before) == 0)
        for command in [["run", Self.scene.path], ["demo"]] {
            let result = try dndSim(command + ["--out", folder.path, "--force"])
            #expect(result.status == 1)
            #expect(
                result.standardError.contains("\(folder.path): cannot write the output folder: permission denied"),
                "\(result.standardError)")
        }
        var after = stat()
        #expect(stat(folder.path, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_mode & 0o7777 == 0o555)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("demo --out ~/Pictures --force keeps the photos there")
    func demoForceKeepsPhotos() throws {
        let folder = try temporaryFolder("dnd-sim-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try photo.write(to: folder.appendingPathComponent("IMG_0001.jpg"))
        for _ in 0..<2 {
            let result = try dndSim(["demo", "--out", folder.path, "--force"], environment: ["NO_COLOR": "1"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("IMG_0001.jpg").path) == photo)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("album/photo-1.png").path))
    }

    @Test("The demo's own folder is per user ($XDG_RUNTIME_DIR, else the user id in the temporary folder)")
    func demoFolderPerUser() throws {
        let root = try temporaryFolder("dnd-sim-out")
        defer { try? FileManager.default.removeItem(at: root) }
        let runtime = root.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let own = runtime.appendingPathComponent("dnd-sim-demo")
        let first = try dndSim(["demo"], environment: ["NO_COLOR": "1", "XDG_RUNTIME_DIR": runtime.path])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("Pictures: \(own.path)/snapshots/001-lift.png"))
        // Renewed on a re-run without --force; only what dnd-sim wrote there is replaced.
        let note = Data("kept".utf8)
        try note.write(to: own.appendingPathComponent("note.txt"))
        let again = try dndSim(["demo"], environment: ["NO_COLOR": "1", "XDG_RUNTIME_DIR": runtime.path])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(FileManager.default.contents(atPath: own.appendingPathComponent("note.txt").path) == note)

        let temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let shared = temporary.appendingPathComponent("dnd-sim-demo-\(geteuid())")
        let environment = ["NO_COLOR": "1", "XDG_RUNTIME_DIR": "", "TMPDIR": temporary.path]
        let fallback = try dndSim(["demo"], environment: environment)
        #expect(fallback.status == 0, "\(fallback.standardError)")
        #expect(fallback.standardOutput.contains("Pictures: \(shared.path)/snapshots/001-lift.png"))

        // Another user's folder of that name is refused, and the refusal says what to pass (handing a folder to
        // another user needs root, as the tests run in CI).
        guard geteuid() == 0 else { return }
        #expect(chown(shared.path, 4242, 4242) == 0)
        let refused = try dndSim(["demo"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("\(shared.path): belongs to another user (uid 4242); pass --out DIR"))
    }
}
