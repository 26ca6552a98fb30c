import ArgumentParser
import DnDKit
import FileWriting
import Foundation
import Simulation

/// `dnd-sim run SCENE [--script FILE] [--out DIR] [--json] [--snapshots] [--ansi]`.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay a script against a scene of panes and print what happened.",
        discussion: """
            SCENE is a scene file in YAML (with comments) or JSON: panes with frames, contents (a folder of \
            images, or images generated from a seed), accepted types, copy or move, forbidden regions, nested \
            panes. The script is the scene's own "script", or --script FILE: low-level events (down, move, up, \
            cancel, advance, key escape) and actions (drag ITEM[, ITEM…] from PANE to PANE [by touch|mouse], \
            tap, long-press, pinch, rotate). Several items named in one drag travel in one session: they are \
            selected in their pane and the first one is lifted. Samples/Scenes/ has examples.

            Items sit in rows of thumbnails under a 20-point title: with a pane at (x, y), W wide, thumbnails \
            w×h (48×36 by default) and gaps of 8, item i (from 0) is centred at (x + 8 + (i mod C)·(w + 8) + w/2, \
            y + 20 + (i div C)·(h + 8) + h/2), where C = max(1, ⌊(W − 8) / (w + 8)⌋); nested panes add their \
            parents' origins. Low-level steps can aim at items with that.

            The timeline shows, per virtual time, the pane and item concerned and what happened: lift, enter, \
            isTargeted, proposal, drop, load, action, end. Then every pane's items.

            --snapshots draws the scene at each key moment (lift, targeted, forbidden, drop, refused, cancelled) \
            as PNG files NNN-KIND.png in DIR/snapshots with --out DIR, else in ./snapshots. --ansi draws the same \
            pictures in the terminal with truecolor half blocks, $COLUMNS wide (80 by default).

            A step the scene cannot play stops the run: the timeline of the steps before it is printed, then the \
            error with its line and column, and nothing is written to the output folder.

            The output folder (--out DIR, or ./snapshots for pictures alone) keeps everything of yours: dnd-sim \
            writes only its own entries there (a folder per pane, snapshots/; the pictures for ./snapshots) and \
            never replaces the folder itself (a link to a folder works). An entry that is already there is refused \
            unless --force, and --force replaces only what the folder's record (.dnd-sim-output, written beside \
            the outputs) says dnd-sim wrote there and is unchanged since (such entries of an earlier run that this \
            run does not write are removed); anything else is refused by name. The \
            outputs are made in a hidden folder inside DIR and renamed into place once complete: a failed or \
            interrupted run leaves the earlier outputs as they were. A folder whose mode forbids writing (555) \
            is refused, even for root.

            With --json, the last line is {"type":"run","scene":…,"status":"completed"} or, when the run \
            failed, {"type":"run","scene":…,"status":"failed","error":…} with the file, line and column of the \
            error.

            Examples:
              dnd-sim run Samples/Scenes/photo-sorter.yaml
              dnd-sim run Samples/Scenes/cancel-paths.yaml --json
              dnd-sim run my-scene.json --script drags.txt --out /tmp/panes --snapshots
              dnd-sim run Samples/Scenes/targeted-overlay.json --ansi
            """
    )

    @Argument(help: "The scene file (.yaml, .yml or .json).")
    var scene: String

    @Option(help: "A script file to play instead of the scene's own script.")
    var script: String?

    @Option(help: "Write each pane's items as files under this folder, one subfolder per pane.")
    var out: String?

    @Flag(help: "Print JSON Lines: one object per event, then one per pane, then one for the run (status, error).")
    var json = false

    @Flag(help: "Write a PNG picture of the scene at each key moment (lift, targeted, drop, refused, cancelled).")
    var snapshots = false

    @Flag(help: "Draw the scene at each key moment in the terminal, with truecolor half blocks.")
    var ansi = false

    @Flag(help: "Replace the entries dnd-sim wrote in the output folder before (never anything else there).")
    var force = false

    func validate() throws {
        if json && ansi {
            throw ValidationError("--ansi draws pictures in the terminal; it cannot be combined with --json")
        }
    }

    func run() async throws {
        do {
            try await play()
        } catch {
            // With --json, a failed run ends in a record too: every input gets one, failures included.
            if json { try? JSONOutput.printLine(RunOutput.RunRecord(scene: scene, failure: error)) }
            throw error
        }
        if json { try JSONOutput.printLine(RunOutput.RunRecord(scene: scene)) }
    }

    private func play() async throws {
        let file: SceneFile
        let scriptToPlay: Script?
        let simulation: Simulation
        do {
            file = try SceneFile.load(contentsOf: URL(fileURLWithPath: scene))
            scriptToPlay = try script.map { try Script.load(contentsOf: URL(fileURLWithPath: $0)) }
            simulation = try Simulation(file)
        } catch let error as SimulationError {
            throw InputError(error, fallback: scene)
        }
        // Everything the run writes goes into one output folder (--out DIR, or ./snapshots for pictures alone): made
        // in a hidden folder inside it and put in place once complete, replacing only what dnd-sim wrote there.
        let outputPath = out ?? (snapshots ? "snapshots" : nil)
        var entries = out != nil ? ItemExport.folderNames(simulation) : []
        if out != nil && snapshots { entries.append("snapshots") }
        let output: OutputFolder?
        do {
            output = try outputPath.map { path throws(OutputFolderError) in
                try OutputFolder(path, replacing: force, expecting: entries)
            }
        } catch {
            throw InputError.outputFolder(error)
        }
        let pictureFolder = out != nil ? output?.staging.appendingPathComponent("snapshots") : output?.staging
        let final = URL(fileURLWithPath: output?.path ?? ".", isDirectory: true)
        let pictures = RunPictures(
            folder: snapshots ? pictureFolder : nil,
            shownAs: out != nil ? final.appendingPathComponent("snapshots") : final,
            columns: ansi ? RunPictures.terminalColumns : nil)
        let result: SimulationResult
        do {
            try pictures.prepare()
            result = try await simulation.run(scriptToPlay ?? file.script ?? Script(steps: [])) { moment, simulation in
                pictures.draw(moment, in: simulation)
            }
        } catch let error as SimulationError {
            // What ran before the failing step is shown first, then the error with its line and column; no output
            // folder is written.
            if let partial = error.resultSoFar {
                if json {
                    try RunOutput.printJSON(partial, input: scene)
                } else {
                    RunOutput.printText(partial)
                }
            }
            throw InputError(error, fallback: script ?? scene)
        }
        if let failure = pictures.failure { throw failure }
        if json {
            try RunOutput.printJSON(result, input: scene)
        } else {
            RunOutput.printText(result)
        }
        var written: Int?
        if let output, let out {
            written = try ItemExport.write(simulation, to: output.staging.path, shownAs: out)
        }
        do {
            try output?.commit()
        } catch {
            throw InputError.outputFolder(error)
        }
        pictures.printTerminalPictures()
        if snapshots {
            RunOutput.note("Pictures: \(pictures.filesSummary())", json: json)
        }
        if let written, let out {
            RunOutput.note("Wrote \(written) items under \(out), each read back and checked.", json: json)
        }
    }
}
