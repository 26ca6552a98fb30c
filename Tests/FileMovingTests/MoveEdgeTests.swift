import Foundation
import PNGCodec
import TestSupport
import Testing

@testable import FileMoving

/// A PNG of random pixels, which does not compress: about `side`² × 3 bytes.
private func noisePNG(side: Int) throws -> Data {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<side * side * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return try PNGEncoder(options: .fast).encode(Bitmap(width: side, height: side, format: .rgb8, bytes: bytes))
}

/// What a move meets on real disks: a full file system, pictures larger than a decoder would take, special files,
/// sources that cannot be removed.
@Suite("Moving images: full disks, large pictures, special files")
struct MoveEdgeTests {
    /// On a 64 KiB file system, a file that does not fit, given first, stays where it was with "no space left on
    /// the device" naming the file it was to become (never a temporary name), and the two that fit arrive; nothing
    /// partial is left.
    @Test(.enabled(if: TinyFileSystem.isAvailable, "mounting a 64 KiB tmpfs needs root (CAP_SYS_ADMIN)"))
    func eachFileStandsAloneOnAFullDisk() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let disk = try TinyFileSystem(byteCount: 64 << 10)
        defer { disk.remove() }
        let big = try noisePNG(side: 160)
        #expect(big.count > 64 << 10)
        let small = try [pngFile(seed: 1), pngFile(seed: 2)]
        let paths = try [
            folders.write(big, as: "big.png"), folders.write(small[0], as: "a.png"),
            folders.write(small[1], as: "b.png"),
        ]
        let destination = disk.folder.path
        let report = try await ImageMover(destination: destination).run(paths)
        #expect(report.outcomes.map(\.status) == [.refused, .moved, .moved])
        let reason = report.outcomes[0].reason ?? ""
        #expect(reason == "cannot write the copy \(destination)/big.png: no space left on the device")
        #expect(!reason.contains(".part"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination).sorted() == ["a.png", "b.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination + "/a.png")) == small[0])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination + "/b.png")) == small[1])
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == big)
    }

    /// A full-page screenshot 70000 pixels high has a sound structure; moving never decodes it, so no decoder limit
    /// stops it.
    @Test func aPictureTallerThanTheDecoderLimitMoves() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let tall = SolidPNG.data(width: 1280, height: 70000)
        #expect(tall.count < 100_000)
        #expect(throws: ImageError.self) { _ = try PNGDecoder().info(tall) }
        let path = try folders.write(tall, as: "page.png")
        let report = try await ImageMover(destination: folders.destination.path).run([path])
        #expect(report.outcomes.map(\.status) == [.moved])
        #expect(report.outcomes.first?.reason == nil)
        #expect(try folders.contents() == ["destination/page.png": tall])
    }

    /// A broken PNG is still refused: the structure is checked, only the limits are not.
    @Test func aBrokenTallPictureIsStillRefused() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        var tall = SolidPNG.data(width: 1280, height: 70000)
        tall[20] ^= 0xFF  // inside IHDR: its CRC no longer matches
        let path = try folders.write(tall, as: "page.png")
        let report = try await ImageMover(destination: folders.destination.path).run([path])
        #expect(report.outcomes.map(\.status) == [.refused])
        #expect(report.outcomes.first?.reason == "not a valid PNG: CRC mismatch in chunk IHDR at byte 8")
    }

    /// A named pipe and a socket are refused without being opened for reading; the picture beside them moves. (Should
    /// a regression open the pipe, a writer comes after 30 seconds, so that the test fails on the reason instead of
    /// hanging.)
    @Test func specialFilesAreRefusedAtOnce() async throws {
        let files = try SpecialFiles()
        defer { files.remove() }
        files.unblockReaders(after: 30)
        let folders = try MoveFolders()
        defer { folders.remove() }
        let picture = try pngFile(seed: 3)
        let path = try folders.write(picture, as: "a.png")
        let report = try await ImageMover(destination: folders.destination.path).run([
            files.namedPipe, files.socket, path,
        ])
        #expect(report.outcomes.map(\.status) == [.refused, .refused, .moved])
        #expect(
            report.outcomes.map(\.reason) == [
                "not a regular file (a named pipe)", "not a regular file (a socket)", nil,
            ])
    }
}

/// The full-disk rule on any file system, root or not: a write failure injected at the copy (`ENOSPC` once the
/// destination "holds" 8 KB).
@Suite("Moving images: a full disk, simulated")
struct SimulatedFullDiskTests {
    @Test func theFileThatDoesNotFitStaysAndTheOthersArrive() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let big = try noisePNG(side: 60)
        #expect(big.count > 8_000)
        let small = try [pngFile(seed: 8), pngFile(seed: 9)]
        let paths = try [
            folders.write(big, as: "big.png"), folders.write(small[0], as: "a.png"),
            folders.write(small[1], as: "b.png"),
        ]
        var mover = ImageMover(destination: folders.destination.path, copies: true)
        mover.simulatedFreeSpace = 8_000
        let report = try await mover.run(paths)
        #expect(report.outcomes.map(\.status) == [.refused, .copied, .copied])
        #expect(
            report.outcomes[0].reason
                == "cannot write the copy \(folders.destination.path)/big.png: no space left on the device")
        #expect(
            try folders.contents() == [
                "source/big.png": big, "source/a.png": small[0], "source/b.png": small[1],
                "destination/a.png": small[0], "destination/b.png": small[1],
            ], "nothing partial is left")
    }
}
