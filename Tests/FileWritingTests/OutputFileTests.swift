import FileWriting
import Foundation
import TestSupport
import Testing

/// Whole files written aside and renamed: nothing replaced unless asked or proved, nothing half-written, causes typed.
@Suite("Output files")
struct OutputFileTests {
    func read(_ path: String) throws -> Data {
        try ReadableFile(path).readAll(limit: 1 << 30)
    }

    /// The names in a folder, hidden ones included, sorted.
    func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("A new file is written whole; an existing one is refused, then replaced with its mode kept when asked")
    func refusesThenReplaces() throws {
        try withTemporaryFolder("dndkit-output") { folder in
            let path = folder.appendingPathComponent("out.bin").path
            let first = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
            try OutputFile.writeContents(first, toPath: path, replacing: false)
            #expect(try read(path) == first)

            let refusal = #expect(throws: FileSystemError.self) {
                try OutputFile.writeContents(Data("other".utf8), toPath: path, replacing: false)
            }
            #expect(refusal?.code == .exists)
            #expect(try read(path) == first)

            #expect(chmod(path, 0o640) == 0)
            try OutputFile.writeContents(Data("second".utf8), toPath: path, replacing: true)
            #expect(try read(path) == Data("second".utf8))
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o640)
            #expect(try names(folder) == ["out.bin"])
        }
    }

    @Test("A file is replaced only while it is the one written: not after the user replaced or edited it")
    func replacesOnlyWhatItWrote() throws {
        try withTemporaryFolder("dndkit-output") { folder in
            let path = folder.appendingPathComponent("record.json").path
            let written = try OutputFile.writeContents(Data("one".utf8), toPath: path, existing: .nothing)
            #expect(written == WrittenFile(atPath: path))

            // Still the file written: replaced, and the new identity proves the next write.
            let second = try OutputFile.writeContents(Data("two".utf8), toPath: path, existing: .fileWritten(written))
            #expect(try read(path) == Data("two".utf8))
            #expect(second != written)

            // The old proof no longer matches: refused, the file left as it is.
            let stale = #expect(throws: FileSystemError.self) {
                try OutputFile.writeContents(Data("three".utf8), toPath: path, existing: .fileWritten(written))
            }
            #expect(stale?.code == .exists)
            #expect(try read(path) == Data("two".utf8))

            // The user put a file of their own in its place: refused, theirs kept.
            #expect(unlink(path) == 0)
            try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
            let replaced = #expect(throws: FileSystemError.self) {
                try OutputFile.writeContents(Data("four".utf8), toPath: path, existing: .fileWritten(second))
            }
            #expect(replaced?.code == .exists)
            #expect(try read(path) == Data("mine".utf8))

            // The file written is gone: the name is free again, and taken without replacing anything.
            #expect(unlink(path) == 0)
            try OutputFile.writeContents(Data("five".utf8), toPath: path, existing: .fileWritten(second))
            #expect(try read(path) == Data("five".utf8))
            #expect(try names(folder) == ["record.json"])
        }
    }

    @Test("Read back when asked: the file is compared before it gets its name")
    func readsBack() throws {
        try withTemporaryFolder("dndkit-output") { folder in
            let path = folder.appendingPathComponent("item.png").path
            let data = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let written = try OutputFile.writeContents(data, toPath: path, existing: .nothing, readingBack: true)
            #expect(try read(path) == data)
            #expect(written.size == Int64(data.count))

            // A file whose bytes are not what was meant is never given its name.
            let other = folder.appendingPathComponent("other.png").path
            let file = try FileBeingWritten(for: other)
            try file.write(Data("abc".utf8))
            #expect(throws: FileSystemError(.readBackDiffers, path: other, operation: "cannot write")) {
                try file.readBack(matches: Data("abd".utf8))
            }
            #expect(try names(folder).count == 2)  // item.png and the hidden file being written
            #expect(try names(folder).contains { $0.hasPrefix(".other.png.") && $0.hasSuffix(".partial") })
        }
    }

    @Test(
        "A name of the longest length a file may have is written aside under a shorter hidden name",
        arguments: [
            String(repeating: "x", count: 251) + ".png", String(repeating: "é", count: 127) + "x",
            String(repeating: "👍🏽", count: 31) + "abc.txt",
        ])
    func longestName(_ name: String) throws {
        #expect(name.utf8.count == 255)
        try withTemporaryFolder("dndkit-output") { folder in
            let path = folder.appendingPathComponent(name).path
            let file = try FileBeingWritten(for: path)
            let hidden = URL(fileURLWithPath: file.temporaryPath).lastPathComponent
            #expect(hidden.utf8.count <= 255 && hidden.hasPrefix(".") && hidden.hasSuffix(".partial"))
            try file.write(Data("whole".utf8))
            try file.place(.nothing)
            #expect(try read(path) == Data("whole".utf8))
            #expect(try names(folder) == [name])
        }
    }

    @Test("A file being written that is never placed leaves nothing behind")
    func unplacedFileIsRemoved() throws {
        try withTemporaryFolder("dndkit-output") { folder in
            let path = folder.appendingPathComponent("out.txt").path
            do {
                let file = try FileBeingWritten(for: path)
                try file.write(Data("half".utf8))
                #expect(try names(folder).count == 1)
            }
            #expect(try names(folder).isEmpty)

            // A file that appears while one is written is not replaced; the hidden file goes.
            let file = try FileBeingWritten(for: path)
            try file.write(Data("late".utf8))
            try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: FileSystemError(.exists, path: path, operation: "cannot write")) {
                try file.place(.nothing)
            }
            #expect(try read(path) == Data("theirs".utf8))
        }
    }

    @Test(
        "On a full disk the write fails as no space, naming the file, and nothing partial is left",
        .enabled(if: TinyFileSystem.isAvailable, "mounting a 64 KiB tmpfs needs root (CAP_SYS_ADMIN)"))
    func fullDisk() throws {
        let disk = try TinyFileSystem(byteCount: 64 << 10)
        defer { disk.remove() }
        let path = disk.folder.appendingPathComponent("big.bin").path
        let big = Data(count: 200 << 10)
        #expect(throws: FileSystemError(.noSpace, path: path, operation: "cannot write")) {
            try OutputFile.writeContents(big, toPath: path, existing: .nothing)
        }
        #expect(try names(disk.folder).isEmpty)

        // The space is back: a file that fits is written, and a later one too big leaves it whole.
        let small = Data(repeating: 7, count: 16 << 10)
        let written = try OutputFile.writeContents(small, toPath: path, existing: .nothing)
        #expect(throws: FileSystemError(.noSpace, path: path, operation: "cannot write")) {
            try OutputFile.writeContents(big, toPath: path, existing: .fileWritten(written))
        }
        #expect(try read(path) == small)
        #expect(try names(disk.folder) == ["big.bin"])
    }

    @Test("Causes are typed: is a directory, no such file (the folder), not a directory, too large")
    func causes() throws {
        try withTemporaryFolder("dndkit-output") { folder in
            #expect(throws: FileSystemError(.isADirectory, path: folder.path, operation: "cannot write")) {
                try OutputFile.writeContents(Data(), toPath: folder.path, replacing: true)
            }
            let missing = folder.appendingPathComponent("missing/out").path
            #expect(throws: FileSystemError(.noSuchFile, path: missing, operation: "cannot write")) {
                try OutputFile.writeContents(Data(), toPath: missing, replacing: false)
            }
            let file = folder.appendingPathComponent("file").path
            try OutputFile.writeContents(Data(count: 10), toPath: file, replacing: false)
            #expect(throws: FileSystemError(.tooLarge, path: file, operation: "cannot read")) {
                try OutputFile.readContents(atPath: file, limit: 9)
            }
            #expect(try OutputFile.readContents(atPath: file, limit: 10) == Data(count: 10))
            let below = file + "/inner"
            #expect(throws: FileSystemError(.notADirectory, path: below, operation: "cannot write")) {
                try OutputFile.writeContents(Data(), toPath: below, replacing: false)
            }
        }
    }

    @Test("Renaming without replacing refuses a name that is taken, by a file or a folder")
    func renamingWithoutReplacing() throws {
        try withTemporaryFolder("dndkit-output") { folder in
            let from = folder.appendingPathComponent("from").path
            let taken = folder.appendingPathComponent("taken").path
            let free = folder.appendingPathComponent("free").path
            try Data("new".utf8).write(to: URL(fileURLWithPath: from))
            try Data("old".utf8).write(to: URL(fileURLWithPath: taken))
            try FileManager.default.createDirectory(atPath: free + "-folder", withIntermediateDirectories: false)
            #expect(Renaming.withoutReplacing(from, taken) == EEXIST)
            #expect(Renaming.withoutReplacing(from, free + "-folder") == EEXIST)
            #expect(try read(taken) == Data("old".utf8))
            #expect(Renaming.withoutReplacing(from, free) == 0)
            #expect(try read(free) == Data("new".utf8))
            #expect(!OutputFile.exists(from))
        }
    }
}
