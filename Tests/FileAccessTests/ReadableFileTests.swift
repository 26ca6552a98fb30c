import FileAccess
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ReadableFile`: regular files are read, bounded by their size when opened; anything else is refused at once,
/// without being opened for reading.
@Suite("Readable files")
struct ReadableFileTests {
    /// Opens `path` while a watchdog unblocks a reader stuck on the named pipe after 20 seconds, so that a regression
    /// fails (on the time it took) instead of hanging.
    private func openQuickly(_ path: String, in files: SpecialFiles) -> (Result<Int, FileSystemError>, Duration) {
        files.unblockReaders(after: 20)
        let clock = ContinuousClock()
        let started = clock.now
        let result = Result { () throws(FileSystemError) in try ReadableFile(path).byteCount }
        let elapsed = clock.now - started
        return (result, elapsed)
    }

    @Test func aNamedPipeIsRefusedWithoutWaitingForAWriter() throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        let (result, elapsed) = openQuickly(files.namedPipe, in: files)
        #expect(elapsed < .seconds(10))
        #expect(throws: FileSystemError(.notARegularFile(.namedPipe), path: files.namedPipe, operation: "cannot read"))
        {
            try result.get()
        }
        #expect(FileSystemError.Code.notARegularFile(.namedPipe).rawValue == "not a regular file (a named pipe)")
    }

    @Test func aSocketAndADeviceAreRefused() throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        #expect(throws: FileSystemError(.notARegularFile(.socket), path: files.socket, operation: "cannot read")) {
            _ = try ReadableFile(files.socket)
        }
        #expect(
            throws: FileSystemError(.notARegularFile(.characterDevice), path: "/dev/null", operation: "cannot read")
        ) {
            _ = try ReadableFile("/dev/null")
        }
    }

    @Test func aFolderAndAMissingFileSayWhat() throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        #expect(throws: FileSystemError(.isADirectory, path: files.folder.path, operation: "cannot read")) {
            _ = try ReadableFile(files.folder.path)
        }
        let missing = files.path("missing")
        #expect(throws: FileSystemError(.noSuchFile, path: missing, operation: "cannot read")) {
            _ = try ReadableFile(missing)
        }
    }

    /// A named pipe put where a regular file was, between the check and the opening, is caught after opening (which
    /// `O_NONBLOCK` keeps from waiting), and so is another regular file.
    @Test func aFileSwappedBetweenTheCheckAndTheOpeningIsCaught() throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        let path = files.path("swapped")
        try Data("first".utf8).write(to: URL(fileURLWithPath: path))
        files.unblockReaders(of: path, after: 20)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: FileSystemError(.notARegularFile(.namedPipe), path: path, operation: "cannot read")) {
            _ = try ReadableFile(path) {
                unlink(path)
                rename(files.namedPipe, path)
            }
        }
        #expect(clock.now - started < .seconds(10))

        let other = files.path("other")
        try Data("first".utf8).write(to: URL(fileURLWithPath: other))
        #expect(throws: FileSystemError(.replacedWhileOpening, path: other, operation: "cannot read")) {
            _ = try ReadableFile(other) {
                // Made while the first still exists, so that it cannot get the first's inode number back.
                let replacement = files.path("replacement")
                _ = FileManager.default.createFile(atPath: replacement, contents: Data("second".utf8))
                rename(replacement, other)
            }
        }
    }

    /// A file that grows while it is read is read as long as it was when opened.
    @Test func readsStopAtTheSizeWhenOpened() throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        let path = files.path("growing.log")
        try Data(repeating: 0x61, count: 1000).write(to: URL(fileURLWithPath: path))
        let file = try ReadableFile(path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x62, count: 5000))
        try handle.close()
        #expect(try file.readAll(limit: 1 << 20) == Data(repeating: 0x61, count: 1000))
        #expect(try file.readPrefix(upTo: 10) == Data(repeating: 0x61, count: 10))
        #expect(throws: FileSystemError(.tooLarge, path: path, operation: "cannot read")) {
            _ = try file.readAll(limit: 999)
        }
    }

    /// Files that report a size of 0 and have content all the same (the kernel's) are read up to the limit.
    @Test func aFileOfSizeZeroIsReadUpToTheLimit() throws {
        let file = try ReadableFile("/proc/self/status")
        #expect(file.byteCount == 0)
        let prefix = try file.readPrefix(upTo: 64)
        #expect(prefix.count == 64)
        #expect(String(decoding: prefix, as: UTF8.self).hasPrefix("Name:"))
    }
}
