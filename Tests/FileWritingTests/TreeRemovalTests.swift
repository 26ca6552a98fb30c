import FileWriting
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders this program made, removed with everything in them, and nothing outside them even through links.
@Suite("Removing a folder tree")
struct TreeRemovalTests {
    /// Makes `folder/relative` with `contents`, and the folders on the way.
    func write(_ contents: String, at relative: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
    }

    func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }

    @Test("Files, hidden files, empty and nested folders all go, and the folder itself")
    func removesEverything() throws {
        try withTemporaryFolder("dndkit-tree-removal") { base in
            let tree = base.appendingPathComponent("tree")
            try write("a", at: "a.txt", in: tree)
            try write("b", at: ".hidden", in: tree)
            try write("c", at: "one/two/three/c.png", in: tree)
            try FileManager.default.createDirectory(
                at: tree.appendingPathComponent("empty"), withIntermediateDirectories: true)
            #expect(mkfifo(tree.appendingPathComponent("pipe").path, 0o600) == 0)
            #expect(TreeRemoval.remove(folderAt: tree.path + "/"))
            #expect(!exists(tree))
            #expect(try FileManager.default.contentsOfDirectory(atPath: base.path).isEmpty)
        }
    }

    @Test("A link inside, to a folder or a file outside, is removed itself; what it points to stays")
    func linksInsideAreNotFollowed() throws {
        try withTemporaryFolder("dndkit-tree-removal") { base in
            let outside = base.appendingPathComponent("outside")
            try write("keep", at: "keep.txt", in: outside)
            try write("keep too", at: "deeper/keep.txt", in: outside)
            let tree = base.appendingPathComponent("tree")
            try write("x", at: "sub/x.txt", in: tree)
            try FileManager.default.createSymbolicLink(
                atPath: tree.appendingPathComponent("sub/to-folder").path, withDestinationPath: outside.path)
            try FileManager.default.createSymbolicLink(
                atPath: tree.appendingPathComponent("to-file").path,
                withDestinationPath: outside.appendingPathComponent("keep.txt").path)
            #expect(TreeRemoval.remove(folderAt: tree.path))
            #expect(!exists(tree))
            #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
            #expect(
                try String(contentsOf: outside.appendingPathComponent("deeper/keep.txt"), encoding: .utf8)
                    == "keep too")
        }
    }

    @Test("A link in the folder's own place is removed, not its target; a missing folder is already gone")
    func linkAtThePathAndNothingThere() throws {
        try withTemporaryFolder("dndkit-tree-removal") { base in
            let outside = base.appendingPathComponent("outside")
            try write("keep", at: "keep.txt", in: outside)
            let link = base.appendingPathComponent("tree")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)
            #expect(TreeRemoval.remove(folderAt: link.path))
            #expect(!exists(link))
            #expect(exists(outside.appendingPathComponent("keep.txt")))
            #expect(TreeRemoval.remove(folderAt: base.appendingPathComponent("never-made").path))
            #expect(!TreeRemoval.remove(folderAt: base.path + "/.."))
            #expect(exists(base))
        }
    }

    @Test("A tree deeper than the limit is left in part, and says so")
    func depthIsBounded() throws {
        try withTemporaryFolder("dndkit-tree-removal") { base in
            let tree = base.appendingPathComponent("tree")
            let deep = (0...TreeRemoval.maximumDepth + 1).map { "d\($0)" }.joined(separator: "/")
            try write("bottom", at: deep + "/bottom.txt", in: tree)
            #expect(!TreeRemoval.remove(folderAt: tree.path))
            #expect(exists(tree))
            let shallow = base.appendingPathComponent("shallow")
            let allowed = (0..<TreeRemoval.maximumDepth).map { "d\($0)" }.joined(separator: "/")
            try write("bottom", at: allowed + "/bottom.txt", in: shallow)
            #expect(TreeRemoval.remove(folderAt: shallow.path))
            #expect(!exists(shallow))
        }
    }
}
