import Diagnostics
import FileAccess
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `FileSystemError`'s codes: an `errno` without a name of its own keeps its number, as swift-system's `Errno` does.
@Suite("File system errors")
struct FileSystemErrorTests {
    @Test("A loop of symbolic links fails with the code of ELOOP: its number kept, its words and number shown")
    func anUnnamedErrnoKeepsItsNumber() throws {
        let folder = try temporaryFolder("dndkit-errno")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first").path
        let second = folder.appendingPathComponent("second").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)

        let error = #expect(throws: FileSystemError.self) { _ = try ReadableFile(first) }
        #expect(error?.code == .other(ELOOP))
        #expect(error?.code.errorNumber == ELOOP)
        #expect(error?.code != .other(ENAMETOOLONG))
        let words = String(cString: strerror(ELOOP))
        #expect(error?.description == "\(first): cannot read: \(words) (errno \(ELOOP))")
    }

    @Test("Codes for numbers are equal by number, hash by number, and never equal a named code")
    func equalityByNumber() {
        typealias Code = FileSystemError.Code
        #expect(Code.other(EIO) == Code(errorNumber: EIO, words: "some other words"))
        #expect(Code.other(EIO) != Code.other(ENXIO))
        #expect(Set([Code.other(EIO), .other(EIO), .other(ENXIO), .noSuchFile]).count == 3)
        #expect(Code.other(EIO) != Code(rawValue: Code.other(EIO).rawValue))
        #expect(Code.other(ENOENT) != .noSuchFile)
        #expect(FileSystemError("cannot read", path: "/x", errno: ENOENT).code == .noSuchFile)
        #expect(FileSystemError("cannot read", path: "/x", errno: ENOENT).code.errorNumber == nil)
    }
}
