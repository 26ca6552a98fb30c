import FileWriting
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files placed under the first free name (`name 2.ext`, …) when their own is taken: never over anything there.
@Suite("Free names")
struct FreeNameTests {
    func read(_ path: String) throws -> Data {
        try ReadableFile(path).readAll(limit: 1 << 20)
    }

    /// The names in a folder, hidden ones included, sorted.
    func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Writes `contents` aside for `name` in `folder` and places it under the first free name.
    func place(_ contents: String, as name: String, in folder: URL, attempts: Int = 10_000) throws -> String {
        let file = try FileBeingWritten(for: folder.appendingPathComponent(name).path)
        try file.write(Data(contents.utf8))
        let placed = try file.placeUnderFreeName(attempts: attempts)
        #expect(placed.file == WrittenFile(atPath: placed.path))
        return placed.path
    }

    @Test("A free name is used as it is; a taken one becomes `name 2.ext`, the file there untouched")
    func takenName() throws {
        try withTemporaryFolder("dndkit-free-name") { folder in
            let first = try place("one", as: "photo.png", in: folder)
            #expect(first == folder.appendingPathComponent("photo.png").path)
            let second = try place("two", as: "photo.png", in: folder)
            #expect(second == folder.appendingPathComponent("photo 2.png").path)
            #expect(try read(first) == Data("one".utf8))
            #expect(try read(second) == Data("two".utf8))
            // A name without an extension is numbered at its end.
            try Data("mine".utf8).write(to: folder.appendingPathComponent("notes"))
            #expect(try place("three", as: "notes", in: folder) == folder.appendingPathComponent("notes 2").path)
            // Nothing hidden is left behind.
            #expect(try names(folder) == ["notes", "notes 2", "photo 2.png", "photo.png"])
        }
    }

    @Test("Several taken names, by files, a folder and a dangling link, are skipped to the first free one")
    func severalTakenNames() throws {
        try withTemporaryFolder("dndkit-free-name") { folder in
            for name in ["a.txt", "a 2.txt", "a 4.txt"] {
                try Data(name.utf8).write(to: folder.appendingPathComponent(name))
            }
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("a 3.txt"), withIntermediateDirectories: false)
            #expect(symlink("/nonexistent", folder.appendingPathComponent("a 5.txt").path) == 0)
            let placed = try place("new", as: "a.txt", in: folder)
            #expect(placed == folder.appendingPathComponent("a 6.txt").path)
            #expect(try read(placed) == Data("new".utf8))
            for name in ["a.txt", "a 2.txt", "a 4.txt"] {
                #expect(try read(folder.appendingPathComponent(name).path) == Data(name.utf8))
            }
            #expect(try names(folder) == ["a 2.txt", "a 3.txt", "a 4.txt", "a 5.txt", "a 6.txt", "a.txt"])
        }
    }

    @Test("When every name tried is taken, `exists` names the file and nothing is left behind")
    func everyNameTaken() throws {
        try withTemporaryFolder("dndkit-free-name") { folder in
            for name in ["a.txt", "a 2.txt", "a 3.txt"] {
                try Data(name.utf8).write(to: folder.appendingPathComponent(name))
            }
            let path = folder.appendingPathComponent("a.txt").path
            #expect(throws: FileSystemError(.exists, path: path, operation: "cannot write")) {
                try place("new", as: "a.txt", in: folder, attempts: 3)
            }
            #expect(try names(folder) == ["a 2.txt", "a 3.txt", "a.txt"])
            #expect(try read(path) == Data("a.txt".utf8))
        }
    }

    @Test(
        "A 255-byte name that is taken is shortened, by whole characters, to make room for the number",
        arguments: [
            (String(repeating: "x", count: 251) + ".png", String(repeating: "x", count: 249) + " 2.png"),
            (String(repeating: "é", count: 125) + "x.txt", String(repeating: "é", count: 124) + " 2.txt"),
            (String(repeating: "é", count: 127) + "x", String(repeating: "é", count: 126) + " 2"),
        ])
    func longestName(_ name: String, _ expected: String) throws {
        #expect(name.utf8.count == 255 && expected.utf8.count <= 255)
        try withTemporaryFolder("dndkit-free-name") { folder in
            let first = try place("one", as: name, in: folder)
            let second = try place("two", as: name, in: folder)
            #expect(first == folder.appendingPathComponent(name).path)
            #expect(second == folder.appendingPathComponent(expected).path)
            #expect(try read(folder.appendingPathComponent(name).path) == Data("one".utf8))
            #expect(try read(folder.appendingPathComponent(expected).path) == Data("two".utf8))
            #expect(try names(folder) == [name, expected].sorted())
        }
    }

    @Test("A name too long for the file system fails as such, naming it; nothing is left behind")
    func nameTooLong() throws {
        try withTemporaryFolder("dndkit-free-name") { folder in
            let name = String(repeating: "x", count: 252) + ".png"
            let path = folder.appendingPathComponent(name).path
            #expect(throws: FileSystemError("cannot write", path: path, errno: ENAMETOOLONG)) {
                try place("one", as: name, in: folder)
            }
            let left = try names(folder)
            #expect(left.isEmpty)
        }
    }

    @Test("A file another program finished in a private folder is moved to the first free name beside it")
    func renamingToAFreeName() throws {
        try withTemporaryFolder("dndkit-free-name") { folder in
            let privateFolder = folder.appendingPathComponent(".private")
            try FileManager.default.createDirectory(at: privateFolder, withIntermediateDirectories: false)
            let from = privateFolder.appendingPathComponent("saved").path
            try Data("saved".utf8).write(to: URL(fileURLWithPath: from))
            try Data("mine".utf8).write(to: folder.appendingPathComponent("report.pdf"))
            let result = Renaming.withoutReplacing(from, inFolder: folder.path, freeNameFor: "report.pdf")
            #expect(result.errno == 0)
            #expect(result.path == folder.appendingPathComponent("report 2.pdf").path)
            #expect(try read(result.path) == Data("saved".utf8))
            #expect(try read(folder.appendingPathComponent("report.pdf").path) == Data("mine".utf8))
            #expect(try names(privateFolder).isEmpty)
        }
    }

    @Test("Candidate names: the name, then numbered before the extension")
    func candidates() {
        #expect(FreeName.candidate("photo.png", number: 1) == "photo.png")
        #expect(FreeName.candidate("photo.png", number: 12) == "photo 12.png")
        #expect(FreeName.candidate("archive.tar.gz", number: 2) == "archive.tar 2.gz")
        #expect(FreeName.candidate("README", number: 3) == "README 3")
    }

    @Test("A suggested name too long for a file name is shortened before its extension, by whole characters")
    func fittedNames() throws {
        #expect(FreeName.fitted("photo.png") == "photo.png")
        let long = String(repeating: "é", count: 200) + ".png"  // 404 bytes
        let fitted = FreeName.fitted(long)
        #expect(fitted.utf8.count <= 255 && fitted.utf8.count >= 253)
        #expect(fitted.hasSuffix(".png") && long.hasPrefix(fitted.dropLast(4)))
        let ascii = String(repeating: "a", count: 300)
        #expect(FreeName.fitted(ascii) == String(repeating: "a", count: 255))
        // The fitted name is one a file can have.
        try withTemporaryFolder("dndkit-free-name") { folder in
            let placed = try place("fitted", as: fitted, in: folder)
            #expect(placed == folder.appendingPathComponent(fitted).path)
            #expect(try read(placed) == Data("fitted".utf8))
        }
    }
}
