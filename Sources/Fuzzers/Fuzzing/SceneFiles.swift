import Foundation
import Simulation

/// The `fuzz-scenes` check: any text read as a script, as a YAML scene and as a JSON scene; scenes of modest size
/// are built and their script played.
///
/// Properties:
/// - reading succeeds or throws `SimulationError`, and an error that names a line names one of the text's lines
///   (counted as `TextLines` counts them, the one definition every error uses), and a column from 1;
/// - a scene that reads and builds plays its script to the end or stops with a `SimulationError`;
/// - nothing is lost: every item a pane held before the run is in some pane after it (copies only add).
///
/// Text that names declaration files (a `types` key) is read only as a script: reading a scene loads those files
/// into the process-wide registry, which would make later inputs depend on earlier ones and let a path such as
/// `/dev/zero` block the fuzzer. Scenes that would read folders, make more than four megapixels of images, or play
/// long scripts are read but not played, so that one input stays well under the fuzzer's time limit.
package enum SceneFiles {
    /// An empty folder that relative paths in fuzzed scenes start from. Nothing is written there, so fuzzers running
    /// at once may share it; its name is the same in every run (a process id in it made runs with the same seed
    /// differ, since paths appear in messages).
    static let base: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dndkit-fuzz-scenes", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Checks one input.
    ///
    /// - Parameter data: any bytes; text that is not UTF-8 is not a scene (`SceneFile.load` refuses it).
    /// - Throws: `FuzzFailure` when a property does not hold.
    package static func check(_ data: Data) async throws(FuzzFailure) {
        _ = try await scenesPlayed(data)
    }

    /// Checks one input, as ``check(_:)`` does.
    ///
    /// - Parameter data: any bytes.
    /// - Returns: How many of its readings (YAML, JSON) were built and played: 0 to 2.
    /// - Throws: `FuzzFailure` when a property does not hold.
    package static func scenesPlayed(_ data: Data) async throws(FuzzFailure) -> Int {
        guard let text = String(data: data, encoding: .utf8) else { return 0 }
        let lineCount = TextLines.count(in: text)
        do {
            _ = try Script.parse(text, fileName: "script.txt")
        } catch {
            try expectPlaced(error, lineCount: lineCount, reading: "the script")
        }
        guard !namesDeclarationFiles(text) else { return 0 }
        var played = 0
        for format in [SceneFile.Format.yaml, .json] {
            let scene: SceneFile
            do {
                scene = try SceneFile.parse(text, format: format, fileName: "scene", baseDirectory: base)
            } catch {
                try expectPlaced(error, lineCount: lineCount, reading: "the \(format) scene")
                continue
            }
            if isModest(scene) {
                try await play(scene)
                played += 1
            }
        }
        return played
    }

    /// Whether the text may hold a `types` key (in YAML or JSON, at any depth; a false alarm only skips an input).
    private static func namesDeclarationFiles(_ text: String) -> Bool {
        text.contains("types")
    }

    private static func expectPlaced(_ error: any Error, lineCount: Int, reading what: String) throws(FuzzFailure) {
        guard let error = error as? SimulationError else {
            throw FuzzFailure("reading \(what) threw \(type(of: error)), not SimulationError: \(error)")
        }
        if let line = error.line, !(1...lineCount + 1).contains(line) {
            throw FuzzFailure("\(what): the error names line \(line) of \(lineCount): \(error)")
        }
        if let column = error.column, column < 1 {
            throw FuzzFailure("\(what): the error names column \(column): \(error)")
        }
    }

    private static func isModest(_ scene: SceneFile) -> Bool {
        let panes = scene.allPanes
        let pixels = panes.reduce(0) { total, pane in
            guard let images = pane.contents.generated else { return total }
            return total + images.count * images.width * images.height
        }
        let steps = scene.script?.steps ?? []
        let events = steps.reduce(0) { total, step in
            if case .move(_, _, _, let count) = step.action { total + count } else { total + 10 }
        }
        return scene.typeDeclarationFiles.isEmpty && panes.count <= 64 && pixels <= 4_000_000 && events <= 5_000
            && panes.allSatisfy { $0.contents.folder == nil }
            && scene.size.width * scene.size.height <= 16_000_000
    }

    private static func play(_ scene: SceneFile) async throws(FuzzFailure) {
        let simulation: Simulation
        do {
            simulation = try Simulation(scene)
        } catch {
            try expectPlaced(error, lineCount: Int.max - 1, reading: "building the scene")
            return
        }
        let before = Set(simulation.paneNames.flatMap { simulation.items(inPane: $0).map(\.name) })
        do {
            _ = try await simulation.run()
        } catch let error as SimulationError {
            _ = error  // a script that names an unknown pane or item stops here; what ran must still hold
        } catch {
            throw FuzzFailure("playing the scene threw \(type(of: error)), not SimulationError: \(error)")
        }
        let after = Set(simulation.paneNames.flatMap { simulation.items(inPane: $0).map(\.name) })
        let lost = before.subtracting(after)
        guard lost.isEmpty else {
            throw FuzzFailure("items lost by the run: \(lost.sorted())")
        }
    }
}
