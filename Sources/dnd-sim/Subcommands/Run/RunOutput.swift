import DnDKit
import FileMoving
import Foundation
import Simulation

/// How `run` and `demo` show a run: the timeline (coloured on a terminal) or JSON Lines, and the summary.
enum RunOutput {
    /// Prints the timeline and the summary.
    static func printText(_ result: SimulationResult, colors: Bool = Terminal.colorsEnabled) {
        let widths = SimulationEvent.ColumnWidths(fitting: result.events)
        print(Terminal.styled(widths.header, .dim, enabled: colors))
        for (index, event) in result.events.enumerated() {
            if event.kind == .lift && index > 0 { print("") }
            print(line(event, widths: widths, colors: colors))
        }
        print("")
        print(Terminal.styled("Panes at \(Formatting.time(result.endTime)) s:", .bold, enabled: colors))
        for line in result.summaryLines {
            print("  " + line)
        }
    }

    /// Prints JSON Lines.
    static func printJSON(_ result: SimulationResult, input: String) throws {
        do {
            for line in try result.jsonLines() { print(line) }
        } catch {
            throw InputError(input, "cannot write JSON: \(error)")
        }
    }

    /// One event, its columns as wide as `widths` and coloured by what happened.
    static func line(_ event: SimulationEvent, widths: SimulationEvent.ColumnWidths, colors: Bool) -> String {
        guard colors else { return event.line(widths: widths) }
        let columns = event.columns(widths: widths)
        return [
            Terminal.styled(columns.time, .dim), Terminal.styled(columns.pane, .cyan),
            Terminal.styled(columns.item, .bold), Terminal.styled(columns.kind, style(of: event)), columns.detail,
        ].joined(separator: " ")
    }

    private static func style(of event: SimulationEvent) -> Terminal.Style {
        switch event.fact {
        case .drag(.lifted), .drag(.arrived): .blue
        case .drag(.proposed(.forbidden)): .red
        case .drag(.entered), .drag(.exited), .drag(.targetedChanged), .drag(.proposed), .drag(.springLoaded),
            .drag(.declined):
            .yellow
        case .drag(.dropped), .drag(.handedOff), .drag(.loadStarted), .drag(.itemLoaded), .added, .removed, .saved:
            .green
        case .drag(.actionReturned(true)): .green
        case .drag(.ended(let operation, _)): operation.transfersData ? .green : .red
        case .drag(.itemFailed), .drag(.actionReturned(false)), .drag(.actionThrew), .cancelled, .declined: .red
        case .zoomed, .rotated, .selected, .key: .cyan
        }
    }
}

extension RunOutput {
    /// A note about the files a command wrote: on standard output with the timeline, or on standard error when
    /// standard output carries JSON Lines. `demo` and `run` say the same things the same way.
    static func note(_ text: String, json: Bool) {
        if json {
            StandardError.write("dnd-sim: \(text)")
        } else {
            print(text)
        }
    }
}

extension InputError {
    /// An output folder that cannot be used: one that holds something without --force, a file in its place.
    static func outputFolder(_ error: FileSystemError) -> InputError {
        if error.code == .exists {
            return InputError(error.path, "already exists and holds files; it is not replaced (--force replaces it)")
        }
        return InputError(error, fallback: error.path)
    }
}

/// Writes every pane's items as files under a folder, one subfolder per pane, and reads each back to check it.
enum ItemExport {
    /// Writes the items.
    /// - Returns: The number of files written and checked.
    static func write(_ simulation: Simulation, to directory: String) throws -> Int {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        var count = 0
        for pane in simulation.paneNames {
            let folder = root.appendingPathComponent(safe(pane), isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw InputError(folder.path, "cannot create the folder: \(error)")
            }
            for item in simulation.items(inPane: pane) {
                var name = safe(item.name)
                let wanted = item.imageName == nil ? "txt" : "png"
                if URL(fileURLWithPath: name).pathExtension.lowercased() != wanted { name += ".\(wanted)" }
                let file = folder.appendingPathComponent(name)
                do {
                    try item.data.write(to: file)
                } catch {
                    throw InputError(file.path, "cannot write the item: \(error)")
                }
                guard FileManager.default.contents(atPath: file.path) == item.data else {
                    throw InputError(file.path, "the file does not hold the item's bytes after writing")
                }
                count += 1
            }
        }
        return count
    }

    /// A name safe as one path component.
    private static func safe(_ name: String) -> String {
        let cleaned = name.map { $0 == "/" || $0 == "\\" || $0 == "\0" ? "_" : $0 }
        let text = String(cleaned)
        return text == "." || text == ".." || text.isEmpty ? "_" : text
    }
}
