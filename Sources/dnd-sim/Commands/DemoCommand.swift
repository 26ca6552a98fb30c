import ArgumentParser
import DnDKit
import Foundation

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

            Examples:
              dnd-sim demo
              dnd-sim demo --out /tmp/demo
              NO_COLOR=1 dnd-sim demo
            """
    )

    @Option(help: "Write each pane's items as files under this folder, one subfolder per pane.")
    var out: String?

    func run() async throws {
        let colors = Terminal.colorsEnabled
        var moments = RunMoments()
        let simulation: Simulation
        let result: SimulationResult
        do {
            simulation = try Simulation(DemoScene.file)
            result = try await simulation.run(DemoScene.script) { moment, _ in moments.note(moment) }
        } catch let error as SimulationError {
            throw RunOutput.inputError(error, fallback: "demo")
        }
        print(Terminal.styled("dnd-sim demo", .bold, enabled: colors) + " — " + DemoScene.summary)
        print("")
        RunOutput.printText(result, colors: colors)
        if let out {
            let count = try ItemExport.write(simulation, to: out)
            print("")
            print("Wrote \(count) items under \(out), each read back and checked.")
        }
    }
}
