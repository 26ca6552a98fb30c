import Foundation
import Testing

@Suite("dnd-sim run and demo: pictures")
struct RunPicturesTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dnd-sim-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Width and height from a PNG's IHDR chunk, or nil when the bytes are not a PNG.
    private func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        let number = { (start: Int) in bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test("--snapshots writes one PNG of the whole scene per key moment, named by number and kind")
    func snapshots() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")
        let result = try dndSim(["run", scene.path, "--out", folder.path, "--snapshots"])
        #expect(result.status == 0)
        let pictures = folder.appendingPathComponent("snapshots")
        let names = try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
        let kinds = names.map { $0.dropFirst(4).dropLast(4) }
        #expect(kinds.first == "lift")
        #expect(kinds.contains("targeted") && kinds.contains("drop"))
        #expect(names.allSatisfy { $0.prefix(3).allSatisfy(\.isNumber) && $0.hasSuffix(".png") })
        let lift = try Data(contentsOf: pictures.appendingPathComponent(names[0]))
        let targeted = try Data(contentsOf: pictures.appendingPathComponent(names[1]))
        #expect(pngSize(lift)?.width == 390)
        #expect(pngSize(lift)?.height == 844)
        #expect(lift != targeted)
        #expect(result.standardOutput.contains("Pictures: \(pictures.path)/\(names[0])"))
    }

    @Test("An output folder that holds files is refused unless --force, which replaces it whole: nothing stale")
    func rerun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = folder.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: pictures.appendingPathComponent("099-lift.png"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")

        let refused = try dndSim(["run", scene.path, "--out", folder.path, "--snapshots"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("\(folder.path): already exists and holds files"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path) == ["099-lift.png"])
        #expect(
            FileManager.default.contents(atPath: folder.appendingPathComponent("notes.txt").path) == Data("mine".utf8))

        let forced = try dndSim(["run", scene.path, "--out", folder.path, "--snapshots", "--force"])
        #expect(forced.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: pictures.path)
        #expect(!names.contains("099-lift.png") && names.contains { $0.hasSuffix("-lift.png") })
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.hasPrefix(".\(folder.lastPathComponent).") })  // no partial or old folder left
    }

    @Test("--ansi draws each moment in the terminal with truecolor half blocks, $COLUMNS wide")
    func ansi() throws {
        let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")
        let result = try dndSim(["run", scene.path, "--ansi"], environment: ["NO_COLOR": "1", "COLUMNS": "40"])
        #expect(result.status == 0)
        let pictureLines = result.standardOutput.split(separator: "\n").filter { $0.contains("▀") }
        #expect(pictureLines.count > 10)
        #expect(pictureLines.allSatisfy { $0.filter { $0 == "▀" }.count == 40 })
        #expect(result.standardOutput.contains("\u{1B}[38;2;"))
        #expect(result.standardOutput.contains("targeted"))
    }

    @Test("--ansi with --json is a usage error")
    func ansiWithJSON() throws {
        let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")
        let result = try dndSim(["run", scene.path, "--ansi", "--json"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--ansi"))
    }

    @Test("The demo writes its pictures under --out and says where they are")
    func demo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try dndSim(["demo", "--out", folder.path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("snapshots").path)
        for kind in ["lift", "targeted", "forbidden", "refused", "cancelled", "drop"] {
            #expect(names.contains { $0.hasSuffix("-\(kind).png") }, "no \(kind) picture")
        }
        #expect(result.standardOutput.contains("Pictures: \(folder.path)/snapshots/001-lift.png"))
    }
}
