import ArgumentParser
import DnDKit
import FileWriting
import Foundation
import Simulation

/// `dnd-sim demo [--out DIR]`.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the built-in demo scene: drags by touch and mouse, routing by type, a refusal, a cancel.",
        discussion: """
            The demo needs no files: its photos are generated from a seed. A library holds six photos and a \
            note; an album accepts images (and moves them in), lights up green while targeted and forbids its \
            locked corner; a notes pane nested in the album accepts only text. The script drags photo-1 by \
            touch, photo-2 by mouse over the notes pane (it routes to the album), the note into the notes pane, \
            photo-3 into the locked corner (refused) and photo-4 until Escape (cancelled).

            Pictures of the scene at each key moment go to DIR/snapshots (DIR is --out; by default the demo's own \
            folder, dnd-sim-demo in $XDG_RUNTIME_DIR, or dnd-sim-demo-UID in the temporary folder, one per user); \
            with --out, every pane's items are written there too, a folder per pane. --ansi draws the pictures in \
            the terminal as well.

            dnd-sim writes only its own entries in DIR and never replaces DIR itself; everything else there stays. \
            An entry that is already there is refused unless --force (the demo's own folder is always renewed), and \
            then only what DIR's record (.dnd-sim-output) says dnd-sim wrote there, unchanged since, is replaced; \
            anything else is refused by name. The outputs are made in a hidden folder inside DIR and renamed into \
            place once complete: an interrupted demo leaves the earlier outputs as they were.

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

    @Flag(help: "Replace the entries dnd-sim wrote in DIR before (never anything else there).")
    var force = false

    func run() async throws {
        let colors = Terminal.colorsEnabled
        // Everything goes into one output folder, made in a hidden folder inside it and put in place once complete.
        // Without --out it is the demo's own folder, renewed on every run.
        let path = try out ?? Self.ownFolder()
        let hint = out == nil ? "pass --out DIR to write the demo elsewhere" : nil
        let simulation: Simulation
        do {
            simulation = try Simulation(DemoScene.file)
        } catch let error as SimulationError {
            throw InputError(error, fallback: "demo")
        }
        let entries = ["snapshots"] + (out != nil ? ItemExport.folderNames(simulation) : [])
        let output: OutputFolder
        do {
            output = try OutputFolder(path, replacing: force || out == nil, expecting: entries)
        } catch {
            throw InputError.outputFolder(error, hint: hint)
        }
        let pictures = RunPictures(
            folder: output.staging.appendingPathComponent("snapshots"),
            shownAs: URL(fileURLWithPath: output.path).appendingPathComponent("snapshots"),
            columns: ansi ? RunPictures.terminalColumns : nil)
        let result: SimulationResult
        do {
            try pictures.prepare()
            result = try await simulation.run(DemoScene.script) { moment, simulation in
                pictures.draw(moment, in: simulation)
            }
        } catch let error as SimulationError {
            throw InputError(error, fallback: "demo")
        }
        if let failure = pictures.failure { throw failure }
        let written = try out.map { try ItemExport.write(simulation, to: output.staging.path, shownAs: $0) }
        do {
            try output.commit()
        } catch {
            throw InputError.outputFolder(error, hint: hint)
        }
        print(Terminal.styled("dnd-sim demo", .bold, enabled: colors) + " — " + DemoScene.summary)
        print("")
        RunOutput.printText(result, colors: colors)
        pictures.printTerminalPictures()
        print("")
        RunOutput.note("Pictures: \(pictures.filesSummary())", json: false)
        if let written, let out {
            RunOutput.note("Wrote \(written) items under \(out), each read back and checked.", json: false)
        }
    }

    /// The demo's own folder, one per user: `dnd-sim-demo` in `$XDG_RUNTIME_DIR` (the user's private run-time
    /// folder) when that is set, else `dnd-sim-demo-UID` in the temporary folder, which every user shares. A folder
    /// there that is not this user's (another user's, or a link) is refused, never written through.
    static func ownFolder() throws -> String {
        let user = geteuid()
        let environment = ProcessInfo.processInfo.environment
        var status = stat()
        let path: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), stat(runtime, &status) == 0,
            (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == user
        {
            path = runtime + "/dnd-sim-demo"
        } else {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("dnd-sim-demo-\(user)").path
        }
        guard lstat(path, &status) == 0 else { return path }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw InputError(path, "is a file or a link, not a folder; pass --out DIR to write the demo elsewhere")
        }
        guard status.st_uid == user else {
            throw InputError(
                path, "belongs to another user (uid \(status.st_uid)); pass --out DIR to write the demo elsewhere")
        }
        return path
    }
}
