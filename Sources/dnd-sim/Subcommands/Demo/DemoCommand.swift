import ArgumentParser
import DnDKit
import FileMoving
import Foundation
import Simulation

/// `dnd-sim demo [--out DIR]`.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the built-in demo scene: drags by touch and mouse, routing by type, a refusal, a cancel.",
        discussion: """
            The demo needs no files: its photos are generated from a seed. A library holds six photos and a \
            note; an album accepts images (and moves them in), lights up green while targeted and forbids its \
            locked corner; a notes pane nested in the album accepts only text. The script drags photo-1 by \
            touch, photo-2 by mouse over the notes pane (it routes to the album), the note into the notes pane, \
            photo-3 into the locked corner (refused) and photo-4 until Escape (cancelled).

            Pictures of the scene at each key moment go to DIR/snapshots (DIR is --out, by default dnd-sim-demo in \
            the temporary folder); with --out, every pane's items are written there too. --ansi draws the \
            pictures in the terminal as well.

            A DIR that holds files is refused unless --force, which replaces it as a whole. The new DIR is built \
            beside it and renamed into place once complete: an interrupted demo leaves the old one as it was.

            Examples:
              dnd-sim demo
              dnd-sim demo --out /tmp/demo
              dnd-sim demo --ansi
              NO_COLOR=1 dnd-sim demo
            """
    )

    @Option(
        help: "Write the pictures to DIR/snapshots and each pane's items under DIR, one subfolder per pane.")
    var out: String?

    @Flag(help: "Draw the pictures in the terminal too, with truecolor half blocks.")
    var ansi = false

    @Flag(help: "Replace DIR if it holds anything.")
    var force = false

    func run() async throws {
        let colors = Terminal.colorsEnabled
        // Everything goes into one output folder, built beside it and put in place once complete. Without --out it is
        // the demo's own folder in the temporary directory, replaced on every run.
        let path = out ?? FileManager.default.temporaryDirectory.appendingPathComponent("dnd-sim-demo").path
        let output: OutputFolder
        do {
            output = try OutputFolder(path, replacing: force || out == nil)
        } catch {
            throw InputError.outputFolder(error)
        }
        let pictures = RunPictures(
            folder: output.staging.appendingPathComponent("snapshots"),
            columns: ansi ? RunPictures.terminalColumns : nil)
        let simulation: Simulation
        let result: SimulationResult
        do {
            simulation = try Simulation(DemoScene.file)
            try pictures.prepare()
            result = try await simulation.run(DemoScene.script) { moment, simulation in
                pictures.draw(moment, in: simulation)
            }
        } catch let error as SimulationError {
            throw InputError(error, fallback: "demo")
        }
        if let failure = pictures.failure { throw failure }
        let written = out != nil ? try ItemExport.write(simulation, to: output.staging.path) : nil
        do {
            try output.commit()
        } catch {
            throw InputError.outputFolder(error)
        }
        print(Terminal.styled("dnd-sim demo", .bold, enabled: colors) + " — " + DemoScene.summary)
        print("")
        RunOutput.printText(result, colors: colors)
        pictures.printTerminalPictures()
        print("")
        let snapshots = URL(fileURLWithPath: output.path).appendingPathComponent("snapshots")
        RunOutput.note("Pictures: \(pictures.filesSummary(shownIn: snapshots))", json: false)
        if let written, let out {
            RunOutput.note("Wrote \(written) items under \(out), each read back and checked.", json: false)
        }
    }
}
