import ArgumentParser
import DnDKit
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

    func run() async throws {
        let colors = Terminal.colorsEnabled
        let folder =
            out.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("dnd-sim-demo", isDirectory: true)
        let pictures = RunPictures(
            folder: folder.appendingPathComponent("snapshots"), columns: ansi ? RunPictures.terminalColumns : nil)
        let simulation: Simulation
        let result: SimulationResult
        do {
            simulation = try Simulation(DemoScene.file)
            try pictures.prepare()
            result = try await simulation.run(DemoScene.script) { moment, simulation in
                pictures.draw(moment, in: simulation)
            }
        } catch let error as SimulationError {
            throw RunOutput.inputError(error, fallback: "demo")
        }
        if let failure = pictures.failure { throw failure }
        print(Terminal.styled("dnd-sim demo", .bold, enabled: colors) + " — " + DemoScene.summary)
        print("")
        RunOutput.printText(result, colors: colors)
        pictures.printTerminalPictures()
        print("")
        print("Pictures: \(pictures.filesSummary)")
        if let out {
            let count = try ItemExport.write(simulation, to: out)
            print("Wrote \(count) items under \(out), each read back and checked.")
        }
    }
}
