import CFileSystem
import FileMoving
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How `ImageMover` places a moved file that stays on its file system: a hard link, as `mv` does, not a copy.
@Suite("Moving within one file system")
struct MoveLinkTests {
    @Test func aMovedFileKeepsItsInodeAndLeavesItsSource() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let picture = try pngFile(seed: 21)
        let path = try folders.write(picture, as: "shot.png")
        let before = try status(path)
        let report = try await ImageMover(destination: folders.destination.path).run([path])
        #expect(report.outcomes.map(\.status) == [.moved])
        #expect(report.succeeded)
        let placed = try status(folders.destination.appendingPathComponent("shot.png").path)
        #expect(placed.st_ino == before.st_ino && placed.st_dev == before.st_dev, "the source's own file, linked")
        #expect(placed.st_nlink == 1, "the source name is gone")
        #expect(try folders.contents() == ["destination/shot.png": picture])
    }

    @Test func aCopyIsAnotherFile() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let picture = try pngFile(seed: 22)
        let path = try folders.write(picture, as: "shot.png")
        let report = try await ImageMover(destination: folders.destination.path, copies: true).run([path])
        #expect(report.outcomes.map(\.status) == [.copied])
        let source = try status(path)
        let copy = try status(folders.destination.appendingPathComponent("shot.png").path)
        #expect(copy.st_ino != source.st_ino)
        #expect(source.st_nlink == 1 && copy.st_nlink == 1)
        #expect(try folders.contents() == ["source/shot.png": picture, "destination/shot.png": picture])
    }

    @Test func aTakenNameIsStillRefusedWithNothingChanged() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let path = try folders.write(try pngFile(seed: 23), as: "shot.png")
        let existing = try folders.write(Data("mine".utf8), as: "shot.png", in: folders.destination)
        let before = try folders.contents()
        let existingInode = try status(existing).st_ino
        let report = try await ImageMover(destination: folders.destination.path).run([path])
        #expect(report.outcomes.map(\.status) == [.refused])
        let reason = report.outcomes.first?.reason ?? ""
        #expect(reason == "\(existing) already exists; it is not replaced")
        #expect(try folders.contents() == before)
        #expect(try status(existing).st_ino == existingInode)
        #expect(try status(path).st_nlink == 1, "no extra name was left behind")
    }

    @Test(.enabled(if: SharedMemory.isAnotherFileSystem))
    func aMoveToAnotherFileSystemIsAVerifiedCopy() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let destination = try SharedMemory.folder()
        defer { try? FileManager.default.removeItem(atPath: destination) }
        let picture = try pngFile(seed: 24)
        let path = try folders.write(picture, as: "shot.png")
        // What mv keeps: times to the nanosecond, permissions, an extended attribute where both file systems take one.
        var times = [
            timespec(tv_sec: 1_500_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_600_000_000, tv_nsec: 5),
        ]
        #expect(chmod(path, 0o640) == 0)
        let attribute = Array("kept".utf8)
        let hasAttribute = setxattr(path, "user.dndkit.test", attribute, attribute.count, 0) == 0
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let report = try await ImageMover(destination: destination).run([path])
        #expect(report.outcomes.map(\.status) == [.moved])
        #expect(!FileManager.default.fileExists(atPath: path))
        let moved = destination + "/shot.png"
        let after = try status(moved)  // before reading it, which sets its access time
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == picture)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == ["shot.png"])
        #expect(after.st_mtim.tv_sec == 1_600_000_000 && after.st_mtim.tv_nsec == 5)
        #expect(after.st_atim.tv_sec == 1_500_000_000 && after.st_atim.tv_nsec == 123_456_789)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_uid == getuid())
        if hasAttribute && SharedMemory.takesUserAttributes {
            var value = [UInt8](repeating: 0, count: 16)
            let count = getxattr(moved, "user.dndkit.test", &value, value.count)
            #expect(Array(value.prefix(max(count, 0))) == attribute)
        }
    }

    @Test(.enabled(if: AppendOnly.isAvailable))
    func aSourceThatCannotBeRemovedIsReportedAndBothNamesStay() async throws {
        let folders = try MoveFolders()
        defer {
            AppendOnly.set(false, on: folders.source.path)
            folders.remove()
        }
        let picture = try pngFile(seed: 25)
        let path = try folders.write(picture, as: "shot.png")
        AppendOnly.set(true, on: folders.source.path)
        let report = try await ImageMover(destination: folders.destination.path).run([path])
        #expect(report.outcomes.map(\.status) == [.copied])
        let reason = report.outcomes.first?.reason ?? ""
        #expect(reason.hasPrefix("not moved: it was copied, but its source could not be removed (permission denied)"))
        #expect(reason.contains("hard links to one file"))
        #expect(!report.succeeded)
        #expect(try folders.contents() == ["source/shot.png": picture, "destination/shot.png": picture])
        #expect(try status(path).st_nlink == 2)
    }

    private func status(_ path: String) throws -> stat {
        var result = stat()
        guard lstat(path, &result) == 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        return result
    }
}

/// `/dev/shm`, a memory file system: another file system than the temporary folder's, where there is one.
enum SharedMemory {
    static var isAnotherFileSystem: Bool {
        var shared = stat()
        var temporary = stat()
        return stat("/dev/shm", &shared) == 0 && access("/dev/shm", W_OK) == 0
            && stat(FileManager.default.temporaryDirectory.path, &temporary) == 0 && shared.st_dev != temporary.st_dev
    }

    /// Whether files in `/dev/shm` take `user.` extended attributes (tmpfs does from Linux 6.6).
    static var takesUserAttributes: Bool {
        let probe = "/dev/shm/dnd-sim-xattr-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
        defer { unlink(probe) }
        return setxattr(probe, "user.dndkit.probe", "1", 1, 0) == 0
    }

    static func folder() throws -> String {
        let path = "/dev/shm/dnd-sim-move-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }
}

/// The append-only attribute of a folder (`chattr +a`): names can be added to it but not removed, even by root.
enum AppendOnly {
    static func set(_ on: Bool, on path: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [on ? "+a" : "-a", path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    /// Whether setting it works here (it needs `chattr`, a file system that has it, and the right to set it).
    static var isAvailable: Bool {
        guard let folder = try? temporaryFolder("dnd-sim-probe") else { return false }
        let probe = folder.appendingPathComponent("probe").path
        defer {
            set(false, on: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
        set(true, on: folder.path)
        return unlink(probe) != 0
    }
}
