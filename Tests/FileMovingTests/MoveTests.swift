import FileMoving
import Foundation
import PNGCodec
import TestSupport
import Testing

/// `ImageMover` on real files in temporary folders.
@Suite("Moving images through two panes")
struct MoveTests {
    @Test func imagesMoveByTheirContentAndLeaveTheirSource() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let pictures = try (0..<3).map { try pngFile(seed: $0) }
        let paths = try [
            folders.write(pictures[0], as: "a.png"), folders.write(pictures[1], as: "b.png"),
            // PNG content under a name that says nothing: identified by its content.
            folders.write(pictures[2], as: "c.bin"),
        ]
        let report = try await ImageMover(destination: folders.destination.path).run(paths)
        #expect(report.outcomes.map(\.status) == [.moved, .moved, .moved])
        #expect(report.outcomes.map(\.contentType) == ["public.png", "public.png", "public.png"])
        #expect(report.succeeded)
        #expect(
            try folders.contents() == [
                "destination/a.png": pictures[0], "destination/b.png": pictures[1], "destination/c.bin": pictures[2],
            ])
        #expect(
            report.outcomes.map(\.destination)
                == ["a.png", "b.png", "c.bin"].map { folders.destination.appendingPathComponent($0).path })
        #expect(report.transferredByteCount == pictures.map(\.count).reduce(0, +))
    }

    @Test func copiesLeaveTheSourcesInPlace() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let picture = try pngFile(seed: 7)
        let path = try folders.write(picture, as: "shot.png")
        let report = try await ImageMover(destination: folders.destination.path, copies: true).run([path])
        #expect(report.outcomes.first?.status == .copied)
        #expect(try folders.contents() == ["source/shot.png": picture, "destination/shot.png": picture])
    }

    @Test func whatCannotBeAcceptedStaysWhereItWasWithAReason() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let good = try pngFile(seed: 1)
        let truncated = try pngFile(seed: 2).prefix(40)
        var badCRC = try pngFile(seed: 3)
        badCRC[20] ^= 0xFF  // inside IHDR's data: its CRC no longer matches
        let taken = try pngFile(seed: 4)
        let waiting = try pngFile(seed: 5)
        try folders.write(taken, as: "taken.png", in: folders.destination)
        let paths = try [
            folders.write(good, as: "good.png"),
            folders.write(Data("shopping list\n".utf8), as: "notes.txt"),
            folders.write(Data(truncated), as: "truncated.png"),
            folders.write(badCRC, as: "crc.png"),
            folders.write(waiting, as: "taken.png"),
            folders.root.appendingPathComponent("missing.png").path,
            folders.source.path,
        ]
        let before = try folders.contents()
        let report = try await ImageMover(destination: folders.destination.path).run(paths)
        #expect(report.outcomes.map(\.status) == [.moved, .refused, .refused, .refused, .refused, .refused, .refused])
        let reasons = report.outcomes.map { $0.reason ?? "" }
        #expect(reasons[1].contains("not an image") && reasons[1].contains("public.plain-text"))
        #expect(reasons[2].contains("not a valid PNG"))
        #expect(reasons[3].contains("not a valid PNG") && reasons[3].contains("CRC"))
        #expect(reasons[4].contains("already exists") && reasons[4].contains("not replaced"))
        #expect(reasons[5] == "no such file")
        #expect(reasons[6] == "is a directory")
        var expected = before
        expected["destination/good.png"] = expected.removeValue(forKey: "source/good.png")
        #expect(
            try folders.contents() == expected, "only the good file moved; nothing else changed, no file was left over")
        #expect(!report.succeeded)
    }

    @Test func twoFilesOfTheSameNameNeverReplaceEachOther() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let other = folders.root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let first = try pngFile(seed: 10)
        let second = try pngFile(seed: 11)
        let paths = try [folders.write(first, as: "same.png"), folders.write(second, as: "same.png", in: other)]
        let report = try await ImageMover(destination: folders.destination.path).run(paths)
        #expect(report.outcomes.map(\.status) == [.moved, .refused])
        #expect(try folders.contents() == ["destination/same.png": first, "other/same.png": second])
    }

    @Test func nothingIsLostInAMixedMove() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        // A large PNG (noise compresses badly) grows the copy's buffers beyond their first megabyte.
        var state: UInt32 = 12_345
        let noise = (0..<(700 * 500 * 4)).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let large = try PNGEncoder(options: .fast).encode(Bitmap(width: 700, height: 500, format: .rgba8, bytes: noise))
        #expect(large.count > 1 << 20)
        var inputs: [String: Data] = ["large.png": large, "text.md": Data("# title\n".utf8)]
        for index in 0..<12 { inputs["shot\(index).png"] = try pngFile(seed: index) }
        inputs["shot3.png"] = inputs["shot3.png"]?.prefix(30)
        try folders.write(Data("already here".utf8), as: "shot5.png", in: folders.destination)
        let paths = try inputs.keys.sorted().map { try folders.write(inputs[$0] ?? Data(), as: $0) }
        let report = try await ImageMover(destination: folders.destination.path).run(paths)
        let after = try folders.contents()
        for (name, data) in inputs {
            let copies = after.filter { $0.key.hasSuffix("/\(name)") && $0.value == data }
            #expect(copies.count == 1, "\(name) exists exactly once with its bytes")
        }
        #expect(after["destination/shot5.png"] == Data("already here".utf8))
        #expect(after.count == inputs.count + 1, "no temporary file is left")
        #expect(report.count(.moved) == 11)
        #expect(report.count(.refused) == 3)
    }

    @Test func manyFilesTravelSideBySideEachInItsOwnSession() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        var paths: [String] = []
        for index in 0..<120 {
            let data = index == 101 ? Data("plain text\n".utf8) : try pngFile(seed: index, width: 4, height: 4)
            paths.append(try folders.write(data, as: "file\(index).png"))
        }
        try folders.write(Data("mine".utf8), as: "file77.png", in: folders.destination)
        let report = try await ImageMover(destination: folders.destination.path).run(paths)
        #expect(report.outcomes.map(\.file) == paths)
        let refused = report.outcomes.enumerated().filter { $0.element.status == .refused }.map(\.offset)
        #expect(refused == [77, 101])
        #expect(report.count(.moved) == 118)
        #expect(try folders.contents().count == 121)
    }

    @Test func anUnusableDestinationStopsBeforeAnything() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let path = try folders.write(try pngFile(seed: 1), as: "a.png")
        for destination in [folders.root.appendingPathComponent("nowhere").path, path] {
            await #expect {
                try await ImageMover(destination: destination).run([path])
            } throws: { error in
                (error as? MoveError)?.code == .destinationUnusable && "\(error)".contains(destination)
            }
        }
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func progressIsToldOfEveryFile() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let paths = try (0..<4).map { try folders.write(try pngFile(seed: $0), as: "p\($0).png") }
        nonisolated(unsafe) var seen: [Int] = []
        _ = try await ImageMover(destination: folders.destination.path, synchronizesCopies: true).run(
            paths + ["/no/such.png"]
        ) { _, done, total in
            #expect(total == 5)
            seen.append(done)
        }
        #expect(seen == [1, 2, 3, 4, 5])
    }
}

/// A file named more than once is handled once; its other namings say so and nothing is left behind.
@Suite("Files named twice")
struct DuplicateNamingTests {
    @Test func aFileNamedTwiceMovesOnceAndTheReportIsTrue() async throws {
        let folders = try MoveFolders()
        defer { folders.remove() }
        let picture = try pngFile(seed: 31)
        let path = try folders.write(picture, as: "a.png")
        let spelledOtherwise = folders.source.path + "/./a.png"
        let report = try await ImageMover(destination: folders.destination.path).run([path, path, spelledOtherwise])
        #expect(report.outcomes.map(\.status) == [.moved, .duplicate, .duplicate])
        #expect(report.outcomes[1].reason == "the same file as \(path), handled once, as that one")
        #expect(report.succeeded)
        #expect(try folders.contents() == ["destination/a.png": picture])
        var status = stat()
        #expect(stat(folders.destination.path + "/a.png", &status) == 0 && status.st_nlink == 1)
    }
}
