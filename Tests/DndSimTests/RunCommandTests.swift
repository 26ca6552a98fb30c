import Foundation
import TestSupport
import Testing

@Suite("dnd-sim run")
struct RunCommandTests {
    /// The repository's sample scenes.
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Scenes")

    @Test("A sample scene prints its expected timeline and summary, exit 0")
    func sample() throws {
        let scene = Self.scenes.appendingPathComponent("photo-sorter.yaml")
        let result = try dndSim(["run", scene.path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        let expected = try String(
            contentsOf: Self.scenes.appendingPathComponent("photo-sorter.timeline"), encoding: .utf8)
        for line in expected.split(separator: "\n") { #expect(result.standardOutput.contains(line)) }
        #expect(!result.standardOutput.contains("\u{1B}["))
    }

    @Test("--json prints one JSON object per line")
    func json() throws {
        let result = try dndSim(["run", Self.scenes.appendingPathComponent("cancel-paths.yaml").path, "--json"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count > 10)
        for line in lines {
            #expect(throws: Never.self) { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        }
        #expect(lines.dropLast().last?.contains("\"type\":\"pane\"") == true)
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        #expect(record["type"] as? String == "run")
        #expect(record["status"] as? String == "completed")
        #expect(record["error"] == nil)
    }

    @Test("--out writes each pane's items, bytes as they ended up")
    func out() throws {
        let folder = try temporaryFolder("dnd-sim-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try dndSim(
            ["run", Self.scenes.appendingPathComponent("routing-by-type.yaml").path, "--out", folder.path])
        #expect(result.status == 0)
        let inbox = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("inbox").path)
        #expect(inbox == ["photo-1.png"])
        let tray = folder.appendingPathComponent("tray/note-1.txt")
        #expect(FileManager.default.contents(atPath: tray.path) == Data("Shopping list".utf8))
        let png = try #require(
            FileManager.default.contents(atPath: folder.appendingPathComponent("inbox/photo-1.png").path))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(result.standardOutput.contains("Wrote 6 items under \(folder.path), each read back and checked."))
        // The same note goes to standard error when standard output carries JSON; the folder now holds the first
        // run's files, so a second run must be told to replace them.
        let refused = try dndSim(
            ["run", Self.scenes.appendingPathComponent("routing-by-type.yaml").path, "--out", folder.path, "--json"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "\(folder.path): holds archive, desk, inbox, tray already; they are not replaced (--force replaces what "
                    + "dnd-sim wrote there)"))
        #expect(refused.standardOutput.split(separator: "\n").last?.contains("\"status\":\"failed\"") == true)
        let json = try dndSim([
            "run", Self.scenes.appendingPathComponent("routing-by-type.yaml").path, "--out", folder.path, "--json",
            "--force",
        ])
        #expect(json.status == 0)
        #expect(json.standardError.contains("dnd-sim: Wrote 6 items"))
        #expect(!json.standardOutput.contains("Wrote"))
    }

    @Test("A step that cannot play stops the run after printing what the steps before it did; nothing is written")
    func errorKeepsTheTimelineSoFar() throws {
        let folder = try temporaryFolder("dnd-sim-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("bad.txt")
        try Data("drag photo-1 from desk to inbox\nup 9\n".utf8).write(to: script)
        let out = folder.appendingPathComponent("out")
        let result = try dndSim([
            "run", Self.scenes.appendingPathComponent("routing-by-type.yaml").path, "--script", script.path,
            "--out", out.path,
        ])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("photo-1 left desk"))
        #expect(result.standardOutput.contains("inbox:   photo-1 (1 item)"))
        #expect(result.standardError.contains("bad.txt:2: pointer 9 is not down"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let json = try dndSim([
            "run", Self.scenes.appendingPathComponent("routing-by-type.yaml").path, "--script", script.path, "--json",
        ])
        #expect(json.status == 1)
        #expect(json.standardOutput.contains("\"removed\""))
        // The failure has its record, the last line: status, the error's words, and its place as values.
        let record = try #require(
            try JSONSerialization.jsonObject(
                with: Data((json.standardOutput.split(separator: "\n").last ?? "").utf8)) as? [String: Any])
        #expect(record["type"] as? String == "run")
        #expect(record["status"] as? String == "failed")
        #expect(record["error"] as? String == "pointer 9 is not down, so it cannot go up")
        #expect(record["file"] as? String == script.path)
        #expect(record["line"] as? Int == 2)
    }

    @Test("A separate script file replaces the scene's own")
    func scriptFile() throws {
        let folder = try temporaryFolder("dnd-sim-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("one.txt")
        try Data("drag picture-2 from strip to view by mouse\n".utf8).write(to: script)
        let result = try dndSim(
            ["run", Self.scenes.appendingPathComponent("photo-sorter.yaml").path, "--script", script.path],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("strip: picture-1, picture-3 (2 items)"))
    }

    @Test("A bad scene file is exit 1 with the file, line and column")
    func badScene() throws {
        let folder = try temporaryFolder("dnd-sim-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("bad.yaml")
        try Data("panes:\n  - name: a\n    frame: [0, 0, 10, 10]\n    colour: red\n".utf8).write(to: scene)
        let result = try dndSim(["run", scene.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("bad.yaml:4:5: unknown key \"colour\""))
        #expect(result.standardError.contains("did you mean \"color\""))
    }

    @Test("A bad script line is exit 1 naming the script file and line")
    func badScript() throws {
        let folder = try temporaryFolder("dnd-sim-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("bad.txt")
        try Data("drag picture-1 from strip to view\ndrag picture-9 from strip to view\n".utf8).write(to: script)
        let result = try dndSim(
            ["run", Self.scenes.appendingPathComponent("photo-sorter.yaml").path, "--script", script.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("bad.txt:2: pane \"strip\" holds no item \"picture-9\""))
    }

    @Test("A scene file that cannot be read is exit 1 with its path and why in plain words; a missing argument is 2")
    func missing() throws {
        let folder = try temporaryFolder("dnd-sim-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.yaml")
        try Data().write(to: empty)
        for (path, reason) in [
            ("/no/such/scene.yaml", "cannot read the scene file: no such file"),
            (folder.path, "cannot read the scene file: is a directory"),
            (empty.path, "the scene file is empty"),
        ] {
            let result = try dndSim(["run", path])
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix("dnd-sim: \(path): \(reason)"), "\(result.standardError)")
            #expect(!result.standardError.contains("operation could not be completed"))
            // With --json the input still gets its record, the failure in the same words.
            let json = try dndSim(["run", path, "--json"])
            #expect(json.status == 1)
            let record = try #require(
                try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            #expect(record["status"] as? String == "failed")
            #expect(record["file"] as? String == path)
            #expect((record["error"] as? String)?.hasPrefix(reason) == true)
        }
        let missingScript = try dndSim(
            ["run", Self.scenes.appendingPathComponent("photo-sorter.yaml").path, "--script", "/no/such/drags.txt"])
        #expect(missingScript.standardError.contains("/no/such/drags.txt: cannot read the script: no such file"))
        let usage = try dndSim(["run"])
        #expect(usage.status == 2)
    }

    @Test("--help shows examples")
    func help() throws {
        let result = try dndSim(["run", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("dnd-sim run Samples/Scenes/photo-sorter.yaml"))
        let words = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("--force replaces only what the folder's record (.dnd-sim-output"))
        #expect(words.contains("{\"type\":\"run\",\"scene\":…,\"status\":\"failed\",\"error\":…}"))
    }
}
