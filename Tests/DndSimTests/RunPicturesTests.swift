import Foundation
import TestSupport
import Testing

@Suite("dnd-sim run and demo: pictures")
struct RunPicturesTests {
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
        let folder = try temporaryFolder("dnd-sim-pictures")
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

    @Test("without a font that fontconfig finds, pictures still come, in the ASCII font, and a warning says why once")
    func fontFallbackIsSaid() throws {
        let folder = try temporaryFolder("dnd-sim-pictures")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A fontconfig configuration that names no font folder at all.
        let configuration = folder.appendingPathComponent("fonts.conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: configuration)
        let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")
        let output = folder.appendingPathComponent("out")
        let plain = try dndSim(["run", scene.path, "--out", output.path, "--snapshots"])
        #expect(plain.status == 0 && !plain.standardError.contains("font"), "\(plain.standardError)")
        let bare = try dndSim(
            ["run", scene.path, "--out", output.path, "--snapshots", "--force"],
            environment: ["FONTCONFIG_FILE": configuration.path])
        #expect(bare.status == 0, "\(bare.standardError)")
        let warnings = bare.standardError.split(separator: "\n").filter { $0.contains("built-in ASCII font") }
        #expect(warnings.count == 1, "\(bare.standardError)")
        #expect(warnings.first?.contains("fontconfig found no font file for DejaVu Sans") == true)
        let pictures = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("snapshots").path)
        #expect(pictures.count > 1)
    }

    @Test("Pictures already there are refused unless --force, which replaces only dnd-sim's own: nothing stale")
    func rerun() throws {
        let folder = try temporaryFolder("dnd-sim-pictures")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = folder.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: pictures.appendingPathComponent("099-lift.png"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")

        // A snapshots folder dnd-sim did not write: refused, with or without --force.
        for force in [[], ["--force"]] {
            let refused = try dndSim(["run", scene.path, "--out", folder.path, "--snapshots"] + force)
            #expect(refused.status == 1)
            #expect(refused.standardError.contains("\(folder.path): holds snapshots"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path) == ["099-lift.png"])
        }
        try FileManager.default.removeItem(at: pictures)
        #expect(try dndSim(["run", scene.path, "--out", folder.path, "--snapshots"]).status == 0)
        let forced = try dndSim(["run", scene.path, "--out", folder.path, "--snapshots", "--force"])
        #expect(forced.status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: pictures.path).contains { $0.hasSuffix("-lift.png") })
        #expect(
            FileManager.default.contents(atPath: folder.appendingPathComponent("notes.txt").path) == Data("mine".utf8))
        // No working folder is left behind, inside or beside.
        #expect(
            try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains {
                $0.hasPrefix(".dnd-sim-") && $0 != ".dnd-sim-output"
            })
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.hasPrefix(".\(folder.lastPathComponent).") })
    }

    @Test("Pictures alone go to ./snapshots; --force there renews dnd-sim's pictures and leaves none stale")
    func picturesAlone() throws {
        let folder = try temporaryFolder("dnd-sim-pictures")
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = RunCommandTests.scenes.appendingPathComponent("cancel-paths.yaml")
        let short = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")
        #expect(try dndSim(["run", long.path, "--snapshots"], currentDirectory: folder).status == 0)
        let pictures = folder.appendingPathComponent("snapshots")
        let first = try FileManager.default.contentsOfDirectory(atPath: pictures.path).filter { $0.hasSuffix(".png") }
        try Data("mine".utf8).write(to: pictures.appendingPathComponent("README.txt"))

        let refused = try dndSim(["run", short.path, "--snapshots"], currentDirectory: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("snapshots: holds 001-"))
        let forced = try dndSim(["run", short.path, "--snapshots", "--force"], currentDirectory: folder)
        #expect(forced.status == 0, "\(forced.standardError)")
        let second = try FileManager.default.contentsOfDirectory(atPath: pictures.path).filter { $0.hasSuffix(".png") }
        let expected = forced.standardOutput.split(separator: "(").last.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect(second.count == expected)
        #expect(first.count > second.count)
        #expect(
            FileManager.default.contents(atPath: pictures.appendingPathComponent("README.txt").path)
                == Data("mine".utf8))
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
        let folder = try temporaryFolder("dnd-sim-pictures")
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
