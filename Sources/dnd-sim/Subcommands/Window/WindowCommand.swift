import ArgumentParser
import DesktopX11
import DnDKit
import FileWriting
import Foundation
import Rendering
import Simulation

/// `dnd-sim window`: a scene in a real X11 window, driven by the mouse, with its timeline printed live.
struct WindowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open a scene in a real window (X11) and drag its items with the mouse.",
        discussion: """
            SCENE is a scene file as for `run` (the demo's scene without one). Button 1 drags (an item lifts \
            after 10 points), Escape cancels, and the scene's clock is the wall clock. The timeline prints as \
            it happens; closing the window (or --for SECONDS, SIGTERM or SIGINT) ends the command with every \
            pane's items. Needs an X server (DISPLAY).

            Examples:
              dnd-sim window
              dnd-sim window Samples/Scenes/photo-sorter.yaml --json
            """)

    @Argument(help: "The scene file (.yaml, .yml or .json); the demo's scene without one.")
    var scene: String?

    @Option(help: "Where to put the window on the screen, as X,Y (a window manager may place it elsewhere).")
    var at: String?

    @Option(name: .customLong("for"), help: "Close the window after this many seconds.")
    var seconds: Double?

    @Flag(help: "Print JSON Lines, one object per event, then one per pane.")
    var json = false

    @Option(help: "Save what the window shows (read back from the X server) as a PNG file, at --screenshot-at.")
    var screenshot: String?

    @Option(help: "When to take the screenshot, in seconds after the window opens.")
    var screenshotAt: Double = 1

    func run() async throws {
        let file: SceneFile
        if let scene {
            do {
                file = try SceneFile.load(contentsOf: URL(fileURLWithPath: scene))
            } catch let error as SimulationError {
                throw InputError(error, fallback: scene)
            }
        } else {
            file = DemoScene.file
        }
        let simulation: Simulation
        do {
            simulation = try Simulation(file)
        } catch let error as SimulationError {
            throw InputError(error, fallback: scene ?? "demo")
        }
        FontNotice.warnIfFallingBack()
        let renderer = simulation.snapshotRenderer()
        var origin = CGPoint.zero
        if let at {
            let parts = at.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let x = parts[0], let y = parts[1] else {
                throw InputError("--at", "\(at) is not a position: give X,Y in pixels, such as 0,400")
            }
            origin = CGPoint(x: x, y: y)
        }
        let window: SceneWindow
        do {
            window = try SceneWindow(
                scene: simulation.scene, title: "dnd-sim: \(file.name)", origin: origin, renderer: renderer)
        } catch {
            throw InputError(error, fallback: "X11")
        }
        StandardError.write("dnd-sim: window \(window.windowID) shows \(file.name)")
        let asJSON = json
        // Written straight to standard output, unbuffered, so that a reader sees each event as it happens.
        let write = { (line: String) in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        let print = { (events: [SimulationEvent]) in
            guard !events.isEmpty else { return }
            if asJSON {
                let result = SimulationResult(sceneName: file.name, events: events, panes: [], endTime: 0)
                for line in (try? result.jsonLines()) ?? [] { write(line) }
            } else {
                for event in events { write(event.description) }
            }
        }
        // SIGTERM and SIGINT end the window as closing it does: the loop is woken and returns, the panes are
        // printed, and the process exits normally, removing the files it handed out to other programs.
        let loop = window.loop
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { loop.stop() }
            source.resume()
            return source
        }
        defer {
            for source in signals { source.cancel() }
        }
        var shot: Result<Bitmap, X11Error>?
        do {
            let step = {
                print(simulation.takeEvents())
                // What the window could not do (a frame, a paste) is said on standard error, as it happens.
                for problem in window.takeProblems() { StandardError.write("dnd-sim: window: \(problem)") }
                return true
            }
            // Up to the screenshot's time, then the rest: the window sleeps until something happens, so the time of
            // the screenshot is a deadline of its own.
            if screenshot != nil, seconds.map({ screenshotAt < $0 }) ?? true {
                try await window.run(for: screenshotAt, while: step)
                if !window.isClosed && !loop.isStopped {
                    shot = Result { () throws(X11Error) in try window.capture() }
                }
            }
            try await window.run(for: seconds.map { max(0, $0 - (shot == nil ? 0 : screenshotAt)) }, while: step)
        } catch let error as X11Error {
            throw InputError(error, fallback: "X11")
        }
        if let screenshot {
            guard let shot else { throw InputError(screenshot, "the window closed before --screenshot-at") }
            do {
                try SnapshotFile.write(try shot.get(), toPath: screenshot, options: .balanced)
            } catch let error as X11Error {
                throw InputError(error, fallback: "X11")
            } catch let error as FileSystemError {
                throw InputError(error, fallback: screenshot)
            }
        }
        let end = SimulationResult(sceneName: file.name, events: [], panes: simulation.summary(), endTime: 0)
        for line in json ? try end.jsonLines() : end.summaryLines { write(line) }
    }
}
